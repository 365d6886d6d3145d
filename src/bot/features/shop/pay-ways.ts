import { InlineKeyboard } from "grammy";
import { telegramInvoices } from "#src/domain/sales/index.js";
import type { RailOffer } from "#src/domain/settlement/index.js";
import { railCb, WALLET_VIEW, walletCb } from "#src/render/shop-callbacks.js";
import type { BotContext } from "../../context.js";
import type { View } from "../../views/show.js";
import { localeOf, money } from "./common.js";

/** What a rail payment pays: an order of the customer's, or a top-up of their wallet (minor units). */
export type RailGoal = { kind: "order"; orderId: string } | { kind: "topup"; amount: number };

/** The step that asks for the customer's e-mail for receipts (a conversation, see rail-email.ts). */
export const RAIL_EMAIL_STEP = "shop-rail-email";

/**
 * How the shop can take money beyond the balance, for the presser now: Telegram's own invoice
 * (Stars always, a fiat currency only with a provider token) and each outside rail that takes
 * the shop's currency, a rail that is down among them (shown as unavailable, not hidden).
 */
export interface PayWays {
  telegram: boolean;
  rails: RailOffer[];
}

export async function payWays(ctx: BotContext): Promise<PayWays> {
  const telegram = telegramInvoices(ctx.deps.sales.shop.currency, ctx.deps.config.paymentProviderToken);
  const rails = ctx.from ? await ctx.deps.settlement.railPayments.offers(ctx.from.id) : [];
  return { telegram, rails };
}

/**
 * One row per rail: "Pay 150 ₽ with CryptoBot", or, for a rail that is down, a button whose
 * press says so (the customer learns it before choosing, not at the last step).
 */
export function railButtons(
  ctx: BotContext,
  keyboard: InlineKeyboard,
  offers: readonly RailOffer[],
  amount: string,
  pay: (rail: string) => string,
): InlineKeyboard {
  for (const offer of offers) {
    if (offer.available) keyboard.text(ctx.t("rail-pay-button", { amount, rail: offer.name }), pay(offer.id));
    else
      keyboard.text(
        ctx.t("rail-off-button", { rail: offer.name }),
        railCb.pack({ act: "off", rail: offer.id, id: "-" }),
      );
    keyboard.row();
  }
  return keyboard;
}

/**
 * What the order's confirmation says is due: with rails it names no way to pay (the buttons
 * do); without them it is the Telegram invoice, as before rails.
 */
export function dueLine(
  ctx: BotContext,
  ways: PayWays,
  missing: string,
  covered: string | undefined,
): string {
  const rails = ways.rails.length > 0;
  if (covered !== undefined)
    return ctx.t(rails ? "rail-confirm-short" : "buy-confirm-short", { missing, covered });
  return ctx.t(rails ? "rail-confirm-due" : "buy-confirm-invoice", { missing });
}

/** A top-up of `amount`: the customer chooses how to pay it (a Telegram invoice, each rail). */
export async function topUpWaysView(ctx: BotContext, amount: number, ways: PayWays): Promise<View> {
  const shown = money(ctx, amount, await localeOf(ctx));
  const keyboard = new InlineKeyboard();
  if (ways.telegram)
    keyboard
      .text(ctx.t("rail-topup-telegram", { amount: shown }), walletCb.pack({ act: "inv", n: amount }))
      .row();
  railButtons(ctx, keyboard, ways.rails, shown, (rail) =>
    railCb.pack({ act: "top", rail, id: String(amount) }),
  );
  keyboard.text(ctx.t("wallet-back"), WALLET_VIEW).row();
  return { text: ctx.t("rail-topup-choose", { amount: shown }), keyboard };
}
