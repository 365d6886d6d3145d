import type { z } from "zod";
import type { Order } from "../domain/books/index.js";
import { normalizeCode, type ShopRefusal, type Started } from "../domain/sales/index.js";
import { orderInvoiceLink } from "./actions.js";
import { orderOut } from "./cabinet.js";
import { channelsOut } from "./channel-gate.js";
import { type Caller, Refusal, recordCustomer, type WebappDeps } from "./context.js";
import { orderSummary, type PromoRefused } from "./order-summary.js";
import { invoicesPossible, payOptionsOf } from "./pay-options.js";
import type { CreatedOrderResponse, CreateOrderRequest, orderResponse, PayWith } from "./schemas-orders.js";

type OrderAnswer = z.output<typeof orderResponse>;

/** How each refusal of the shop is answered (status, name the page reads). */
const REFUSALS: Record<ShopRefusal, [number, string]> = {
  blocked: [403, "blocked"],
  "unknown-plan": [404, "unknown-plan"],
  "trial-used": [409, "trial-used"],
  "no-trial": [404, "no-trial"],
  "unknown-subscription": [404, "unknown-subscription"],
  "subscription-disabled": [409, "subscription-disabled"],
  "subscription-frozen": [409, "subscription-frozen"],
  "subscription-removed": [409, "subscription-removed"],
  "order-gone": [404, "unknown-order"],
  "order-not-payable": [409, "order-not-payable"],
  undeliverable: [409, "undeliverable"],
  "channel-required": [403, "channel-required"],
  // Only an unattended renewal (auto-renew) is refused so; the cabinet's are attended.
  "hosting-unknown": [503, "hosting-unknown"],
  "pack-not-offered": [409, "pack-not-offered"],
  "switch-not-offered": [409, "switch-not-offered"],
};

function started(result: Started): Extract<Started, { ok: true }> {
  if (!result.ok) throw new Refusal(...REFUSALS[result.reason], channelsOut(result.channels));
  return result;
}

/**
 * POST /app/api/orders: opens (or hands back) a purchase, a gift, a renewal or a traffic pack
 * through the shop, the chat's rules and all (one open order per plan, subscription or pack, a
 * renewal or a pack only of the caller's own subscription and only a pack it is offered, blocked
 * customers refused, a promo code priced in when it applies).
 * Without `pay` nothing is paid: that is the confirmation. With it, it is paid as orders/:id/pay.
 */
export async function createOrder(
  deps: WebappDeps,
  caller: Caller,
  body: CreateOrderRequest,
): Promise<CreatedOrderResponse> {
  await recordCustomer(deps, caller);
  const { shop } = deps.sales;
  const typed = "promo_code" in body ? body.promo_code : undefined;
  // A code that cannot be one is refused in the chat's words; the order opens at the plan's price.
  const code = typed === undefined ? undefined : normalizeCode(typed);
  const opened = started(
    "plan_id" in body
      ? await shop.startPurchase(caller.id, body.plan_id, caller.locale, code, body.gift === true, body.seats)
      : "pack_id" in body
        ? await shop.packs.start(caller.id, body.subscription_id, body.pack_id, caller.locale)
        : "add_seats" in body
          ? await addSeats(deps, caller, body.subscription_id, body.add_seats)
          : "switch_to" in body
            ? await shop.switches.start(caller.id, body.subscription_id, body.switch_to, caller.locale)
            : await shop.startRenewal(caller.id, body.subscription_id, caller.locale, code),
  );
  const reason = typed !== undefined && code === undefined ? "invalid" : opened.promo;
  const refused = reason && typed !== undefined ? { reason, code: code ?? typed.slice(0, 32) } : undefined;
  const order = await payable(deps, caller, opened.order.id);
  if (body.pay === undefined) return answer(deps, caller, order.id, unpaid, refused);
  return payWith(deps, caller, order, body.pay, refused);
}

/** POST /app/api/orders/:id/pay: pays the caller's open order from the balance or by an invoice link. */
export async function payOrder(
  deps: WebappDeps,
  caller: Caller,
  orderId: string,
  pay: PayWith,
): Promise<CreatedOrderResponse> {
  await ownOrder(deps, caller, orderId);
  return payWith(deps, caller, await payable(deps, caller, orderId), pay, undefined);
}

/**
 * POST /app/api/orders/:id/cancel: the chat's Cancel of an order awaiting payment (Cashier.cancel:
 * compare-and-set, the promo use it held freed), or 409 once it is paid or closed.
 */
