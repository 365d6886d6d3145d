import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ShopSettings } from "../../src/domain/catalog/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { MINUTE } from "../../src/runtime/clock.js";
import type { ServerWatchDeps, ServerWatchTask } from "../../src/workers/server-watch/index.js";
import { FakeAccountApi, type FakeServer, type NewFakeServer } from "../fakes/account-api.js";
import { fail } from "../fakes/http-fake.js";
import { serverWatchTask } from "../helpers/server-watch-task.js";
import { seedSubscription } from "../helpers/shop-seed.js";
import { buttonsOf, telegramViews } from "../helpers/telegram-views.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

const DAY_MS = 86_400_000;
const ADMIN_EN = 8100;
const ADMIN_RU = 8101;

const fake = new FakeAccountApi();
let h: WorkerHarness;
let settings: ShopSettings;
let n = 0;
/** This test's hosting account. */
let login: string;
let account: AccountApi;

beforeAll(async () => {
  await fake.start();
  h = await createWorkerHarness();
  h.startOutbox({ perSecond: 100, perChatGapMs: 20 });
  settings = new ShopSettings(h.redis);
  await h.rooms.books.customers.seen({ id: ADMIN_EN, firstName: "Boss", locale: "en" });
  await h.rooms.books.customers.seen({ id: ADMIN_RU, firstName: "Иван", locale: "ru" });
});
afterAll(async () => {
  await h.close();
  await fake.stop();
});
beforeEach(async () => {
  // A fresh hosting account and empty watch state, settings and subscriptions for every test.
  for (const pattern of ["watch:*", "settings:*", "sub:*", "subs:*"]) {
    for (const key of await scanKeys(pattern)) await h.redis.del(key);
  }
  // Each test on its own day (alert keys carry times).
  h.clock.advance(DAY_MS);
  n += 1;
  login = `shop${n}`;
  fake.addAccount({ login, password: "pw", balance: 1_000 });
  const key = fake.addKey(login);
  account = new AccountApi({
    baseUrl: fake.url,
    apiKey: () => key,
    retry: { attempts: 1, baseDelayMs: 10, maxDelayMs: 10 },
  });
  await drained();
  h.telegram.clear();
});

async function scanKeys(pattern: string): Promise<string[]> {
  const out: string[] = [];
  let cursor = "0";
  do {
    const [next, keys] = await h.redis.scan(cursor, "MATCH", pattern, "COUNT", 500);
    cursor = next;
    out.push(...keys);
  } while (cursor !== "0");
  return out;
}

function task(overrides: Partial<ServerWatchDeps> = {}): ServerWatchTask {
  return serverWatchTask(h, account, { settings, adminIds: [ADMIN_EN, ADMIN_RU], ...overrides });
}

function server(input: NewFakeServer = {}): FakeServer {
  return fake.addServer(login, { tariffId: `tariff-${n}`, ...input });
}

function balance(): number {
  return fake.accounts.get(login)?.balance ?? Number.NaN;
}

function setBalance(value: number): void {
  const a = fake.accounts.get(login);
  if (a) a.balance = value;
}

/** Waits until the outbox has delivered everything queued so far. */
const drained = () => h.drainOutbox();

/** Texts sent to a chat. */
const { textsTo: sentTo } = telegramViews(() => h);

function allSent(): string[] {
  return h.telegram.callsOf("sendMessage").map((c) => `${c.chatId}: ${String(c.params.text)}`);
}

async function runAndDrain(t: { run(): Promise<unknown> }, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await t.run();
  await drained();
}

let order = 0;
async function subscribe(customerId: number, ref: object, expiresAt = h.clock.now() + 10 * DAY_MS) {
  order += 1;
  return seedSubscription(h.rooms, `o${order}x${n}`, {
    customerId,
    ref: ref as never,
    expiresAt,
    trafficGb: 100,
  });
}

