import { createConversation } from "@grammyjs/conversations";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import { askText, type BotConversation } from "#src/bot/conversation-kit.js";
import { localeOf } from "#src/bot/i18n.js";
import { askNumber, MAX_DAYS, parseDays } from "#src/bot/kit/index.js";
import { exactMinor, inLocale } from "#src/domain/catalog/index.js";
import { type NewPromo, normalizeCode, type PromoKind } from "#src/domain/sales/index.js";
import { html } from "#src/render/format.js";
import { DAY } from "#src/runtime/clock.js";
import { asStaff, dialogGuard } from "../staff-actor.js";
import { askPlans, askYesNo, type PlanChoice } from "./choices.js";
import { promoCardView } from "./views.js";

export const PROMO_CREATE = "admin-promo-create";

/** The plans on sale, with their names in the admin's language, for the plan question. */
async function plansOnSale(ctx: BotContext): Promise<PlanChoice[]> {
  const locale = await localeOf(ctx);
  return ctx.deps.sales.shop.plans().map((p) => ({ id: p.id, title: inLocale(p.title, locale) }));
}

/** Upper bounds that keep typos out: uses in all, uses per customer. */
const MAX_TOTAL_USES = 1_000_000;
const MAX_PER_CUSTOMER = 1_000;

/** A whole number from 1 to `max`; undefined otherwise. */
const wholeUpTo = (max: number) => (text: string) => {
  const n = /^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
};

/** An amount of the shop's currency ("50", "4.99", "4,99") in minor units, above zero. */
const amountIn = (currency: string) => (text: string) => {
  const t = text.trim().replace(",", ".");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) return undefined;
  const minor = exactMinor(currency, Number(t));
  return minor !== undefined && minor > 0 ? minor : undefined;
};

const VALUE_PROMPT: Record<PromoKind, { ask: string; invalid: string }> = {
  percent: { ask: "promo-admin-ask-value-percent", invalid: "promo-admin-invalid-value-percent" },
  fixed: { ask: "promo-admin-ask-value-fixed", invalid: "promo-admin-invalid-value-amount" },
  days: { ask: "promo-admin-ask-value-days", invalid: "promo-admin-invalid-value-days" },
  credit: { ask: "promo-admin-ask-value-credit", invalid: "promo-admin-invalid-value-amount" },
};

/** The value of the code: a percent, an amount, or days, by kind. */
async function askValue(
  conversation: BotConversation,
  ctx: ConvContext,
  kind: PromoKind,
  currency: string,
): Promise<number> {
  const parse =
    kind === "percent"
      ? wholeUpTo(100)
      : kind === "days"
        ? (t: string) => parseDays(t, 1)
        : amountIn(currency);
  const value = await askNumber(conversation, ctx, ctx.t(VALUE_PROMPT[kind].ask), {
    parse,
    invalid: ctx.t(VALUE_PROMPT[kind].invalid, { max: MAX_DAYS }),
  });
  return value ?? 0;
}

/** The limits: plans, expiry (days from now), total uses, uses per customer, new customers only. */
async function askLimits(
  conversation: BotConversation,
  ctx: ConvContext,
  kind: PromoKind,
  plans: readonly PlanChoice[],
): Promise<Omit<NewPromo, "code" | "kind" | "value" | "createdBy"> & { days?: number }> {
  const forOrders = kind !== "credit";
  const chosen = forOrders ? await askPlans(conversation, ctx, plans) : [];
  const days = await askNumber(conversation, ctx, ctx.t("promo-admin-ask-expiry"), {
    parse: (t) => parseDays(t, 1),
    invalid: ctx.t("promo-admin-invalid-expiry", { max: MAX_DAYS }),
    optional: true,
  });
  const totalUses = await askNumber(conversation, ctx, ctx.t("promo-admin-ask-total"), {
    parse: wholeUpTo(MAX_TOTAL_USES),
    invalid: ctx.t("promo-admin-invalid-count", { max: MAX_TOTAL_USES }),
    optional: true,
  });
  const perCustomer = forOrders
    ? await askNumber(conversation, ctx, ctx.t("promo-admin-ask-per-customer"), {
        parse: wholeUpTo(MAX_PER_CUSTOMER),
        invalid: ctx.t("promo-admin-invalid-count", { max: MAX_PER_CUSTOMER }),
        optional: true,
      })
    : 1;
  const newOnly = await askYesNo(conversation, ctx, ctx.t("promo-admin-ask-new-only"));
  return {
    plans: chosen,
    ...(days !== undefined ? { days } : {}),
    ...(totalUses !== undefined ? { totalUses } : {}),
    perCustomer: perCustomer ?? 1,
    newCustomersOnly: newOnly,
  };
}

/**
 * A new code of `kind`, asked step by step ("-" skips an optional limit); created once at the
 * end (a code that exists already is refused), then its card is shown. Cancel, /cancel or
 * another command leaves nothing behind.
 */
async function createPromo(conversation: BotConversation, ctx: ConvContext, kind: PromoKind): Promise<void> {
  const shop = await conversation.external(async (outer: BotContext) => ({
    plans: await plansOnSale(outer),
    currency: outer.deps.sales.shop.currency,
  }));
  const typed = await askText(conversation, ctx, ctx.t("promo-admin-ask-code"), {
    validate: (t) => (normalizeCode(t) ? undefined : ctx.t("promo-admin-invalid-code")),
  });
  const code = normalizeCode(typed) ?? typed;
  const value = await askValue(conversation, ctx, kind, shop.currency);
  const { days, ...limits } = await askLimits(conversation, ctx, kind, shop.plans);
  const view = await conversation.external(async (outer: BotContext) => {
    const expiresAt = days !== undefined ? outer.deps.clock.now() + days * DAY : undefined;
    const input: Omit<NewPromo, "createdBy"> = { code, kind, value, ...limits };
    if (expiresAt !== undefined) input.expiresAt = expiresAt;
    // Each step was checked (dialogGuard); the domain checks the role again and records it.
    const made = await asStaff(outer, (actor) => outer.deps.sales.promos.createAs(actor, input));
    if (made === undefined) return undefined;
    if (!made) {
      return { text: outer.t("promo-admin-exists", { code: html(code) }), markup: [] };
    }
    outer.log.info({ adminId: outer.from?.id, code, kind, value }, "promo code created");
    const card = await promoCardView(outer, code);
    return { text: card?.text ?? "", markup: card?.keyboard?.inline_keyboard ?? [] };
  });
  if (view)
    await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: { inline_keyboard: view.markup } });
}

/** Installed ahead of all features, entered only from the admin-checked button of the section; each step checked. */
export const promoAdminConversations = [
  dialogGuard(PROMO_CREATE, "promo", "promo.create"),
  createConversation(createPromo, PROMO_CREATE),
];
