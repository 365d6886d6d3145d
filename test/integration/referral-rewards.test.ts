import type { User } from "grammy/types";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { orderKeys } from "../../src/domain/books/index.js";
import type { ReferralTerms } from "../../src/domain/catalog/index.js";
import { formatMoney } from "../../src/domain/catalog/index.js";
import { DAY } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { sweepOrders } from "../../src/workers/order-sweep.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { callback, command, successfulPayment } from "../fakes/telegram-api.js";
import { newUsers, type TestBot } from "../helpers/bot-harness.js";
import {
  makeSalesRig,
  type SalesRig,
  type ShopAccount,
  startShopAccount,
  xuiShopCatalog,
} from "../helpers/sales-rig.js";
import { lastShownOn } from "../helpers/telegram-views.js";
import { untilValue } from "../helpers/wait.js";

/**
 * Issue 14, referral money through the bot: payments arrive as successful_payment updates, real
 * BullMQ order workers provision on the fake Account API, and the inviter's wallet is read back.
 */

const ADMIN = 9_600;
const TERMS: ReferralTerms = { percent: 10, bonus_days: 3, rewarded_payments: 0 };
const accountFake = new FakeAccountApi();
let accountKey = "";
let account: ShopAccount;
const person = newUsers(9_610);

beforeAll(async () => {
  account = await startShopAccount(accountFake);
  accountKey = account.key;
});
afterAll(() => accountFake.stop());

type Rig = SalesRig;

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** A bot selling on the fake account, its order queue and (once started) a real order worker. */
async function makeRig(terms: ReferralTerms, attempts = 3): Promise<Rig> {
  rig = await makeSalesRig({
    catalog: xuiShopCatalog(account, { referral: terms }),
    accountUrl: accountFake.url,
    accountApiKey: accountKey,
    adminIds: [ADMIN],
    attempts,
  });
  return rig;
}

/** The inviter (who opened their invite screen) and a friend who started the bot with the link. */
async function inviterAndFriend(t: TestBot): Promise<{ inviter: User; friend: User }> {
  const inviter = person();
  const friend = person();
  await t.send(command(inviter, "/start"));
  await t.send(callback(inviter, "inv:view"));
  const code = /start=([0-9a-z]+)/.exec(lastShownOn(t.telegram).text)?.[1];
  await t.send(command(friend, `/start ${code}`));
  expect(await t.deps.sales.referrals.inviterOf(friend.id)).toBe(inviter.id);
  return { inviter, friend };
}

let nextCharge = 1;

/** The friend buys `planId` (or renews) and pays the invoice: the successful_payment update. */
async function paidByInvoice(t: TestBot, buyer: User, planId: string, renew?: string) {
  const { shop, cashier } = t.deps.sales;
  const started = renew
    ? await shop.startRenewal(buyer.id, renew, "en")
    : await shop.startPurchase(buyer.id, planId, "en");
  if (!started.ok) throw new Error(started.reason);
  const due = await cashier.invoiceAmount(started.order);
  const update = successfulPayment(buyer, `o:${started.order.id}`, due, "XTR", `ref-charge-${nextCharge++}`);
  await t.send(update);
  return { orderId: started.order.id, update };
}

const balance = (t: TestBot, who: User) => t.deps.books.wallet.balance(who.id);
const untilBalance = (t: TestBot, who: User, amount: number) =>
  untilValue(
    () => balance(t, who),
    (b) => b === amount,
  );
const untilStatus = (t: TestBot, orderId: string, status: string) =>
  untilValue(
    () => t.deps.books.orders.get(orderId).then((o) => o?.status),
    (s) => s === status,
  );
const referralEntries = async (t: TestBot, who: User) =>
  (await t.deps.books.wallet.history(who.id, 0, 50)).entries.filter((e) => e.kind.startsWith("referral"));

/** The job of an order ran to its end (after a re-queue). */
async function untilJobDone(r: Rig, orderId: string): Promise<void> {
  await untilValue(
    async () => (await r.queue.queue.getJob(orderId))?.getState(),
    (s) => s === "completed" || s === "failed",
  );
}