describe("offline and recovery alerts", () => {
  it("a short blip (one offline check, even run twice) alerts nobody", async () => {
    const s = server({ name: "blip" });
    const watch = task();
    await runAndDrain(watch);
    s.state = "offline";
    await runAndDrain(watch);
    // A second run within the same poll (a manual refresh, another process) is the same check.
    h.clock.advance(10_000);
    await runAndDrain(watch);
    h.clock.advance(MINUTE);
    s.state = "running";
    await runAndDrain(watch);
    h.clock.advance(10 * MINUTE);
    await runAndDrain(watch, 2);
    expect(allSent()).toEqual([]);
  });

  it("alerts the admins once at the second offline check, once on recovery, in their language", async () => {
    const s = server({ name: "de-1" });
    const watch = task();
    await runAndDrain(watch);
    s.state = "offline";
    const first = await watch.run();
    expect(first.wentOffline).toEqual([]);
    await runAndDrain(watch);
    expect(allSent()).toEqual([]);

    h.clock.advance(MINUTE);
    const announced = await watch.run();
    expect(announced.wentOffline).toEqual([s.id]);
    await drained();
    expect(sentTo(ADMIN_EN)).toEqual([
      expect.stringContaining(`Server <b>de-1</b> (#${s.id}) is offline since`),
    ]);
    expect(sentTo(ADMIN_EN)[0]).toContain("(1 min)");
    expect(sentTo(ADMIN_RU)).toEqual([expect.stringContaining(`Сервер <b>de-1</b> (#${s.id}) недоступен с`)]);
    // Issue 24, item 6: the alert opens the server's card in one tap.
    const alerts = h.telegram.callsOf("sendMessage");
    expect(alerts.map((c) => buttonsOf(c.params.reply_markup))).toEqual([
      [{ text: "🖥 Open server", data: `a.s:card:${s.id}:` }],
      [{ text: "🖥 Открыть сервер", data: `a.s:card:${s.id}:` }],
    ]);

    // Still offline: nothing more.
    for (let i = 0; i < 3; i++) {
      h.clock.advance(MINUTE);
      await runAndDrain(watch);
    }
    expect(sentTo(ADMIN_EN)).toHaveLength(1);

    s.state = "running";
    h.clock.advance(MINUTE);
    const back = await watch.run();
    expect(back.cameBack).toEqual([s.id]);
    await runAndDrain(watch, 3);
    expect(sentTo(ADMIN_EN)).toHaveLength(2);
    expect(sentTo(ADMIN_EN)[1]).toContain(`Server <b>de-1</b> (#${s.id}) is back online after 5 min`);
    expect(sentTo(ADMIN_RU)[1]).toContain("снова в сети");
    expect(allSent()).toHaveLength(4);
  });

  it("admins hear at the second offline check, customers only after the grace, and the end once each", async () => {
    const s = server({ name: "fr-1" });
    const C_EN = 9101;
    const C_RU = 9102;
    await h.rooms.books.customers.seen({ id: C_EN, firstName: "c1", locale: "en" });
    await h.rooms.books.customers.seen({ id: C_RU, firstName: "c2", locale: "ru" });
    await subscribe(C_EN, { kind: "xui", serverId: s.id, name: "f1" });
    await subscribe(C_RU, { kind: "xui", serverId: s.id, name: "f2" });
    const watch = task();
    await runAndDrain(watch);

    s.state = "offline";
    await runAndDrain(watch);
    expect(allSent()).toEqual([]);
    h.clock.advance(MINUTE);
    const second = await watch.run();
    expect(second.wentOffline).toEqual([s.id]);
    expect(second.customersWarned).toEqual([]);
    await drained();
    expect(sentTo(ADMIN_EN)).toEqual([
      expect.stringContaining(`Server <b>fr-1</b> (#${s.id}) is offline since`),
    ]);
    expect(sentTo(ADMIN_EN)[0]).toContain("Its customers (2) are told if it is still offline after 5 min.");
    expect(sentTo(ADMIN_RU)).toEqual([expect.stringContaining("Его клиентам (2) сообщим")]);
    expect(sentTo(C_EN)).toEqual([]);

    // Still within the customers' grace (5 min from the first offline check): nothing more.
    for (let i = 0; i < 3; i++) {
      h.clock.advance(MINUTE);
      await runAndDrain(watch);
    }
    expect(sentTo(C_EN)).toEqual([]);
    expect(sentTo(ADMIN_EN)).toHaveLength(1);

    h.clock.advance(MINUTE);
    const graceOver = await watch.run();
    expect(graceOver.customersWarned).toEqual([s.id]);
    expect(graceOver.wentOffline).toEqual([]);
    await runAndDrain(watch, 2);
    expect(sentTo(C_EN)).toEqual([expect.stringContaining("Your VPN is not working at the moment")]);
    expect(sentTo(C_RU)).toEqual([expect.stringContaining("Ваш VPN сейчас не работает")]);
    expect(sentTo(ADMIN_EN)).toHaveLength(1);

    s.state = "running";
    h.clock.advance(MINUTE);
    expect((await watch.run()).cameBack).toEqual([s.id]);
    h.clock.advance(MINUTE);
    await runAndDrain(watch, 2);
    expect(sentTo(ADMIN_EN)).toHaveLength(2);
    expect(sentTo(ADMIN_EN)[1]).toContain("is back online after 6 min. Customers told: 2.");
    expect(sentTo(C_EN)).toHaveLength(2);
    expect(sentTo(C_EN)[1]).toContain("Your VPN server is back online");
    expect(sentTo(C_RU)).toHaveLength(2);
    expect(allSent()).toHaveLength(8);
  });

  it("an outage shorter than the customers' grace: the admins hear both ends, the customers nothing", async () => {
    const s = server({ name: "fr-2" });
    const C = 9103;
    await h.rooms.books.customers.seen({ id: C, firstName: "c3", locale: "en" });
    await subscribe(C, { kind: "xui", serverId: s.id, name: "f3" });
    const watch = task();
    await runAndDrain(watch);
    s.state = "offline";
    await runAndDrain(watch);
    h.clock.advance(MINUTE);
    await runAndDrain(watch);
    expect(sentTo(ADMIN_EN)).toHaveLength(1);
    s.state = "running";
    h.clock.advance(MINUTE);
    await runAndDrain(watch, 2);
    h.clock.advance(10 * MINUTE);
    await runAndDrain(watch);
    expect(sentTo(ADMIN_EN)).toHaveLength(2);
    expect(sentTo(ADMIN_EN)[1]).toContain("is back online after 2 min. Customers told: 0.");
    expect(sentTo(ADMIN_RU)).toHaveLength(2);
    expect(sentTo(C)).toEqual([]);
  });

  it("a second outage of the same server is announced again", async () => {
    const s = server({ name: "twice" });
    const watch = task({ offlineGraceMs: 3 * MINUTE });
    await runAndDrain(watch);
    for (let outage = 1; outage <= 2; outage++) {
      s.state = "offline";
      await runAndDrain(watch);
      h.clock.advance(3 * MINUTE);
      await runAndDrain(watch, 2);
      s.state = "running";
      h.clock.advance(MINUTE);
      await runAndDrain(watch, 2);
      expect(sentTo(ADMIN_EN)).toHaveLength(outage * 2);
    }
  });

  it("counts a failing stats call as unknown, not offline", async () => {
    const s = server({ name: "flaky" });
    const watch = task();
    await runAndDrain(watch);
    fake.failNext("GET", `/api/v1/servers/${s.id}/stats`, fail(500, "stats broke"), 8);
    for (let i = 0; i < 8; i++) {
      const report = await watch.run();
      expect(report.unknown).toBe(1);
      h.clock.advance(MINUTE);
    }
    await drained();
    expect(allSent()).toEqual([]);
  });

  it("tells the customers on that server, and only them, once each way in their language", async () => {
    const s = server({ name: "nl-1" });
    const other = server({ name: "nl-2" });
    const C_EN = 9001;
    const C_RU = 9002;
    const C_OTHER = 9003;
    const C_EXPIRED = 9004;
    const C_PANEL = 9005;
    for (const [id, locale] of [
      [C_EN, "en"],
      [C_RU, "ru"],
      [C_OTHER, "en"],
      [C_EXPIRED, "en"],
      [C_PANEL, "en"],
    ] as const) {
      await h.rooms.books.customers.seen({ id, firstName: `c${id}`, locale });
    }
    await subscribe(C_EN, { kind: "xui", serverId: s.id, name: "a" });
    await subscribe(C_RU, { kind: "xui", serverId: s.id, name: "b1" });
    await subscribe(C_RU, { kind: "xui", serverId: s.id, name: "b2" });
    await subscribe(C_OTHER, { kind: "xui", serverId: other.id, name: "c" });
    await subscribe(C_EXPIRED, { kind: "xui", serverId: s.id, name: "d" }, h.clock.now() - DAY_MS);
    await subscribe(C_PANEL, { kind: "panel", name: "e", uuid: "u", locations: ["main"] });

    const watch = task();
    await runAndDrain(watch);
    s.state = "offline";
    await runAndDrain(watch);
    h.clock.advance(5 * MINUTE);
    await runAndDrain(watch, 3);

    expect(sentTo(C_EN)).toEqual([expect.stringContaining("Your VPN is not working at the moment")]);
    expect(sentTo(C_RU)).toEqual([expect.stringContaining("Ваш VPN сейчас не работает")]);
    for (const id of [C_OTHER, C_EXPIRED, C_PANEL]) expect(sentTo(id)).toEqual([]);
    expect(sentTo(ADMIN_EN)[0]).toContain("Customers told: 2.");

    s.state = "running";
    h.clock.advance(MINUTE);
    await runAndDrain(watch, 3);
    expect(sentTo(C_EN)).toHaveLength(2);
    expect(sentTo(C_EN)[1]).toContain("Your VPN server is back online");
    expect(sentTo(C_RU)).toHaveLength(2);
    expect(sentTo(C_RU)[1]).toContain("снова работает");
    for (const id of [C_OTHER, C_EXPIRED, C_PANEL]) expect(sentTo(id)).toEqual([]);
    expect(sentTo(ADMIN_EN)[1]).toContain("Customers told: 2.");
  });
});

