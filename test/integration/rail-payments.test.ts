import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ledgerIdemKeys } from "../../src/domain/books/index.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { type RailSettled, railChargeId } from "../../src/domain/settlement/index.js";
import { reconcileInbox } from "../../src/workers/reconcile-inbox.js";
import { TEST_CATALOG } from "../helpers/bot-harness.js";
import { MemoryRail } from "../helpers/memory-rail.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/** The test catalog priced in roubles: "de-xui" costs 150 ₽ (15 000 kopecks, "150.00"). */
const RUB_CATALOG: Catalog = { ...TEST_CATALOG, currency: "RUB" };
const ASK = { returnUrl: "https://t.me/shop_bot", description: "Germany, 30 days" };

let h: WorkerHarness;
const rail = new MemoryRail({ refunds: true });
const told: RailSettled[] = [];
let nextPayer = 7100;

beforeAll(async () => {
  h = await createWorkerHarness({
    catalog: RUB_CATALOG,
    rails: [rail],
    railNotices: { settled: async (n) => void told.push(n) },
  });
});
afterAll(() => h.close());
beforeEach(() => {
  rail.down = false;
  rail.refundAnswer = undefined;
  told.length = 0;
});

const rp = () => h.rooms.settlement.railPayments;

/** A new customer's purchase of de-xui, asked on the memory rail: the order and its payment id. */
async function checkout(payer = nextPayer++) {
  const started = await h.rooms.sales.shop.startPurchase(payer, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  const asked = await rp().payOrder(payer, started.order.id, rail.id, ASK);
  if (!asked.ok) throw new Error(asked.reason);
  return { payer, order: started.order, paymentId: asked.paymentId, asked };
}

async function orderStatus(id: string) {
  return (await h.rooms.books.orders.get(id))?.status;
}

describe("rail payments on the payment inbox", () => {
  it("asks once per order and amount, and a paid notification credits the order once", async () => {
    const { payer, order, paymentId, asked } = await checkout();
    expect(asked).toMatchObject({ amount: 15_000, rail: rail.id });
    // A second press hands back the same payment.
    const again = await rp().payOrder(payer, order.id, rail.id, ASK);
    expect(again).toMatchObject({ ok: true, paymentId, payUrl: asked.payUrl });
    expect(rail.payments.get(paymentId)?.charge).toMatchObject({
      amount: "150.00",
      currency: "RUB",
      ref: { payload: `o:${order.id}`, payerId: payer },
    });

    rail.pay(paymentId);
    expect(await rp().notify(rail.id, rail.notification(paymentId))).toBe("accepted");
    expect(await orderStatus(order.id)).toBe("paid");
    expect(h.enqueued).toContain(order.id);
    expect(told).toMatchObject([
      { payerId: payer, amount: 15_000, currency: "RUB", settled: { paid: true } },
    ]);

    // The same news again, by every path: nothing more.
    expect(await rp().notify(rail.id, rail.notification(paymentId))).toBe("accepted");
    expect(await rp().check(payer, rail.id, paymentId)).toEqual({ status: "already", outcome: "order" });
    expect((await rp().poll(rail.id)).credited).toBe(0);
    expect(told).toHaveLength(1);
    expect(h.enqueued.filter((id) => id === order.id)).toHaveLength(1);
    const charge = await h.rooms.books.wallet.applied(
      ledgerIdemKeys.charge(railChargeId(rail.id, paymentId)),
    );
    expect(charge?.amount).toBe(15_000);
    expect(await h.rooms.books.wallet.balance(payer)).toBe(0);
    const entry = await h.rooms.settlement.paymentInbox.get(railChargeId(rail.id, paymentId));
    expect(entry).toMatchObject({ status: "credited", outcome: "order", rail: rail.id, payerId: payer });
    expect(JSON.parse(entry?.raw ?? "{}")).toMatchObject({ id: paymentId, status: "paid" });
    expect((await h.rooms.settlement.paymentInbox.day(h.clock.now())).get(rail.id)?.count).toBeGreaterThan(0);
  });

  it("credits once when two notifications, the poll and the payer's check arrive together", async () => {
    const { payer, order, paymentId } = await checkout();
    rail.pay(paymentId);
    const results = await Promise.all([
      rp().notify(rail.id, rail.notification(paymentId)),
      rp().notify(rail.id, rail.notification(paymentId)),
      rp().poll(rail.id),
      rp().check(payer, rail.id, paymentId),
      rp().confirm(rail.id, paymentId),
    ]);
    expect(results[0]).toBe("accepted");
    expect(await orderStatus(order.id)).toBe("paid");
    // One credit and one notice; a repeat that finds the order paid may queue it again (the
    // queue's job id is the order id, so that is one job).
    expect(told.filter((n) => n.payerId === payer)).toHaveLength(1);
    const history = await h.rooms.books.wallet.historyPage(payer, 0, 10);
    expect(history.items.map((i) => i.entry.kind).sort()).toEqual(["purchase"]);
    expect(history.items[0]?.charge?.amount).toBe(15_000);
  });

  it("refuses a forged notification and credits nothing; a genuine one about an unpaid payment credits nothing", async () => {
    const { payer, order, paymentId } = await checkout();
    rail.pay(paymentId);
    expect(await rp().notify(rail.id, rail.notification(paymentId, true))).toBe("refused");
    expect(await rp().notify(rail.id, { headers: {}, body: "{}" })).toBe("refused");
    expect(await rp().notify("no-such-rail", rail.notification(paymentId))).toBe("refused");
    expect(await h.rooms.settlement.paymentInbox.get(railChargeId(rail.id, paymentId))).toBeUndefined();
    expect(await orderStatus(order.id)).toBe("awaiting_payment");

    const unpaid = await checkout();
    expect(await rp().notify(rail.id, rail.notification(unpaid.paymentId))).toBe("accepted");
    expect(await orderStatus(unpaid.order.id)).toBe("awaiting_payment");
    expect(await rp().check(unpaid.payer, rail.id, unpaid.paymentId)).toEqual({ status: "pending" });
    // Someone else's payment is not theirs to check.
    expect(await rp().check(payer, rail.id, unpaid.paymentId)).toEqual({ status: "unknown" });
  });

  it("finds a payment whose notification was lost on the next poll", async () => {
    const { order, paymentId } = await checkout();
    rail.pay(paymentId);
    const polled = await rp().poll(rail.id);
    expect(polled).toMatchObject({ up: true });
    expect(polled.credited).toBeGreaterThanOrEqual(1);
    expect(await orderStatus(order.id)).toBe("paid");
  });

  it("puts a payment of another amount on the balance, pays no order with it, and lists it", async () => {
    const { payer, order, paymentId } = await checkout();
    rail.pay(paymentId, { amount: "100.00" });
    expect(await rp().check(payer, rail.id, paymentId)).toMatchObject({
      status: "credited",
      settled: { paid: false, outcome: "mismatch" },
    });
    expect(await orderStatus(order.id)).toBe("awaiting_payment");
    expect(await h.rooms.books.wallet.balance(payer)).toBe(10_000);
    const listed = await h.rooms.settlement.paymentInbox.unmatched(50);
    expect(listed.find((e) => e.chargeId === railChargeId(rail.id, paymentId))).toMatchObject({
      outcome: "mismatch",
      mismatch: "amount",
      amount: 10_000,
    });
    expect(told).toMatchObject([{ payerId: payer, settled: { outcome: "mismatch" } }]);
  });

  it("holds a payment in a currency the shop does not sell in: nothing credited, listed", async () => {
    const { payer, order, paymentId } = await checkout();
    rail.pay(paymentId, { currency: "USD" });
    expect(await rp().confirm(rail.id, paymentId)).toMatchObject({
      status: "credited",
      settled: { held: true },
    });
    expect(await h.rooms.books.wallet.balance(payer)).toBe(0);
    expect(await orderStatus(order.id)).toBe("awaiting_payment");
    const listed = await h.rooms.settlement.paymentInbox.unmatched(50);
    expect(listed.find((e) => e.chargeId === railChargeId(rail.id, paymentId))).toMatchObject({
      outcome: "held",
      mismatch: "currency",
    });
    expect(await rp().confirm(rail.id, paymentId)).toEqual({ status: "already", outcome: "held" });
  });

  it("puts a paid payment the shop never asked for on the payer's balance, listed", async () => {
    const payer = nextPayer++;
    const started = await h.rooms.sales.shop.startPurchase(payer, "de-xui", "en");
    if (!started.ok) throw new Error(started.reason);
    const foreign = rail.foreign({ payload: `o:${started.order.id}`, payerId: payer }, "150.00", "RUB");
    expect(await rp().confirm(rail.id, foreign.id)).toMatchObject({
      settled: { outcome: "mismatch", paid: false },
    });
    expect(await orderStatus(started.order.id)).toBe("awaiting_payment");
    expect(await h.rooms.books.wallet.balance(payer)).toBe(15_000);
  });

  it("credits once after dying between storing the payment and crediting it", async () => {
    const { payer, order, paymentId } = await checkout();
    rail.pay(paymentId);
    const inbox = h.rooms.settlement.paymentInbox;
    const crash = vi.spyOn(inbox, "settle").mockRejectedValueOnce(new Error("process died"));
    await expect(rp().notify(rail.id, rail.notification(paymentId))).rejects.toThrow("process died");
    crash.mockRestore();
    const chargeId = railChargeId(rail.id, paymentId);
    expect(await inbox.get(chargeId)).toMatchObject({ status: "pending" });
    expect(await orderStatus(order.id)).toBe("awaiting_payment");

    // The inbox's own sweep credits it once; a late notification and the poll find it done.
    const swept = await reconcileInbox({
      ...h.rooms,
      outbox: h.outbox,
      i18n: h.i18n,
      logger: h.logger,
      graceMs: 0,
    });
    expect(swept.recovered).toBeGreaterThanOrEqual(1);
    expect(await orderStatus(order.id)).toBe("paid");
    expect(await rp().notify(rail.id, rail.notification(paymentId))).toBe("accepted");
    expect(await rp().check(payer, rail.id, paymentId)).toEqual({ status: "already", outcome: "order" });
    expect(h.enqueued.filter((id) => id === order.id)).toHaveLength(1);
  });

  it("tops the wallet up on a rail", async () => {
    const payer = nextPayer++;
    const asked = await rp().payTopUp(payer, 50_000, rail.id, ASK);
    if (!asked.ok) throw new Error(asked.reason);
    rail.pay(asked.paymentId);
    expect(await rp().check(payer, rail.id, asked.paymentId)).toMatchObject({
      status: "credited",
      settled: { outcome: "topup", balance: 50_000 },
    });
    expect(await rp().payTopUp(payer, 1, rail.id, ASK)).toEqual({ ok: false, reason: "topup-refused" });
  });

  it("sends a failed order's payment back through the rail once, out of the wallet", async () => {
    const { payer, order, paymentId } = await checkout();
    rail.pay(paymentId);
    await rp().check(payer, rail.id, paymentId);
    const failed = await h.rooms.settlement.fulfilment.fail(order.id, "the server refused");
    expect(failed?.refunded).toBe(15_000);
    const paidOrder = await h.rooms.books.orders.get(order.id);
    if (!paidOrder) throw new Error("order gone");
    expect(await rp().refund(paidOrder)).toEqual({ status: "refunded", amount: 15_000 });
    expect(rail.refunds.filter((r) => r.paymentId === paymentId)).toEqual([
      { paymentId, amount: "150.00", key: `refund:${railChargeId(rail.id, paymentId)}` },
    ]);
    expect(await h.rooms.books.wallet.balance(payer)).toBe(0);
    expect(await rp().refund(paidOrder)).toEqual({ status: "already-refunded" });
    expect(rail.refunds.filter((r) => r.paymentId === paymentId)).toHaveLength(1);
  });

  it("keeps the money in the wallet when the rail refuses a refund, and the debit when its answer is lost", async () => {
    const refused = await checkout();
    rail.pay(refused.paymentId);
    await rp().check(refused.payer, rail.id, refused.paymentId);
    await h.rooms.settlement.fulfilment.fail(refused.order.id, "boom");
    const refusedOrder = await h.rooms.books.orders.get(refused.order.id);
    if (!refusedOrder) throw new Error("order gone");
    rail.refundAnswer = { status: "refused", reason: "payment too old" };
    expect(await rp().refund(refusedOrder)).toMatchObject({ status: "failed", error: "payment too old" });
    expect(await h.rooms.books.wallet.balance(refused.payer)).toBe(15_000);

    const lost = await checkout();
    rail.pay(lost.paymentId);
    await rp().check(lost.payer, rail.id, lost.paymentId);
    await h.rooms.settlement.fulfilment.fail(lost.order.id, "boom");
    const lostOrder = await h.rooms.books.orders.get(lost.order.id);
    if (!lostOrder) throw new Error("order gone");
    rail.refundAnswer = { status: "unclear", reason: "no answer" };
    expect(await rp().refund(lostOrder)).toMatchObject({ status: "unclear" });
    expect(await h.rooms.books.wallet.balance(lost.payer)).toBe(0);
    // Asked again once the rail answers: the same key, so at most one refund.
    rail.refundAnswer = undefined;
    expect(await rp().refund(lostOrder)).toEqual({ status: "refunded", amount: 15_000 });
    expect(await rp().refund(lostOrder)).toEqual({ status: "already-refunded" });
  });

  it("closes the open payment of a cancelled order on the next poll", async () => {
    const { payer, order, paymentId } = await checkout();
    expect(await h.rooms.sales.cashier.cancel(payer, order.id)).toBe("cancelled");
    await rp().poll(rail.id);
    expect(rail.closed).toContain(paymentId);
    expect(rail.payments.get(paymentId)?.status).toBe("cancelled");
  });

  it("shows a rail that does not answer as unavailable, and again available once it does", async () => {
    const payer = nextPayer++;
    const started = await h.rooms.sales.shop.startPurchase(payer, "de-xui", "en");
    if (!started.ok) throw new Error(started.reason);
    rail.down = true;
    expect(await rp().payOrder(payer, started.order.id, rail.id, ASK)).toEqual({
      ok: false,
      reason: "unavailable",
    });
    expect(await rp().offers(payer)).toMatchObject([{ id: rail.id, available: false }]);
    expect(await rp().poll(rail.id)).toMatchObject({ up: false });
    rail.down = false;
    expect(await rp().poll(rail.id)).toMatchObject({ up: true });
    expect(await rp().offers(payer)).toMatchObject([{ id: rail.id, available: true }]);
    expect(await rp().payOrder(payer, started.order.id, rail.id, ASK)).toMatchObject({ ok: true });
  });

  it("asks the rail once when the same order is pressed twice at the same moment", async () => {
    const payer = nextPayer++;
    const started = await h.rooms.sales.shop.startPurchase(payer, "de-xui", "en");
    if (!started.ok) throw new Error(started.reason);
    const before = rail.creates;
    const [a, b] = await Promise.all([
      rp().payOrder(payer, started.order.id, rail.id, ASK),
      rp().payOrder(payer, started.order.id, rail.id, ASK),
    ]);
    expect(rail.creates - before).toBe(1);
    expect(a).toMatchObject({ ok: true });
    expect(b).toEqual(a);
  });

  it("asks anew when the payment it handed out was closed by the rail, and credits one paid meanwhile", async () => {
    const { payer, order, paymentId } = await checkout();
    const declined = rail.payments.get(paymentId);
    if (!declined) throw new Error("no payment");
    declined.status = "cancelled";
    const again = await rp().payOrder(payer, order.id, rail.id, ASK);
    if (!again.ok) throw new Error(again.reason);
    expect(again.paymentId).not.toBe(paymentId);

    // Paid on the rail, its notification not here yet: the next press credits it, no new payment.
    rail.pay(again.paymentId);
    const before = rail.creates;
    expect(await rp().payOrder(payer, order.id, rail.id, ASK)).toMatchObject({ ok: false, reason: "paid" });
    expect(rail.creates).toBe(before);
    expect(await orderStatus(order.id)).toBe("paid");
    expect(await rp().check(payer, rail.id, again.paymentId)).toEqual({
      status: "already",
      outcome: "order",
    });

    // A rail that does not answer keeps handing back the link it gave.
    const other = await checkout();
    rail.down = true;
    expect(await rp().payOrder(other.payer, other.order.id, rail.id, ASK)).toMatchObject({
      ok: true,
      paymentId: other.paymentId,
    });
  });

  it("refuses what cannot be paid: another customer's order, a rail the shop lacks", async () => {
    const { order } = await checkout();
    expect(await rp().payOrder(nextPayer++, order.id, rail.id, ASK)).toEqual({ ok: false, reason: "gone" });
    expect(await rp().payOrder(order.customerId, order.id, "nope", ASK)).toEqual({
      ok: false,
      reason: "no-rail",
    });
  });
});