describe("the inviter's reward", () => {
  it("is credited once, after the order is active, under duplicate successful_payment updates", async () => {
    const r = await makeRig(TERMS);
    const { t } = r;
    const { inviter, friend } = await inviterAndFriend(t);
    const { orderId, update } = await paidByInvoice(t, friend, "de-xui");
    await Promise.all([t.send(update), t.send(update)]);
    // Paid, not active yet (no worker): nothing for the inviter.
    expect((await t.deps.books.orders.get(orderId))?.status).toBe("paid");
    expect(await balance(t, inviter)).toBe(0);
    // A reward step asked for too early (a sweep, a re-run) waits for the order to be active.
    expect(await t.deps.sales.referralRewards.reward(orderId)).toEqual({ status: "pending" });
    expect(await balance(t, inviter)).toBe(0);

    r.startWorker();
    await untilStatus(t, orderId, "active");
    await untilBalance(t, inviter, 15);
    // Telegram delivers the payment once more after the order is done: the order runs again, no reward.
    await t.send(update);
    await untilJobDone(r, orderId);
    expect(await balance(t, inviter)).toBe(15);
    const entries = await referralEntries(t, inviter);
    expect(entries).toEqual([expect.objectContaining({ kind: "referral", amount: 15, ref: orderId })]);
    expect(await t.deps.sales.referrals.statsOf(inviter.id)).toEqual({
      joined: 1,
      paid: 1,
      earned: 15,
      lost: 0,
    });
    expect(await t.redis.zscore("referral:top", String(inviter.id))).toBe("15");

    await t.send(callback(inviter, "inv:view"));
    const screen = lastShownOn(t.telegram).text;
    expect(screen).toContain("Joined with your link: <b>1</b>");
    expect(screen).toContain("Of them paid: <b>1</b>");
    expect(screen).toContain(`You earned: <b>${formatMoney("XTR", 15, "en")}</b>`);
  });

  it("gives bonus days to the first purchase only, and a reward for every payment", async () => {
    const r = await makeRig(TERMS);
    const { t, clock } = r;
    r.startWorker();
    const { inviter, friend } = await inviterAndFriend(t);
    const first = await paidByInvoice(t, friend, "de-xui");
    await untilStatus(t, first.orderId, "active");
    const second = await paidByInvoice(t, friend, "de-xui");
    await untilStatus(t, second.orderId, "active");
    const subs = t.deps.books.subscriptions;
    const terms = await Promise.all(
      [first.orderId, second.orderId].map(async (id) => {
        const order = await t.deps.books.orders.get(id);
        return (await subs.get(order?.subscriptionId ?? ""))?.expiresAt;
      }),
    );
    expect(terms).toEqual([clock.now() + 33 * DAY, clock.now() + 30 * DAY]);
    await untilBalance(t, inviter, 30);
    expect(await t.deps.sales.referrals.statsOf(inviter.id)).toMatchObject({ paid: 1, earned: 30 });
  });

  it("rewards only the first N payments of each friend", async () => {
    const r = await makeRig({ percent: 10, bonus_days: 0, rewarded_payments: 1 });
    const { t } = r;
    r.startWorker();
    const { inviter, friend } = await inviterAndFriend(t);
    const bought = await paidByInvoice(t, friend, "de-xui");
    await untilStatus(t, bought.orderId, "active");
    const order = await t.deps.books.orders.get(bought.orderId);
    const renewal = await paidByInvoice(t, friend, "de-xui", order?.subscriptionId);
    await untilStatus(t, renewal.orderId, "active");
    await untilValue(
      () => t.deps.sales.referralRewards.stateOf(renewal.orderId),
      (s) => s !== undefined,
    );
    expect(await t.deps.sales.referralRewards.stateOf(renewal.orderId)).toBe("limit");
    expect(await balance(t, inviter)).toBe(15);
    expect(await referralEntries(t, inviter)).toHaveLength(1);
  });

  it("is never given for a failed, refunded order, whose bonus days go to the next purchase", async () => {
    const r = await makeRig(TERMS);
    const { t, clock } = r;
    r.startWorker();
    const { inviter, friend } = await inviterAndFriend(t);
    const failed = await paidByInvoice(t, friend, "broken");
    await untilStatus(t, failed.orderId, "refunded");
    expect(await t.deps.sales.referralRewards.stateOf(failed.orderId)).toBe("void");
    const bought = await paidByInvoice(t, friend, "de-xui");
    await untilStatus(t, bought.orderId, "active");
    const order = await t.deps.books.orders.get(bought.orderId);
    expect((await t.deps.books.subscriptions.get(order?.subscriptionId ?? ""))?.expiresAt).toBe(
      clock.now() + 33 * DAY,
    );
    await untilBalance(t, inviter, 15);
    expect(await referralEntries(t, inviter)).toHaveLength(1);
  });

  it("cut off by a crash after the order went active is finished by the order sweep", async () => {
    const r = await makeRig(TERMS, 1);
    const { t, clock } = r;
    const rewards = t.deps.sales.referralRewards;
    const reward = rewards.reward.bind(rewards);
    rewards.reward = async () => {
      throw new Error("the process died here");
    };
    r.startWorker();
    const { inviter, friend } = await inviterAndFriend(t);
    const { orderId } = await paidByInvoice(t, friend, "de-xui");
    await untilStatus(t, orderId, "active");
    await untilJobDone(r, orderId);
    expect(await balance(t, inviter)).toBe(0);
    // The activation owed its follow-ups in the same step: the sweep finds the reward owed.
    expect(await t.redis.zscore(orderKeys.afterActive, orderId)).not.toBeNull();

    rewards.reward = reward;
    clock.advance(2 * 60_000);
    await sweepOrders({
      redis: t.redis,
      orders: t.deps.books.orders,
      queue: r.queue,
      fulfilment: t.deps.settlement.fulfilment,
      afterActive: t.deps.settlement.afterActive,
      termChanges: t.deps.terms.changes,
      notifier: r.notifier,
      clock,
      logger: createLogger("silent"),
    });
    expect(await balance(t, inviter)).toBe(15);
    expect(await t.redis.zscore(orderKeys.afterActive, orderId)).toBeNull();
  });
});

