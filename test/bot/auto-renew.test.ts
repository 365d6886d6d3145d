import { Api } from "grammy";
import type { User } from "grammy/types";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { myCb } from "../../src/render/shop-callbacks.js";
import { DAY, HOUR } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { createAutoRenewTask } from "../../src/workers/auto-renew.js";
import { Outbox, startOutboxWorker } from "../../src/workers/outbox.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { command, successfulPayment, user } from "../fakes/telegram-api.js";
import { chatAs, TEST_TOKEN } from "../helpers/bot-harness.js";
import {
  makeSalesRig,
  type SalesRig,
  type ShopAccount,
  startShopAccount,
  xuiShopCatalog,
} from "../helpers/sales-rig.js";
import { telegramViews } from "../helpers/telegram-views.js";
import { until, untilValue } from "../helpers/wait.js";

/*
 * Issue 26 in the chat, end to end: a customer turns auto-renew on from their subscription's card in
 * /my, the task renews it from the balance (an ordinary renewal: the order worker applies it and
 * delivers the new term, the wallet's history shows it), a top-up in the window renews at once and
 * its receipt says so; the admins set how many days before expiry it runs.
 */

const ADMIN = user(26_900, { first_name: "Boss", language_code: "en" });
const account = new FakeAccountApi();
let shop: ShopAccount;
let rig: SalesRig;
let outbox: Outbox;
let outboxRedis: Redis;
let stopOutbox: () => Promise<void>;
let next = 26_500;

beforeAll(async () => {
  shop = await startShopAccount(account);
  rig = await makeSalesRig({
    catalog: xuiShopCatalog(shop, { trial: { days: 1, traffic_gb: 1, plan: "de-xui" } }),
    accountUrl: account.url,
    accountApiKey: shop.key,
    adminIds: [ADMIN.id],
  });
  account.now = () => rig.clock.now();
  rig.startWorker();
  outbox = new Outbox(rig.redis);
  outboxRedis = rig.redis.duplicate({ maxRetriesPerRequest: null });
  const worker = startOutboxWorker({
    connection: outboxRedis,
    redis: rig.redis,
    api: new Api(TEST_TOKEN, { fetch: rig.t.telegram.fetch as never }),
    customers: rig.t.deps.books.customers,
    logger: createLogger("silent"),
    perChatGapMs: 10,
  });
  stopOutbox = async () => {
    await worker.close();
    await outbox.close();
    await outboxRedis.quit();
  };
});
afterAll(async () => {
  await stopOutbox();
  await rig.close();
  await account.stop();
});
beforeEach(() => {
  rig.clock.set(Date.now());
  rig.t.telegram.clear();
});

const { lastShown, button, lastAnswer, textsTo } = telegramViews(() => rig.t);

/** A customer with `balance` and an xui subscription of "Germany" expiring in `expiresIn`. */
async function customerWithSubscription(balance: number, opts: { expiresIn?: number; trial?: boolean } = {}) {
  const who = user(next++, { first_name: "Ann", language_code: "en" });
  const { books } = rig.t.deps;
  await rig.t.send(command(who, "/start"));
  if (balance > 0) await books.wallet.credit(who.id, balance, `seed:${who.id}`, { kind: "admin-credit" });
  const name = `c${who.id}-chat`;
  const expiresAt = rig.clock.now() + (opts.expiresIn ?? 12 * HOUR);
  account.addClient(shop.serverId, { email: name, totalGb: 100, expiryMs: expiresAt });
  const sub = await books.subscriptions.create(`ochat${who.id}`, {
    customerId: who.id,
    planId: "de-xui",
    ref: { kind: "xui", serverId: shop.serverId, name },
    links: { links: [`vless://x@de.example:443#${name}`], subscriptionUrl: undefined },
    expiresAt,
    trafficGb: opts.trial ? 1 : 100,
    devices: 0,
    trial: opts.trial ?? false,
  });
  return { who, sub, ...chatAs(() => rig.t, who), cmd: (text: string) => rig.t.send(command(who, text)) };
}

const runTask = () =>
  createAutoRenewTask({
    ...rig.t.deps,
    outbox,
    i18n: createI18n("en"),
    logger: createLogger("silent"),
  }).run();

/** Waits until the customer's renewal is active and its delivery message reached the chat. */
async function untilRenewed(who: User): Promise<void> {
  await untilValue(
    async () => (await rig.t.deps.books.orders.ofCustomer(who.id)).filter((o) => o.kind === "renewal"),
    (list) => list.length === 1 && list[0]?.status === "active",
  );
  await until(() => textsTo(who.id).some((text) => text.includes("Renewed: Germany")));
}

