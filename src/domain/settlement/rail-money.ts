import { decimalOf } from "../../rails/index.js";
import { currencyExponent } from "../catalog/index.js";

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