describe("expiry and balance alerts", () => {
  it("alerts once when days left fall to 3 and once at 1", async () => {
    const s = server({ name: "exp", daysLeft: 3 });
    server({ name: "fine", daysLeft: 10 });
    const watch = task();
    await runAndDrain(watch, 3);
    expect(sentTo(ADMIN_EN)).toEqual([
      expect.stringContaining(`Server <b>exp</b> (#${s.id}) expires in 3 days`),
    ]);
    expect(sentTo(ADMIN_RU)).toEqual([expect.stringContaining("истекает через 3 дня")]);

    s.expiresAtMs = Date.now() + DAY_MS - MINUTE;
    await runAndDrain(watch, 3);
    expect(sentTo(ADMIN_EN)).toHaveLength(2);
    expect(sentTo(ADMIN_EN)[1]).toContain("expires in 1 day,");
    expect(sentTo(ADMIN_RU)[1]).toContain("истекает через 1 день");
    expect(allSent()).toHaveLength(4);
  });

  it("alerts once when the balance is below the extension cost (from the setting until learned)", async () => {
    server({ name: "costly", daysLeft: 20 });
    setBalance(40);
    const watch = task();
    // Cost unknown: no check.
    await runAndDrain(watch);
    expect(allSent()).toEqual([]);

    await settings.setExtendCostHint(100);
    await runAndDrain(watch, 3);
    expect(sentTo(ADMIN_EN)).toEqual([
      expect.stringContaining("The hosting balance (40) is below the cost of the next extension (100)"),
    ]);
    expect(sentTo(ADMIN_RU)).toEqual([expect.stringContaining("Баланс хостинга (40)")]);

    // Enough money again: nothing; a new, lower level: one more.
    setBalance(500);
    await runAndDrain(watch);
    setBalance(20);
    await runAndDrain(watch, 2);
    expect(sentTo(ADMIN_EN)).toHaveLength(2);
    expect(sentTo(ADMIN_EN)[1]).toContain("(20)");
  });
});

