import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Catalog, GateCoverage } from "../../src/domain/catalog/index.js";
import { gateKeys } from "../../src/domain/sales/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { callback, command } from "../fakes/telegram-api.js";
import { botMessage, createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";
import { inlineKeyboard, telegramViews, textsTo } from "../helpers/telegram-views.js";

/*
 * The channel gate through the chat, on real Redis, the fake Bot API (which answers getChatMember
 * from its channels) and the Account API fake: what it stands in front of by coverage, what it
 * never touches, the Check button, Telegram's statuses, the cache, and a check the bot cannot make.
 */

const NEWS = -1001000000101;
const CHAT = -1001000000102;
const ADMIN = 7_300;
const account = new FakeAccountApi();
let t: TestBot;
let serverId: number;

beforeAll(async () => {
  await account.start();
  account.addAccount({ login: "shop", password: "pw", balance: 1000 });
  const key = account.addKey("shop", "bot");
  serverId = account.addServer("shop", { type: "xui", daysLeft: 400 }).id;
  const plan = {
    title: { en: "Germany", ru: "Германия" },
    days: 30,
    traffic_gb: 100,
    devices: 0,
    price: 150,
  };
  const catalog: Catalog = {
    currency: "XTR",
    trial: { days: 1, traffic_gb: 1, plan: "de" },
    plans: [{ id: "de", ...plan, backend: { kind: "xui", servers: [serverId] } }],
  };
  t = await createTestBot({
    // Today (records that expire with the clock's time, such as a gift's, live in real Redis time).
    clock: new ManualClock(Date.now()),
    catalog,
    accountUrl: account.url,
    accountApiKey: key,
    adminIds: [ADMIN],
    rateLimit: false,
  });
  t.telegram.channels.add({ id: NEWS, title: "Shop News", username: "shop_news" });
  t.telegram.channels.add({
    id: CHAT,
    title: "Shop Chat",
    type: "supergroup",
    inviteLink: "https://t.me/+chat",
  });
});
afterAll(async () => {
  await t.close();
  await account.stop();
});
beforeEach(async () => {
  await t.redis.del("settings:gate-channels", "settings:shop");
  const stale = await t.redis.keys("gate:*");
  if (stale.length) await t.redis.del(...stale);
  for (const id of [NEWS, CHAT]) t.telegram.channels.setBotAdmin(id, true);
  await requireChannel(NEWS);
  t.telegram.clear();
  t.enqueued.length = 0;
});

const customer = newUsers(9_300);
const { lastShown, lastAnswer, button } = telegramViews(() => t);
const press = (from: User, data: string) => t.send(callback(from, data));
const memberCalls = () => t.telegram.callsOf("getChatMember");

async function requireChannel(chatId: number): Promise<void> {
  const added = await t.deps.sales.gate.addChannel(chatId, Date.now());
  expect(added.status).toMatch(/added|updated/);
}

async function cover(coverage: GateCoverage): Promise<void> {
  await t.deps.catalog.settings.setGateCoverage(coverage);
}

/** A customer with money in the wallet (the buy screens offer paying from it). */
async function payingCustomer(): Promise<User> {
  const who = customer();
  await t.deps.books.customers.seen({ id: who.id, firstName: who.first_name, locale: "en" });
  await t.deps.books.wallet.credit(who.id, 1000, `test:gate:${who.id}`, { kind: "admin-credit" });
  return who;
}

describe("the trial behind the channel gate (the default coverage)", () => {
  it("shows the channel with Join and Check; Check while out says so; joined, Check starts the trial", async () => {
    const ann = customer();
    await t.send(command(ann, "/trial"));
    const gate = lastShown();
    expect(gate.text).toContain("📣 To get the free trial, join our channel first:");
    expect(gate.text).toContain("• Shop News (@shop_news)");
    expect(inlineKeyboard(gate.markup)).toContainEqual({
      text: "➕ Join Shop News",
      url: "https://t.me/shop_news",
    });
    expect(t.enqueued).toEqual([]);
    // Nothing used up: the trial is still theirs to take.
    expect(await t.deps.books.customers.mayClaimTrial(ann.id)).toBe(true);

    await press(ann, button("✅ Check"));
    expect(lastAnswer()).toMatchObject({ text: "You have not joined yet: Shop News", show_alert: true });
    expect(t.enqueued).toEqual([]);

    t.telegram.channels.join(NEWS, ann.id);
    await press(ann, "gate:trial:");
    expect(t.texts()).toContain("🎁 Preparing your free trial, this takes a few seconds…");
    expect(t.enqueued).toHaveLength(1);
    const order = await t.deps.books.orders.get(t.enqueued[0] ?? "");
    expect(order).toMatchObject({ kind: "trial", customerId: ann.id, status: "paid" });
    // Taken through the gate: watched from now on (paused if they leave).
    expect(await t.redis.zscore(gateKeys.trials, String(ann.id))).not.toBeNull();
  });

  it("counts member, administrator, creator and a restricted member as in; left, kicked and restricted non-members as out", async () => {
    const cases: [string, (id: number) => void, boolean][] = [
      ["member", (id) => t.telegram.channels.join(NEWS, id), true],
      ["administrator", (id) => t.telegram.channels.join(NEWS, id, "administrator"), true],
      ["creator", (id) => t.telegram.channels.join(NEWS, id, "creator"), true],
      ["restricted, a member", (id) => t.telegram.channels.restrict(NEWS, id, true), true],
      ["restricted, not a member", (id) => t.telegram.channels.restrict(NEWS, id, false), false],
      ["left", (id) => t.telegram.channels.leave(NEWS, id), false],
      ["kicked", (id) => t.telegram.channels.leave(NEWS, id, "kicked"), false],
      ["never seen", () => undefined, false],
    ];
    for (const [status, set, passes] of cases) {
      const who = customer();
      set(who.id);
      t.enqueued.length = 0;
      await t.send(command(who, "/trial"));
      expect({ status, started: t.enqueued.length === 1 }).toEqual({ status, started: passes });
    }
  });

  it("asks nothing of a customer whose trial is used: they hear so, no channel, no call", async () => {
    const ann = customer();
    t.telegram.channels.join(NEWS, ann.id);
    await t.send(command(ann, "/trial"));
    t.telegram.channels.leave(NEWS, ann.id);
    t.telegram.clear();
    await t.send(command(ann, "/trial"));
    expect(t.texts()).toEqual(["You have already used your free trial."]);
    expect(memberCalls()).toEqual([]);
  });

  it("shows only the channels still to join, and lets the gate go when the list is emptied", async () => {
    await requireChannel(CHAT);
    const ann = customer();
    t.telegram.channels.join(NEWS, ann.id);
    await t.send(command(ann, "/trial"));
    expect(lastShown().text).toContain("• Shop Chat");
    expect(lastShown().text).not.toContain("Shop News");
    expect(inlineKeyboard(lastShown().markup)).toContainEqual({
      text: "➕ Join Shop Chat",
      url: "https://t.me/+chat",
    });
    await t.deps.sales.gate.removeChannel(CHAT);
    await t.deps.sales.gate.removeChannel(NEWS);
    await t.send(command(ann, "/trial"));
    expect(t.enqueued).toHaveLength(1);
  });

  it("two Checks at once, in two processes sharing Redis, start one trial", async () => {
    const other = await createTestBot({
      redis: t.redis,
      catalog: t.deps.catalog.current(),
      rateLimit: false,
    });
    try {
      other.telegram.channels.add({ id: NEWS, title: "Shop News", username: "shop_news" });
      const ann = customer();
      await t.send(command(ann, "/trial"));
      t.telegram.channels.join(NEWS, ann.id);
      other.telegram.channels.join(NEWS, ann.id);
      await Promise.all([
        t.send(callback(ann, "gate:trial:", botMessage(ann, "…", ann.id))),
        other.send(callback(ann, "gate:trial:", botMessage(ann, "…", ann.id * 10))),
      ]);
      expect(t.enqueued.length + other.enqueued.length).toBe(1);
      expect(await t.deps.books.orders.ofCustomer(ann.id)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe("purchases, gifts and what is never behind the gate", () => {
  it("the trial-only coverage lets purchases through without asking Telegram", async () => {
    const bo = await payingCustomer();
    await press(bo, "buy:go:de");
    expect(lastShown().text).toContain("Your order");
    expect(memberCalls()).toEqual([]);
  });

  it("covering purchases: Buy and Gift show the gate; Check after joining opens the order", async () => {
    await cover("purchases");
    const bo = await payingCustomer();
    await press(bo, "buy:go:de");
    expect(lastShown().text).toContain("📣 To buy a plan, join our channel first:");
    expect(button("✅ Check")).toBe("gate:buy:de");
    await press(bo, "buy:gift:de");
    expect(button("✅ Check")).toBe("gate:gift:de");
    expect(await t.deps.books.orders.ofCustomer(bo.id)).toEqual([]);

    t.telegram.channels.join(NEWS, bo.id);
    await press(bo, "gate:gift:de");
    const [order] = await t.deps.books.orders.ofCustomer(bo.id);
    expect(order).toMatchObject({ kind: "purchase", status: "awaiting_payment" });
    expect(order?.gift).toBeTruthy();
    expect(lastShown().text).toContain("Your balance covers it.");
  });

  it("never stands in front of a renewal, /my or the wallet, even covering everything but renewals", async () => {
    await cover("all-but-renewals");
    const bo = await payingCustomer();
    const name = `gate-renew-${bo.id}`;
    account.addClient(serverId, { email: name, totalGb: 100, expiryMs: Date.now() + 10 * 86_400_000 });
    const sub = await t.deps.books.subscriptions.create(`orenew${bo.id}`, {
      customerId: bo.id,
      planId: "de",
      ref: { kind: "xui", serverId, name },
      links: { links: ["vless://x"], subscriptionUrl: undefined },
      expiresAt: Date.now() + 10 * 86_400_000,
      trafficGb: 100,
      devices: 0,
      trial: false,
    });
    t.telegram.clear();
    await t.send(command(bo, "/my"));
    expect(lastShown().text).toContain("Germany");
    await press(bo, `my:card:${sub.id}`);
    await press(bo, `my:renew:${sub.id}`);
    expect(lastShown().text).not.toContain("join our channel");
    const renewal = (await t.deps.books.orders.ofCustomer(bo.id)).find((o) => o.kind === "renewal");
    expect(renewal).toMatchObject({ subscriptionId: sub.id, status: "awaiting_payment" });
    await press(bo, `ord:bal:${renewal?.id}`);
    expect((await t.deps.books.orders.get(renewal?.id ?? ""))?.status).toBe("paid");
    await t.send(command(bo, "/wallet"));
    expect(lastShown().text).not.toContain("join our channel");
    expect(memberCalls()).toEqual([]);
  });

  it("a gift link: claimed freely unless the coverage is everything but renewals; then after Check", async () => {
    const buyer = await payingCustomer();
    t.telegram.channels.join(NEWS, buyer.id);
    const [code, other] = [await parkedGift(buyer), await parkedGift(buyer)];
    await cover("purchases");
    const first = customer();
    t.telegram.clear();
    await t.send(command(first, `/start gift_${other}`));
    expect(t.texts().join("\n")).toContain("You got a gift");
    expect(memberCalls()).toEqual([]);

    await cover("all-but-renewals");
    const ann = customer();
    await t.send(command(ann, `/start gift_${code}`));
    expect(textsTo(t.telegram, ann.id).join("\n")).toContain(
      "📣 To claim this gift, join our channel first:",
    );
    expect((await t.deps.sales.gifts.get(code))?.state).toBe("open");
    t.telegram.channels.join(NEWS, ann.id);
    await press(ann, `gate:claim:${code}`);
    expect(await t.deps.sales.gifts.get(code)).toMatchObject({ state: "claimed", claimerId: ann.id });
  });
});

/** A gift `buyer` paid for, parked and waiting for its claim; its code. */
async function parkedGift(buyer: User): Promise<string> {
  const started = await t.deps.sales.shop.startPurchase(buyer.id, "de", "en", undefined, true);
  if (!started.ok) throw new Error(`gift not opened: ${started.reason}`);
  await t.deps.sales.cashier.payFromBalance(buyer.id, started.order.id);
  const paid = await t.deps.books.orders.get(started.order.id);
  const code = paid && (await t.deps.sales.gifts.park(paid));
  if (!code) throw new Error("gift not parked");
  return code;
}

describe("the cache keeps Telegram's calls low", () => {
  it("asks once per channel while a customer is known to be in, however often they tap", async () => {
    await cover("purchases");
    const bo = await payingCustomer();
    t.telegram.channels.join(NEWS, bo.id);
    for (let i = 0; i < 4; i++) await press(bo, "buy:go:de");
    await t.send(command(bo, "/trial"));
    expect(memberCalls()).toHaveLength(1);
    const ttl = await t.redis.pttl(gateKeys.member(bo.id, NEWS));
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });

  it("is shared by every process: a second one asks Telegram nothing for a customer the first has seen", async () => {
    const other = await createTestBot({
      redis: t.redis,
      catalog: t.deps.catalog.current(),
      rateLimit: false,
    });
    try {
      other.telegram.channels.add({ id: NEWS, title: "Shop News", username: "shop_news" });
      await cover("purchases");
      const bo = await payingCustomer();
      t.telegram.channels.join(NEWS, bo.id);
      await press(bo, "buy:go:de");
      expect(lastShown().text).toContain("Your balance covers it.");
      expect(memberCalls()).toHaveLength(1);
      // The other process lets them take the trial on what the first one learnt.
      await other.send(command(bo, "/trial"));
      expect(other.enqueued).toHaveLength(1);
      expect(other.telegram.callsOf("getChatMember")).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("asks again soon for one who is out, and at once on Check", async () => {
    const ann = customer();
    await t.send(command(ann, "/trial"));
    await t.send(command(ann, "/trial"));
    expect(memberCalls()).toHaveLength(1);
    expect(await t.redis.pttl(gateKeys.member(ann.id, NEWS))).toBeLessThanOrEqual(60_000);
    await press(ann, "gate:trial:");
    expect(memberCalls()).toHaveLength(2);
  });
});

describe("a check the bot cannot make", () => {
  it("lets customers through and tells the admins once, until checks work again", async () => {
    t.telegram.channels.setBotAdmin(NEWS, false);
    const [ann, bo, cy] = [customer(), customer(), customer()];
    await t.send(command(ann, "/trial"));
    await t.send(command(bo, "/trial"));
    expect(t.enqueued).toHaveLength(2);
    const alerts = textsTo(t.telegram, ADMIN);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toContain("Required channel: the bot cannot see its members");
    expect(alerts[0]).toContain("Shop News (-1001000000101): Bad Request: member list is inaccessible");
    // The channel it cannot see is not asked about again for a while.
    expect(memberCalls()).toHaveLength(1);

    // Made an admin again: once the bot's blindness is forgotten, checks work and clear the alert.
    t.telegram.channels.setBotAdmin(NEWS, true);
    await t.redis.del(gateKeys.blind(NEWS));
    await t.send(command(cy, "/trial"));
    expect(lastShown().text).toContain("join our channel first");
    // Demoted again: a new alert.
    t.telegram.channels.setBotAdmin(NEWS, false);
    await press(cy, "gate:trial:");
    expect(textsTo(t.telegram, ADMIN)).toHaveLength(2);
    expect(t.enqueued).toHaveLength(3);
  });

  it("a channel that is gone (chat not found) holds nobody back either", async () => {
    const gone = -1001000000199;
    t.telegram.channels.add({ id: gone, title: "Old Channel", username: "old_channel" });
    await requireChannel(gone);
    t.telegram.channels.remove(gone);
    const ann = customer();
    t.telegram.channels.join(NEWS, ann.id);
    await t.send(command(ann, "/trial"));
    expect(t.enqueued).toHaveLength(1);
    expect(textsTo(t.telegram, ADMIN).join("\n")).toContain(
      "Old Channel (-1001000000199): Bad Request: chat not found",
    );
  });
});
