import type { z } from "zod";
import type { Order } from "../domain/books/index.js";
import { type InvoiceRail, invoiceRail, parseTopUpAmount } from "../domain/sales/index.js";
import {
  type InvoiceSpec,
  type InvoiceWords,
  orderInvoice,
  orderItemTitle,
  topUpInvoice,
} from "../render/invoices.js";
import { type Caller, Refusal, type WebappDeps } from "./context.js";
import { invoicesPossible } from "./pay-options.js";
import type { invoiceResponse, TopUpRequest } from "./schemas-orders.js";

/** The shop's invoice rail and the caller's words, for an invoice link (render/invoices.ts). */
function invoiceParts(deps: WebappDeps, caller: Caller): { rail: InvoiceRail; words: InvoiceWords } {
  return { rail: invoiceRail(deps.sales.shop.currency, deps.paymentProviderToken), words: caller };
}

function invoiceLinkOf(deps: WebappDeps, spec: InvoiceSpec): Promise<string> {
  return deps.api.createInvoiceLink(
    spec.title,
    spec.description,
    spec.payload,
    spec.providerToken,
    spec.currency,
    spec.prices,
  );
}

/**
 * The invoice link of open `order` for `amount` (checked at pre-checkout as in the chat): the one
 * made for this amount and language while the order is open is handed back, Telegram asked once.
 */
export function orderInvoiceLink(
  deps: WebappDeps,
  caller: Caller,
  order: Order,
  amount: number,
): Promise<string> {
  return deps.sales.cashier.orderInvoiceLink(order, amount, caller.locale, () => {
    const { rail, words } = invoiceParts(deps, caller);
    const title = orderItemTitle(caller.t, caller.locale, deps.sales.shop.plan(order.planId), order);
    return invoiceLinkOf(deps, orderInvoice(words, order, title, amount, rail));
  });
}

/**
 * The amount of a top-up the caller asks for: in minor units, or as typed (read as the chat reads
 * it: parseTopUpAmount); 400 `amount` when it is not one, 403 for a blocked customer.
 */
export async function topUpAmountOf(
  deps: WebappDeps,
  caller: Caller,
  body: { amount: number } | { amount_text: string },
): Promise<number> {
  if (await deps.books.customers.isBlocked(caller.id)) throw new Refusal(403, "blocked");
  const amount =
    "amount" in body ? body.amount : parseTopUpAmount(body.amount_text, deps.sales.shop.currency);
  if (amount === undefined) throw new Refusal(400, "amount");
  return amount;
}

/**
 * POST /app/api/topups: registers a top-up of `amount` minor units, or of the amount the customer
 * typed (read as the chat reads it: parseTopUpAmount), within the shop's bounds (else 400
 * `amount`), and hands back its invoice link (409 `invoice-unavailable` in a shop without
 * Telegram invoices: a fiat shop with no provider token is topped up on its rails).
 */
export async function topUp(
  deps: WebappDeps,
  caller: Caller,
  body: TopUpRequest,
): Promise<z.output<typeof invoiceResponse>> {
  const amount = await topUpAmountOf(deps, caller, body);
  if (!invoicesPossible(deps)) throw new Refusal(409, "invoice-unavailable");
  const started = await deps.sales.cashier.startTopUp(caller.id, amount);
  if (!started.ok) throw new Refusal(400, "amount");
  const { rail, words } = invoiceParts(deps, caller);
  const link = await deps.sales.cashier.topUpInvoiceLink(started.id, amount, caller.locale, () =>
    invoiceLinkOf(deps, topUpInvoice(words, started.id, amount, rail)),
  );
  deps.logger.info({ customerId: caller.id, amount }, "cabinet: top-up invoice link made");
  return { ok: true, invoice_link: link };
}
