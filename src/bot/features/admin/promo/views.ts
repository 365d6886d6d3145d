import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import { formatMoney, titleOf } from "#src/domain/catalog/index.js";
import { PROMO_KINDS, type PromoCode, type PromoKind } from "#src/domain/sales/index.js";
import { formatDate, formatDateTime, html } from "#src/render/format.js";
import { adminHomeButton } from "../home.js";
import { promoAdminCb } from "./callbacks.js";

/** Codes shown in the list (newest first). */
export const PROMO_LIST_SIZE = 20;
/** Uses shown on a code's card (newest first). */
const USES_SHOWN = 15;

const KIND_LABEL: Record<PromoKind, string> = {
  percent: "promo-admin-kind-percent",
  fixed: "promo-admin-kind-fixed",
  days: "promo-admin-kind-days",
  credit: "promo-admin-kind-credit",
};

const WHAT: Record<PromoKind, string> = {
  percent: "promo-admin-what-percent",
  fixed: "promo-admin-what-fixed",
  days: "promo-admin-what-days",
  credit: "promo-admin-what-credit",
};

/** What the code gives, e.g. "−20%", "+7 days", "+50 ⭐ to the wallet". */
function what(ctx: BotContext, promo: PromoCode, locale: Locale): string {
  const amount = formatMoney(ctx.deps.sales.shop.currency, promo.value, locale);
  return ctx.t(WHAT[promo.kind], { percent: promo.value, amount, days: promo.value });
}

/** Uses consumed of the total, with the ones held by unpaid orders. */
function usage(ctx: BotContext, promo: PromoCode): string {
  return ctx.t("promo-admin-usage", {
    used: promo.used,
    total: promo.totalUses ?? "∞",
    reserved: promo.held - promo.used,
  });
}

function state(ctx: BotContext, promo: PromoCode): string {
  if (promo.disabled) return ctx.t("promo-admin-state-disabled");
  if (promo.expiresAt !== undefined && ctx.deps.clock.now() >= promo.expiresAt)
    return ctx.t("promo-admin-state-expired");
  return ctx.t("promo-admin-state-live");
}

/** The codes, newest first, each a button to its card, and "New code". */
export async function promoListView(ctx: BotContext): Promise<View> {
  const locale = await localeOf(ctx);
  const { codes, total } = await ctx.deps.sales.promos.list(0, PROMO_LIST_SIZE);
  const lines = [ctx.t("promo-admin-title", { count: total }), ""];
  const keyboard = new InlineKeyboard();
  if (codes.length === 0) lines.push(ctx.t("promo-admin-none"));
  codes.forEach((promo, i) => {
    lines.push(
      ctx.t("promo-admin-line", {
        code: html(promo.code),
        what: what(ctx, promo, locale),
        usage: usage(ctx, promo),
        state: state(ctx, promo),
      }),
    );
    keyboard.text(promo.code, promoAdminCb.pack({ act: "card", code: promo.code }));
    if (i % 3 === 2) keyboard.row();
  });
  keyboard
    .row()
    .text(ctx.t("promo-admin-new"), promoAdminCb.pack({ act: "new" }))
    .row();
  return { text: lines.join("\n"), keyboard: adminHomeButton(ctx, keyboard) };
}

/** A code's terms and state, its latest uses, and Disable while it is on. */
export async function promoCardView(ctx: BotContext, code: string): Promise<View | undefined> {
  const { promos, shop } = ctx.deps.sales;
  const promo = await promos.get(code);
  if (!promo) return undefined;
  const uses = await promos.uses(code, USES_SHOWN);
  const fresh = (await promos.get(code)) ?? promo;
  const locale = await localeOf(ctx);
  const plans = fresh.plans.map((id) => titleOf(shop.plan(id), locale) ?? id);
  const lines = [
    ctx.t("promo-admin-card", {
      code: html(fresh.code),
      what: what(ctx, fresh, locale),
      state: state(ctx, fresh),
      usage: usage(ctx, fresh),
      plans: plans.length > 0 ? html(plans.join(", ")) : ctx.t("promo-admin-all-plans"),
      expires:
        fresh.expiresAt !== undefined ? formatDate(locale, fresh.expiresAt) : ctx.t("promo-admin-no-expiry"),
      perCustomer: fresh.perCustomer,
      newOnly: ctx.t(fresh.newCustomersOnly ? "promo-admin-yes" : "promo-admin-no"),
    }),
    "",
    uses.length > 0 ? ctx.t("promo-admin-uses-title") : ctx.t("promo-admin-no-uses"),
  ];
  for (const use of uses) {
    lines.push(
      ctx.t(use.state === "used" ? "promo-admin-use-used" : "promo-admin-use-reserved", {
        customer: String(use.customerId),
        what: use.key.startsWith("w:") ? ctx.t("promo-admin-use-credit") : html(use.key),
        at: formatDateTime(locale, use.at),
      }),
    );
  }
  const keyboard = new InlineKeyboard();
  if (!fresh.disabled)
    keyboard.text(ctx.t("promo-admin-disable"), promoAdminCb.pack({ act: "off", code })).row();
  keyboard.text(ctx.t("promo-admin-back"), promoAdminCb.pack({ act: "list" })).row();
  return { text: lines.join("\n"), keyboard: adminHomeButton(ctx, keyboard) };
}

/** The first step of a new code: its kind. */
export function promoKindView(ctx: BotContext): View {
  const keyboard = new InlineKeyboard();
  for (const kind of PROMO_KINDS) {
    keyboard.text(ctx.t(KIND_LABEL[kind]), promoAdminCb.pack({ act: "kind", kind })).row();
  }
  keyboard.text(ctx.t("promo-admin-back"), promoAdminCb.pack({ act: "list" })).row();
  return { text: ctx.t("promo-admin-choose-kind"), keyboard };
}
