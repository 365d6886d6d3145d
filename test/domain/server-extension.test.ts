import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  EXTEND_RETRY_MS,
  EXTEND_SETTLE_MS,
  type ExtensionOutcome,
  learnedExtendPrice,
  ServerExtension,
} from "../../src/domain/fleet/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { FakeAccountApi, type FakeServer } from "../fakes/account-api.js";
import { fail } from "../fakes/http-fake.js";
import { testRedis } from "../helpers/redis.js";

const DAY_MS = 86_400_000;
const PRICE = 100;

const fake = new FakeAccountApi();
const clock = new ManualClock();
let redis: Redis;
let n = 0;
let login: string;
let account: AccountApi;
let extension: ServerExtension;

beforeAll(async () => {
  await fake.start();
  redis = await testRedis();
});
afterAll(async () => {
  await redis.quit();
  await fake.stop();
});
beforeEach(() => {
  n += 1;
  login = `ext${n}`;
  fake.extendPrice = PRICE;
  fake.addAccount({ login, password: "pw", balance: 1_000 });
  const key = fake.addKey(login);
  account = new AccountApi({
    baseUrl: fake.url,
    apiKey: () => key,
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
  });
  extension = new ServerExtension({ hosting: { account }, redis, clock, logger: createLogger("silent") });
});

function server(): FakeServer {
  return fake.addServer(login, { name: `s${n}`, tariffId: `t${n}`, daysLeft: 2 });
}

const balance = () => fake.accounts.get(login)?.balance;
const extendCalls = (s: FakeServer) => fake.count("POST", `/api/v1/servers/${s.id}/extend`);
const extendPath = (s: FakeServer) => `/api/v1/servers/${s.id}/extend`;
/** The expiry as the API shows it (whole seconds), which the admin confirmed. */
const seen = async (s: FakeServer) => (await account.server(s.id)).expiresAt.getTime();

describe("one extension per server and expiry", () => {
  it("a repeated call extends once and learns the price", async () => {
    const s = server();
    const start = s.expiresAtMs;
    const expiry = await seen(s);
    const first = await extension.byAdmin(s.id, expiry);
    const second = await extension.byAdmin(s.id, expiry);
    expect(first).toMatchObject({ kind: "extended", balance: 900, checked: false });
    expect(second.kind).toBe("changed");
    expect(extendCalls(s)).toBe(1);
    expect(balance()).toBe(900);
    expect(s.expiresAtMs).toBe(start + 30 * DAY_MS);
    expect(await learnedExtendPrice(redis, await account.server(s.id))).toBe(PRICE);
  });

  it("the same expiry claimed again (hosting still shows the old expiry) is not extended twice", async () => {
    const s = server();
    const listed = await account.server(s.id);
    expect((await extension.auto(listed)).kind).toBe("extended");
    expect(await extension.auto(listed)).toMatchObject({ kind: "already" });
    expect(extendCalls(s)).toBe(1);
  });

  it("two concurrent calls (an admin and the worker, two processes) extend once", async () => {
    const s = server();
    const expiry = await seen(s);
    const listed = await account.server(s.id);
    fake.delayNext("POST", extendPath(s), 150);
    const outcomes = await Promise.all([
      extension.byAdmin(s.id, expiry),
      extension.auto(listed),
      extension.byAdmin(s.id, expiry),
    ]);
    expect(outcomes.filter((o) => o.kind === "extended")).toHaveLength(1);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(["busy", "busy", "extended"]);
    expect(extendCalls(s)).toBe(1);
    expect(balance()).toBe(900);
  });
});

