import type { Order } from "../books/index.js";
import type { PromoPayRefusal } from "../sales/index.js";
import type { InboxOutcome } from "./payment-inbox.js";

/* What settling a payment answers, and who hears of a credited one (payment-inbox.ts). */

export interface SettleResult {
  /** True for the one call that moved the money (false when it had been credited before). */
  credited: boolean;
  /** The order it paid is paid (now or before) and queued. */
  paid: boolean;
  orderId: string | undefined;
  /** Order status after paying from the wallet (`insufficient`: the money stays there). */
  orderStatus: string | undefined;
  /** With `promo-refused`: why the order's promo code was refused at payment (it was cancelled). */
  promoRefusal?: PromoPayRefusal | undefined;
  balance: number;
  outcome: InboxOutcome;
  /** Renewals the money paid at once: the payer's subscriptions with auto-renew on that were due. */
  autoRenewed: Order[];
  /** A payment in a currency not the shop's, held for admins by this call (nothing credited). */
  held?: boolean;
}

/** A payment just credited, as the staff hear of it (a line in the staff group's payments topic). */
export interface CreditedPayment {
  chargeId: string;
  payerId: number;
  /** Minor units of `currency` (the ledger's). */
  amount: number;
  currency: string;
  /** The outside rail it came by; none for Telegram's own. */
  rail?: string | undefined;
  outcome: InboxOutcome;
  orderId?: string | undefined;
}

/** Who hears of each credited payment (the workers' staff notices; none: nobody). */
export interface PaymentNotices {
  credited(payment: CreditedPayment): Promise<void>;
}
