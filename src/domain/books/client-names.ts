import { randomBytes } from "node:crypto";

/*
 * The one home of the names the shop gives its hosting clients. An order's client is
 * `c<customer>-<last 8 of the order id>` (an order id ends in 8 hex), a client a move makes is
 * `c<customer>-<8 random hex>`; the Account API may give a twin of a taken name a `-<suffix>`.
 * Anything else was made by hand by the admins and is never touched by the shop.
 */

/** The name of order `orderId`'s client for customer `customerId`. */
export function orderClientName(customerId: number, orderId: string): string {
  return `c${customerId}-${orderId.slice(-8)}`;
}

/** A fresh shop name for a new client of customer `customerId` (8 random hex, as an order's). */
export function newShopClientName(customerId: number): string {
  return `c${customerId}-${randomBytes(4).toString("hex")}`;
}

/** Exactly a name the shop gives: what it may delete as an orphan (a twin's suffix excluded). */
export const SHOP_CLIENT_NAME = /^c\d+-[0-9a-f]{8}$/;

/** A shop name, a twin's suffix allowed: what the reconciliation counts as the shop's. */
const SHOP_NAME_OR_TWIN = /^c(\d{1,15})-[0-9a-z]{8}(?:-[0-9A-Za-z]{1,16})?$/;

export function isShopClientName(name: string): boolean {
  return SHOP_NAME_OR_TWIN.test(name);
}

/** The customer id a shop-named client was made for (what "adopt" proposes). */
export function customerOfName(name: string): number | undefined {
  const m = SHOP_NAME_OR_TWIN.exec(name);
  return m ? Number(m[1]) : undefined;
}
