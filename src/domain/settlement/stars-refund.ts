import type { Redis } from "ioredis";
import type { Order, Orders } from "../books/index.js";
import { ledgerIdemKeys, type Wallet, walletKeys } from "../books/index.js";
import type { ReferralRewards } from "../sales/index.js";
import { auditSubject, type StaffServices } from "../staff/index.js";
import { starsRefundKeys } from "./keys.js";

export type StarsRefundResult = ChargeRefundResult;

/** What a refund of a charge did (Stars through Telegram, or an outside rail's refund). */
export type ChargeRefundResult =
  | { status: "refunded"; amount: number }
  | { status: "already-refunded" }
  | { status: "no-charge" }
  | { status: "insufficient"; amount: number; balance: number }
  | { status: "failed"; amount: number; error: string }
  /** Telegram's answer was lost (network, 5xx): the refund may have happened; the debit stays. */
  | { status: "unclear"; amount: number };

/**
 * Thrown by a refund sender when the rail answered and said no (Telegram's 4xx, a provider's
 * refusal): nothing was refunded. Anything else a sender throws leaves it open whether it happened.
 */
export class StarsRefundRefused extends Error {
  constructor(readonly description: string) {
    super(description);
    this.name = "StarsRefundRefused";
  }
}

/** The ledger kinds a charge's refund debits under. */
export type ChargeRefundKind = "stars-refund" | "rail-refund";

/**
 * Sends the charge that paid `order` back the way it came. The wallet was credited with that
 * charge, so the same amount is debited first (never below zero: if the customer already spent
 * it, nothing happens). Until the rail confirms, every attempt asks it again, including one that
 * finds the debit already made: the process may have died between the debit and the call, and
 * `send` answers "already" (or refunds under the same idempotence key) rather than twice. Only a
 * clear refusal (StarsRefundRefused) puts the money back (a compensating credit, and the debit's
 * idempotency record is dropped so it can be tried again); a lost answer keeps the debit, as the
 * refund may have gone through. Every step is a ledger entry.
 */
export async function refundCharge(
  deps: { redis: Redis; wallet: Wallet },
  order: Order,
  kind: ChargeRefundKind,
  send: (chargeId: string, amount: number) => Promise<"refunded" | "already">,
): Promise<ChargeRefundResult> {
  const chargeId = order.chargeId;
  const credited = chargeId ? await deps.wallet.applied(ledgerIdemKeys.charge(chargeId)) : undefined;
  if (!chargeId || !credited) return { status: "no-charge" };
  if (await deps.redis.hexists(starsRefundKeys.confirmed, chargeId)) return { status: "already-refunded" };
  const amount = credited.amount;
  const key = starsRefundKeys.debit(chargeId);
  const debit = await deps.wallet.debit(order.customerId, amount, key, {
    kind,
    ref: chargeId,
    note: `order ${order.id}`,
  });
  if (!debit.ok) return { status: "insufficient", amount, balance: debit.balance };
  const confirm = () => deps.redis.hset(starsRefundKeys.confirmed, chargeId, debit.entry.id);
  try {
    const sent = await send(chargeId, amount);
    await confirm();
    return sent === "already" ? { status: "already-refunded" } : { status: "refunded", amount };
  } catch (err) {
    if (!(err instanceof StarsRefundRefused)) return { status: "unclear", amount };
    await deps.wallet.credit(order.customerId, amount, starsRefundKeys.undo(debit.entry.id), {
      kind: "refund",
      ref: chargeId,
      note: "the payment's refund was refused",
    });
    await deps.redis.hdel(walletKeys.applied, key);
    return { status: "failed", amount, error: err.description };
  }
}

/** Telegram's answer for a charge that was refunded before. */
const ALREADY = /CHARGE_ALREADY_REFUNDED/i;

/**
 * Sends a direct Telegram Stars payment back to the customer (refundStarPayment) for an order
 * that was paid by an invoice (see refundCharge: the wallet's debit first, one confirmation).
 * Telegram answers CHARGE_ALREADY_REFUNDED rather than refunding twice.
 */
