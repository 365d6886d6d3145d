import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AccessRef } from "../../src/domain/books/index.js";
import { subscriptionKeys } from "../../src/domain/books/index.js";
import { UsageReader } from "../../src/domain/provisioning/index.js";
import { buyCb, myCb } from "../../src/render/shop-callbacks.js";
import { inBackground } from "../../src/runtime/background-turn.js";
import { DAY } from "../../src/runtime/clock.js";
import type { DutyCycleOptions } from "../../src/runtime/duty-cycle.js";
import {
  createTrafficTask,
  TRAFFIC_ROUND_LEASE,
  type TrafficDeps,
  trafficLevel,
} from "../../src/workers/traffic.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { fail } from "../fakes/http-fake.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { type FakeHostingClients, hostingClientsFor } from "../helpers/fake-hosting.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { keyboardOf, telegramViews } from "../helpers/telegram-views.js";
import { sleep } from "../helpers/wait.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

const GB = 1024 ** 3;
const T0 = Date.UTC(2026, 2, 2, 12, 0);

const accountFake = new FakeAccountApi();
const panelFake = new FakePanelApi({ token: "panel-token", nodes: [{ id: "2" }] });
const nodeFake = new FakeNodeApi();

let h: WorkerHarness;
let hosting: FakeHostingClients;
let server1 = 0;
let server2 = 0;
let seq = 0;

beforeAll(async () => {
  await Promise.all([accountFake.start(), panelFake.start(), nodeFake.start()]);
  accountFake.addAccount({ login: "shop", password: "pw" });
  const key = accountFake.addKey("shop");
  server1 = accountFake.addServer("shop", { type: "xui" }).id;
  server2 = accountFake.addServer("shop", { type: "xui" }).id;
  hosting = hostingClientsFor({ account: accountFake, accountKey: key, panel: panelFake, node: nodeFake });
  h = await createWorkerHarness({ now: T0, hosting });
  h.startOutbox({ perChatGapMs: 50 });
});
afterAll(async () => {
  await h.close();
  await hosting.node.close();
  await Promise.all([accountFake.stop(), panelFake.stop(), nodeFake.stop()]);
});
beforeEach(async () => {
  h.telegram.clear();
  h.clock.set(T0);
  await h.redis.del(subscriptionKeys.byExpiry);
});

const task = (deps: Partial<TrafficDeps> = {}) =>
  createTrafficTask({
    ...h.rooms,
    redis: h.redis,
    outbox: h.outbox,
    i18n: h.i18n,
    clock: h.clock,
    logger: h.logger,
    ...deps,
  });

/** A round run as a maintenance tick runs it: at `pacing`'s pace (runtime/background-turn.ts). */
const pacedRound = (pacing: DutyCycleOptions, deps: Partial<TrafficDeps> = {}) => ({
  run: () => inBackground(pacing, () => task(deps).run()),
});

async function settle(): Promise<void> {
  await h.drainOutbox();
  await sleep(100);
}

const { sendsTo, textsTo: texts } = telegramViews(() => h);
const buttons = keyboardOf;

async function customer(locale: "en" | "ru" = "en"): Promise<number> {
  const id = 80_000 + ++seq;
  await seedCustomer(h.rooms, id, locale);
  return id;
}

async function subscription(
  customerId: number,
  ref: AccessRef,
  opts: { expiresAt?: number; trafficGb?: number; trial?: boolean; planId?: string } = {},
) {
  return seedSubscription(h.rooms, `o-t${++seq}`, {
    customerId,
    planId: opts.planId ?? (ref.kind === "xui" ? "de-xui" : ref.kind === "node" ? "node" : "multi"),
    ref,
    links: { links: [], subscriptionUrl: undefined },
    expiresAt: opts.expiresAt ?? T0 + 20 * DAY,
    trafficGb: opts.trafficGb ?? 10,
    trial: opts.trial ?? false,
  });
}

/** An xui client with a 10 GB limit on `serverId`, and its subscription. */
async function xuiSub(customerId: number, serverId = server1, opts: { trial?: boolean } = {}) {
  const name = `x${++seq}`;
  accountFake.addClient(serverId, { email: name, totalGb: 10 });
  const sub = await subscription(customerId, { kind: "xui", serverId, name }, opts);
  return {
    sub,
    name,
    use: (gb: number) =>
      accountFake.setUsage(serverId, name, Math.round(gb * GB * 0.25), Math.round(gb * GB * 0.75)),
  };
}