describe("an unclear answer is read back, never blindly retried", () => {
  it("503 after the extension was applied: reported extended, charged once, price learned", async () => {
    const s = server();
    const start = s.expiresAtMs;
    const expiry = await seen(s);
    fake.loseAnswerNext("POST", extendPath(s), fail(503, "Service Unavailable"));
    const outcome = await extension.byAdmin(s.id, expiry);
    expect(outcome).toMatchObject({ kind: "extended", checked: true, balance: 900 });
    expect(s.expiresAtMs).toBe(start + 30 * DAY_MS);
    // A second tap on the same confirmation: nothing more.
    expect((await extension.byAdmin(s.id, expiry)).kind).toBe("changed");
    expect(extendCalls(s)).toBe(1);
    expect(balance()).toBe(900);
    expect(await learnedExtendPrice(redis, await account.server(s.id))).toBe(PRICE);
  });

  it("a cut connection after the extension was applied: reported extended", async () => {
    const s = server();
    fake.loseAnswerNext("POST", extendPath(s), "drop");
    const outcome = await extension.byAdmin(s.id, await seen(s));
    expect(outcome).toMatchObject({ kind: "extended", checked: true });
    expect(balance()).toBe(900);
  });

  it("503 not applied: nothing charged, and the admin may retry at once", async () => {
    const s = server();
    const expiry = await seen(s);
    fake.failNext("POST", extendPath(s), fail(503, "Service Unavailable"));
    expect((await extension.byAdmin(s.id, expiry)).kind).toBe("not-charged");
    expect(balance()).toBe(1_000);
    expect(await extension.byAdmin(s.id, expiry)).toMatchObject({ kind: "extended", checked: false });
    expect(extendCalls(s)).toBe(2);
    expect(balance()).toBe(900);
  });

  it("503 not applied, seen by the worker: it waits an hour before trying again", async () => {
    const s = server();
    const listed = await account.server(s.id);
    fake.failNext("POST", extendPath(s), fail(502, "Bad Gateway"));
    expect((await extension.auto(listed)).kind).toBe("not-charged");
    expect((await extension.auto(listed)).kind).toBe("waiting");
    clock.advance(EXTEND_RETRY_MS);
    expect((await extension.auto(listed)).kind).toBe("extended");
    expect(extendCalls(s)).toBe(2);
  });

  it("503 and the read-back fails too: outcome unknown, and no retry until the expiry is read", async () => {
    const s = server();
    const expiry = await seen(s);
    const listed = await account.server(s.id);
    fake.failNext("POST", extendPath(s), fail(503, "Service Unavailable"));
    fake.failNext("GET", `/api/v1/servers/${s.id}`, fail(503, "Service Unavailable"));
    expect((await extension.auto(listed)).kind).toBe("unknown");
    // The worker never settles it by itself.
    clock.advance(2 * EXTEND_RETRY_MS);
    expect((await extension.auto(listed)).kind).toBe("blocked");
    expect(extendCalls(s)).toBe(1);
    // The admin's next tap reads the expiry first: unchanged, so nothing was charged; extend.
    expect((await extension.byAdmin(s.id, expiry)).kind).toBe("extended");
    expect(extendCalls(s)).toBe(2);
    expect(balance()).toBe(900);
  });

  it("a timeout whose request may still land blocks retries until it has settled", async () => {
    const s = server();
    const expiry = await seen(s);
    const slow = new AccountApi({ baseUrl: fake.url, apiKey: () => fake.addKey(login), timeoutMs: 100 });
    const patient = new ServerExtension({
      hosting: { account: slow },
      redis,
      clock,
      logger: createLogger("silent"),
    });
    fake.delayNext("POST", extendPath(s), 300);
    const outcome = await patient.byAdmin(s.id, expiry);
    expect(outcome).toMatchObject({ kind: "unknown", until: clock.now() + EXTEND_SETTLE_MS });
    expect((await extension.byAdmin(s.id, expiry)).kind).toBe("blocked");
    // The slow request lands; after the settle time the admin sees the expiry has changed.
    await new Promise((r) => setTimeout(r, 400));
    clock.advance(EXTEND_SETTLE_MS + MINUTE);
    expect((await extension.byAdmin(s.id, expiry)).kind).toBe("changed");
    expect(extendCalls(s)).toBe(1);
    expect(balance()).toBe(900);
  });
});

describe("a clear refusal charged nothing", () => {
  it("400 (insufficient balance): nothing charged, the claim is free again", async () => {
    const s = server();
    const start = s.expiresAtMs;
    const expiry = await seen(s);
    const a = fake.accounts.get(login);
    if (a) a.balance = 40;
    const outcome: ExtensionOutcome = await extension.byAdmin(s.id, expiry);
    expect(outcome).toMatchObject({ kind: "no-balance", balance: 40 });
    expect(balance()).toBe(40);
    expect(s.expiresAtMs).toBe(start);
    if (a) a.balance = 400;
    expect((await extension.byAdmin(s.id, expiry)).kind).toBe("extended");
    expect(balance()).toBe(300);
  });

  it("404: refused, nothing charged", async () => {
    const s = server();
    const listed = await account.server(s.id);
    fake.failNext("POST", extendPath(s), fail(404, "not_found"));
    expect((await extension.auto(listed)).kind).toBe("refused");
    expect(balance()).toBe(1_000);
  });
});