export async function refundStarsCharge(
  deps: { redis: Redis; wallet: Wallet },
  order: Order,
  sendRefund: (userId: number, chargeId: string) => Promise<unknown>,
): Promise<StarsRefundResult> {
  if (order.currency !== "XTR") return { status: "no-charge" };
  return refundCharge(deps, order, "stars-refund", async (chargeId) => {
    try {
      await sendRefund(order.customerId, chargeId);
      return "refunded";
    } catch (err) {
      if (err instanceof StarsRefundRefused && ALREADY.test(err.description)) return "already";
      throw err;
    }
  });
}

/** A failed order paid by a Stars invoice, with the amount its charge credited to the wallet. */
export interface StarsCharge {
  order: Order;
  amount: number;
}

/** How a refund's result ends its audit entry: what it says happened, or that it is not known. */
function refundOutcome(result: StarsRefundResult): { outcome: "done" | "failed" | "unknown"; note: string } {
  switch (result.status) {
    case "refunded":
      return { outcome: "done", note: `${result.amount} XTR sent back` };
    case "already-refunded":
      return { outcome: "done", note: "refunded before" };
    case "unclear":
      return { outcome: "unknown", note: "Telegram's answer was lost: the refund may have happened" };
    case "insufficient":
      return { outcome: "failed", note: `the wallet holds ${result.balance} XTR of ${result.amount}` };
    case "failed":
      return { outcome: "failed", note: result.error };
    case "no-charge":
      return { outcome: "failed", note: "no Telegram charge paid this order" };
  }
}

/** Stars refunds as the admins run them (the refund state lives in Redis, see refundStarsCharge). */
export class StarsRefunds {
  constructor(
    private readonly deps: {
      redis: Redis;
      wallet: Wallet;
      orders: Orders;
      referrals?: ReferralRewards;
      staff: Pick<StaffServices, "roster" | "audit">;
    },
  ) {}

  /** The order and the amount its Telegram charge credited; undefined without such a charge. */
  async chargeOf(orderId: string): Promise<StarsCharge | undefined> {
    const order = await this.deps.orders.get(orderId);
    const charge = order?.chargeId;
    const credited = charge ? await this.deps.wallet.applied(ledgerIdemKeys.charge(charge)) : undefined;
    return order && credited ? { order, amount: credited.amount } : undefined;
  }

  /**
   * A staff member (`actorId`, needs `money`) sends `order`'s charge back (see `refund`).
   * Telegram is outside Redis: the audit entry (`order.stars-refund` on `customer:<id>`) is
   * written `started` before and finished after, so a process that dies between leaves it
   * `unknown` (settleStarted), never missing.
   */
  async refundBy(
    actorId: number,
    order: Order,
    sendRefund: (userId: number, chargeId: string) => Promise<unknown>,
  ): Promise<StarsRefundResult> {
    const { roster, audit } = this.deps.staff;
    const subject = auditSubject("customer", order.customerId);
    const role = await roster.require(actorId, "money", "order.stars-refund", subject);
    const action = { actorId, role, action: "order.stars-refund", subject };
    const entry = await audit.begin({ ...action, before: `order ${order.id} ${order.status}` });
    const result = await this.refund(order, sendRefund).catch(async (err: unknown) => {
      await audit.finish(entry, "unknown", undefined, err instanceof Error ? err.message : String(err));
      throw err;
    });
    const { outcome, note } = refundOutcome(result);
    await audit.finish(entry, outcome, outcome === "done" ? "refunded to Telegram" : undefined, note);
    return result;
  }

  /**
   * Sends `order`'s charge back through `sendRefund` (see refundStarsCharge): the order worker's
   * own refund of a failed order (staff use `refundBy`). Once Telegram has confirmed it, the
   * referral reward of the order is taken back (a repeat finds it taken).
   */
  async refund(
    order: Order,
    sendRefund: (userId: number, chargeId: string) => Promise<unknown>,
  ): Promise<StarsRefundResult> {
    const result = await refundStarsCharge(
      { redis: this.deps.redis, wallet: this.deps.wallet },
      order,
      sendRefund,
    );
    if (result.status === "refunded" || result.status === "already-refunded") {
      await this.deps.referrals?.takeBack(order);
    }
    return result;
  }
}
