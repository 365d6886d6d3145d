import type { Worker } from "bullmq";
import type { Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BroadcastQueue, startBroadcastWorker } from "../../src/workers/broadcast.js";
import type { Outbox } from "../../src/workers/outbox.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { until } from "../helpers/wait.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/*
 * The fan-out keeps at most `maxBacklog` of a broadcast's messages waiting in the outbox (issue
 * 29): with the outbox stalled it waits, and goes on from its cursor once the outbox sends again;
 * a fan-out that crashes mid-way is retried and still reaches each customer once.
 */

const NOW = Date.UTC(2026, 2, 10, 12);
const ADMIN_CHAT = 4_100;
const N = 40;
const ids = Array.from({ length: N }, (_, i) => 30_001 + i);

let h: WorkerHarness;
let connection: Redis;
let broadcasts: BroadcastQueue;
let worker: Worker | undefined;

beforeEach(async () => {
  h = await createWorkerHarness({ now: NOW });
  connection = h.workerRedis.duplicate({ maxRetriesPerRequest: null });
  broadcasts = new BroadcastQueue(h.redis);
  for (const id of ids) await seedCustomer(h.rooms, id);
});
afterEach(async () => {
  await worker?.close();
  await broadcasts.close();
  await connection.quit();
  await h.close();
});

function startFanOut(outbox: Pick<Outbox, "send" | "sendMany">, maxBacklog: number): void {
  const { customers, subscriptions, orders } = h.rooms.books;
  worker = startBroadcastWorker({
    ...{ connection, redis: h.redis, queue: broadcasts, outbox, api: h.api },
    ...{ customers, subscriptions, orders, clock: h.clock, i18n: h.i18n, logger: h.logger },
    ...{ batchSize: 5, maxBacklog, progressEveryMs: 100 },
  });
}

const toCustomers = () =>
  h.telegram
    .callsOf("sendMessage")
    .filter((c) => c.chatId !== ADMIN_CHAT)
    .map((c) => c.chatId);
const waitingInOutbox = async () => {
  const c = await h.outbox.queue.getJobCounts("waiting", "prioritized", "delayed", "active");
  return Object.values(c).reduce((a, b) => a + b, 0);
};
const finished = (id: string) => async () => (await broadcasts.status(id))?.finished === true;

describe("the broadcast fan-out's backlog", () => {
  it("waits while the outbox is stalled and goes on from its cursor: every customer once", async () => {
    startFanOut(h.outbox, 10);
    const { id } = await broadcasts.start({ adminChatId: ADMIN_CHAT, text: "Hi", audience: "all" });

    // No outbox worker yet: the fan-out queues two pages (10 messages) and then only comes back.
    const fanOut = async () => broadcasts.queue.getJob(id);
    await until(async () => (await fanOut())?.processedOn !== undefined && (await waitingInOutbox()) >= 10);
    const seen = new Set<number>();
    await until(async () => {
      const job = await fanOut();
      if ((await job?.getState()) === "delayed" && job?.processedOn) seen.add(job.processedOn);
      return seen.size >= 3; // it came back (at least) twice and found the backlog still full
    });
    expect(await waitingInOutbox()).toBe(10);
    expect((await broadcasts.status(id))?.fannedOut).toBe(false);

    h.startOutbox({ perSecond: 1_000, perChatGapMs: 1 });
    await until(finished(id), 20_000);
    expect(toCustomers().sort()).toEqual([...ids].sort());
    expect(await broadcasts.status(id)).toMatchObject({ total: N, sent: N, fannedOut: true });
  });

  it("a fan-out that crashes after queuing a page, before saving its cursor, is retried: every customer once", async () => {
    let pages = 0;
    const crashing: Pick<Outbox, "send" | "sendMany"> = {
      send: (m, o) => h.outbox.send(m, o),
      sendMany: async (messages) => {
        await h.outbox.sendMany(messages);
        pages += 1;
        // The third page is in the outbox; the process dies before the cursor moves past it.
        if (pages === 3) throw new Error("connection lost");
      },
    };
    h.startOutbox({ perSecond: 1_000, perChatGapMs: 1 });
    startFanOut(crashing, 1_000);
    const { id } = await broadcasts.start({ adminChatId: ADMIN_CHAT, text: "Hi", audience: "all" });

    // The retry comes after the fan-out job's backoff (5 s).
    await until(finished(id), 30_000);
    expect(pages).toBeGreaterThan(N / 5); // the third page was queued twice
    expect(toCustomers().sort()).toEqual([...ids].sort());
    expect((await broadcasts.status(id))?.sent).toBe(N);
  }, 40_000);
});
