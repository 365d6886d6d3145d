import type { BotContext } from "#src/bot/context.js";
import type { BotConversation } from "#src/bot/conversation-kit.js";
import { permitted, staffRoleOf } from "#src/bot/staff.js";
import { auditSubject, type Permission, type Role, roleAllows } from "#src/domain/staff/index.js";
import type { CustomersAction } from "./callbacks.js";

/**
 * What each action of the Customers section needs beyond seeing it (`customers.view`, which the
 * guard checks for every `a.c` press), and the audit action a refusal is recorded as. The
 * handler checks it before anything happens, each conversation step again, the card shows only
 * the buttons of the actions the role has, and the domain checks once more where it changes
 * something.
 */
export const ACT_NEEDS: Partial<Record<CustomersAction["act"], { permission: Permission; action: string }>> =
  {
    credit: { permission: "money", action: "wallet.credit" },
    debit: { permission: "money", action: "wallet.debit" },
    "adj-ok": { permission: "money", action: "wallet.adjust" },
    fair: { permission: "money", action: "subscription.fair-refund" },
    "fair-ok": { permission: "money", action: "subscription.fair-refund" },
    unfreeze: { permission: "hosting", action: "subscription.unfreeze" },
    block: { permission: "customers.block", action: "customer.block" },
    "block-ok": { permission: "customers.block", action: "customer.block" },
    unblock: { permission: "customers.block", action: "customer.unblock" },
    retry: { permission: "money", action: "order.charge-again" },
    "retry-ok": { permission: "money", action: "order.charge-again" },
    write: { permission: "customers.message", action: "customer.message" },
    "write-ok": { permission: "customers.message", action: "customer.message" },
  };

/** Whether `role` may take `act` (for showing its button). */
export function roleMay(role: Role | undefined, act: CustomersAction["act"]): boolean {
  const needs = ACT_NEEDS[act];
  return needs === undefined ? roleAllows(role, "customers.view") : roleAllows(role, needs.permission);
}

/** The sender's role now, for choosing the buttons a screen shows. */
export const roleNow = (ctx: BotContext): Promise<Role | undefined> => staffRoleOf(ctx);

/**
 * Checks `act` for the sender where it happens (before the press is answered, so a refusal is
 * the press's answer): false after telling them and recording the refusal.
 */
export async function actPermitted(ctx: BotContext, data: CustomersAction): Promise<boolean> {
  const needs = ACT_NEEDS[data.act];
  if (needs === undefined) return true;
  const subject = "customer" in data ? auditSubject("customer", data.customer) : undefined;
  return permitted(ctx, needs.permission, needs.action, subject);
}

/**
 * A conversation's step checks the role again on the update that brought the answer: a role
 * lowered since the dialog began refuses it there (told, recorded) and the dialog ends.
 */
export function stepPermitted(
  conversation: BotConversation,
  permission: Permission,
  action: string,
  customerId: number,
): Promise<boolean> {
  const subject = auditSubject("customer", customerId);
  return conversation.external((outer: BotContext) => permitted(outer, permission, action, subject));
}