export async function cancelOrder(deps: WebappDeps, caller: Caller, orderId: string): Promise<OrderAnswer> {
  await ownOrder(deps, caller, orderId);
  const outcome = await deps.sales.cashier.cancel(caller.id, orderId);
  if (outcome !== "cancelled") throw new Refusal(409, "order-not-payable");
  deps.logger.info({ orderId, customerId: caller.id }, "cabinet: order cancelled");
  return { ok: true, order: orderOut(await ownOrder(deps, caller, orderId)) };
}

/** POST /app/api/trial: the free trial as /trial claims it (once per user; paid at once, price 0). */
export async function claimTrial(deps: WebappDeps, caller: Caller): Promise<OrderAnswer> {
  await recordCustomer(deps, caller);
  const { order } = started(await deps.sales.shop.startTrial(caller.id, caller.locale));
  deps.logger.info({ orderId: order.id, customerId: caller.id }, "cabinet: trial started");
  return { ok: true, order: orderOut(order) };
}

/** The caller's own order, else 404 (never someone else's). */
export async function ownOrder(deps: WebappDeps, caller: Caller, orderId: string): Promise<Order> {
  const order = await deps.books.orders.get(orderId);
  if (!order || order.customerId !== caller.id) throw new Refusal(404, "unknown-order");
  return order;
}

/** The order if it can be paid now (Cashier.payable: not paid or closed meanwhile, deliverable). */
async function payable(deps: WebappDeps, caller: Caller, orderId: string): Promise<Order> {
  const check = await deps.sales.cashier.payable(caller.id, orderId);
  if (check.ok) return check.order;
  throw new Refusal(409, check.reason === "undeliverable" ? "undeliverable" : "order-not-payable");
}

interface Payment {
  paid: boolean;
  link: string | null;
  amountText: string | null;
}
const unpaid: Payment = { paid: false, link: null, amountText: null };

/**
 * Pays `order` from the balance (the debit and the move to `paid` are one Lua step: of two
 * requests at once one pays, the other hears it is paid) or hands back its invoice link for what
 * the balance does not cover (one link per amount while the order is open; 409
 * `invoice-unavailable` where Telegram invoices cannot be made, see pay-options.ts). A free order (a
 * promo code of the whole price) has nothing to invoice: it is taken from the balance, which
 * pays nothing.
 */
async function payWith(
  deps: WebappDeps,
  caller: Caller,
  order: Order,
  pay: PayWith,
  refused: PromoRefused | undefined,
): Promise<CreatedOrderResponse> {
  const { cashier } = deps.sales;
  if (pay === "wallet" || order.price === 0) {
    const paid = await cashier.payFromBalance(caller.id, order.id);
    if (paid.status === "insufficient") throw new Refusal(402, "insufficient");
    if (paid.status !== "paid" && paid.status !== "already-paid") throw new Refusal(409, "order-not-payable");
    deps.logger.info({ orderId: order.id, customerId: caller.id }, "cabinet: order paid from balance");
    return answer(deps, caller, order.id, { paid: true, link: null, amountText: null }, refused);
  }
  if (!invoicesPossible(deps)) throw new Refusal(409, "invoice-unavailable");
  const amount = await cashier.invoiceAmount(order);
  const link = await orderInvoiceLink(deps, caller, order, amount);
  deps.logger.info({ orderId: order.id, customerId: caller.id, amount }, "cabinet: invoice link made");
  return answer(deps, caller, order.id, { paid: false, link, amountText: caller.money(amount) }, refused);
}

async function answer(
  deps: WebappDeps,
  caller: Caller,
  orderId: string,
  payment: Payment,
  refused: PromoRefused | undefined,
): Promise<CreatedOrderResponse> {
  const order = await ownOrder(deps, caller, orderId);
  return {
    ok: true,
    order: orderOut(order),
    paid_from_wallet: payment.paid,
    invoice_link: payment.link,
    invoice_amount_text: payment.amountText,
    summary: await orderSummary(deps, caller, order, refused),
    pay_options: await payOptionsOf(deps, caller),
  };
}

/** Seats added to the caller's family (Seats.startAdd); a refusal is 409 `seats-<reason>`. */
async function addSeats(
  deps: WebappDeps,
  caller: Caller,
  subscriptionId: string,
  added: number,
): Promise<Started> {
  const result = await deps.sales.seats.startAdd(caller.id, subscriptionId, added, caller.locale);
  if (!result.ok) {
    if (result.reason === "unknown-subscription") throw new Refusal(404, "unknown-subscription");
    if (result.reason === "blocked") throw new Refusal(403, "blocked");
    throw new Refusal(409, `seats-${result.reason}`);
  }
  return { ok: true, order: result.order, reused: result.reused };
}
