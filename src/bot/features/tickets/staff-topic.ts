import { GrammyError } from "grammy";
import type { Message } from "grammy/types";
import type { Ticket, TicketWriting } from "#src/domain/backoffice/index.js";
import { NotPermitted } from "#src/domain/staff/index.js";
import { ticketTopicCb } from "#src/render/ticket-callbacks.js";
import { ticketTopicKeyboard } from "#src/render/tickets.js";
import type { BotContext } from "../../context.js";
import { Routes } from "../../routes.js";
import { permitted, staffRoleOf, tellNotPermitted } from "../../staff.js";
import { customerCardView } from "../admin/customers/index.js";
import { readWriting } from "./customer.js";

/**
 * Tickets in the staff group: each ticket's thread is a forum topic there. A staff member's
 * message in it (not a command) is the answer, sent to the customer from the bot once (keyed by
 * the group message: an update delivered twice answers once); someone whose role lacks `tickets`
 * is told their message went nowhere (and the refusal is recorded). The buttons under the
 * ticket's first message send the customer's card to the presser's private chat, close or reopen
 * the ticket. Nothing else said in the group is looked at.
 */

/** An update that may be about a ticket's topic: a message in a forum topic, or a topic button. */
export function inTicketTopic(ctx: BotContext): boolean {
  if (ctx.chat?.type !== "supergroup") return false;
  const data = ctx.callbackQuery?.data;
  if (data !== undefined) return ticketTopicCb.pattern.test(data);
  const message = ctx.message;
  return message?.is_topic_message === true && message.message_thread_id !== undefined;
}

/** The staff group as set up now, when the update is in it. */
async function inStaffGroup(ctx: BotContext): Promise<boolean> {
  const group = await ctx.deps.staff.group.get();
  return group !== undefined && group.chatId === ctx.chat?.id;
}

/** Content a person can send that a ticket does not take (a file, a sticker, a voice message...). */
function otherContent(m: Message): boolean {
  return Boolean(m.document || m.sticker || m.video || m.voice || m.audio || m.animation || m.video_note);
}

/** A staff member's message in a ticket's topic: the answer, or why it is not one. */
async function staffWrote(ctx: BotContext, ticket: Ticket, m: Message): Promise<void> {
  const read = readWriting(m);
  if (!read.ok) {
    // Service messages (a topic closed, someone joined) carry nothing: not worth a word.
    if (read.problem === "ticket-too-long")
      await ctx.reply(ctx.t("ticket-staff-too-long", { max: read.max ?? 0 }));
    else if (otherContent(m)) await ctx.reply(ctx.t("ticket-staff-only-text"));
    return;
  }
  await answerInTopic(ctx, ticket, read.writing, `tg:${m.chat.id}:${m.message_id}`);
}

/** Keeps the name a staff member acting on a ticket is shown by (notes, the audit log). */
export async function rememberStaffName(ctx: BotContext): Promise<void> {
  const from = ctx.from;
  if (!from || (await staffRoleOf(ctx)) === undefined) return;
  await ctx.deps.staff.roster.rememberName(from.id, from.username ? `@${from.username}` : from.first_name);
}

async function answerInTopic(ctx: BotContext, ticket: Ticket, writing: TicketWriting, ref: string) {
  const staffId = ctx.from?.id ?? 0;
  await rememberStaffName(ctx);
  try {
    const outcome = await ctx.deps.backoffice.tickets.answer(staffId, ticket.id, writing, ref);
    ctx.log.info(
      { ticket: ticket.id, staffId, status: outcome.status },
      "staff answered a ticket in its topic",
    );
    if (outcome.status === "closed") await ctx.reply(ctx.t("ticket-staff-closed"));
    else if (outcome.status === "full") await ctx.reply(ctx.t("ticket-staff-full"));
  } catch (err) {
    if (!(err instanceof NotPermitted)) throw err;
    ctx.log.warn(
      { ticket: ticket.id, from: staffId },
      "a ticket answer from someone whose role lacks tickets",
    );
    await ctx.reply(ctx.t("ticket-staff-not-permitted"));
  }
}

/** The customer's card, sent to the presser's private chat (their role must allow customers.view). */
async function sendCard(ctx: BotContext, customerId: number): Promise<void> {
  if (!(await permitted(ctx, "customers.view", "customer.view"))) return;
  const view = await customerCardView(ctx, customerId);
  try {
    await ctx.api.sendMessage(ctx.from?.id ?? 0, view.text, {
      parse_mode: "HTML",
      reply_markup: view.keyboard,
    });
  } catch (err) {
    // 403 / chat not found: they never opened the bot in private.
    if (!(err instanceof GrammyError) || err.error_code >= 500) throw err;
    return void (await ctx.answerCallbackQuery({ text: ctx.t("ticket-card-start-bot"), show_alert: true }));
  }
  await ctx.answerCallbackQuery({ text: ctx.t("ticket-card-sent") });
}

/** Close or Reopen under the ticket's first message (the domain checks the role and records it). */
async function closeOrReopen(ctx: BotContext, act: "close" | "reopen", id: string): Promise<void> {
  const staffId = ctx.from?.id ?? 0;
  const { tickets } = ctx.deps.backoffice;
  await rememberStaffName(ctx);
  try {
    const outcome =
      act === "close" ? await tickets.close({ staffId }, id) : await tickets.reopen(staffId, id);
    if (outcome.status === "unknown")
      return void (await ctx.answerCallbackQuery({ text: ctx.t("ticket-gone") }));
    const text =
      outcome.status === "busy"
        ? ctx.t("tickets-reopen-busy", { other: outcome.other })
        : ctx.t(act === "close" ? "tickets-closed-done" : "tickets-reopened", { id });
    await ctx.answerCallbackQuery({ text, show_alert: outcome.status === "busy" });
    // The pressed message shows the button that fits the state now.
    await ctx
      .editMessageReplyMarkup({ reply_markup: ticketTopicKeyboard(ctx.t, outcome.ticket) })
      .catch(() => undefined);
  } catch (err) {
    if (!(err instanceof NotPermitted)) throw err;
    await tellNotPermitted(ctx);
  }
}

export const ticketTopicFeature = new Routes<BotContext>();

ticketTopicFeature.callbackQuery(ticketTopicCb.pattern, async (ctx) => {
  const pressed = ticketTopicCb.unpack(ctx.callbackQuery.data);
  if (!pressed || !(await inStaffGroup(ctx))) return void (await ctx.answerCallbackQuery());
  const customer = /^\d+$/.test(pressed.id);
  if (pressed.act === "card" && customer) return sendCard(ctx, Number(pressed.id));
  if (pressed.act !== "card" && !customer) return closeOrReopen(ctx, pressed.act, pressed.id);
  await ctx.answerCallbackQuery({ text: ctx.t("error-menu-outdated") });
});

ticketTopicFeature.on("message", async (ctx, next) => {
  const m = ctx.message;
  const threadId = m.message_thread_id;
  if (threadId === undefined || !(await inStaffGroup(ctx))) return next();
  const ticket = await ctx.deps.backoffice.tickets.byTopic(m.chat.id, threadId);
  // Another topic of the group (alerts, the tickets topic itself): not ours.
  if (!ticket) return next();
  if (m.from.is_bot || m.text?.startsWith("/")) return;
  await staffWrote(ctx, ticket, m);
});
