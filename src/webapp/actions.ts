import type { z } from "zod";
import type { Order } from "../domain/books/index.js";
import { inLocale } from "../domain/catalog/index.js";
import { type InvoiceRail, invoiceRail, type ShopRefusal } from "../domain/sales/index.js";
import { type InvoiceSpec, type InvoiceWords, orderInvoice, topUpInvoice } from "../render/invoices.js";
import { orderOut } from "./cabinet.js";
import { type Caller, Refusal, type WebappDeps } from "./context.js";
import type { CreateOrderRequest, createdOrderResponse, invoiceResponse } from "./schemas.js";

type Created = z.output<typeof createdOrderResponse>;

/** How each refusal of the shop is answered (status, name the page reads). */
const REFUSALS: Record<ShopRefusal, [number, string]> = {
  blocked: [403, "blocked"],
  "unknown-plan": [404, "unknown-plan"],
  "trial-used": [409, "trial-used"],
  "no-trial": [404, "no-trial"],
  "unknown-subscription": [404, "unknown-subscription"],
  "subscription-disabled": [409, "subscription-disabled"],
  "subscription-removed": [409, "subscription-removed"],
  "order-gone": [404, "unknown-order"],
  "order-not-payable": [409, "order-not-payable"],
  undeliverable: [409, "undeliverable"],
};

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
 * POST /app/api/orders: starts a purchase or a renewal through the shop (the chat's rules: one
 * open order per plan or subscription, a renewal only of the caller's own subscription, blocked
 * customers refused), then pays it from the balance or hands back an invoice link for what the
 * balance does not cover. The shop queues what it moves to `paid`.
 */
export async function createOrder(
  deps: WebappDeps,
  caller: Caller,
  body: CreateOrderRequest,
): Promise<Created> {
  const { shop, cashier } = deps.sales;
  const { customers } = deps.books;
  // The bot records customers on their messages; one who comes straight to the cabinet is recorded here.
  if (!(await customers.get(caller.id))) {
    await customers.seen({
      id: caller.id,
      firstName: caller.user.firstName,
      ...(caller.user.username ? { username: caller.user.username } : {}),
      locale: caller.locale,
    });
  }
  const started =
    "plan_id" in body
      ? await shop.startPurchase(caller.id, body.plan_id, caller.locale)
      : await shop.startRenewal(caller.id, body.subscription_id, caller.locale);
  if (!started.ok) throw new Refusal(...REFUSALS[started.reason]);
  // An order handed back by the shop may have been paid or closed meanwhile: only a payable one goes on.
  const check = await cashier.payable(caller.id, started.order.id);
  if (!check.ok)
    throw new Refusal(409, check.reason === "undeliverable" ? "undeliverable" : "order-not-payable");
  const { order } = check;
  if (body.pay === "wallet") {
    const paid = await cashier.payFromBalance(caller.id, order.id);
    if (paid.status === "insufficient") throw new Refusal(402, "insufficient");
    if (paid.status === "order-gone" || paid.status === "not-payable" || paid.status === "promo-refused")
      throw new Refusal(409, "order-not-payable");
    deps.logger.info({ orderId: order.id, customerId: caller.id }, "cabinet: order paid from balance");
    return created(deps, order.id, true, null, null);
  }
  const amount = await cashier.invoiceAmount(order);
  // The link made for this amount while the order is open is handed back: Telegram is asked once.
  const link = await cashier.orderInvoiceLink(order, amount, caller.locale, () =>
    invoiceLink(deps, caller, order, amount),
  );
  deps.logger.info({ orderId: order.id, customerId: caller.id, amount }, "cabinet: invoice link made");
  return created(deps, order.id, false, link, caller.money(amount));
}

async function created(
  deps: WebappDeps,
  orderId: string,
  paidFromWallet: boolean,
  link: string | null,
  amountText: string | null,
): Promise<Created> {
  const order = await deps.books.orders.get(orderId);
  if (!order) throw new Refusal(404, "unknown-order");
  return {
    ok: true,
    order: orderOut(order),
    paid_from_wallet: paidFromWallet,
    invoice_link: link,
    invoice_amount_text: amountText,
  };
}

/** A Telegram invoice link for `amount` of `order` (checked at pre-checkout as in the chat). */
function invoiceLink(deps: WebappDeps, caller: Caller, order: Order, amount: number): Promise<string> {
  const { rail, words } = invoiceParts(deps, caller);
  const plan = deps.sales.shop.plan(order.planId);
  const title = plan ? inLocale(plan.title, caller.locale) : order.planId;
  return invoiceLinkOf(deps, orderInvoice(words, order, title, amount, rail));
}

/** POST /app/api/topups: registers a top-up of `amount` (the shop's bounds) and hands back its invoice link. */
export async function topUp(
  deps: WebappDeps,
  caller: Caller,
  amount: number,
): Promise<z.output<typeof invoiceResponse>> {
  if (await deps.books.customers.isBlocked(caller.id)) throw new Refusal(403, "blocked");
  const started = await deps.sales.cashier.startTopUp(caller.id, amount);
  if (!started.ok) throw new Refusal(400, "amount");
  const { rail, words } = invoiceParts(deps, caller);
  const link = await deps.sales.cashier.topUpInvoiceLink(started.id, amount, caller.locale, () =>
    invoiceLinkOf(deps, topUpInvoice(words, started.id, amount, rail)),
  );
  deps.logger.info({ customerId: caller.id, amount }, "cabinet: top-up invoice link made");
  return { ok: true, invoice_link: link };
}
