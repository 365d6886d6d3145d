import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Queue, Worker } from "bullmq";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatLock } from "../../src/bot/chat-lock.js";
import { ConfigError, parseConfig } from "../../src/config.js";
import {
  closeRedis,
  connectRedis,
  createBotRedis,
  createWorkerRedis,
  type RedisTarget,
} from "../../src/runtime/redis.js";
import { command, FakeTelegram, user } from "../fakes/telegram-api.js";
import { freePort, type LocalRedis, startRedis } from "../helpers/local-redis.js";
import { type RunningProcess, startBuiltBot } from "../helpers/process.js";
import {
  isTlsHandshake,
  makeCerts,
  RecordingProxy,
  redisTlsArgs,
  type TestCerts,
} from "../helpers/redis-tls.js";
import { type LocalSentinel, startSentinel } from "../helpers/sentinel.js";
import { until } from "../helpers/wait.js";

// Issue 23, finding 3: with REDIS_SENTINELS, a `rediss://` REDIS_URL connected in plain text to
// the Sentinels and to the master they named (the passwords crossed the network in clear). Here
// the master and the Sentinel speak TLS only; a recording proxy in front of each keeps every byte
// the clients send, and each connection must open with a TLS ClientHello, never AUTH or HELLO.

const MASTER = "tls-master";
const PASSWORD = "master-secret-pw";
const SENTINEL_PASSWORD = "sentinel-secret-pw";

const dir = mkdtempSync(join(tmpdir(), "bot-redis-tls-"));
let certs: TestCerts;
let master: LocalRedis;
let masterProxy: RecordingProxy;
let sentinel: LocalSentinel;
let sentinelProxy: RecordingProxy;

beforeAll(async () => {
  certs = makeCerts(dir);
  const masterTlsPort = await freePort();
  master = await startRedis(dir, [...redisTlsArgs(certs, masterTlsPort), "--requirepass", PASSWORD]);
  masterProxy = await new RecordingProxy(masterTlsPort).start();
  // The Sentinel watches the master through its proxy, so the address it hands out is the proxy's.
  sentinel = await startSentinel(dir, masterProxy.port, MASTER, {
    tls: certs,
    extra: [`sentinel auth-pass ${MASTER} ${PASSWORD}`, `requirepass ${SENTINEL_PASSWORD}`],
  });
  sentinelProxy = await new RecordingProxy(sentinel.port).start();
});
afterAll(async () => {
  await sentinelProxy?.stop();
  await sentinel?.stop();
  await masterProxy?.stop();
  await master?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    BOT_TOKEN: "123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    ADMIN_IDS: "1",
    SECRET_KEY: Buffer.alloc(32, 1).toString("base64"),
    ACCOUNT_API_URL: "http://127.0.0.1:9",
    // Nothing listens at the URL's host and port: the master is found through the Sentinel.
    REDIS_URL: `rediss://:${PASSWORD}@127.0.0.1:1/2`,
    REDIS_SENTINELS: `127.0.0.1:${sentinelProxy.port}`,
    REDIS_MASTER_NAME: MASTER,
    REDIS_SENTINEL_PASSWORD: SENTINEL_PASSWORD,
    REDIS_TLS_CA_FILE: certs.ca,
    ...extra,
  };
}

function target(): RedisTarget {
  const config = parseConfig(env());
  return { url: config.redisUrl, sentinel: config.redisSentinel, tlsCaFile: config.redisTlsCaFile };
}

/** Every connection since the marks opened with a TLS handshake and sent no command or password in clear. */
function expectAllTls(marks: { sentinel: number; master: number }): void {
  const proxies = [
    [sentinelProxy, marks.sentinel],
    [masterProxy, marks.master],
  ] as const;
  for (const [proxy, from] of proxies) {
    for (const first of proxy.firstBytes(from)) {
      expect(isTlsHandshake(first), `first bytes ${first.subarray(0, 16).toString("latin1")}`).toBe(true);
    }
    for (const sent of proxy.sent(from)) {
      const text = sent.toString("latin1");
      for (const clear of ["AUTH", "HELLO", "SENTINEL", PASSWORD, SENTINEL_PASSWORD]) {
        expect(text.toUpperCase()).not.toContain(clear.toUpperCase());
      }
    }
  }
}

const marks = () => ({ sentinel: sentinelProxy.connections.length, master: masterProxy.connections.length });