describe("a refund after the reward", () => {
  it("takes the reward back, never below zero, and records what was spent as lost", async () => {
    const r = await makeRig(TERMS);
    const { t } = r;
    r.startWorker();
    const { inviter, friend } = await inviterAndFriend(t);
    const { orderId } = await paidByInvoice(t, friend, "de-xui");
    await untilStatus(t, orderId, "active");
    await untilBalance(t, inviter, 15);
    // The inviter spends 10 of the 15; the friend has money for the Stars refund to take.
    const spent = await t.deps.books.wallet.debit(inviter.id, 10, "spend:1", { kind: "admin-debit" });
    expect(spent.ok).toBe(true);
    await t.deps.books.wallet.credit(friend.id, 150, "seed:friend", { kind: "admin-credit" });

    const admin: User = { id: ADMIN, is_bot: false, first_name: "Admin", language_code: "en" };
    await t.send(callback(admin, `a.sr:ask:${orderId}:`));
    const yes = lastShownOn(t.telegram).buttons.find((b) => b.text.startsWith("Yes, refund"));
    await t.send(callback(admin, yes?.data ?? ""));
    expect(t.telegram.last("refundStarPayment")?.params.user_id).toBe(friend.id);

    expect(await balance(t, inviter)).toBe(0);
    const entries = await referralEntries(t, inviter);
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([
      ["referral-back", -5],
      ["referral", 15],
    ]);
    expect(await t.deps.sales.referrals.statsOf(inviter.id)).toEqual({
      joined: 1,
      paid: 1,
      earned: 0,
      lost: 10,
    });
    expect(await t.deps.sales.referralRewards.stateOf(orderId)).toBe("back:5:10");

    // Taking it back again (a repeated refund) changes nothing; no reward comes after it either.
    expect(await t.deps.sales.referralRewards.takeBack((await t.deps.books.orders.get(orderId))!)).toEqual({
      taken: 0,
      lost: 0,
    });
    expect(await t.deps.sales.referralRewards.reward(orderId)).toMatchObject({ status: "decided" });
    expect(await balance(t, inviter)).toBe(0);
  });
});
