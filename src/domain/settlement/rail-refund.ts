import type { Redis } from "ioredis";
import { type Rail, RailError } from "../../rails/index.js";
import type { Order, Wallet } from "../books/index.js";
import type { ReferralRewards } from "../sales/index.js";
import { decimal, railOfCharge } from "./rail-money.js";
import { type ChargeRefundResult, refundCharge, StarsRefundRefused } from "./stars-refund.js";

/** What sending a charge back needs (see refundCharge); the referral reward is taken back after. */
export interface RailRefundDeps {
  redis: Redis;
  wallet: Wallet;
  referrals?: Pick<ReferralRewards, "takeBack">;
}

/**
 * Sends a failed order's rail payment back through `rail`'s refunds, out of the wallet the
 * failure refunded to (see refundCharge: debit first, one idempotence key per charge, a refusal
 * undone, a lost answer kept); `no-charge` when it was not paid on a rail that refunds. Once the
 * rail has taken it, the order's referral reward is taken back.
 */
export async function refundRailCharge(
  deps: RailRefundDeps,
  rail: Rail | undefined,
  order: Order,
): Promise<ChargeRefundResult> {
  const charge = order.chargeId ? railOfCharge(order.chargeId) : undefined;
  if (!charge || !rail?.refund || rail.id !== charge.rail) return { status: "no-charge" };
  const refund = rail.refund.bind(rail);
  const result = await refundCharge(deps, order, "rail-refund", async (chargeId, amount) => {
    const payment = await rail.get(charge.paymentId);
    if (!payment) throw new StarsRefundRefused("the rail knows no such payment");
    const sent = await refund(payment, decimal(amount, payment.currency), `refund:${chargeId}`);
    if (sent.status === "refunded") return "refunded";
    if (sent.status === "refused") throw new StarsRefundRefused(sent.reason);
    throw new RailError(rail.id, "down", 0, sent.reason);
  });
  if (result.status === "refunded" || result.status === "already-refunded") {
    await deps.referrals?.takeBack(order);
  }
  return result;
}