describe("rediss:// behind Sentinel", () => {
  it("opens the Sentinel's and the master's connections with a TLS ClientHello, never AUTH/HELLO in clear", async () => {
    const from = marks();
    const redis = createBotRedis(target());
    const connected = connectRedis(redis).then(
      () => undefined,
      (err: unknown) => err,
    );
    try {
      // The Sentinel is asked first: its connection's first bytes are looked at as soon as they arrive.
      await until(() => sentinelProxy.firstBytes(from.sentinel).length > 0);
      expectAllTls(from);
      expect(await connected).toBeUndefined();
      await redis.set("tls:probe", "over tls");
      expect(await redis.get("tls:probe")).toBe("over tls");
      expect(masterProxy.firstBytes(from.master).length).toBeGreaterThan(0);
      expectAllTls(from);
    } finally {
      await closeRedis(redis).catch(() => redis.disconnect());
    }
  });

  it("BullMQ's connections, the chat lock's wake-up subscriber and duplicates speak TLS too", async () => {
    const from = marks();
    const producer = createBotRedis(target());
    const consumer = createWorkerRedis(target());
    const extra: Redis[] = [];
    await connectRedis(producer);
    const queue = new Queue<{ n: number }>("tls-check", { connection: producer, prefix: "tls" });
    const worker = new Worker<{ n: number }>("tls-check", async (job) => job.data.n * 2, {
      connection: consumer,
      prefix: "tls",
    });
    const lock = new ChatLock(producer, { waitMs: 300 });
    try {
      const job = await queue.add("double", { n: 21 });
      await until(async () => (await job.isCompleted()) === true);
      // A second update of a held chat waits: the process subscribes to releases (a duplicate).
      const held = await lock.acquire("tls-chat");
      expect(await lock.acquire("tls-chat")).toBeUndefined();
      await held?.release();
      const copy = producer.duplicate();
      extra.push(copy);
      await connectRedis(copy);
      expect(await copy.ping()).toBe("PONG");
      // producer, consumer, BullMQ's blocking duplicate, the subscriber, the copy: at least five.
      expect(masterProxy.connections.length - from.master).toBeGreaterThanOrEqual(5);
      expectAllTls(from);
    } finally {
      await worker.close();
      await queue.close();
      await lock.close();
      for (const r of extra) await closeRedis(r);
      await closeRedis(consumer);
      await closeRedis(producer);
    }
  });

  it("refuses to start with one line when TLS cannot be applied as asked", () => {
    expect(() => parseConfig(env({ REDIS_URL: `redis://:${PASSWORD}@127.0.0.1:1/2` }))).toThrow(
      new ConfigError("REDIS_TLS_CA_FILE is set but REDIS_URL is not rediss:// (TLS is not on)"),
    );
    const missing = join(dir, "no-such-ca.pem");
    expect(() => createBotRedis({ ...target(), tlsCaFile: missing })).toThrow(
      /^REDIS_TLS_CA_FILE .*no-such-ca\.pem cannot be read: ENOENT/,
    );
  });
});

describe("the real process on rediss:// behind Sentinel", () => {
  const TOKEN = "454546:E2E-redis-tls-token-for-fake-api-x";
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

  it("answers /start (polling, workers) with every connection of the process over TLS (REDIS_TLS_CA_FILE)", async () => {
    const catalogFile = join(dir, "catalog.yaml");
    writeFileSync(
      catalogFile,
      'currency: XTR\nplans:\n  - id: n\n    title: { en: "N", ru: "N" }\n    days: 30\n    price: 1\n    backend: { kind: node }\n',
    );
    const from = marks();
    const port = await freePort();
    running = startBuiltBot({
      ...env({ BOT_TOKEN: TOKEN }),
      BOT_API_ROOT: telegram.apiRoot,
      CATALOG_FILE: catalogFile,
      HTTP_PORT: String(port),
      LOG_LEVEL: "warn",
    });
    await telegram.waitFor("getUpdates", 15_000);
    const mark = telegram.calls.length;
    telegram.pushUpdate(command(user(9401, { first_name: "Tess", language_code: "en" }), "/start"));
    const reply = await telegram.waitFor(
      (c) => c.method === "sendMessage" && c.chatId === 9401,
      10_000,
      mark,
    );
    expect(String(reply.params.text)).toMatch(/^Hi, Tess!/);
    expect(masterProxy.connections.length - from.master).toBeGreaterThanOrEqual(2);
    expectAllTls(from);
    running.child.kill("SIGTERM");
    expect(await running.exited).toBe(0);
  });
});
