import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pollingLeaseKey } from "../../src/runtime/poller-lease.js";
import { command, FakeTelegram, user } from "../fakes/telegram-api.js";
import { botEnv, NODE_CATALOG, writeCatalog } from "../helpers/bot-env.js";
import { type RunningProcess, startBuiltBot, stopAll } from "../helpers/process.js";
import { testRedis } from "../helpers/redis.js";
import { sleep, until } from "../helpers/wait.js";

const TOKEN = "434343:E2E-lease-token-for-the-fake-api-x";
const LEASE_MS = 3_000;
const catalogFile = writeCatalog("bot-e2e-lease-", NODE_CATALOG);

// Two stand-ins of the one Bot API with the one token: each process talks to its own, so the
// test sees which process calls getUpdates (the real Telegram would answer the second one 409).
let first: FakeTelegram;
let second: FakeTelegram;
let redis: Redis;
const running: RunningProcess[] = [];

function start(telegram: FakeTelegram): RunningProcess {
  const proc = startBuiltBot(
    botEnv(
      { telegram, redis, catalogFile },
      { LOG_LEVEL: "info", ROLE: "bot", POLLING_LEASE_MS: String(LEASE_MS), HTTP_PORT: "0" },
    ),
  );
  running.push(proc);
  return proc;
}

const messages = (p: RunningProcess) =>
  p
    .stdout()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => (JSON.parse(l) as { msg: string }).msg);
const polls = (t: FakeTelegram) => t.callsOf("getUpdates").length;

beforeAll(async () => {
  first = await new FakeTelegram({ token: TOKEN }).start();
  second = await new FakeTelegram({ token: TOKEN }).start();
  redis = await testRedis();
});
afterAll(async () => {
  await stopAll(running, "SIGKILL");
  await Promise.all([first.stop(), second.stop(), redis.quit()]);
});

describe("two polling processes on one Redis", () => {
  it("only the lease holder calls getUpdates; after kill -9 the other takes over within the lease", async () => {
    const a = start(first);
    // A process start may take 30 s on a busy machine (other test files run beside this one).
    await first.waitFor("getUpdates", 30_000);
    const b = start(second);
    await until(() => messages(b).includes("another process holds the polling lease; waiting"), 30_000);
    expect(second.callsOf("deleteWebhook")).toEqual([]);

    // A whole lease period and more: the holder renews, the waiting one keeps off getUpdates.
    await sleep(LEASE_MS + 500);
    expect(polls(second)).toBe(0);
    expect(messages(b).filter((m) => m.includes("polling lease; waiting"))).toHaveLength(1);
    const at = first.calls.length;
    first.pushUpdate(command(user(9201, { first_name: "Ada", language_code: "en" }), "/start"));
    await first.waitFor((c) => c.method === "sendMessage" && c.chatId === 9201, 10_000, at);

    a.child.kill("SIGKILL");
    expect(await a.exited).toBe("SIGKILL");
    const killedAt = Date.now();
    await until(() => polls(second) > 0, LEASE_MS + 5_000);
    const tookMs = Date.now() - killedAt;
    expect(messages(b)).toContain("took over the polling lease");
    // The lease was renewed before the kill, so it ran out at most LEASE_MS after it (plus a poll).
    expect(tookMs).toBeLessThanOrEqual(LEASE_MS + 1_000);

    const mark = second.calls.length;
    second.pushUpdate(command(user(9202, { first_name: "Bea", language_code: "en" }), "/start"));
    const reply = await second.waitFor((c) => c.method === "sendMessage" && c.chatId === 9202, 10_000, mark);
    expect(String(reply.params.text)).toMatch(/^Hi, Bea!/);

    const key = pollingLeaseKey(434343);
    expect(await redis.get(key)).not.toBeNull();
    b.child.kill("SIGTERM");
    expect(await b.exited).toBe(0);
    // A clean stop hands the lease back at once.
    expect(await redis.exists(key)).toBe(0);
  }, 90_000);
});
