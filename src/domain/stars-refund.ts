import type { Redis } from "ioredis";
import type { Order } from "./orders.js";
import { type Wallet, walletKeys } from "./wallet.js";

export type StarsRefundResult =
  | { status: "refunded"; amount: number }
  | { status: "already-refunded" }
  | { status: "no-charge" }
  | { status: "insufficient"; amount: number; balance: number }
  | { status: "failed"; amount: number; error: string };

/** Telegram's answer for a charge that was refunded before. */
const ALREADY = /CHARGE_ALREADY_REFUNDED/i;

/**
 * Sends a direct Telegram Stars payment back to the customer (refundStarPayment) for an order
 * that was paid by an invoice. The wallet was credited with that charge, so the same amount is
 * debited first (never below zero: if the customer already spent it, nothing happens); if
 * Telegram then refuses, a compensating credit puts it back and the debit's idempotency record
 * is dropped so the refund can be tried again. Every step is a ledger entry.
 */
export async function refundStarsCharge(
  deps: { redis: Redis; wallet: Wallet },
  order: Order,
  sendRefund: (userId: number, chargeId: string) => Promise<unknown>,
): Promise<StarsRefundResult> {
  const chargeId = order.chargeId;
  const credited = chargeId ? await deps.wallet.applied(`charge:${chargeId}`) : undefined;
  if (!chargeId || !credited || order.currency !== "XTR") return { status: "no-charge" };
  const amount = credited.amount;
  const key = `stars-refund:${chargeId}`;
  const debit = await deps.wallet.debit(order.customerId, amount, key, {
    kind: "stars-refund",
    ref: chargeId,
    note: `order ${order.id}`,
  });
  if (!debit.ok) return { status: "insufficient", amount, balance: debit.balance };
  if (!debit.applied) return { status: "already-refunded" };
  try {
    await sendRefund(order.customerId, chargeId);
    return { status: "refunded", amount };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    if (ALREADY.test(error)) return { status: "already-refunded" };
    await deps.wallet.credit(order.customerId, amount, `stars-refund-undo:${debit.entry.id}`, {
      kind: "refund",
      ref: chargeId,
      note: "Telegram refused the Stars refund",
    });
    await deps.redis.hdel(walletKeys.applied, key);
    return { status: "failed", amount, error };
  }
}
