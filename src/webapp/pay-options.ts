import { telegramInvoices } from "../domain/sales/index.js";
import type { Caller, WebappDeps } from "./context.js";
import type { PayOptions } from "./schemas-rails.js";

/**
 * Whether the cabinet can hand out Telegram invoice links: always in Stars, in a fiat currency only
 * with a provider token (a fiat shop may run on its outside rails alone).
 */
export function invoicesPossible(deps: WebappDeps): boolean {
  return telegramInvoices(deps.sales.shop.currency, deps.paymentProviderToken);
}

/**
 * How the caller may pay what the balance does not cover, for the confirmation and the wallet in
 * the same answer (no second round trip): a Telegram invoice when possible, and each rail that
 * takes the shop's currency (RailPayments.offers: one that is down is offered as unavailable).
 */
export async function payOptionsOf(deps: WebappDeps, caller: Caller): Promise<PayOptions> {
  const offers = await deps.settlement.railPayments.offers(caller.id);
  return {
    invoice: invoicesPossible(deps),
    rails: offers.map((o) => ({ id: o.id, name: o.name, available: o.available, needs_email: o.needsEmail })),
  };
}