describe("auto-extend", () => {
  it("does nothing while the setting is off (the default)", async () => {
    const s = server({ name: "manual", daysLeft: 1 });
    await runAndDrain(task(), 2);
    expect(fake.count("POST", `/api/v1/servers/${s.id}/extend`)).toBe(0);
    expect(balance()).toBe(1_000);
    expect(sentTo(ADMIN_EN)).toEqual([expect.stringContaining("expires in 1 day")]);
  });

  it("extends once per expiry, even run twice concurrently and again, and reports it", async () => {
    fake.extendPrice = 100;
    setBalance(150);
    const s = server({ name: "auto", daysLeft: 1 });
    const oldExpiry = s.expiresAtMs;
    await settings.setAutoExtend(true);
    // Two processes at once.
    const reports = await Promise.all([task().run(), task().run()]);
    expect(reports.flatMap((r) => r.extended)).toEqual([s.id]);
    await runAndDrain(task(), 2);
    expect(fake.count("POST", `/api/v1/servers/${s.id}/extend`)).toBe(1);
    expect(balance()).toBe(50);
    expect(s.expiresAtMs).toBe(oldExpiry + 30 * DAY_MS);

    // Even if the hosting side still showed the old expiry, it is not extended again.
    s.expiresAtMs = oldExpiry;
    await runAndDrain(task(), 2);
    expect(fake.count("POST", `/api/v1/servers/${s.id}/extend`)).toBe(1);

    const en = sentTo(ADMIN_EN);
    expect(en.filter((t) => t.includes("Auto-extended"))).toEqual([
      expect.stringContaining(`Auto-extended server <b>auto</b> (#${s.id}) by 30 days.`),
    ]);
    expect(en.find((t) => t.includes("Auto-extended"))).toContain("Balance: 50.");
    expect(sentTo(ADMIN_RU).filter((t) => t.includes("автоматически продлён"))).toHaveLength(1);
    // The price was learned from the extension: 50 left is below the next one (100).
    expect(en.filter((t) => t.includes("below the cost of the next extension (100)"))).toHaveLength(1);
  });

  it("reports an insufficient balance (nothing charged) once, and tries again after an hour", async () => {
    fake.extendPrice = 100;
    setBalance(30);
    const s = server({ name: "poor", daysLeft: 1 });
    const oldExpiry = s.expiresAtMs;
    await settings.setAutoExtend(true);
    const watch = task();
    await runAndDrain(watch);
    h.clock.advance(10 * MINUTE);
    await runAndDrain(watch);
    expect(balance()).toBe(30);
    expect(s.expiresAtMs).toBe(oldExpiry);
    expect(fake.count("POST", `/api/v1/servers/${s.id}/extend`)).toBe(1);
    const reports = sentTo(ADMIN_EN).filter((t) => t.includes("Could not auto-extend"));
    expect(reports).toEqual([expect.stringContaining("the balance (30) is too low. Nothing was charged.")]);
    expect(sentTo(ADMIN_RU).filter((t) => t.includes("недостаточно средств"))).toHaveLength(1);

    setBalance(200);
    h.clock.advance(60 * MINUTE);
    await runAndDrain(watch, 2);
    expect(fake.count("POST", `/api/v1/servers/${s.id}/extend`)).toBe(2);
    expect(balance()).toBe(100);
    expect(sentTo(ADMIN_EN).filter((t) => t.includes("Auto-extended"))).toHaveLength(1);
  });

  it("never retries an extension whose outcome is unknown", async () => {
    setBalance(500);
    const s = server({ name: "murky", daysLeft: 1 });
    await settings.setAutoExtend(true);
    fake.failNext("POST", `/api/v1/servers/${s.id}/extend`, fail(502, "gateway"));
    // The read-back fails too, so whether it was charged cannot be known.
    fake.failNext("GET", `/api/v1/servers/${s.id}`, fail(503, "maintenance"));
    const watch = task();
    await runAndDrain(watch);
    h.clock.advance(2 * 60 * MINUTE);
    await runAndDrain(watch, 2);
    expect(fake.count("POST", `/api/v1/servers/${s.id}/extend`)).toBe(1);
    expect(sentTo(ADMIN_EN).filter((t) => t.includes("got no clear answer"))).toHaveLength(1);
  });
});

