import { randomBytes } from "node:crypto";
import type { NewOrder } from "./orders.js";

/** The unpaid index holds `<customer>:<order>`, so the customer's index is cleaned after the record expired. */
export function unpaidMember(customerId: number, id: string): string {
  return `${customerId}:${id}`;
}

/** The unpaid slot an order takes: one open order per plan, subscription, pack, family or switch target. */
export function slotOf(input: NewOrder): string {
  const plan = `${input.gift ? "g" : "p"}:${input.planId}`; // a gift is not one's own purchase
  if (input.kind === "pack") return `k:${input.subscriptionId ?? ""}:${input.packId ?? ""}`;
  if (input.kind === "seats") return `f:${input.subscriptionId ?? ""}`;
  if (input.kind === "switch") return `w:${input.subscriptionId ?? ""}:${input.planId}`;
  return input.kind === "renewal" ? `r:${input.subscriptionId ?? ""}` : plan;
}

export function newOrderId(): string {
  return `o${Date.now().toString(36)}${randomBytes(4).toString("hex")}`;
}
