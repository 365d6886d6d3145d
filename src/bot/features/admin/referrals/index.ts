import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { permitted } from "#src/bot/staff.js";
import { show, type View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import type { ReferralTerms } from "#src/domain/catalog/index.js";
import type { TopInviter } from "#src/domain/sales/index.js";
import { formatNumber, html } from "#src/render/format.js";
import { Routes } from "../../../routes.js";
import { money } from "../../shop/common.js";
import { adminHomeButton } from "../home.js";
import { asStaff } from "../staff-actor.js";
import { referralsCb } from "./callbacks.js";

/** Inviters listed on the screen. */
export const TOP_INVITERS = 10;

function termsLine(ctx: BotContext, terms: ReferralTerms | undefined, locale: Locale): string {
  if (!terms) return ctx.t("admin-referrals-no-terms");
  return ctx.t("admin-referrals-terms", {
    percent: formatNumber(locale, terms.percent),
    days: terms.bonus_days,
    payments: terms.rewarded_payments,
  });
}

async function inviterLine(ctx: BotContext, row: TopInviter, place: number, locale: Locale) {
  const customer = await ctx.deps.books.customers.get(row.customerId);
  const name = customer?.username ? `@${customer.username}` : (customer?.firstName ?? "");
  return ctx.t("admin-referrals-row", {
    place,
    name: html(name || "—"),
    id: String(row.customerId),
    joined: row.joined,
    paid: row.paid,
    earned: money(ctx, row.earned, locale),
    lost: row.lost > 0 ? ctx.t("admin-referrals-lost", { lost: money(ctx, row.lost, locale) }) : "",
  });
}

/** The state in one word: not set up (no catalog terms: nothing to switch), on or off. */
function stateOf(ctx: BotContext, terms: ReferralTerms | undefined, on: boolean): string {
  if (!terms) return ctx.t("admin-referrals-state-unset");
  return ctx.t(on ? "settings-on" : "settings-off");
}

/**
 * One coherent screen: the state (not set up, on, off) with what it means, the catalog's terms,
 * the shop's figures (friends joined and paid, rewards), the top inviters (those whose friends
 * joined count even before anyone earned) and the switch, shown only when there are terms.
 */
export async function referralsView(ctx: BotContext): Promise<View> {
  const { settings } = ctx.deps.catalog;
  const { referrals } = ctx.deps.sales;
  const locale = await localeOf(ctx);
  const terms = ctx.deps.catalog.current().referral;
  const on = await settings.referralsOn();
  const [top, sum] = await Promise.all([referrals.top(TOP_INVITERS), referrals.summary()]);
  const rows = await Promise.all(top.map((row, i) => inviterLine(ctx, row, i + 1, locale)));
  const lines = [
    ctx.t("admin-referrals-title", { state: stateOf(ctx, terms, on) }),
    termsLine(ctx, terms, locale),
  ];
  if (terms && !on) lines.push(ctx.t("admin-referrals-off-means"));
  lines.push("");
  if (sum.joined === 0) {
    lines.push(ctx.t(terms && on ? "admin-referrals-nobody-yet" : "admin-referrals-nobody"));
  } else {
    lines.push(
      ctx.t("admin-referrals-figures", {
        joined: sum.joined,
        inviters: sum.inviters,
        paid: sum.paid,
        earned: money(ctx, sum.earned, locale),
      }),
      "",
      ctx.t("admin-referrals-top"),
      ...rows,
    );
  }
  const keyboard = new InlineKeyboard();
  if (terms) {
    keyboard
      .text(
        ctx.t(on ? "admin-referrals-turn-off" : "admin-referrals-turn-on"),
        referralsCb.pack({ act: on ? "off" : "on" }),
      )
      .row();
  }
  return { text: lines.join("\n"), keyboard: adminHomeButton(ctx, keyboard) };
}

/** Handlers of the referrals section (mounted behind the admin filter; the guard refuses others). */
export const referralsFeature = new Routes<BotContext>();
referralsFeature.callbackQuery(referralsCb.pattern, async (ctx) => {
  const data = referralsCb.unpack(ctx.callbackQuery.data);
  if (data?.act === "on" || data?.act === "off") {
    if (!(await permitted(ctx, "settings", "referrals.set"))) return;
    const on = data.act === "on";
    const change = { key: "referrals", value: on } as const;
    if (!(await asStaff(ctx, (actor) => ctx.deps.catalog.settings.setAs(actor, change)))) return;
    ctx.log.info({ adminId: ctx.from.id, referrals: on }, "referrals switched");
    await ctx.answerCallbackQuery({ text: ctx.t(on ? "admin-referrals-now-on" : "admin-referrals-now-off") });
  } else {
    await ctx.answerCallbackQuery();
  }
  await show(ctx, await referralsView(ctx));
});