describe("auto-extend after an unclear answer", () => {
  it("503 after the extension went through: reported as extended, charged once, never again", async () => {
    fake.extendPrice = 100;
    setBalance(500);
    const s = server({ name: "lost", daysLeft: 1 });
    const oldExpiry = s.expiresAtMs;
    await settings.setAutoExtend(true);
    fake.loseAnswerNext("POST", `/api/v1/servers/${s.id}/extend`, fail(503, "Service Unavailable"));
    const report = await task().run();
    expect(report.extended).toEqual([s.id]);
    await runAndDrain(task(), 2);
    h.clock.advance(2 * 60 * MINUTE);
    await runAndDrain(task(), 2);
    expect(fake.count("POST", `/api/v1/servers/${s.id}/extend`)).toBe(1);
    expect(balance()).toBe(400);
    expect(s.expiresAtMs).toBe(oldExpiry + 30 * DAY_MS);
    expect(sentTo(ADMIN_EN).filter((t) => t.includes("Auto-extended"))).toEqual([
      expect.stringContaining("Balance: 400."),
    ]);
    expect(sentTo(ADMIN_EN).filter((t) => t.includes("no clear answer"))).toEqual([]);
  });

  it("502 without extending: checked, nothing charged, told once, tried again after an hour", async () => {
    fake.extendPrice = 100;
    setBalance(500);
    const s = server({ name: "retry", daysLeft: 1 });
    await settings.setAutoExtend(true);
    fake.failNext("POST", `/api/v1/servers/${s.id}/extend`, fail(502, "gateway"));
    const watch = task();
    await runAndDrain(watch);
    h.clock.advance(10 * MINUTE);
    await runAndDrain(watch);
    expect(fake.count("POST", `/api/v1/servers/${s.id}/extend`)).toBe(1);
    expect(balance()).toBe(500);
    expect(sentTo(ADMIN_EN).filter((t) => t.includes("nothing was charged"))).toEqual([
      expect.stringContaining("I checked the server: it was not extended and nothing was charged."),
    ]);
    expect(sentTo(ADMIN_RU).filter((t) => t.includes("ничего не списано"))).toHaveLength(1);
    h.clock.advance(60 * MINUTE);
    await runAndDrain(watch, 2);
    expect(fake.count("POST", `/api/v1/servers/${s.id}/extend`)).toBe(2);
    expect(balance()).toBe(400);
  });
});

