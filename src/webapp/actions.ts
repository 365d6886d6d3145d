import type { z } from "zod";
import type { Order } from "../domain/books/index.js";
import { INVOICE_TTL_MS, type ShopRefusal } from "../domain/sales/index.js";
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
};

/** Provider token and currency of invoices: Stars (`XTR`, no token) unless a provider is set. */
function invoiceSettings(deps: WebappDeps): { currency: string; providerToken: string } {
  const currency = deps.sales.shop.currency;
  return { currency, providerToken: currency === "XTR" ? "" : (deps.paymentProviderToken ?? "") };
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
  const { shop } = deps.sales;
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
  const order = payable(deps, started.order);
  if (body.pay === "wallet") {
    const paid = await shop.payFromBalance(caller.id, order.id);
    if (paid.status === "insufficient") throw new Refusal(402, "insufficient");
    if (paid.status === "order-gone" || paid.status === "not-payable")
      throw new Refusal(409, "order-not-payable");
    deps.logger.info({ orderId: order.id, customerId: caller.id }, "cabinet: order paid from balance");
    return created(deps, order.id, true, null, null);
  }
  const amount = await shop.invoiceAmount(order);
  const link = await invoiceLink(deps, caller, order, amount);
  deps.logger.info({ orderId: order.id, customerId: caller.id, amount }, "cabinet: invoice link made");
  return created(deps, order.id, false, link, caller.money(amount));
}

/** An order handed back by the shop may have been paid or closed meanwhile: only one awaiting payment goes on. */
function payable(deps: WebappDeps, order: Order): Order {
  if (order.status !== "awaiting_payment") throw new Refusal(409, "order-not-payable");
  if (deps.clock.now() - order.createdAt > INVOICE_TTL_MS) throw new Refusal(409, "order-not-payable");
  return order;
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

/** A Telegram invoice link for `amount` of `order` (payload `o:<id>`, checked at pre-checkout as in the chat). */
async function invoiceLink(deps: WebappDeps, caller: Caller, order: Order, amount: number): Promise<string> {
  const { currency, providerToken } = invoiceSettings(deps);
  const plan = deps.sales.shop.plan(order.planId);
  const title = plan ? plan.title[caller.locale] : order.planId;
  const covered = order.price - amount;
  const description =
    covered > 0
      ? caller.t("invoice-order-description-rest", {
          plan: title,
          due: caller.money(amount),
          covered: caller.money(covered),
          price: caller.money(order.price),
        })
      : caller.t("invoice-order-description", { plan: title, amount: caller.money(amount) });
  return deps.api.createInvoiceLink(
    caller.t(order.kind === "renewal" ? "invoice-renewal-title" : "invoice-order-title").slice(0, 32),
    description.slice(0, 255),
    `o:${order.id}`,
    providerToken,
    currency,
    [{ label: title.slice(0, 32), amount }],
  );
}

/** POST /app/api/topups: registers a top-up of `amount` (the shop's bounds) and hands back its invoice link. */
export async function topUp(
  deps: WebappDeps,
  caller: Caller,
  amount: number,
): Promise<z.output<typeof invoiceResponse>> {
  const { shop } = deps.sales;
  if (await deps.books.customers.isBlocked(caller.id)) throw new Refusal(403, "blocked");
  const started = await shop.startTopUp(caller.id, amount);
  if (!started.ok) throw new Refusal(400, "amount");
  const { currency, providerToken } = invoiceSettings(deps);
  const label = caller.money(amount);
  const link = await deps.api.createInvoiceLink(
    caller.t("invoice-topup-title").slice(0, 32),
    caller.t("invoice-topup-description", { amount: label }).slice(0, 255),
    `t:${started.id}`,
    providerToken,
    currency,
    [{ label: label.slice(0, 32), amount }],
  );
  deps.logger.info({ customerId: caller.id, amount }, "cabinet: top-up invoice link made");
  return { ok: true, invoice_link: link };
}
