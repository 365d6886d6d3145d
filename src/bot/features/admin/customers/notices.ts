import { GrammyError } from "grammy";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import type { Locale } from "#src/config.js";

/**
 * What a customer hears of an admin's action on their account (credit, debit, block, unblock),
 * in the customer's language and with the admin's reason.
 */

type Vars = Record<string, string | number>;

/** The customer's language (their record), else the shop's default. */
async function customerLocale(ctx: BotContext | ConvContext, customerId: number): Promise<Locale> {
  return (await ctx.deps.books.customers.get(customerId))?.locale ?? ctx.deps.config.defaultLocale;
}

/**
 * Sends `key` to the customer in their language. True when it went out; a customer who blocked
 * the bot is marked so and false is returned; other failures are logged (the admin's action
 * stands either way) and give false.
 */
export async function tellCustomer(
  ctx: BotContext,
  customerId: number,
  key: string,
  vars: (locale: Locale) => Vars,
): Promise<boolean> {
  const locale = await customerLocale(ctx, customerId);
  const text = ctx.i18n.fluent.translate(locale, key, vars(locale));
  try {
    await ctx.api.sendMessage(customerId, text, { parse_mode: "HTML" });
    return true;
  } catch (err) {
    // 403: the customer blocked the bot (or deleted their account).
    if (err instanceof GrammyError && err.error_code === 403)
      await ctx.deps.books.customers.markBotBlocked(customerId);
    else ctx.log.warn({ err, customerId, key }, "could not tell the customer");
    return false;
  }
}

/** The admin's line saying whether the customer was told. */
export function toldLine(ctx: BotContext, told: boolean): string {
  return ctx.t(told ? "customers-told" : "customers-not-told");
}
