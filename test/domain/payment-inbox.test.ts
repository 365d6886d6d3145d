import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IncomingPayment, inboxKeys, PaymentInbox } from "../../src/domain/settlement/index.js";
import { DAY, ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

let h: WorkerHarness;
let enqueued: string[] = [];

beforeAll(async () => {
  h = await createWorkerHarness();
  enqueued = h.enqueued;
});
afterAll(() => h.close());

function payment(chargeId: string, payerId: number, payload: string, amount: number): IncomingPayment {
  return { chargeId, payerId, payload, amount, currency: "XTR", updateId: 1, raw: `{"id":"${chargeId}"}` };
}

describe("payment inbox", () => {
  it("records a charge once, keeps it pending until credited, and settles it once", async () => {
    const inbox = h.rooms.settlement.paymentInbox;
    const started = await h.rooms.sales.shop.startPurchase(601, "de-xui", "en");
    if (!started.ok) throw new Error(started.reason);
    const p = payment("inbox-a", 601, `o:${started.order.id}`, 150);

    expect(await inbox.record(p)).toBe(true);
    expect(await inbox.record({ ...p, raw: "changed" })).toBe(false);
    expect((await inbox.get("inbox-a"))?.raw).toBe('{"id":"inbox-a"}');
    expect(await inbox.pending(MINUTE)).toEqual([]);
    h.clock.advance(2 * MINUTE);
    expect((await inbox.pending(MINUTE)).map((e) => e.chargeId)).toEqual(["inbox-a"]);

    const first = await inbox.settle(p);
    expect(first).toMatchObject({ credited: true, paid: true, orderId: started.order.id, outcome: "order" });
    expect(enqueued).toEqual([started.order.id]);
    const again = await inbox.settle(p);
    expect(again).toMatchObject({ credited: false, paid: true });
    expect(await h.rooms.books.wallet.balance(601)).toBe(0);
    expect(await inbox.pending(0)).toEqual([]);
    expect(await inbox.get("inbox-a")).toMatchObject({ status: "credited", outcome: "order" });
    // Recording a credited charge again (a late re-delivery) does not make it pending again.
    expect(await inbox.record(p)).toBe(false);
    expect(await inbox.pending(0)).toEqual([]);
  });

  it("lists unknown payloads as unmatched, money in the payer's wallet", async () => {
    const inbox = h.rooms.settlement.paymentInbox;
    const p = payment("inbox-b", 602, "garbage", 25);
    await inbox.record(p);
    expect(await inbox.settle(p)).toMatchObject({ credited: true, paid: false, outcome: "unmatched" });
    expect(await h.rooms.books.wallet.balance(602)).toBe(25);
    expect((await inbox.unmatched()).map((e) => e.chargeId)).toContain("inbox-b");
    expect((await inbox.counts()).unmatched).toBeGreaterThanOrEqual(1);
  });

  it("drops an index entry whose record is missing", async () => {
    await h.redis.zadd(inboxKeys.pending, 0, "ghost-charge");
    expect((await h.rooms.settlement.paymentInbox.pending(0)).map((e) => e.chargeId)).not.toContain(
      "ghost-charge",
    );
    expect(await h.redis.zscore(inboxKeys.pending, "ghost-charge")).toBeNull();
  });

  it("keeps the raw update only while pending and 7 days after crediting; a repeat still credits nothing", async () => {
    // A payment credited 40 days ago by the shop's clock, and one credited yesterday.
    const clock = new ManualClock(Date.now() - 40 * DAY);
    const inbox = new PaymentInbox({
      ...{ redis: h.redis, clock, cashier: h.rooms.sales.cashier },
      wallet: h.rooms.books.wallet,
    });
    const old = payment("inbox-raw-old", 603, "garbage", 40);
    await inbox.record(old);
    clock.advance(2 * MINUTE);
    expect((await inbox.pending(MINUTE)).find((e) => e.chargeId === old.chargeId)?.raw).toBe(old.raw);
    expect(await h.redis.pttl(inboxKeys.raw(old.chargeId))).toBe(-1); // pending: kept, no expiry
    await inbox.settle(old);
    clock.set(Date.now() - DAY);
    const recent = payment("inbox-raw-new", 603, "garbage", 2);
    await inbox.record(recent);
    await inbox.settle(recent);

    expect((await inbox.get(recent.chargeId))?.raw).toBe(recent.raw);
    expect((await inbox.get(old.chargeId))?.raw).toBeUndefined();
    // What support needs stays: who paid, how much, for what, when, and how it was credited.
    expect(await inbox.get(old.chargeId)).toMatchObject({
      chargeId: old.chargeId,
      payerId: 603,
      payload: "garbage",
      amount: 40,
      currency: "XTR",
      status: "credited",
      outcome: "unmatched",
    });
    expect((await inbox.unmatched()).map((e) => e.chargeId)).toContain(old.chargeId);
    // Telegram delivers the update again: the entry (kept for good) refuses it, and crediting
    // again is refused by the ledger's charge key: the money moved once.
    expect(await inbox.record(old)).toBe(false);
    expect(await inbox.settle(old)).toMatchObject({ credited: false });
    expect(await h.rooms.books.wallet.balance(603)).toBe(42);
    expect(await inbox.pending(0)).toEqual([]);
  });
});
