import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config.js";
import {
  closeRedis,
  connectRedis,
  createBotRedis,
  createWorkerRedis,
  type RedisTarget,
} from "../../src/runtime/redis.js";
import { command, FakeTelegram, user } from "../fakes/telegram-api.js";
import { type LocalRedis, startRedis } from "../helpers/local-redis.js";
import { type RunningProcess, startBuiltBot } from "../helpers/process.js";
import { freePort } from "../helpers/redis-global-setup.js";
import { type LocalSentinel, startSentinel } from "../helpers/sentinel.js";
import { until } from "../helpers/wait.js";

const MASTER = "shop-master";
/** Nothing listens here: whatever works below found the master through the Sentinel. */
const DEAD_URL = "redis://127.0.0.1:1";

const dir = mkdtempSync(join(tmpdir(), "bot-sentinel-"));
let master: LocalRedis;
let sentinel: LocalSentinel;
let direct: Redis;

beforeAll(async () => {
  master = await startRedis(dir);
  const masterPort = Number(new URL(master.url).port);
  sentinel = await startSentinel(dir, masterPort, MASTER);
  direct = new Redis(`${master.url}/3`, { maxRetriesPerRequest: 3 });
});
afterAll(async () => {
  await direct.quit();
  await sentinel.stop();
  await master.stop();
  rmSync(dir, { recursive: true, force: true });
});

function target(): RedisTarget {
  const env = {
    BOT_TOKEN: "123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    ADMIN_IDS: "1",
    SECRET_KEY: Buffer.alloc(32, 1).toString("base64"),
    ACCOUNT_API_URL: "http://127.0.0.1:9",
    REDIS_URL: `${DEAD_URL}/3`,
    REDIS_SENTINELS: `127.0.0.1:${sentinel.port}`,
    REDIS_MASTER_NAME: MASTER,
  };
  const config = parseConfig(env);
  return { url: config.redisUrl, sentinel: config.redisSentinel };
}

describe("Redis behind Sentinel", () => {
  it("the bot's connection resolves the master through the Sentinel (REDIS_URL's db applies)", async () => {
    const redis = createBotRedis(target());
    try {
      await connectRedis(redis);
      await redis.set("sentinel:probe", "found");
      expect(await redis.get("sentinel:probe")).toBe("found");
      expect(await direct.get("sentinel:probe")).toBe("found");
    } finally {
      await closeRedis(redis);
    }
  });

  it("a BullMQ queue and worker on Sentinel connections add and process a job", async () => {
    const producer = createBotRedis(target());
    const consumer = createWorkerRedis(target());
    await connectRedis(producer);
    const queue = new Queue<{ n: number }>("sentinel-check", { connection: producer, prefix: "test" });
    const seen: number[] = [];
    const worker = new Worker<{ n: number }>(
      "sentinel-check",
      async (job) => {
        seen.push(job.data.n);
        return job.data.n * 2;
      },
      { connection: consumer, prefix: "test" },
    );
    try {
      const job = await queue.add("double", { n: 21 });
      await until(async () => (await job.isCompleted()) === true);
      expect(seen).toEqual([21]);
      expect((await queue.getJob(String(job.id)))?.returnvalue).toBe(42);
    } finally {
      await worker.close();
      await queue.close();
      await closeRedis(consumer);
      await closeRedis(producer);
    }
  });
});

describe("the real process behind Sentinel", () => {
  const TOKEN = "454545:E2E-sentinel-token-for-fake-api-xx";
  let telegram: FakeTelegram;
  let running: RunningProcess | undefined;
  beforeAll(async () => {
    telegram = await new FakeTelegram({ token: TOKEN }).start();
  });
  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill("SIGKILL");
      await running.exited;
    }
    await telegram.stop();
  });

  it("answers /start with sessions, the queues and the workers all on the master found by Sentinel", async () => {
    const catalogFile = join(dir, "catalog.yaml");
    writeFileSync(
      catalogFile,
      'currency: XTR\nplans:\n  - id: n\n    title: { en: "N", ru: "N" }\n    days: 30\n    price: 1\n    backend: { kind: node }\n',
    );
    const port = await freePort();
    running = startBuiltBot({
      BOT_TOKEN: TOKEN,
      BOT_API_ROOT: telegram.apiRoot,
      REDIS_URL: `${DEAD_URL}/4`,
      REDIS_SENTINELS: `127.0.0.1:${sentinel.port}`,
      REDIS_MASTER_NAME: MASTER,
      ADMIN_IDS: "1",
      SECRET_KEY: Buffer.alloc(32, 2).toString("base64"),
      ACCOUNT_API_URL: "http://127.0.0.1:9",
      CATALOG_FILE: catalogFile,
      HTTP_PORT: String(port),
      METRICS_PORT: "0",
      LOG_LEVEL: "warn",
    });
    await telegram.waitFor("getUpdates", 15_000);
    const mark = telegram.calls.length;
    telegram.pushUpdate(command(user(9301, { first_name: "Sam", language_code: "en" }), "/start"));
    const reply = await telegram.waitFor(
      (c) => c.method === "sendMessage" && c.chatId === 9301,
      10_000,
      mark,
    );
    expect(String(reply.params.text)).toMatch(/^Hi, Sam!/);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    const onMaster = new Redis(`${master.url}/4`, { maxRetriesPerRequest: 3 });
    try {
      // The session of the chat and the workers' queues live on the master, in REDIS_URL's db.
      expect((await onMaster.keys("*9301*")).length).toBeGreaterThan(0);
      expect((await onMaster.keys("*:maintenance:*")).length).toBeGreaterThan(0);
    } finally {
      await onMaster.quit();
    }
    running.child.kill("SIGTERM");
    expect(await running.exited).toBe(0);
  });
});
