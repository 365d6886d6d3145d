import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { withNotice } from "#src/bot/kit/index.js";
import type { View } from "#src/bot/views/show.js";
import type { Ticket, TicketMessage } from "#src/domain/backoffice/index.js";
import { titleOf } from "#src/domain/catalog/index.js";
import { formatDuration, html } from "#src/render/format.js";
import { ticketAdminCb } from "#src/render/ticket-callbacks.js";
import { ticketContextText, ticketCustomerName, ticketThreadLines } from "#src/render/tickets.js";
import { cardCb } from "../customers/index.js";
import { adminHomeButton } from "../home.js";

/**
 * The Tickets section's screens: the live tickets (waiting for staff first, the longest waiting
 * first; then the answered ones) and one ticket with the customer's context and its thread.
 */

export const TICKETS_PAGE_SIZE = 8;
/** How much of a thread one screen shows (Telegram's 4096 with the context above it). */
const THREAD_CHARS = 2_600;
/** A long message is cut to this in the thread view (the customer got it whole). */
const MESSAGE_CHARS = 600;

const listOf = (page: number) => ticketAdminCb.pack({ act: "list", id: "", page });
const onTicket = (act: "view" | "answer" | "close" | "reopen", id: string) =>
  ticketAdminCb.pack({ act, id, page: 0 });

/** A ticket's line on its button: waiting (with how long) or answered, its id and the customer. */
async function buttonText(ctx: BotContext, ticket: Ticket, now: number): Promise<string> {
  const customer = await ctx.deps.books.customers.get(ticket.customerId);
  const name = customer?.firstName || String(ticket.customerId);
  const locale = await localeOf(ctx);
  const waited =
    ticket.state === "open" && ticket.waitingSince !== undefined
      ? formatDuration(locale, Math.max(0, Math.round((now - ticket.waitingSince) / 1000)))
      : "";
  const line =
    ticket.state === "open" ? `⏳ ${ticket.id} · ${name} · ${waited}` : `💬 ${ticket.id} · ${name}`;
  return line.slice(0, 60);
}

/** The live tickets, a page of them. */
export async function ticketsListView(ctx: BotContext, page = 0, notice?: string): Promise<View> {
  const { tickets } = ctx.deps.backoffice;
  const first = await tickets.live(0, 0);
  const total = first.waiting + first.answered;
  const pages = Math.max(1, Math.ceil(total / TICKETS_PAGE_SIZE));
  const current = Math.min(Math.max(0, page), pages - 1);
  const { tickets: shown } = await tickets.live(current * TICKETS_PAGE_SIZE, TICKETS_PAGE_SIZE);
  const lines = [ctx.t("tickets-title", { waiting: first.waiting, answered: first.answered })];
  const group = await ctx.deps.staff.group.get();
  if (group?.topics.tickets !== undefined) lines.push(ctx.t("tickets-group-note"));
  if (total === 0) lines.push("", ctx.t("tickets-none"));
  const keyboard = new InlineKeyboard();
  const now = ctx.deps.clock.now();
  for (const ticket of shown)
    keyboard.text(await buttonText(ctx, ticket, now), onTicket("view", ticket.id)).row();
  if (current > 0) keyboard.text(ctx.t("customers-page-prev"), listOf(current - 1));
  if (current < pages - 1) keyboard.text(ctx.t("customers-page-next"), listOf(current + 1));
  keyboard.row().text(ctx.t("menu-refresh"), listOf(current)).row();
  return { text: withNotice(notice, lines.join("\n")), keyboard: adminHomeButton(ctx, keyboard) };
}

/** The latest messages of a thread that fit one screen, each cut to a readable length. */
function fitted(messages: readonly TicketMessage[]): TicketMessage[] {
  const shown: TicketMessage[] = [];
  let size = 0;
  for (const m of [...messages].reverse()) {
    const text = m.text && m.text.length > MESSAGE_CHARS ? `${m.text.slice(0, MESSAGE_CHARS)}…` : m.text;
    size += (text?.length ?? 0) + 60;
    if (size > THREAD_CHARS && shown.length > 0) break;
    shown.unshift({ ...m, text });
  }
  return shown;
}

/** One ticket: the customer's context, the thread, and what staff can do with it. */
export async function ticketView(ctx: BotContext, id: string, notice?: string): Promise<View> {
  const { tickets } = ctx.deps.backoffice;
  const ticket = await tickets.get(id);
  if (!ticket) return ticketsListView(ctx, 0, ctx.t("ticket-gone"));
  const locale = await localeOf(ctx);
  const [context, messages] = await Promise.all([
    tickets.context(ticket.customerId),
    tickets.messages(id, 30),
  ]);
  const title = (planId: string) => titleOf(ctx.deps.sales.shop.plan(planId), locale) ?? planId;
  const shown = fitted(messages);
  const older = ticket.count - shown.length;
  const lines = [ticketContextText(ctx.t, locale, ticket, context, title), "", ctx.t("tickets-thread")];
  if (older > 0) lines.push(ctx.t("tickets-thread-more", { count: older }));
  lines.push(...ticketThreadLines(ctx.t, locale, shown));
  const keyboard = new InlineKeyboard();
  if (ticket.state === "closed") keyboard.text(ctx.t("ticket-btn-reopen"), onTicket("reopen", id));
  else
    keyboard
      .text(ctx.t("tickets-btn-answer"), onTicket("answer", id))
      .text(ctx.t("ticket-btn-staff-close"), onTicket("close", id));
  keyboard
    .row()
    .text(ctx.t("ticket-btn-card"), cardCb(ticket.customerId))
    .text(ctx.t("menu-refresh"), onTicket("view", id))
    .row()
    .text(ctx.t("tickets-back"), listOf(0));
  return { text: withNotice(notice, lines.join("\n")), keyboard: adminHomeButton(ctx, keyboard) };
}

/** The name staff see of a ticket's customer (for the answer's question). */
export async function ticketCustomerLabel(ctx: BotContext, ticket: Ticket): Promise<string> {
  const customer = await ctx.deps.books.customers.get(ticket.customerId);
  return html(ticketCustomerName({ customer, customerId: ticket.customerId }));
}
