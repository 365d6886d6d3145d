import { createConversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import { askText, type BotConversation } from "#src/bot/conversation-kit.js";
import { localeOf } from "#src/bot/i18n.js";
import type { View } from "#src/bot/views/show.js";
import { ADMIN_REASON_MAX, type AdjustDirection } from "#src/domain/backoffice/index.js";
import { currencyExponent, formatMoney } from "#src/domain/catalog/index.js";
import { html } from "#src/render/format.js";
import { parseAmount } from "./amount.js";
import { cardCb, customersCb } from "./callbacks.js";
import { stepPermitted } from "./permissions.js";
import { customerCardView } from "./views.js";
import { WRITE, writeConversation } from "./write.js";

/**
 * The Customers section's dialogs: find a customer, credit / debit a wallet (amount, reason, then
 * a confirmation held by the shop's AdminWallet) and block (reason, then a confirmation held by
 * CustomerBlocks). Nothing changes before the confirmation is pressed. Each answer is checked
 * against the sender's role now: one lowered since the dialog began ends it there.
 */

export const FIND = "customers.find";
export const ADJUST = "customers.adjust";
export const BLOCK = "customers.block";

/** A Telegram user id or a @username (Telegram's alphabet), as typed into the search. */
const QUERY = /^(\d{1,16}|@?[A-Za-z][A-Za-z0-9_]{2,31})$/;

/** Plain data of a view (for a conversation's replay log, which stores JSON). */
interface PlainView {
  text: string;
  keyboard?: InlineKeyboardMarkup;
}

function plain(view: View): PlainView {
  return view.keyboard
    ? { text: view.text, keyboard: { inline_keyboard: view.keyboard.inline_keyboard } }
    : { text: view.text };
}

async function replyView(ctx: ConvContext, view: PlainView): Promise<void> {
  await ctx.reply(view.text, {
    parse_mode: "HTML",
    reply_markup: view.keyboard,
    link_preview_options: { is_disabled: true },
  });
}

function validReason(ctx: ConvContext, text: string): string | undefined {
  return text.length >= 1 && text.length <= ADMIN_REASON_MAX
    ? undefined
    : ctx.t("customers-reason-invalid", { max: ADMIN_REASON_MAX });
}

async function findConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  let prompt = ctx.t("customers-ask-query");
  for (;;) {
    const query = await askText(conversation, ctx, prompt, {
      validate: (text) => (QUERY.test(text) ? undefined : ctx.t("customers-query-invalid")),
    });
    // Only plain data leaves `external` (it is kept in the replay log).
    const found = await conversation.external(async (outer: BotContext) => {
      const customer = await outer.deps.books.customers.find(query);
      return customer
        ? { found: true as const, view: plain(await customerCardView(outer, customer.id)) }
        : { found: false as const };
    });
    if (found.found) return replyView(ctx, found.view);
    prompt = ctx.t("customers-not-found", { query: html(query) });
  }
}

/** The customer's name, the wallet's currency and the balance; undefined when the customer is gone. */
function walletInfo(conversation: BotConversation, customerId: number) {
  return conversation.external(async (outer: BotContext) => {
    const customer = await outer.deps.books.customers.get(customerId);
    if (!customer) return undefined;
    const { wallet } = outer.deps.books;
    return {
      name: customer.firstName || String(customerId),
      currency: wallet.currency,
      balance: await wallet.balance(customerId),
    };
  });
}

/** Asks how much to credit or debit until an amount parses (a debit within the balance). */
async function askAmount(
  conversation: BotConversation,
  ctx: ConvContext,
  direction: AdjustDirection,
  name: string,
  currency: string,
  balance: string,
  max: number,
): Promise<number> {
  const whole = currencyExponent(currency) === 0;
  const question = direction === "credit" ? "customers-ask-credit" : "customers-ask-debit";
  const amountText = await askText(conversation, ctx, ctx.t(question, { name, currency, balance }), {
    validate: (text) => {
      const amount = parseAmount(currency, text);
      if (amount === undefined)
        return ctx.t(whole ? "customers-amount-invalid-whole" : "customers-amount-invalid", { currency });
      if (direction === "debit" && amount > max) return ctx.t("customers-debit-over", { balance });
      return undefined;
    },
  });
  return parseAmount(currency, amountText) ?? 0;
}

