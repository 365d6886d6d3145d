import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountKeyStore } from "../../src/domain/fleet/index.js";
import { createShopServices } from "../../src/domain/index.js";
import { SecretBox } from "../../src/store/secret-box.js";
import { MAINTENANCE_QUEUE, type Maintenance, startMaintenance } from "../../src/workers/maintenance.js";
import { fail } from "../fakes/http-fake.js";
import { captureLogs } from "../helpers/log-capture.js";
import { ordersHarness } from "../helpers/orders-harness.js";
import { testRedis } from "../helpers/redis.js";
import { untilValue } from "../helpers/wait.js";

const h = ordersHarness();

/** How many times `key` occurs as a JSON key in a raw log line (pino prints a bound key twice if asked). */
function keyCount(line: string, key: string): number {
  return line.split(`"${key}":`).length - 1;
}

describe("job log lines", () => {
  it("an order job's lines, through the worker's and the domain's loggers, carry its queue, job id and order id", async () => {
    const logs = captureLogs();
    // The shop's services log through the process logger they were built with (as in the app).
    const rooms = createShopServices({
      redis: h.redis,
      clock: h.clock,
      catalog: h.catalog,
      hosting: h.hosting,
      logger: logs.logger,
      accountKey: new AccountKeyStore(h.redis, new SecretBox(Buffer.alloc(32, 9)), undefined),
      jobs: { enqueueOrder: async () => undefined, enqueueTermChange: async () => undefined },
    });
    h.startWorker({
      logger: logs.logger,
      orders: rooms.books.orders,
      fulfilment: rooms.settlement.fulfilment,
    });
    const { orderId } = await h.paidOrder("node");
    // One failed attempt first: the worker's own "attempt failed" line.
    h.nodeFake.failNext("POST", "(/api)?/create", fail(503, "temporarily unavailable"), 1);
    await h.queue.enqueue(orderId);
    await h.untilStatus(orderId, "active");
    const lines = await untilValue(
      async () => logs.lines(),
      (ls) => ls.some((l) => l.msg === "order fulfilled"),
    );
    const failed = lines.find((l) => l.msg === "order attempt failed");
    const fulfilled = lines.find((l) => l.msg === "order fulfilled");
    for (const line of [failed, fulfilled]) {
      expect(line).toMatchObject({ queue: "orders", jobId: orderId, job: "fulfil", orderId });
    }
    expect(failed?.attempt).toBe(1);
    for (const raw of logs.raw()) {
      for (const key of ["queue", "jobId", "orderId"]) expect(keyCount(raw, key)).toBeLessThanOrEqual(1);
    }
  });
});

describe("maintenance job log lines", () => {
  let redis: Redis;
  let workerRedis: Redis;
  let maintenance: Maintenance | undefined;
  beforeAll(async () => {
    redis = await testRedis();
    workerRedis = redis.duplicate({ maxRetriesPerRequest: null });
  });
  afterAll(async () => {
    await maintenance?.close();
    await workerRedis.quit();
    await redis.quit();
  });

  it("a periodic task's lines carry the maintenance queue and the job's id and name; lines outside a job do not", async () => {
    const logs = captureLogs();
    const { logger } = logs;
    maintenance = await startMaintenance({
      connection: workerRedis,
      producer: redis,
      logger,
      tasks: [
        {
          name: "probe",
          everyMs: 3_600_000,
          run: async () => {
            // A task logs through the logger it was made with, not one handed to the job.
            logger.info({ seen: 1 }, "probe ran");
          },
        },
      ],
    });
    await maintenance.runNow("probe");
    const lines = await untilValue(
      async () => logs.lines().filter((l) => l.msg === "probe ran"),
      (ls) => ls.length >= 1,
    );
    const ids = new Set<string>();
    for (const line of lines) {
      expect(line).toMatchObject({ queue: MAINTENANCE_QUEUE, job: "probe", seen: 1 });
      expect(typeof line.jobId).toBe("string");
      ids.add(String(line.jobId));
    }
    const job = await maintenance.queue.getJob([...ids][0] ?? "");
    expect(job?.name).toBe("probe");
    logger.info("outside any job");
    const outside = logs.lines().find((l) => l.msg === "outside any job");
    expect(outside).toBeDefined();
    expect(outside).not.toHaveProperty("queue");
    expect(outside).not.toHaveProperty("jobId");
  });
});