describe("auto-renew in the chat", () => {
  it("is switched on from the card in /my, renews from the balance when due, and shows in /my and the wallet", async () => {
    const { who, sub, press, cmd } = await customerWithSubscription(400);
    await cmd("/my");
    await press(button(/Germany/));
    expect(lastShown().text).toContain("🔁 Auto-renew: off");
    await press(button("🔁 Turn auto-renew on"));
    expect(lastAnswer()).toMatchObject({
      text: "Auto-renew is on: the renewal is paid from your balance shortly before expiry.",
    });
    expect(lastShown().text).toContain("🔁 Auto-renew: on, from your balance 1 day before expiry");
    expect(lastShown().buttons.map((b) => b.text)).toContain("⏹ Turn auto-renew off");
    // An old "on" button pressed again sets the same.
    await press(myCb.pack({ act: "auto-on", id: sub.id }));
    expect(await rig.t.deps.sales.autoRenew.isOn(sub.id)).toBe(true);
    await cmd("/my");
    expect(lastShown().text).toContain(`#${sub.id.slice(-6)} · 🔁 auto-renew`);

    expect(await runTask()).toMatchObject({ renewed: 1 });
    await untilRenewed(who);
    await until(() => textsTo(who.id).some((text) => text.includes("was renewed automatically")));
    expect((await rig.t.deps.books.subscriptions.get(sub.id))?.expiresAt).toBe(sub.expiresAt + 30 * DAY);
    expect(await rig.t.deps.books.wallet.balance(who.id)).toBe(250);
    await cmd("/wallet");
    await press(button("📜 History"));
    expect(lastShown().text).toContain("Renewal: Germany · from the balance");

    // Off again: the card says so, and nothing is renewed any more.
    await cmd("/my");
    await press(button(/Germany/));
    await press(button("⏹ Turn auto-renew off"));
    expect(lastAnswer()).toMatchObject({ text: "Auto-renew is off." });
    expect(lastShown().text).toContain("🔁 Auto-renew: off");
    expect(await rig.t.deps.sales.autoRenew.isOn(sub.id)).toBe(false);
  });

  it("a top-up inside the window renews at once, and its receipt says so with the balance after", async () => {
    const { who, sub, press } = await customerWithSubscription(100);
    await press(myCb.pack({ act: "auto-on", id: sub.id }));
    expect(await runTask()).toMatchObject({ short: 1, renewed: 0 });
    await until(() => textsTo(who.id).some((text) => text.includes("does not cover its price")));
    await press(button("💳 Top up 50 ⭐"));
    const invoice = rig.t.telegram.last("sendInvoice");
    expect(invoice?.params).toMatchObject({ prices: [{ amount: 50 }] });
    rig.t.telegram.clear();
    await rig.t.send(successfulPayment(who, String(invoice?.params.payload), 50, "XTR", `charge-${who.id}`));
    expect(textsTo(who.id)).toEqual([
      "✅ 50 ⭐ added to your wallet. Balance: 0 ⭐.\n\n🔁 <b>Germany</b> was renewed automatically from your balance: 150 ⭐.",
    ]);
    await untilRenewed(who);
    expect((await rig.t.deps.books.subscriptions.get(sub.id))?.expiresAt).toBe(sub.expiresAt + 30 * DAY);
  });

  it("offers no switch on a trial and refuses a forged one, nor switches someone else's subscription", async () => {
    const trial = await customerWithSubscription(400, { trial: true });
    await trial.cmd("/my");
    await trial.press(button(/Free trial/));
    expect(lastShown().text).not.toContain("Auto-renew");
    expect(
      lastShown()
        .buttons.map((b) => b.text)
        .join(),
    ).not.toContain("auto-renew");
    await trial.press(myCb.pack({ act: "auto-on", id: trial.sub.id }));
    expect(lastAnswer()).toMatchObject({
      show_alert: true,
      text: expect.stringContaining("cannot renew itself"),
    });
    expect(await rig.t.deps.sales.autoRenew.isOn(trial.sub.id)).toBe(false);

    const other = await customerWithSubscription(400);
    await trial.press(myCb.pack({ act: "auto-on", id: other.sub.id }));
    expect(lastAnswer()).toMatchObject({ show_alert: true });
    expect(await rig.t.deps.sales.autoRenew.isOn(other.sub.id)).toBe(false);

    // A customer the admins blocked is refused by the shop before anything is switched.
    await rig.t.deps.books.customers.setBlocked(other.who.id, true);
    await other.press(myCb.pack({ act: "auto-on", id: other.sub.id }));
    expect(lastAnswer()).toMatchObject({ show_alert: true, text: expect.stringContaining("blocked") });
    expect(await rig.t.deps.sales.autoRenew.isOn(other.sub.id)).toBe(false);
  });

  it("the admins set how many days before expiry it runs (1 to 30), on the Settings screen", async () => {
    const { press, say } = chatAs(() => rig.t, ADMIN);
    await rig.t.send(command(ADMIN, "/start"));
    await press("a.set:view:");
    expect(lastShown().text).toContain("Customers' auto-renew runs: 1 day before expiry");
    await press(button("🔁 Change when auto-renew runs"));
    expect(lastShown().text).toContain("How many days before expiry");
    for (const wrong of ["0", "31", "two", "1.5"]) {
      await say(wrong);
      expect(lastShown().text).toBe("Send a whole number of days from 1 to 30.");
    }
    await say("3");
    expect(await rig.t.deps.catalog.settings.autoRenewDays()).toBe(3);
    expect(lastShown().text).toContain("Customers' auto-renew runs: 3 days before expiry");

    // A customer's card says the days their subscription renews at.
    const { sub, press: tap, cmd } = await customerWithSubscription(0, { expiresIn: 20 * DAY });
    await tap(myCb.pack({ act: "auto-on", id: sub.id }));
    await cmd("/my");
    await tap(button(/Germany/));
    expect(lastShown().text).toContain("on, from your balance 3 days before expiry");
    await rig.t.deps.catalog.settings.setAutoRenewDays(1);
  });
});