describe("trafficLevel", () => {
  it("is the highest level reached; unlimited has none", () => {
    expect(trafficLevel({ usedBytes: 7.99 * GB, limitBytes: 10 * GB })).toBeUndefined();
    expect(trafficLevel({ usedBytes: 8 * GB, limitBytes: 10 * GB })).toBe(80);
    expect(trafficLevel({ usedBytes: 10 * GB - 1, limitBytes: 10 * GB })).toBe(80);
    expect(trafficLevel({ usedBytes: 10 * GB, limitBytes: 10 * GB })).toBe(100);
    expect(trafficLevel({ usedBytes: 50 * GB, limitBytes: 0 })).toBeUndefined();
  });
});

describe("traffic warnings", () => {
  it("warns at 80 % and 100 % once each per term on xui, and a renewal re-arms them", async () => {
    const chat = await customer();
    const { sub, name, use } = await xuiSub(chat);
    const t = task();

    use(5);
    expect((await t.run()).queued).toEqual({ 80: 0, 100: 0 });
    use(8.5);
    expect((await t.run()).queued).toEqual({ 80: 1, 100: 0 });
    expect((await t.run()).queued).toEqual({ 80: 0, 100: 0 });
    // Another process queues it again: the outbox still sends it once.
    expect((await task().run()).queued[80]).toBe(1);
    use(9.9);
    expect((await t.run()).queued).toEqual({ 80: 0, 100: 0 });
    use(10);
    expect((await t.run()).queued).toEqual({ 80: 0, 100: 1 });
    expect((await t.run()).queued).toEqual({ 80: 0, 100: 0 });
    await settle();
    expect(texts(chat)).toHaveLength(2);
    expect(texts(chat)[0]).toContain(
      h.i18n.t("en", "traffic-80", {
        percent: "85",
        plan: "Germany, 30 days, 100 GB",
        used: "8.5 GB",
        limit: "10 GB",
      }),
    );
    expect(texts(chat)[1]).toContain("has run out: 10 GB of 10 GB used");
    expect(buttons(sendsTo(chat)[1]).map((b) => myCb.unpack(b.callback_data))).toEqual([
      { act: "renew", id: sub.id },
    ]);

    // Renewal: a new term and a fresh allowance on top of what was used.
    h.clock.set(T0 + 15 * DAY);
    await h.rooms.books.subscriptions.setTerm(sub.id, T0 + 50 * DAY);
    const client = accountFake.client(server1, name);
    if (client) client.totalGb = 20;
    expect((await t.run()).queued).toEqual({ 80: 0, 100: 0 });
    use(16);
    expect((await t.run()).queued).toEqual({ 80: 1, 100: 0 });
    use(20);
    expect((await t.run()).queued).toEqual({ 80: 0, 100: 1 });
    await settle();
    expect(texts(chat)).toHaveLength(4);
    expect(texts(chat)[2]).toContain("80% of the traffic");
    expect(texts(chat)[3]).toContain("20 GB of 20 GB used");
  });

  it("paces a round a page at a time (the bot's updates go between pages) and still reads every subscription", async () => {
    const chat = await customer();
    const subs = [];
    for (let i = 0; i < 101; i++) subs.push(await xuiSub(chat));
    subs[100]?.use(9);
    const waits: number[] = [];
    const paced = pacedRound({ share: 0.5, wait: async (ms) => void waits.push(ms) });
    const result = await paced.run();
    expect(result.active).toBe(101);
    expect(result.measured).toBe(101);
    expect(result.queued[80]).toBe(1);
    // Two pages (100 + 1), a pause after each, each as long as its page took.
    expect(waits.length).toBeLessThanOrEqual(2);
    expect(waits.length).toBeGreaterThanOrEqual(1);
  });

  it("one round at a time: a round started while one runs (longer than its period, or in another process) does nothing; one that lost its lease stops", async () => {
    const chat = await customer();
    for (let i = 0; i < 101; i++) await xuiSub(chat);
    // The first round stops after its first page until let go.
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let paused = () => {};
    const atPause = new Promise<void>((resolve) => {
      paused = resolve;
    });
    const slow = pacedRound({
      share: 0.5,
      wait: async () => {
        paused();
        await held;
      },
    });
    const first = slow.run();
    await atPause;
    const second = await task().run();
    expect(second).toMatchObject({ elsewhere: true, active: 0 });
    letGo();
    expect(await first).toMatchObject({ active: 101 });
    expect((await first).elsewhere).toBeUndefined();

    // A round whose lease was taken from it (it ran past it unrenewed) stops at its next page.
    const lost = pacedRound({
      share: 0.5,
      wait: async () => {
        await h.redis.set(TRAFFIC_ROUND_LEASE, "another-holder");
      },
    });
    expect(await lost.run()).toMatchObject({ elsewhere: true, active: 100 });
    // A holder that died: its lease runs out, then the next round goes on.
    await h.redis.set(TRAFFIC_ROUND_LEASE, "a-dead-holder", "PX", 50);
    expect(await task().run()).toMatchObject({ elsewhere: true, active: 0 });
    await sleep(80);
    expect(await task().run()).toMatchObject({ active: 101 });
  });

  it("a round that dies mid-page is taken up by the next, and two processes' rounds at once warn each customer once", async () => {
    const chats = [await customer(), await customer()];
    const subs = [await xuiSub(chats[0] as number), await xuiSub(chats[1] as number)];
    for (const s of subs) s.use(9);
    const dying = task({
      outbox: {
        sendMany: async () => {
          throw new Error("the process died here");
        },
      },
    });
    await expect(dying.run()).rejects.toThrow("the process died here");
    // The page's readings were recorded in one step before its warnings were queued.
    const day = Math.floor(T0 / DAY);
    for (const { sub } of subs) {
      expect(await h.rooms.provisioning.usage.history.readings(sub.id)).toEqual(new Map([[day, 9 * GB]]));
    }
    await settle();
    for (const chat of chats) expect(texts(chat)).toHaveLength(0);
    // Two processes (each its own memory of what it queued) run their rounds at the same time.
    await Promise.all([task().run(), task().run()]);
    await settle();
    for (const chat of chats) expect(texts(chat)).toHaveLength(1);
    for (const { sub } of subs) {
      expect(await h.rooms.provisioning.usage.history.readings(sub.id)).toEqual(new Map([[day, 9 * GB]]));
    }
  });

  it("reads usage in bulk: one client list per xui server per round, never one client at a time", async () => {
    const chats = [await customer(), await customer(), await customer()];
    const subs = [
      await xuiSub(chats[0] as number, server1),
      await xuiSub(chats[1] as number, server1),
      await xuiSub(chats[2] as number, server2),
    ];
    for (const s of subs) s.use(9);
    const list1 = () => accountFake.count("GET", `/api/v1/servers/${server1}/clients`);
    const list2 = () => accountFake.count("GET", `/api/v1/servers/${server2}/clients`);
    const before = { l1: list1(), l2: list2(), all: accountFake.seen.length };
    const r = await task().run();
    expect(r.queued[80]).toBe(3);
    expect(list1() - before.l1).toBe(1);
    expect(list2() - before.l2).toBe(1);
    expect(accountFake.seen.length - before.all).toBe(2);
    await settle();
    for (const chat of chats) expect(texts(chat)).toHaveLength(1);
  });

  it("skips a backend whose bulk read fails this round and warns on the next one", async () => {
    const a = await customer();
    const b = await customer();
    const c = await customer();
    const onOne = await xuiSub(a, server1);
    const onTwo = await xuiSub(b, server2);
    nodeFake.seedClient("n-fail", 30, { traffic_limit_gb: 10 });
    await subscription(c, { kind: "node", name: "n-fail" });
    onOne.use(9);
    onTwo.use(9);
    nodeFake.setTraffic("n-fail", 4 * GB, 5 * GB);

    accountFake.failNext("GET", `/api/v1/servers/${server1}/clients`, fail(502, "Bad gateway"));
    nodeFake.forceInternalError("GET", "/traffic");
    const t = task();
    const r = await t.run();
    expect(r.skipped.sort()).toEqual(["node", `xui:${server1}`]);
    expect(r.queued[80]).toBe(1);

    const again = await t.run();
    expect(again.skipped).toEqual([]);
    expect(again.queued[80]).toBe(2);
    await settle();
    expect([texts(a).length, texts(b).length, texts(c).length]).toEqual([1, 1, 1]);
  });

  it("on the panel: one list read for all, only the 100 % warning after a jump, and an access off the main panel read on its own", async () => {
    const chat = await customer();
    const other = await customer();
    const uuid = () => crypto.randomUUID();
    const mainRef = { kind: "panel" as const, name: `p${++seq}`, uuid: uuid(), locations: ["main", "2"] };
    const offMain = { kind: "panel" as const, name: `p${++seq}`, uuid: uuid(), locations: ["2"] };
    panelFake.putClient("main", { name: mainRef.name, uuid: mainRef.uuid, trafficLimitGb: 10 });
    panelFake.putClient("2", { name: offMain.name, uuid: offMain.uuid, trafficLimitGb: 10 });
    const sub = await subscription(chat, mainRef);
    await subscription(other, offMain);
    const t = task();

    panelFake.setUsage("main", mainRef.name, { trafficUsedGb: 3 });
    expect((await t.run()).measured).toBe(2);
    panelFake.setUsage("main", mainRef.name, { trafficUsedGb: 12 });
    panelFake.setUsage("2", offMain.name, { trafficUsedGb: 8 });
    const lists = panelFake.count("GET", "/api/clients");
    const r = await t.run();
    expect(panelFake.count("GET", "/api/clients") - lists).toBe(1);
    expect(r.queued).toEqual({ 80: 1, 100: 1 });
    expect((await t.run()).queued).toEqual({ 80: 0, 100: 0 });
    await settle();
    expect(texts(chat)).toHaveLength(1);
    expect(texts(chat)[0]).toContain("The traffic of <b>2 locations, 30 days</b> has run out");
    expect(texts(other)).toHaveLength(1);
    expect(texts(other)[0]).toContain("80%");
    expect(myCb.unpack(buttons(sendsTo(chat)[0])[0]?.callback_data)).toEqual({ act: "renew", id: sub.id });
  });

  it("on the node: counters against the limit, in the customer's language; a trial is offered the plans", async () => {
    const ru = await customer("ru");
    const trial = await customer();
    nodeFake.seedClient("n-ru", 30, { traffic_limit_gb: 10 });
    nodeFake.seedClient("n-trial", 30, { traffic_limit_gb: 1 });
    const sub = await subscription(ru, { kind: "node", name: "n-ru" });
    await subscription(trial, { kind: "node", name: "n-trial" }, { trial: true, trafficGb: 1 });
    nodeFake.setTraffic("n-ru", 3 * GB, 5 * GB);
    nodeFake.setTraffic("n-trial", GB, 0);
    const lists = nodeFake.countAny("GET", "/clients");
    const counters = nodeFake.countAny("GET", "/traffic");
    const r = await task().run();
    expect(r.queued).toEqual({ 80: 1, 100: 1 });
    expect(nodeFake.countAny("GET", "/clients") - lists).toBe(1);
    expect(nodeFake.countAny("GET", "/traffic") - counters).toBe(1);
    await settle();

    const [ruMsg] = sendsTo(ru);
    expect(ruMsg?.params.text).toContain("Вы израсходовали 80% трафика подписки <b>Своя нода, 30 дней</b>");
    expect(ruMsg?.params.text).toContain("8 ГБ из 10 ГБ");
    expect(buttons(ruMsg)).toEqual([
      { text: "🔄 Продлить / пополнить", callback_data: myCb.pack({ act: "renew", id: sub.id }) },
    ]);
    const [trialMsg] = sendsTo(trial);
    expect(trialMsg?.params.text).toContain(h.i18n.t("en", "traffic-trial-hint"));
    expect(buyCb.unpack(buttons(trialMsg)[0]?.callback_data)).toEqual({ act: "list", plan: "" });
  });

  it("leaves out expired, unlimited and unlisted accesses, blocked customers, and backends not configured", async () => {
    const expired = await customer();
    const unlimited = await customer();
    const blocked = await customer();
    const unlisted = await customer();
    const nodeLess = await customer();
    const e = await xuiSub(expired);
    await h.rooms.books.subscriptions.setTerm(e.sub.id, T0 - DAY);
    e.use(10);
    const u = await xuiSub(unlimited);
    const uc = accountFake.client(server1, u.name);
    if (uc) uc.totalGb = 0;
    u.use(50);
    const b = await xuiSub(blocked);
    b.use(10);
    await h.rooms.books.customers.setBlocked(blocked, true);
    await subscription(unlisted, { kind: "xui", serverId: server2, name: "nobody" });
    await subscription(nodeLess, { kind: "node", name: "n-ru" });

    // Only the Account API configured: usage read by a reader without the panel and the node.
    const usage = new UsageReader({
      redis: h.redis,
      hosting: { account: hosting.account },
      provisioner: h.rooms.provisioning.provisioner,
      logger: h.logger,
    });
    const r = await task({ provisioning: { ...h.rooms.provisioning, usage } }).run();
    expect(r.active).toBe(4);
    expect(r.blocked).toBe(1);
    expect(r.unmatched).toBe(1);
    expect(r.skipped).toEqual(["node"]);
    expect(r.queued).toEqual({ 80: 0, 100: 0 });
    await sleep(200);
    for (const chat of [expired, unlimited, blocked, unlisted, nodeLess])
      expect(sendsTo(chat)).toHaveLength(0);
  });
});
