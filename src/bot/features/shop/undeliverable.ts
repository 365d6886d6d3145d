import { titleOf } from "#src/domain/catalog/index.js";
import type { ShopRefusal, Undeliverable } from "#src/domain/sales/index.js";
import { type OfferKind, undeliverableAlert, undeliverableText } from "#src/render/undeliverable.js";
import type { BotContext } from "../../context.js";
import { withSupport } from "../help.js";
import { answer, localeOf } from "./common.js";

/**
 * An order the hosting side cannot deliver now (Delivery): the customer is told why, that
 * nothing was charged and to try later; the admins are alerted (once per cause for a while) in
 * their language with what stands in the way and, for a server paid too briefly, "Extend server".
 */
export async function refuseUndeliverable(
  ctx: BotContext,
  kind: OfferKind,
  planId: string,
  why: Undeliverable,
): Promise<void> {
  ctx.log.info({ planId, kind, why }, "order not offered: the hosting side cannot deliver it now");
  await answer(ctx, undeliverableText(ctx.t, await localeOf(ctx), kind, why), true);
  await alertAdmins(ctx, kind, planId, why).catch((err: unknown) =>
    ctx.log.warn({ err }, "undeliverable alert to the admins failed"),
  );
}

async function alertAdmins(ctx: BotContext, kind: OfferKind, planId: string, why: Undeliverable) {
  const { sales, books, catalog, config } = ctx.deps;
  if (config.adminIds.length === 0 || !(await sales.shop.undeliverableAlertDue(why))) return;
  const from = ctx.from;
  const customer = {
    id: from?.id ?? 0,
    firstName: from?.first_name,
    username: from?.username,
  };
  const autoExtend = await catalog.settings.autoExtend();
  const plan = sales.shop.plan(planId);
  for (const adminId of config.adminIds) {
    const locale = (await books.customers.get(adminId))?.locale ?? config.defaultLocale;
    const t = (key: string, vars?: Record<string, string | number>) =>
      ctx.i18n.fluent.translate(locale, key, vars);
    const title = titleOf(plan, locale) ?? planId;
    const { text, keyboard } = undeliverableAlert(t, locale, {
      kind,
      plan: title,
      customer,
      why,
      autoExtend,
    });
    await ctx.api
      .sendMessage(adminId, text, { parse_mode: "HTML", reply_markup: keyboard })
      .catch((err: unknown) => ctx.log.warn({ err, adminId }, "undeliverable alert not sent"));
  }
}

/**
 * Why an order for a subscription (a renewal, a traffic pack) could not be opened: what the hosting
 * side stands in the way of has its own screen; any other reason is the toast `keys` names for it
 * (`fallback` otherwise), with the support contact where only writing to the shop can help.
 */
export async function refuseOpening(
  ctx: BotContext,
  kind: OfferKind,
  refusal: { reason: ShopRefusal; why?: Undeliverable | undefined },
  planId: () => Promise<string> | string,
  keys: { readonly [R in ShopRefusal]?: string },
  withContact: readonly string[],
  fallback = "my-not-found",
): Promise<void> {
  if (refusal.why) return refuseUndeliverable(ctx, kind, await planId(), refusal.why);
  const key = keys[refusal.reason] ?? fallback;
  return answer(ctx, withContact.includes(key) ? withSupport(ctx, key) : ctx.t(key), true);
}
