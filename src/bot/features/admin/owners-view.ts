import type { Customer, HostingClient, Owner } from "#src/domain/books/index.js";
import { planTitle } from "#src/render/access.js";
import { formatDate, html } from "#src/render/format.js";
import type { BotContext, ConvContext } from "../../context.js";
import { localeOf } from "../../i18n.js";

/**
 * How the admin menus speak of the shop's customers on a hosting client: a warning naming them
 * before a destructive action, and what became of their subscriptions afterwards.
 */

type Ctx = BotContext | ConvContext;

/** The subscriptions on `client` (none when the index cannot be read: the action is not blocked). */
export async function ownersOf(ctx: Ctx, client: HostingClient): Promise<Owner[]> {
  try {
    return await ctx.deps.books.owners.of(client);
  } catch (err) {
    ctx.log.warn({ err, client }, "could not read the customers on a hosting client");
    return [];
  }
}

/** The subscriptions on xui server `serverId` (none when the index cannot be read). */
export async function ownersOnServer(ctx: Ctx, serverId: number): Promise<Owner[]> {
  try {
    return await ctx.deps.books.owners.onServer(serverId);
  } catch (err) {
    ctx.log.warn({ err, serverId }, "could not read the customers on a server");
    return [];
  }
}

/** "Ira @ira (<code>8501</code>)": a customer as the admin recognises them (HTML). */
export function whoText(customer: Customer | undefined, id: number): string {
  const name = customer?.firstName ? html(customer.firstName) : "—";
  const at = customer?.username ? ` @${html(customer.username)}` : "";
  return `${name}${at} (<code>${id}</code>)`;
}

/** One line per subscription: who, which plan, until when. */
async function ownerLines(ctx: Ctx, owners: Owner[]): Promise<string[]> {
  const locale = await localeOf(ctx);
  return owners.map(({ subscription: s, customer }) =>
    ctx.t("owners-line", {
      who: whoText(customer, s.customerId),
      plan: html(planTitle(ctx.deps.sales.shop.plan(s.planId), locale, s.planId)),
      until: s.expiresAt ? formatDate(locale, s.expiresAt) : ctx.t("access-no-expiry"),
    }),
  );
}

function customerCount(owners: Owner[]): number {
  return new Set(owners.map((o) => o.subscription.customerId)).size;
}

/**
 * "⚠️ 1 customer is on it:" with a line per subscription and what the action will do to them
 * (`note`); empty when no customer is on the client.
 */
export async function ownersWarning(ctx: Ctx, owners: Owner[], note: string): Promise<string> {
  if (owners.length === 0) return "";
  return [
    ctx.t("owners-warning", { count: customerCount(owners) }),
    ...(await ownerLines(ctx, owners)),
    ctx.t(note),
  ].join("\n");
}

/** What became of the customers' subscriptions after the action (`key` takes `$count`, `$who`). */
export function ownersAfter(
  ctx: Ctx,
  key: string,
  owners: Owner[],
  vars: Record<string, string> = {},
): string {
  if (owners.length === 0) return "";
  const who = [...new Map(owners.map((o) => [o.subscription.customerId, o])).values()]
    .map((o) => whoText(o.customer, o.subscription.customerId))
    .join(", ");
  return ctx.t(key, { count: customerCount(owners), who, ...vars });
}

/**
 * Brings the shop's records in line with what the admin just did (`change`) and says so (`key`);
 * a failure there does not hide that the hosting action itself succeeded.
 */
export async function ownersFollow(ctx: Ctx, key: string, change: () => Promise<Owner[]>): Promise<string> {
  try {
    return ownersAfter(ctx, key, await change());
  } catch (err) {
    ctx.log.warn({ err }, "the shop's subscriptions could not follow an admin's change");
    return ctx.t("owners-not-followed");
  }
}

/** After a regenerate: every subscription on the server, and that their links stopped working. */
export async function ownersRegenerated(ctx: Ctx, owners: Owner[]): Promise<string> {
  if (owners.length === 0) return "";
  return [ctx.t("owners-regen-done", { count: owners.length }), ...(await ownerLines(ctx, owners))].join(
    "\n",
  );
}

/** `text` with `extra` appended as its own paragraph, when there is any. */
export function withOwners(text: string, extra: string): string {
  return extra ? `${text}\n\n${extra}` : text;
}