describe("polling", () => {
  it("keeps at most `concurrency` stats calls in flight", async () => {
    const ids = Array.from({ length: 10 }, (_, i) => server({ name: `p${i}` }).id);
    let inFlight = 0;
    let peak = 0;
    const counted = {
      servers: () => account.servers(),
      account: () => account.account(),
      extend: (id: number) => account.extend(id),
      stats: async (id: number) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        try {
          return await account.stats(id);
        } finally {
          inFlight--;
        }
      },
    };
    fake.delayNext("GET", "/api/v1/servers/\\d+/stats", 60, 10);
    const report = await task({ account: counted, concurrency: 3 }).run();
    expect(report.polled).toBe(10);
    expect(report.unknown).toBe(0);
    expect(peak).toBe(3);
    for (const id of ids) expect(fake.count("GET", `/api/v1/servers/${id}/stats`)).toBe(1);
  });

  it("skips a round when the API is unreachable and tells the admins at most once an hour", async () => {
    server({ name: "x" });
    fake.failNext("GET", "/api/v1/servers", fail(503, "maintenance"), 7);
    const watch = task();
    const report = await watch.run();
    expect(report.listed).toBe(false);
    for (let i = 0; i < 5; i++) {
      h.clock.advance(10 * MINUTE);
      await watch.run();
    }
    await drained();
    expect(sentTo(ADMIN_EN)).toEqual([expect.stringContaining("The hosting API cannot be reached")]);
    expect(sentTo(ADMIN_RU)).toEqual([expect.stringContaining("API хостинга недоступен")]);
    h.clock.advance(10 * MINUTE);
    await runAndDrain(watch);
    expect(sentTo(ADMIN_EN)).toHaveLength(2);
  });

  it("tells the admins to relink when the key is refused", async () => {
    const revoked = fake.addKey(login);
    fake.revokeKey(revoked);
    const refused = new AccountApi({ baseUrl: fake.url, apiKey: () => revoked });
    await runAndDrain(task({ account: refused }), 3);
    expect(sentTo(ADMIN_EN)).toEqual([expect.stringContaining("refused the account key")]);
  });
});
