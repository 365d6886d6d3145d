import type { BotContext, ConvContext } from "#src/bot/context.js";
import type { Translate } from "#src/bot/kit/index.js";
import { isRole, type Role } from "#src/domain/staff/index.js";

/** How the Staff and Audit log screens name roles and people. */

const ROLE_LABEL: Record<Role, string> = {
  owner: "staff-role-owner",
  admin: "staff-role-admin",
  support: "staff-role-support",
  viewer: "staff-role-viewer",
};

/** A role's name (with its icon); a stored word that is no role ("none") as it is. */
export function roleLabel(t: Translate, role: string | undefined): string {
  // A refusal of someone not on the staff is recorded with the role "none".
  if (role === undefined || role === "none") return t("staff-none");
  return isRole(role) ? t(ROLE_LABEL[role]) : role;
}

/** Someone's name as the shop knows it: the one remembered for staff, else their @username or first name. */
export async function personName(
  ctx: BotContext | ConvContext,
  id: number,
  remembered?: string,
): Promise<string | undefined> {
  if (remembered) return remembered;
  const customer = await ctx.deps.books.customers.get(id).catch(() => undefined);
  if (!customer) return undefined;
  return customer.username ? `@${customer.username}` : customer.firstName || undefined;
}

/**
 * Names of the people of one screen or export, each looked up once: the staff's remembered names
 * first, then the customers' records.
 */
export async function peopleNames(ctx: BotContext): Promise<(id: number) => Promise<string | undefined>> {
  const staff = new Map((await ctx.deps.staff.roster.list()).map((m) => [m.id, m.name]));
  const known = new Map<number, Promise<string | undefined>>();
  return (id) => {
    const name = known.get(id) ?? personName(ctx, id, staff.get(id));
    known.set(id, name);
    return name;
  };
}
