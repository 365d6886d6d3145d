import { createConversation } from "@grammyjs/conversations";
import type { CallbackQueryContext } from "grammy";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import { askText, type BotConversation } from "#src/bot/conversation-kit.js";
import { enterConversation } from "#src/bot/kit/index.js";
import { tellNotPermitted } from "#src/bot/staff.js";
import { show } from "#src/bot/views/show.js";
import { TICKET_TEXT_MAX } from "#src/domain/backoffice/index.js";
import { NotPermitted } from "#src/domain/staff/index.js";
import { ticketAdminCb } from "#src/render/ticket-callbacks.js";
import { Routes } from "../../../routes.js";
import { needsPermission } from "../permissions.js";
import { ticketCustomerLabel, ticketsListView, ticketView } from "./views.js";

export { ticketsListView };

/**
 * The Tickets section (role permission `tickets`): the live tickets, one ticket with the
 * customer's context and thread, Answer (a short dialog: the text, sent to the customer from the
 * bot), Close and Reopen. It is the way to answer without a staff group; with one, tickets are
 * answered in their topics there and this section shows the same tickets. The domain checks the
 * role again on every change and records it.
 */

needsPermission(ticketAdminCb.prefix, "tickets");

export const TICKET_ANSWER = "admin-ticket-answer";

type Outcome = "answered" | "duplicate" | "closed" | "full" | "unknown" | "invalid" | "refused";

const NOTICES: Record<Outcome, string> = {
  answered: "tickets-answered",
  duplicate: "tickets-answered",
  closed: "ticket-staff-closed",
  full: "ticket-staff-full",
  unknown: "ticket-gone",
  invalid: "ticket-text-or-photo",
  refused: "staff-not-permitted",
};

/** The answer of this update (the staff member's message) to ticket `id`: keyed by that message, taken once. */
async function answerWith(outer: BotContext, id: string, text: string): Promise<Outcome> {
  const ref = `bot:${outer.chat?.id ?? 0}:${outer.msg?.message_id ?? 0}`;
  try {
    const outcome = await outer.deps.backoffice.tickets.answer(outer.from?.id ?? 0, id, { text }, ref);
    outer.log.info({ ticket: id, status: outcome.status }, "staff answered a ticket in the bot");
    return outcome.status;
  } catch (err) {
    if (err instanceof NotPermitted) return "refused";
    throw err;
  }
}

/** Asks for the answer's text and sends it (the role is checked where it is sent: the domain). */
async function answerTicket(conversation: BotConversation, ctx: ConvContext, id: string): Promise<void> {
  const name = await conversation.external(async (outer: BotContext) => {
    const ticket = await outer.deps.backoffice.tickets.get(id);
    return ticket && ticket.state !== "closed" ? ticketCustomerLabel(outer, ticket) : undefined;
  });
  if (name === undefined) return void (await ctx.reply(ctx.t("ticket-gone")));
  const text = await askText(conversation, ctx, ctx.t("tickets-ask-answer", { id, name }), {
    validate: (typed) =>
      typed.length > TICKET_TEXT_MAX ? ctx.t("ticket-too-long", { max: TICKET_TEXT_MAX }) : undefined,
  });
  const view = await conversation.external(async (outer: BotContext) => {
    const outcome = await answerWith(outer, id, text);
    const shown = await ticketView(outer, id, outer.t(NOTICES[outcome]));
    return { text: shown.text, markup: shown.keyboard?.inline_keyboard ?? [] };
  });
  await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: { inline_keyboard: view.markup } });
}

export const ticketsAdminConversations = [createConversation(answerTicket, TICKET_ANSWER)];

/** Close or Reopen from the ticket's screen. */
async function closeOrReopen(ctx: CallbackQueryContext<BotContext>, act: "close" | "reopen", id: string) {
  const staffId = ctx.from.id;
  const { tickets } = ctx.deps.backoffice;
  try {
    const outcome =
      act === "close" ? await tickets.close({ staffId }, id) : await tickets.reopen(staffId, id);
    await ctx.answerCallbackQuery();
    const notice =
      outcome.status === "busy"
        ? ctx.t("tickets-reopen-busy", { other: outcome.other })
        : outcome.status === "closed" || outcome.status === "reopened"
          ? ctx.t(act === "close" ? "tickets-closed-done" : "tickets-reopened", { id })
          : undefined;
    await show(ctx, await ticketView(ctx, id, notice));
  } catch (err) {
    if (!(err instanceof NotPermitted)) throw err;
    await tellNotPermitted(ctx);
  }
}

export const ticketsAdminFeature = new Routes<BotContext>();

ticketsAdminFeature.callbackQuery(ticketAdminCb.pattern, async (ctx) => {
  const data = ticketAdminCb.unpack(ctx.callbackQuery.data);
  if (!data || (data.act !== "list" && !data.id)) return ctx.answerCallbackQuery();
  switch (data.act) {
    case "list":
      await ctx.answerCallbackQuery();
      return show(ctx, await ticketsListView(ctx, data.page));
    case "view":
      await ctx.answerCallbackQuery();
      return show(ctx, await ticketView(ctx, data.id));
    case "answer":
      await ctx.answerCallbackQuery();
      return enterConversation(ctx, TICKET_ANSWER, data.id);
    case "close":
    case "reopen":
      return closeOrReopen(ctx, data.act, data.id);
  }
});
