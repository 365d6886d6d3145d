import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StarsRefundRefused } from "../../src/domain/settlement/index.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/** The admins' Stars refund of a failed order paid by a Stars invoice (see refundStarsCharge). */
let h: WorkerHarness;

beforeAll(async () => {
  h = await createWorkerHarness();
});
afterAll(() => h.close());

const s = () => h.rooms;

async function failedStarsOrder(customerId: number): Promise<string> {
  const started = await s().sales.shop.startPurchase(customerId, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  const due = await s().sales.cashier.invoiceAmount(started.order);
  await s().sales.cashier.recordPayment(customerId, `o:${started.order.id}`, `charge-${customerId}`, due);
  await s().settlement.fulfilment.fail(started.order.id, "no server available");
  return started.order.id;
}

describe("Stars refunds", () => {
  it("find the charge an order was paid with, and nothing for an order paid otherwise", async () => {
    const id = await failedStarsOrder(5001);
    const charge = await s().settlement.starsRefunds.chargeOf(id);
    expect(charge).toMatchObject({ amount: 150, order: { id, chargeId: "charge-5001" } });

    await s().books.wallet.credit(5002, 150, "seed:5002", { kind: "topup" });
    const started = await s().sales.shop.startPurchase(5002, "de-xui", "en");
    if (!started.ok) throw new Error(started.reason);
    await s().sales.cashier.payFromBalance(5002, started.order.id);
    expect(await s().settlement.starsRefunds.chargeOf(started.order.id)).toBeUndefined();
    expect(await s().settlement.starsRefunds.chargeOf("nosuchorder")).toBeUndefined();
  });

  it("send the charge back once, taking it from the wallet; a refusal puts it back", async () => {
    const refused = await s().settlement.starsRefunds.chargeOf(await failedStarsOrder(5003));
    if (!refused) throw new Error("no charge");
    const no = await s().settlement.starsRefunds.refund(refused.order, async () => {
      throw new StarsRefundRefused("PAYMENT_NOT_FOUND");
    });
    expect(no).toEqual({ status: "failed", amount: 150, error: "PAYMENT_NOT_FOUND" });
    expect(await s().books.wallet.balance(5003)).toBe(150);

    const sent: string[] = [];
    const send = async (_user: number, chargeId: string) => {
      sent.push(chargeId);
    };
    expect(await s().settlement.starsRefunds.refund(refused.order, send)).toEqual({
      status: "refunded",
      amount: 150,
    });
    expect(await s().settlement.starsRefunds.refund(refused.order, send)).toEqual({
      status: "already-refunded",
    });
    expect(sent).toEqual(["charge-5003"]);
    expect(await s().books.wallet.balance(5003)).toBe(0);
  });
});