/** Asks the amount and the reason, then offers the confirmation (nothing changes before it). */
async function adjustConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  customerId: number,
  direction: AdjustDirection,
): Promise<void> {
  const info = await walletInfo(conversation, customerId);
  if (!info) {
    await ctx.reply(ctx.t("customers-gone", { id: String(customerId) }));
    return;
  }
  const locale = await localeOf(ctx);
  const { currency, balance } = info;
  const money = (minor: number) => formatMoney(currency, minor, locale);
  const name = html(info.name);
  if (direction === "debit" && balance <= 0) {
    await ctx.reply(ctx.t("customers-debit-nothing", { name }), {
      parse_mode: "HTML",
      reply_markup: new InlineKeyboard().text(ctx.t("customers-back-card"), cardCb(customerId)),
    });
    return;
  }
  const action = `wallet.${direction}`;
  const amount = await askAmount(conversation, ctx, direction, name, currency, money(balance), balance);
  if (!(await stepPermitted(conversation, "money", action, customerId))) return;
  const reason = await askText(conversation, ctx, ctx.t("customers-ask-reason"), {
    validate: (text) => validReason(ctx, text),
  });
  if (!(await stepPermitted(conversation, "money", action, customerId))) return;
  const adminId = ctx.from?.id ?? 0;
  const token = await conversation.external((outer: BotContext) =>
    outer.deps.backoffice.adminWallet.propose({ customerId, direction, amount, currency, reason, adminId }),
  );
  const after = direction === "credit" ? balance + amount : balance - amount;
  const confirm = direction === "credit" ? "customers-confirm-credit" : "customers-confirm-debit";
  const vars = { name, id: String(customerId), reason: html(reason) };
  const amounts = { amount: money(amount), balance: money(balance), after: money(after) };
  await ctx.reply(ctx.t(confirm, { ...vars, ...amounts }), {
    parse_mode: "HTML",
    reply_markup: new InlineKeyboard()
      .text(ctx.t("customers-confirm-yes"), customersCb.pack({ act: "adj-ok", customer: customerId, token }))
      .text(ctx.t("customers-cancel"), cardCb(customerId)),
  });
}

/** Asks why the customer is blocked, then offers the confirmation (nothing changes before it). */
async function blockConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  customerId: number,
): Promise<void> {
  const name = await conversation.external(async (outer: BotContext) => {
    const c = await outer.deps.books.customers.get(customerId);
    return c ? c.firstName || String(customerId) : undefined;
  });
  if (name === undefined) {
    await ctx.reply(ctx.t("customers-gone", { id: String(customerId) }));
    return;
  }
  const reason = await askText(conversation, ctx, ctx.t("customers-ask-block-reason", { name: html(name) }), {
    validate: (text) => validReason(ctx, text),
  });
  if (!(await stepPermitted(conversation, "customers.block", "customer.block", customerId))) return;
  const adminId = ctx.from?.id ?? 0;
  const token = await conversation.external((outer: BotContext) =>
    outer.deps.backoffice.customerBlocks.propose({ customerId, reason, adminId }),
  );
  await ctx.reply(
    ctx.t("customers-confirm-block", { name: html(name), id: String(customerId), reason: html(reason) }),
    {
      parse_mode: "HTML",
      reply_markup: new InlineKeyboard()
        .text(
          ctx.t("customers-block-yes"),
          customersCb.pack({ act: "block-ok", customer: customerId, token }),
        )
        .text(ctx.t("customers-cancel"), cardCb(customerId)),
    },
  );
}

/** Installed ahead of all features (see create-bot.ts), entered only from admin-checked handlers. */
export const customersConversations = [
  createConversation(findConversation, FIND),
  createConversation(adjustConversation, ADJUST),
  createConversation(blockConversation, BLOCK),
  createConversation(writeConversation, WRITE),
];
