import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Order, orderKeys } from "../../src/domain/books/index.js";
import { referralKeys, rewardKeys } from "../../src/domain/sales/index.js";
import { TEST_CATALOG } from "../helpers/bot-harness.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/**
 * Issue 22, finding 6: "reward the first N payments" of an invited customer is decided when a
 * payment is made, in the step that pays the order, and a refunded payment does not count: its
 * refund gives its place back (in the refund's own step) to the next payment.
 */
let h: WorkerHarness;

beforeAll(async () => {
  h = await createWorkerHarness({
    catalog: { ...TEST_CATALOG, referral: { percent: 10, bonus_days: 0, rewarded_payments: 1 } },
  });
  await h.rooms.catalog.settings.setReferralsOn(true);
});
afterAll(() => h.close());

const s = () => h.rooms;
let nextId = 5_300;

/** An inviter and a friend who started the bot with the inviter's link. */
async function invited(): Promise<{ inviter: number; friend: number }> {
  const inviter = nextId++;
  const friend = nextId++;
  const { customers } = s().books;
  await customers.seen({ id: inviter, firstName: "Inviter", locale: "en" });
  await customers.seen({ id: friend, firstName: "Friend", locale: "en" });
  const code = await s().sales.referrals.codeOf(inviter);
  expect(await s().sales.referrals.started(friend, code)).toBe("attributed");
  return { inviter, friend };
}

/** The friend buys de-xui (150) and pays it: from the wallet, or by a Telegram invoice. */
async function paid(friend: number, by: "wallet" | "invoice" = "wallet"): Promise<Order> {
  const started = await s().sales.shop.startPurchase(friend, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  const { id } = started.order;
  if (by === "invoice") {
    await s().sales.cashier.recordPayment(friend, `o:${id}`, `first-n-${id}`, 150);
  } else {
    await s().books.wallet.credit(friend, 150, `seed:${id}`, { kind: "topup" });
    expect((await s().sales.cashier.payFromBalance(friend, id)).status).toBe("paid");
  }
  return (await s().books.orders.get(id)) as Order;
}

/** The order goes active (as the fulfilment moves it) and its reward step runs. */
async function activeAndRewarded(orderId: string) {
  const { orders } = s().books;
  await orders.transition(orderId, ["paid"], "provisioning");
  await orders.transition(orderId, ["provisioning"], "active");
  return s().sales.referralRewards.reward(orderId);
}

const placeOf = (orderId: string) => h.redis.hget(rewardKeys.places, orderId);
const paymentsOf = async (friend: number) =>
  Number((await h.redis.hget(referralKeys.of(friend), "payments")) ?? 0);

describe("the first N payments of an invited customer", () => {
  it("are counted when paid, not when each order happens to go active", async () => {
    const { inviter, friend } = await invited();
    const first = await paid(friend);
    const second = await paid(friend);
    // The second order is provisioned first: it was still paid second.
    expect(await activeAndRewarded(second.id)).toEqual({ status: "decided", state: "limit" });
    expect(await activeAndRewarded(first.id)).toEqual({ status: "rewarded", inviter, amount: 15 });
    expect(await s().books.wallet.balance(inviter)).toBe(15);
    expect([await placeOf(first.id), await placeOf(second.id)]).toEqual(["1", "limit"]);
  });

  it("do not count a payment that was refunded: the next payment takes its place", async () => {
    const { inviter, friend } = await invited();
    const first = await paid(friend, "invoice");
    expect(await activeAndRewarded(first.id)).toMatchObject({ status: "rewarded", amount: 15 });
    // The admin sends the Stars back (the friend's wallet holds them again for the debit).
    await s().books.wallet.credit(friend, 150, `seed:back:${first.id}`, { kind: "topup" });
    const refund = await s().settlement.starsRefunds.refund(first, async () => undefined);
    expect(refund).toEqual({ status: "refunded", amount: 150 });
    expect(await s().books.wallet.balance(inviter)).toBe(0);

    const second = await paid(friend);
    expect(await activeAndRewarded(second.id)).toMatchObject({ status: "rewarded", amount: 15 });
    expect(await s().books.wallet.balance(inviter)).toBe(15);
    expect([await placeOf(first.id), await placeOf(second.id)]).toEqual(["back", "1"]);
    expect(await paymentsOf(friend)).toBe(1);
  });

  it("give one place to one of two payments made at once", async () => {
    const { inviter, friend } = await invited();
    const { shop, cashier } = s().sales;
    const opened = await Promise.all(
      ["de-xui", "node"].map((plan) => shop.startPurchase(friend, plan, "en")),
    );
    const [a, b] = opened.map((started) => (started.ok ? started.order : undefined));
    if (!a || !b) throw new Error("not opened");
    await s().books.wallet.credit(friend, 270, `seed:${a.id}`, { kind: "topup" });
    const results = await Promise.all([a, b].map((o) => cashier.payFromBalance(friend, o.id)));
    expect(results.map((r) => r.status)).toEqual(["paid", "paid"]);
    expect([await placeOf(a.id), await placeOf(b.id)].sort()).toEqual(["1", "limit"]);
    expect(await paymentsOf(friend)).toBe(1);
    const outcomes = [await activeAndRewarded(a.id), await activeAndRewarded(b.id)];
    expect(outcomes.filter((o) => o.status === "rewarded")).toHaveLength(1);
    const first = (await placeOf(a.id)) === "1" ? a : b;
    expect(await s().books.wallet.balance(inviter)).toBe(first.price / 10);
  });

  it("get a failed order's place back in the refund's own step, even when the process dies after it", async () => {
    const { inviter, friend } = await invited();
    const failed = await paid(friend);
    expect(await placeOf(failed.id)).toBe("1");
    await s().books.orders.transition(failed.id, ["paid"], "provisioning");
    const rewards = s().sales.referralRewards;
    const takeBack = rewards.takeBack.bind(rewards);
    rewards.takeBack = async () => {
      throw new Error("the process died here");
    };
    await expect(s().settlement.fulfilment.fail(failed.id, "xui server 1 answered 503")).rejects.toThrow();
    rewards.takeBack = takeBack;
    expect((await s().books.orders.get(failed.id))?.status).toBe("refunded");
    expect(await placeOf(failed.id)).toBe("back");
    expect(await h.redis.zscore(orderKeys.failed, failed.id)).toBeNull();

    const next = await paid(friend);
    expect(await activeAndRewarded(next.id)).toMatchObject({ status: "rewarded", amount: 15 });
    expect(await s().books.wallet.balance(inviter)).toBe(15);
  });

  it("get a cancelled gift's place back", async () => {
    const { inviter, friend } = await invited();
    const started = await s().sales.shop.startPurchase(friend, "de-xui", "en", undefined, true);
    if (!started.ok) throw new Error(started.reason);
    await s().books.wallet.credit(friend, 150, `seed:${started.order.id}`, { kind: "topup" });
    expect((await s().sales.cashier.payFromBalance(friend, started.order.id)).status).toBe("paid");
    const code = await s().sales.gifts.park(started.order);
    expect(await placeOf(started.order.id)).toBe("1");
    expect((await s().sales.gifts.cancel(code ?? "", friend)).status).toBe("ok");
    expect(await placeOf(started.order.id)).toBe("back");

    const next = await paid(friend);
    expect(await activeAndRewarded(next.id)).toMatchObject({ status: "rewarded", amount: 15 });
    expect(await s().books.wallet.balance(inviter)).toBe(15);
  });

  it("are decided by the reward step for an order paid before places were kept", async () => {
    const { friend } = await invited();
    const old = await paid(friend);
    // Paid by an earlier version: no place, nothing counted.
    await h.redis.hdel(rewardKeys.places, old.id);
    await h.redis.hdel(referralKeys.of(friend), "payments");
    expect(await activeAndRewarded(old.id)).toMatchObject({ status: "rewarded", amount: 15 });
    expect(await placeOf(old.id)).toBe("1");
    expect(await activeAndRewarded((await paid(friend)).id)).toMatchObject({ state: "limit" });
  });
});
