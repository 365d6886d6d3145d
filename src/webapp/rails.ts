import type { RailAsk, RailCheckout } from "../domain/settlement/index.js";
import { RailError } from "../rails/index.js";
import { orderItemTitle } from "../render/invoices.js";
import { topUpAmountOf } from "./actions.js";
import { type Caller, Refusal, recordCustomer, type WebappDeps } from "./context.js";
import { ownOrder } from "./orders.js";
import type { RailCheckoutResponse, RailCheckResponse, TopUpRailRequest } from "./schemas-rails.js";

/**
 * The cabinet's side of the outside payment rails (CryptoBot, YooKassa): a payment link for an
 * order or a top-up (RailPayments asks the rail once per invoice and amount, so a second press
 * gets the same payment), the customer's "I paid" (their own payment read back from its rail and
 * credited once), and the e-mail a rail's receipts need. The rule lives in RailPayments; this
 * only answers in the page's words.
 */

/** How each refusal of a rail checkout is answered (status, name the page reads). */
const REFUSALS: Record<Extract<RailCheckout, { ok: false }>["reason"], [number, string]> = {
  "no-rail": [404, "unknown-rail"],
  unavailable: [503, "rail-unavailable"],
  "email-needed": [409, "email-needed"],
  "topup-refused": [400, "amount"],
  gone: [404, "unknown-order"],
  paid: [409, "order-not-payable"],
  expired: [409, "order-not-payable"],
  undeliverable: [409, "undeliverable"],
};

/**
 * Where the rail's page sends the payer back: the bot's chat (`https://t.me/<bot>`), or the
 * cabinet itself when the bot's @username is not known.
 */
function returnUrlOf(deps: WebappDeps): string {
  if (deps.botUsername) return `https://t.me/${deps.botUsername}`;
  if (deps.cabinetUrl) return deps.cabinetUrl;
  throw new Refusal(503, "rail-unavailable");
}

function answer(deps: WebappDeps, caller: Caller, checkout: RailCheckout): RailCheckoutResponse {
  if (!checkout.ok) throw new Refusal(...REFUSALS[checkout.reason]);
  // The page opens it with openLink: only an https link is handed over (a rail's odd answer is not).
  if (!/^https:\/\//.test(checkout.payUrl)) {
    deps.logger.warn({ rail: checkout.rail }, "cabinet: a rail's payment link is not https");
    throw new Refusal(503, "rail-unavailable");
  }
  return {
    ok: true,
    rail: checkout.rail,
    payment_id: checkout.paymentId,
    pay_url: checkout.payUrl,
    amount: checkout.amount,
    amount_text: caller.money(checkout.amount),
  };
}

/**
 * POST /app/api/orders/:id/pay-rail: a link to pay what the balance does not cover of the
 * caller's open order on `rail` (the same payment while it is open), or why there is none.
 */
export async function payOrderByRail(
  deps: WebappDeps,
  caller: Caller,
  orderId: string,
  rail: string,
): Promise<RailCheckoutResponse> {
  const order = await ownOrder(deps, caller, orderId);
  const plan = deps.sales.shop.plan(order.planId);
  const ask: RailAsk = {
    returnUrl: returnUrlOf(deps),
    description: orderItemTitle(caller.t, caller.locale, plan, order),
  };
  const checkout = await deps.settlement.railPayments.payOrder(caller.id, order.id, rail, ask);
  if (checkout.ok)
    deps.logger.info({ orderId, customerId: caller.id, rail }, "cabinet: rail payment link made");
  return answer(deps, caller, checkout);
}

/** POST /app/api/topups/rail: a link to top the wallet up on `rail` (amounts as POST topups). */
export async function topUpByRail(
  deps: WebappDeps,
  caller: Caller,
  body: TopUpRailRequest,
): Promise<RailCheckoutResponse> {
  const amount = await topUpAmountOf(deps, caller, body);
  await recordCustomer(deps, caller);
  const ask: RailAsk = { returnUrl: returnUrlOf(deps), description: caller.t("invoice-topup-title") };
  const checkout = await deps.settlement.railPayments.payTopUp(caller.id, amount, body.rail, ask);
  if (checkout.ok)
    deps.logger.info({ customerId: caller.id, rail: body.rail, amount }, "cabinet: rail top-up link made");
  return answer(deps, caller, checkout);
}

/**
 * POST /app/api/payments/check: the customer's "I paid". Their own payment is read back from its
 * rail and credited once if it is paid; one that is not theirs, or that no rail knows, is 404; a
 * rail that does not answer is 503 `rail-unavailable`.
 */
export async function checkRailPayment(
  deps: WebappDeps,
  caller: Caller,
  rail: string,
  paymentId: string,
): Promise<RailCheckResponse> {
  const confirmed = await deps.settlement.railPayments
    .check(caller.id, rail, paymentId)
    .catch((err: unknown) => {
      // The provider did not answer: nothing was credited, the customer may press again.
      if (err instanceof RailError) throw new Refusal(503, "rail-unavailable");
      throw err;
    });
  switch (confirmed.status) {
    case "unknown":
      throw new Refusal(404, "unknown-payment");
    case "credited":
    case "already":
      return { ok: true, status: "paid" };
    default:
      return { ok: true, status: confirmed.status };
  }
}

/** POST /app/api/email: the e-mail for receipts, kept as the shop reads it (else 400 `bad-email`). */
export async function setReceiptEmail(
  deps: WebappDeps,
  caller: Caller,
  email: string,
): Promise<{ ok: true }> {
  await recordCustomer(deps, caller);
  if (!(await deps.settlement.railPayments.setEmail(caller.id, email))) throw new Refusal(400, "bad-email");
  deps.logger.info({ customerId: caller.id }, "cabinet: receipt e-mail kept");
  return { ok: true };
}
