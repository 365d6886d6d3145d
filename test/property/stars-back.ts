import { railOfCharge, StarsRefundRefused } from "../../src/domain/settlement/index.js";
import type { Ctx } from "./ctx.js";

/**
 * The order worker sends a failed order's Stars charge back the way it came (issue 24, item 1),
 * with Telegram's side modelled: per charge (fixed by its id, so concurrent steps draw nothing)
 * Telegram refunds it, refuses it, or refunds it and the answer is lost; a charge it refunded
 * before is refused as CHARGE_ALREADY_REFUNDED.
 */
export async function starsBack(c: Ctx, orderId: string): Promise<void> {
  const order = await c.w.rooms.books.orders.get(orderId);
  const charge = order?.chargeId;
  if (!order || !charge) return;
  if (railOfCharge(charge)?.rail === c.w.rail.id) {
    // Paid on the rail: back through its refunds (done, refused or its answer lost, per payment).
    const back = await c.w.rooms.settlement.railPayments.refund(order);
    c.tally(`rail back: ${back.status}`);
    c.note(`  ${orderId}: its payment ${charge} sent back through the rail: ${back.status}`);
    return;
  }
  const mode = [...charge].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % 3;
  const result = await c.w.rooms.settlement.starsRefunds.refund(order, async () => {
    if (c.m.starsRefunded.has(charge)) throw new StarsRefundRefused("CHARGE_ALREADY_REFUNDED");
    if (mode === 1) throw new StarsRefundRefused("CHARGE_NOT_REFUNDABLE");
    c.m.starsRefunded.add(charge);
    if (mode === 2) throw new Error("the answer was lost");
  });
  c.tally(`stars back: ${result.status}`);
  c.note(`  ${orderId}: its charge ${charge} sent back to Telegram Stars: ${result.status}`);
}
