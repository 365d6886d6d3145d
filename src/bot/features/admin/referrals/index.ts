import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { show, type View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import type { ReferralTerms } from "#src/domain/catalog/index.js";
import type { TopInviter } from "#src/domain/sales/index.js";
import { formatNumber, html } from "#src/render/format.js";
import { money } from "../../shop/common.js";
import { adminHomeButton } from "../home.js";
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

/** Whether referrals run, the catalog's terms, the switch and the top inviters. */
export async function referralsView(ctx: BotContext): Promise<View> {
  const { settings } = ctx.deps.catalog;
  const { referrals } = ctx.deps.sales;
  const locale = await localeOf(ctx);
  const terms = ctx.deps.catalog.current().referral;
  const on = await settings.referralsOn();
  const top = await referrals.top(TOP_INVITERS);
  const rows = await Promise.all(top.map((row, i) => inviterLine(ctx, row, i + 1, locale)));
  const text = [
    ctx.t("admin-referrals-title", { state: ctx.t(on ? "settings-on" : "settings-off") }),
    termsLine(ctx, terms, locale),
    "",
    rows.length > 0 ? ctx.t("admin-referrals-top") : ctx.t("admin-referrals-none"),
    ...rows,
  ].join("\n");
  const keyboard = new InlineKeyboard()
    .text(
      ctx.t(on ? "admin-referrals-turn-off" : "admin-referrals-turn-on"),
      referralsCb.pack({ act: on ? "off" : "on" }),
    )
    .row();
  return { text, keyboard: adminHomeButton(ctx, keyboard) };
}

/** Handlers of the referrals section (mounted behind the admin filter; the guard refuses others). */
export const referralsFeature = new Composer<BotContext>();
referralsFeature.callbackQuery(referralsCb.pattern, async (ctx) => {
  const data = referralsCb.unpack(ctx.callbackQuery.data);
  if (data?.act === "on" || data?.act === "off") {
    const on = data.act === "on";
    await ctx.deps.catalog.settings.setReferralsOn(on);
    ctx.log.info({ adminId: ctx.from.id, referrals: on }, "referrals switched");
    await ctx.answerCallbackQuery({ text: ctx.t(on ? "admin-referrals-now-on" : "admin-referrals-now-off") });
  } else {
    await ctx.answerCallbackQuery();
  }
  await show(ctx, await referralsView(ctx));
});
