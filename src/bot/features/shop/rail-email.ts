import { createConversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import { normalEmail } from "#src/domain/settlement/index.js";
import { html } from "#src/render/format.js";
import { WALLET_VIEW, walletCb } from "#src/render/shop-callbacks.js";
import type { BotContext, ConvContext } from "../../context.js";
import { askText, type BotConversation } from "../../conversation-kit.js";
import { RAIL_EMAIL_STEP, type RailGoal } from "./pay-ways.js";
import { payOnRail } from "./rail-checkout.js";

/**
 * The customer's e-mail for receipts (a rail with receipts on needs it before it takes a
 * payment): asked once, re-asked until it is an address, kept, then the payment it was asked
 * for goes on. From the wallet it is changed the same way. Cancel leaves it as it was.
 */
async function railEmailStep(
  conversation: BotConversation,
  ctx: ConvContext,
  next?: { rail: string; goal: RailGoal },
): Promise<void> {
  const typed = await askText(conversation, ctx, ctx.t(next ? "rail-email-ask" : "rail-email-change"), {
    validate: (text) => (normalEmail(text) ? undefined : ctx.t("rail-email-invalid")),
  });
  const kept = await conversation.external((outer: BotContext) =>
    outer.deps.settlement.railPayments.setEmail(outer.from?.id ?? 0, typed),
  );
  if (!kept) {
    await ctx.reply(ctx.t("rail-email-invalid"));
    return;
  }
  if (!next) {
    const wallet = new InlineKeyboard().text(ctx.t("wallet-back"), WALLET_VIEW);
    const email = html(normalEmail(typed) ?? typed);
    await ctx.reply(ctx.t("rail-email-saved", { email }), { parse_mode: "HTML", reply_markup: wallet });
    return;
  }
  // The payment it was asked for: its link (or why there is none) is sent as a new message.
  await conversation.external((outer: BotContext) => payOnRail(outer, next.rail, next.goal));
}

export const railConversations = [createConversation(railEmailStep, RAIL_EMAIL_STEP)];

/**
 * The wallet's line about the e-mail for receipts, and its Change button, while a rail the shop
 * offers sends receipts; nothing otherwise.
 */
export async function walletEmailPart(
  ctx: BotContext,
): Promise<{ line: string; button: { text: string; data: string } } | undefined> {
  const receipts = ctx.from ? await ctx.deps.settlement.railPayments.receipts(ctx.from.id) : undefined;
  if (!receipts) return undefined;
  const { email } = receipts;
  return {
    line: email ? ctx.t("rail-wallet-email", { email: html(email) }) : ctx.t("rail-wallet-no-email"),
    button: {
      text: ctx.t(email ? "rail-wallet-email-change" : "rail-wallet-email-add"),
      data: walletCb.pack({ act: "mail", n: 0 }),
    },
  };
}
