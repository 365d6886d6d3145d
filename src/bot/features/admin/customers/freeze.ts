import type { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import type { Locale } from "#src/config.js";
import type { Subscription } from "#src/domain/books/index.js";
import { formatDate, formatDateTime } from "#src/render/format.js";
import { DAY } from "#src/runtime/clock.js";
import { customersCb } from "./callbacks.js";
import { tellCustomer, toldLine } from "./notices.js";
import { roleMay, roleNow } from "./permissions.js";

/**
 * A customer's freeze on the admin's subscription card: frozen since, until, the days banked, the
 * freezes used in the last 365 days of the plan's number, and "Lift the freeze", which ends it now
 * through SubscriptionFreezes.unfreeze, the customer's own path (one run at a time; a staff
 * member with `hosting`, checked and audited there).
 */

/** The card's freeze lines (none: not frozen, nor a freeze on its way). */
export async function freezeLines(ctx: BotContext, locale: Locale, sub: Subscription): Promise<string[]> {
  const { freezes } = ctx.deps.terms;
  const view = await freezes.current(sub.id);
  const limit = freezes.option(sub)?.times_per_year;
  if (!view && limit === undefined) return [];
  const used = await freezes.usedInYear(sub.id);
  const usedLine = ctx.t("customers-sub-freezes-used", { used, limit: limit ?? 0 });
  if (!view) return [usedLine];
  if (view.status === "asked") return [ctx.t("customers-sub-freeze-asked", { days: view.days }), usedLine];
  const frozen = ctx.t("customers-sub-frozen", {
    since: formatDateTime(locale, view.frozenAt ?? 0),
    until: formatDateTime(locale, view.until ?? 0),
    bank: Math.floor((view.bankMs ?? 0) / DAY),
    end: formatDate(locale, view.endsAt ?? 0),
  });
  const unfreezing = view.status === "unfreezing" ? [ctx.t("customers-sub-freeze-unfreezing")] : [];
  return [frozen, ...unfreezing, usedLine];
}

/** "Lift the freeze" under a frozen subscription, for a role that may. */
export async function addLiftButton(
  ctx: BotContext,
  keyboard: InlineKeyboard,
  customerId: number,
  sub: Subscription,
): Promise<void> {
  const view = await ctx.deps.terms.freezes.current(sub.id);
  if (view?.status !== "frozen" && view?.status !== "unfreezing") return;
  if (!roleMay(await roleNow(ctx), "unfreeze")) return;
  keyboard
    .text(
      ctx.t("customers-unfreeze-button"),
      customersCb.pack({ act: "unfreeze", customer: customerId, sub: sub.id }),
    )
    .row();
}

/** Lifts the freeze of `subId` now and says what happened; the customer is told when it ended. */
export async function liftFreeze(ctx: BotContext, customerId: number, subId: string): Promise<string> {
  const sub = await ctx.deps.books.subscriptions.get(subId);
  if (!sub || sub.customerId !== customerId) return ctx.t("error-menu-outdated");
  const staffId = ctx.from?.id ?? 0;
  const out = await ctx.deps.terms.freezes.unfreeze(subId, { staffId });
  ctx.log.info({ staffId, subscriptionId: subId, outcome: out.kind }, "admin lifted a freeze");
  if (out.kind === "refused") return ctx.t("customers-unfreeze-not-frozen");
  if (out.kind === "retrying")
    return ctx.t(out.busy ? "customers-unfreeze-busy" : "customers-unfreeze-retrying");
  const end = (l: Locale) => formatDate(l, out.expiresAt);
  const told = await tellCustomer(ctx, customerId, "notice-unfrozen", (l) => ({ end: end(l) }));
  const done = ctx.t("customers-unfreeze-done", { end: end(await localeOf(ctx)) });
  return `${done}\n${toldLine(ctx, told)}`;
}
