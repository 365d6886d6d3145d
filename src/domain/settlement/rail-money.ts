import { decimalOf, minorOf, type RailPayment } from "../../rails/index.js";
import { currencyExponent } from "../catalog/index.js";
import type { IncomingPayment, PaymentMismatch } from "./payment-inbox.js";
import type { RailRecord } from "./rail-store.js";

/** `minor` units of `currency` as the rails write amounts ("150.00"). */
export function decimal(minor: number, currency: string): string {
  return decimalOf(minor, currencyExponent(currency));
}

/** The charge id a rail payment is credited under in the ledger and the inbox: `<rail>:<payment id>`. */
export function railChargeId(rail: string, paymentId: string): string {
  return `${rail}:${paymentId}`;
}

/** The rail and payment id of a rail's charge id (a Telegram charge id names no rail the shop has). */
export function railOfCharge(chargeId: string): { rail: string; paymentId: string } | undefined {
  const match = /^([a-z][a-z0-9]{1,20}):(.+)$/.exec(chargeId);
  return match?.[1] && match[2] ? { rail: match[1], paymentId: match[2] } : undefined;
}

/**
 * A paid rail payment as the inbox takes it: who pays what, and whether it is what the shop asked
 * (`record`, none when it never asked): another currency than the shop's (or an amount with more
 * digits than the currency has) is `currency`, one never asked for (or whose ref differs from the
 * ask) `unknown`, another amount `amount`.
 */
export function incomingOf(
  railId: string,
  payment: RailPayment,
  record: RailRecord | undefined,
  shopCurrency: string,
): IncomingPayment {
  const ref = payment.ref ?? { payload: "", payerId: 0 };
  const minor = minorOf(payment.amount, currencyExponent(payment.currency));
  let mismatch: PaymentMismatch | undefined;
  if (payment.currency !== shopCurrency || minor === undefined) mismatch = "currency";
  else if (!record || record.payload !== ref.payload || record.payerId !== ref.payerId) mismatch = "unknown";
  else if (record.expected !== minor || record.currency !== payment.currency) mismatch = "amount";
  return {
    chargeId: railChargeId(railId, payment.id),
    payerId: record?.payerId ?? ref.payerId,
    payload: ref.payload,
    amount: minor ?? 0,
    currency: payment.currency,
    updateId: 0,
    raw: payment.raw,
    rail: railId,
    mismatch,
  };
}
