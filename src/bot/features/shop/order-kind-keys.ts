import type { Order } from "#src/domain/books/index.js";

/**
 * The locale keys of the shop's one confirm step that differ by what the order buys (a plan, a
 * renewal, a gift, a traffic pack, family seats, a plan switch): one table instead of a ternary per screen.
 */

/** The head of an order's confirmation. */
export function confirmHeadKey(order: Order): string {
  if (order.kind === "pack") return "buy-confirm-pack";
  if (order.kind === "switch") return "buy-confirm-switch";
  if (order.kind === "renewal") return "buy-confirm-renewal";
  if (order.kind === "seats") return "buy-confirm-seats";
  return order.gift ? "buy-confirm-gift" : "buy-confirm";
}

/** What an order paid from the balance says while it is being applied. */
export function paidKey(order: Order): string {
  if (order.kind === "pack") return "buy-paid-pack";
  if (order.kind === "switch") return "buy-paid-switch";
  if (order.kind === "renewal") return "buy-paid-renewal";
  return order.gift ? "buy-paid-gift" : "buy-paid";
}

/** Nothing to pay: a promo code of the whole price, or a switch its credit covers. */
export function freeKeys(order: Order): { line: string; button: string } {
  return order.kind === "switch"
    ? { line: "switch-confirm-covered", button: "switch-get" }
    : { line: "buy-confirm-free", button: "buy-get-free" };
}

/** Promo codes are for plans and renewals: a traffic pack and a plan switch keep their price. */
export function takesPromo(order: Order): boolean {
  return order.kind !== "pack" && order.kind !== "switch";
}

/** What an order called off by the customer says, for one that changes a subscription. */
export function cancelledKey(order: Order): string {
  if (order.kind === "pack") return "pack-cancelled";
  return order.kind === "switch" ? "switch-cancelled" : "buy-cancelled-renewal";
}
