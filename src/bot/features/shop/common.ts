import { InlineKeyboard } from "grammy";
import type { Locale } from "#src/config.js";
import type { Plan } from "#src/domain/catalog/index.js";
import { formatMoney } from "#src/domain/catalog/index.js";
import { html } from "#src/render/format.js";
import { planDetailsLine } from "#src/render/plan-details.js";
import { MAIN_MENU } from "#src/render/shop-callbacks.js";
import type { BotContext } from "../../context.js";
import { localeOf } from "../../i18n.js";
import type { Translate } from "../../kit/index.js";

export { localeOf };

/** An amount in minor units of the catalog currency, in the reader's language. */
export function money(ctx: BotContext, minor: number, locale: Locale): string {
  return formatMoney(ctx.deps.sales.shop.currency, minor, locale);
}

/** Term, traffic, devices and the named locations of a plan, in one line. */
export function planDetails(t: Translate, locale: Locale, plan: Plan): string {
  return planDetailsLine(t, locale, plan, html);
}

/** Adds a "« Main menu" row. */
export function mainMenuRow(t: Translate, keyboard = new InlineKeyboard()): InlineKeyboard {
  return keyboard.text(t("menu-main"), MAIN_MENU).row();
}

/** Presses answered already: a second answer to one callback query is an error at Telegram. */
const answered = new WeakSet<BotContext>();

/**
 * Answers the button press (once), with a short notice when `text` is given; without a press
 * to answer (a command, or one answered already), the notice becomes a message.
 */
export async function answer(ctx: BotContext, text?: string, alert = false): Promise<void> {
  if (ctx.callbackQuery && !answered.has(ctx)) {
    answered.add(ctx);
    await ctx.answerCallbackQuery(text === undefined ? undefined : { text, show_alert: alert });
    return;
  }
  if (text !== undefined) await ctx.reply(text, { parse_mode: "HTML" });
}
