import { createConversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import type { Locale } from "#src/config.js";
import type { HistoryItem } from "#src/domain/books/index.js";
import { formatMoney } from "#src/domain/catalog/index.js";
import { parseTopUpAmount, topUpBounds, topUpPresets } from "#src/domain/sales/index.js";
import { formatDateTime } from "#src/render/format.js";
import { historyLineParts } from "#src/render/history.js";
import { GIFTS_VIEW, WALLET_VIEW, walletCb } from "#src/render/shop-callbacks.js";
import type { BotContext, ConvContext } from "../../context.js";
import { askText, type BotConversation } from "../../conversation-kit.js";
import { enterConversation } from "../../kit/index.js";
import { Routes } from "../../routes.js";
import { show, type View } from "../../views/show.js";
import { sendTopUpInvoice } from "../payments.js";
import { answer, localeOf, mainMenuRow, money } from "./common.js";
import { payWays, RAIL_EMAIL_STEP, topUpWaysView } from "./pay-ways.js";
import { walletEmailPart } from "./rail-email.js";

export const TOPUP_CONVERSATION = "shop-topup";
export const HISTORY_PAGE_SIZE = 8;

/** Balance, top-up presets, a custom amount and the history. */
export async function walletView(ctx: BotContext): Promise<View> {
  const locale = await localeOf(ctx);
  const { shop } = ctx.deps.sales;
  const { wallet } = ctx.deps.books;
  const balance = ctx.from ? await wallet.balance(ctx.from.id) : 0;
  const [ways, email] = await Promise.all([payWays(ctx), walletEmailPart(ctx)]);
  const keyboard = new InlineKeyboard();
  topUpPresets(shop.currency).forEach((amount, i) => {
    keyboard.text(
      ctx.t("wallet-topup-button", { amount: money(ctx, amount, locale) }),
      walletCb.pack({ act: "top", n: amount }),
    );
    if (i % 3 === 2) keyboard.row();
  });
  keyboard
    .row()
    .text(ctx.t("wallet-custom"), walletCb.pack({ act: "custom", n: 0 }))
    .text(ctx.t("wallet-history"), walletCb.pack({ act: "hist", n: 0 }))
    .row()
    .text(ctx.t("gift-my-button"), GIFTS_VIEW)
    .row();
  if (email) keyboard.text(email.button.text, email.button.data).row();
  // With outside rails the customer chooses how to pay each top-up: it is not only Telegram's.
  const title = ways.rails.length > 0 ? "rail-wallet-title" : "wallet-title";
  const text = ctx.t(title, { balance: money(ctx, balance, locale) });
  return { text: email ? `${text}\n\n${email.line}` : text, keyboard: mainMenuRow(ctx.t, keyboard) };
}

function historyLine(ctx: BotContext, locale: Locale, item: HistoryItem): string {
  const parts = historyLineParts(ctx.t, locale, item, (id) => ctx.deps.sales.shop.plan(id));
  return ctx.t("wallet-history-line", {
    date: formatDateTime(locale, item.entry.at),
    kind: parts.what,
    amount: parts.amount,
    balance: parts.balance,
  });
}

/**
 * The ledger, newest first, eight entries a page; an order paid by an invoice (its top-up and
 * its purchase) is one line, on the page of its purchase.
 */
export async function historyView(ctx: BotContext, page: number): Promise<View> {
  const locale = await localeOf(ctx);
  const id = ctx.from?.id ?? 0;
  const { wallet } = ctx.deps.books;
  let { items, total } = await wallet.historyPage(id, page * HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  if (page >= pages) {
    // An old button after the ledger shrank cannot happen (append-only), but a forged one can.
    page = pages - 1;
    ({ items, total } = await wallet.historyPage(id, page * HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE));
  }
  const back = new InlineKeyboard().text(ctx.t("wallet-back"), WALLET_VIEW).row();
  if (total === 0) return { text: ctx.t("wallet-history-empty"), keyboard: back };
  const lines = [ctx.t("wallet-history-title", { page: page + 1, pages }), ""];
  for (const item of items) lines.push(historyLine(ctx, locale, item));
  const nav = new InlineKeyboard();
  if (page > 0) nav.text(ctx.t("shop-prev"), walletCb.pack({ act: "hist", n: page - 1 }));
  if (page < pages - 1) nav.text(ctx.t("shop-next"), walletCb.pack({ act: "hist", n: page + 1 }));
  return { text: lines.join("\n"), keyboard: nav.row().append(back) };
}

async function topUp(ctx: BotContext, amount: number): Promise<void> {
  if (!topUpPresets(ctx.deps.sales.shop.currency).includes(amount)) {
    return answer(ctx, ctx.t("wallet-topup-refused"), true);
  }
  const ways = await payWays(ctx);
  if (ways.rails.length === 0) return invoiceTopUp(ctx, amount);
  await answer(ctx);
  await show(ctx, await topUpWaysView(ctx, amount, ways));
}

/** A top-up's Telegram invoice (a preset, or an amount chosen among the ways to pay it). */
async function invoiceTopUp(ctx: BotContext, amount: number): Promise<void> {
  if (!(await payWays(ctx)).telegram) return answer(ctx, ctx.t("rail-telegram-off"), true);
  // A flood of presses sends one invoice: the next presses point at it while it is unpaid.
  if (!(await ctx.deps.sales.cashier.claimTopUpInvoice(ctx.from?.id ?? 0, amount))) {
    return answer(ctx, ctx.t("invoice-already-sent"), true);
  }
  await answer(ctx);
  if (!(await sendTopUpInvoice(ctx, amount))) await ctx.reply(ctx.t("wallet-topup-refused"));
}

/** Asks for a top-up amount (re-asked until it is a valid one) and sends its invoice. */
async function topUpConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const { currency, locale } = await conversation.external(async (outer: BotContext) => ({
    currency: outer.deps.sales.shop.currency,
    locale: await localeOf(outer),
  }));
  const { min, max } = topUpBounds(currency);
  const bounds = { min: formatMoney(currency, min, locale), max: formatMoney(currency, max, locale) };
  const invalid = ctx.t(currency === "XTR" ? "wallet-amount-invalid-stars" : "wallet-amount-invalid", bounds);
  const typed = await askText(conversation, ctx, ctx.t("wallet-ask-amount", bounds), {
    validate: (text) => (parseTopUpAmount(text, currency) === undefined ? invalid : undefined),
  });
  const amount = parseTopUpAmount(typed, currency);
  if (amount === undefined) return;
  // Registers the top-up and sends its invoice (or the ways to pay it) once; a replay reuses the
  // stored outcome.
  const sent = await conversation.external(async (outer: BotContext) => {
    const ways = await payWays(outer);
    if (ways.rails.length === 0) return sendTopUpInvoice(outer, amount);
    await show(outer, await topUpWaysView(outer, amount, ways));
    return true;
  });
  if (!sent) await ctx.reply(ctx.t("wallet-topup-refused"));
}

export const walletConversations = [createConversation(topUpConversation, TOPUP_CONVERSATION)];

/**
 * /wallet: balance, top-up (presets or a typed amount) by invoice or on an outside rail, the
 * e-mail for receipts where a rail sends them, and the ledger.
 */
export const walletFeature = new Routes<BotContext>();

walletFeature.command("wallet", async (ctx) => show(ctx, await walletView(ctx)));

walletFeature.callbackQuery(WALLET_VIEW, async (ctx) => {
  await answer(ctx);
  await show(ctx, await walletView(ctx));
});

walletFeature.callbackQuery(walletCb.pattern, async (ctx) => {
  const data = walletCb.unpack(ctx.callbackQuery.data);
  if (!data) return answer(ctx);
  switch (data.act) {
    case "top":
      return topUp(ctx, data.n);
    case "inv":
      return invoiceTopUp(ctx, data.n);
    case "mail":
      await answer(ctx);
      return enterConversation(ctx, RAIL_EMAIL_STEP);
    case "custom":
      await answer(ctx);
      await enterConversation(ctx, TOPUP_CONVERSATION);
      return;
    case "hist":
      await answer(ctx);
      return show(ctx, await historyView(ctx, data.n));
  }
});
