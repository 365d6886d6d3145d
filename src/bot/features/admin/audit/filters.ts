import { createConversation } from "@grammyjs/conversations";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import { askText, type BotConversation } from "#src/bot/conversation-kit.js";
import { permitted } from "#src/bot/staff.js";
import { type AuditFilter, auditSubject } from "#src/domain/staff/index.js";
import { html } from "#src/render/format.js";
import { auditPageView } from "./views.js";

export const AUDIT_BY_CUSTOMER = "audit.customer";
export const AUDIT_BY_SUBJECT = "audit.subject";

/** A customer as typed: a numeric Telegram id or a @username. */
const CUSTOMER = /^(\d{1,16}|@?[A-Za-z][A-Za-z0-9_]{2,31})$/;
/** A subject as the log writes them: `<kind>:<id>` (`server:7`, `customer:42`, `plan:de`). */
const SUBJECT = /^[a-z][a-z0-9_.-]{0,31}:\S{1,96}$/;

/** The first page of `filter`, as plain data (a conversation's replay log keeps JSON); none when refused. */
async function firstPage(
  outer: BotContext,
  filter: AuditFilter,
): Promise<{ text: string; keyboard: InlineKeyboardMarkup } | undefined> {
  // Reading the log needs `audit` now: a role lowered while the question was open reads nothing.
  if (!(await permitted(outer, "audit", "audit.read"))) return undefined;
  const view = await auditPageView(outer, filter);
  const keyboard = view.keyboard && { inline_keyboard: view.keyboard.inline_keyboard };
  return { text: view.text, keyboard: keyboard ?? { inline_keyboard: [] } };
}

async function replyPage(ctx: ConvContext, page: Awaited<ReturnType<typeof firstPage>>): Promise<void> {
  if (page) await ctx.reply(page.text, { parse_mode: "HTML", reply_markup: page.keyboard });
}

/** The entries about one customer: their id or a @username the shop knows. */
async function byCustomer(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  let prompt = ctx.t("audit-ask-customer");
  for (;;) {
    const query = await askText(conversation, ctx, prompt, {
      validate: (text) => (CUSTOMER.test(text) ? undefined : ctx.t("audit-customer-invalid")),
    });
    const page = await conversation.external(async (outer: BotContext) => {
      // An id stands for itself (the entries outlive the customer's record); a name must be known.
      const id = /^\d+$/.test(query) ? Number(query) : (await outer.deps.books.customers.find(query))?.id;
      return id === undefined ? "unknown" : firstPage(outer, { subject: auditSubject("customer", id) });
    });
    if (page !== "unknown") return replyPage(ctx, page);
    prompt = ctx.t("audit-customer-unknown", { query: html(query) });
  }
}

/** The entries about one subject, typed as the log writes it. */
async function bySubject(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const subject = await askText(conversation, ctx, ctx.t("audit-ask-subject"), {
    validate: (text) => (SUBJECT.test(text) ? undefined : ctx.t("audit-subject-invalid")),
  });
  const page = await conversation.external((outer: BotContext) => firstPage(outer, { subject }));
  return replyPage(ctx, page);
}

/** Installed with the admin conversations, entered only from the section's buttons. */
export const auditConversations = [
  createConversation(byCustomer, AUDIT_BY_CUSTOMER),
  createConversation(bySubject, AUDIT_BY_SUBJECT),
];
