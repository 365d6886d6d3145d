import type { Api } from "grammy";
import type { Locale } from "../config.js";
import type { Ticket, TicketDesk, TicketMessage, Tickets, TicketThread } from "../domain/backoffice/index.js";
import type { Customers } from "../domain/books/index.js";
import { titleOf } from "../domain/catalog/index.js";
import type { ShopRooms } from "../domain/index.js";
import type { StaffServices } from "../domain/staff/index.js";
import { roleAllows } from "../domain/staff/index.js";
import { formatDuration, html } from "../render/format.js";
import type { I18nLike, Translate } from "../render/i18n-like.js";
import {
  ticketAnswerKeyboard,
  ticketContextText,
  ticketCustomerName,
  ticketOpenKeyboard,
  ticketTopicKeyboard,
  ticketTopicName,
  topicLink,
  withHeader,
} from "../render/tickets.js";
import type { Outbox } from "./outbox.js";

/** What the desk reads of the shop (the rooms are made in the same call as the desk: asked lazily). */
export interface TicketDeskRooms {
  customers: Pick<Customers, "get">;
  tickets: Pick<Tickets, "context" | "get">;
  staff: Pick<StaffServices, "roster" | "group">;
  planTitle: (planId: string, locale: Locale) => string | undefined;
}

export interface TicketDeskDeps {
  /** Topics are made and their first message sent at once (the thread needs its id). */
  api: Pick<Api, "createForumTopic" | "sendMessage" | "closeForumTopic" | "reopenForumTopic">;
  outbox: Pick<Outbox, "send">;
  i18n: I18nLike;
  /** The staff group's language (topic names, context, notes). */
  defaultLocale: Locale;
  rooms: () => TicketDeskRooms;
}

/**
 * Where tickets meet Telegram. A new ticket gets its own forum topic in the staff group, opened
 * by the customer's context; the customer's messages are copied into it; staff's answers go to
 * the customer from the bot; without a group, staff with `tickets` hear privately. Every message
 * goes through the outbox (flood-safe) with a key per message and chat, so a step repeated after
 * a crash or a repeated update sends nothing twice.
 */
export class OutboxTicketDesk implements TicketDesk {
  constructor(private readonly deps: TicketDeskDeps) {}

  async openThread(ticket: Ticket, chatId: number): Promise<number> {
    const t = this.translate(this.deps.defaultLocale);
    const rooms = this.deps.rooms();
    const context = await rooms.tickets.context(ticket.customerId);
    const topic = await this.deps.api.createForumTopic(
      chatId,
      ticketTopicName(t, ticket, ticketCustomerName(context)),
    );
    const threadId = topic.message_thread_id;
    const title = (planId: string) => rooms.planTitle(planId, this.deps.defaultLocale) ?? planId;
    // Sent now, not queued: the context opens the thread, before the customer's first message.
    await this.deps.api.sendMessage(
      chatId,
      ticketContextText(t, this.deps.defaultLocale, ticket, context, title),
      {
        message_thread_id: threadId,
        parse_mode: "HTML",
        reply_markup: ticketTopicKeyboard(t, ticket),
      },
    );
    return threadId;
  }

  async customerWrote(ticket: Ticket, m: TicketMessage, thread: TicketThread | undefined): Promise<void> {
    const customer = await this.deps.rooms().customers.get(ticket.customerId);
    const name = customer?.firstName || String(ticket.customerId);
    if (thread) {
      const t = this.translate(this.deps.defaultLocale);
      const header = t("ticket-from-customer", { name, id: ticket.id });
      await this.deps.outbox.send({
        chatId: thread.chatId,
        threadId: thread.threadId,
        ...withHeader(header, m),
        once: `ticket:${ticket.id}:${m.ref}:topic`,
      });
      return;
    }
    for (const staffId of await this.ticketStaff()) {
      const t = this.translate(await this.localeOf(staffId));
      await this.deps.outbox.send({
        chatId: staffId,
        ...withHeader(t("ticket-new-private", { id: ticket.id, name }), m),
        keyboard: ticketOpenKeyboard(t, ticket),
        once: `ticket:${ticket.id}:${m.ref}:to:${staffId}`,
      });
    }
  }

  async answered(ticket: Ticket, m: TicketMessage): Promise<void> {
    const t = this.translate(await this.localeOf(ticket.customerId));
    await this.deps.outbox.send({
      chatId: ticket.customerId,
      ...withHeader(t("ticket-answer-header", { id: ticket.id }), m),
      keyboard: ticketAnswerKeyboard(t, ticket),
      once: `ticket-answer:${m.ref}`,
    });
    // An answer written in the bot goes into the ticket's topic too, so the thread there is whole.
    const topic = ticket.topic;
    if (topic && !m.ref.startsWith(`tg:${topic.chatId}:`)) {
      const g = this.translate(this.deps.defaultLocale);
      const header = g("ticket-staff-wrote", { name: await this.staffName(m.by) });
      await this.deps.outbox.send({
        chatId: topic.chatId,
        threadId: topic.threadId,
        ...withHeader(header, m),
        once: `ticket:${ticket.id}:${m.ref}:topic`,
      });
    }
  }

  async closed(ticket: Ticket, by: "staff" | "customer", actorId: number): Promise<void> {
    const when = ticket.closedAt ?? ticket.updatedAt;
    if (by === "staff") {
      const t = this.translate(await this.localeOf(ticket.customerId));
      await this.deps.outbox.send({
        chatId: ticket.customerId,
        text: t("ticket-closed-by-staff", { id: ticket.id }),
        once: `ticket:${ticket.id}:closed:${when}`,
      });
    }
    const note: { key: string; vars: Record<string, string> } =
      by === "staff"
        ? { key: "ticket-closed-note", vars: { id: ticket.id, who: html(await this.staffName(actorId)) } }
        : { key: "ticket-closed-note-customer", vars: { id: ticket.id } };
    await this.inTopic(ticket, note, `closed:${when}`, (api, chat, thread) =>
      api.closeForumTopic(chat, thread),
    );
  }

  async reopened(ticket: Ticket, actorId: number): Promise<void> {
    const note = {
      key: "ticket-reopened-note",
      vars: { id: ticket.id, who: html(await this.staffName(actorId)) },
    };
    await this.inTopic(ticket, note, `reopened:${ticket.updatedAt}`, (api, chat, thread) =>
      api.reopenForumTopic(chat, thread),
    );
  }

  /**
   * Reminds staff of a ticket waiting `waitedMs`: in the group's tickets topic (with a link to
   * the ticket's thread), or privately to each staff member whose role has `tickets`.
   */
  async remind(ticket: Ticket, waitedMs: number): Promise<void> {
    const rooms = this.deps.rooms();
    const [group, customer] = await Promise.all([
      rooms.staff.group.get(),
      rooms.customers.get(ticket.customerId),
    ]);
    const name = customer?.firstName || String(ticket.customerId);
    const since = ticket.waitingSince ?? 0;
    const text = (locale: Locale) =>
      this.translate(locale)("ticket-remind", {
        id: ticket.id,
        name: html(name),
        waited: formatDuration(locale, Math.round(waitedMs / 1000)),
      });
    const topicId = group?.topics.tickets;
    if (group && topicId !== undefined) {
      const thread = ticket.topic?.chatId === group.chatId ? ticket.topic : undefined;
      const link = thread && topicLink(thread.chatId, thread.threadId);
      const t = this.translate(this.deps.defaultLocale);
      await this.deps.outbox.send({
        chatId: group.chatId,
        threadId: topicId,
        text: text(this.deps.defaultLocale),
        ...(link ? { keyboard: { inline_keyboard: [[{ text: t("ticket-btn-thread"), url: link }]] } } : {}),
        once: `ticket-remind:${ticket.id}:${since}:${group.chatId}`,
      });
      return;
    }
    for (const staffId of await this.ticketStaff()) {
      const locale = await this.localeOf(staffId);
      await this.deps.outbox.send({
        chatId: staffId,
        text: text(locale),
        keyboard: ticketOpenKeyboard(this.translate(locale), ticket),
        once: `ticket-remind:${ticket.id}:${since}:${staffId}`,
      });
    }
  }

  /** A note in the ticket's topic (once per `what`), and the topic closed or reopened (best effort). */
  private async inTopic(
    ticket: Ticket,
    note: { key: string; vars: Record<string, string> },
    what: string,
    act: (api: TicketDeskDeps["api"], chatId: number, threadId: number) => Promise<unknown>,
  ): Promise<void> {
    const topic = ticket.topic;
    if (!topic) return;
    const t = this.translate(this.deps.defaultLocale);
    await this.deps.outbox.send({
      chatId: topic.chatId,
      threadId: topic.threadId,
      text: t(note.key, note.vars),
      keyboard: ticketTopicKeyboard(t, ticket),
      once: `ticket:${ticket.id}:topic-${what}`,
    });
    // A topic closed or open already (or deleted by hand) is no reason to fail the close.
    await act(this.deps.api, topic.chatId, topic.threadId).catch(() => undefined);
  }

  /** Staff whose role has `tickets` (they hear privately when there is no staff group). */
  private async ticketStaff(): Promise<number[]> {
    const members = await this.deps.rooms().staff.roster.list();
    return members.filter((m) => roleAllows(m.role, "tickets")).map((m) => m.id);
  }

  private async staffName(id: number): Promise<string> {
    const members = await this.deps.rooms().staff.roster.list();
    return members.find((m) => m.id === id)?.name ?? String(id);
  }

  private async localeOf(id: number): Promise<Locale> {
    return (await this.deps.rooms().customers.get(id))?.locale ?? this.deps.defaultLocale;
  }

  private translate(locale: Locale): Translate {
    return (key, vars) => this.deps.i18n.t(locale, key, vars);
  }
}

/** What the desk needs of the rooms, from the rooms themselves. */
export function ticketDeskRooms(
  rooms: Pick<ShopRooms, "books" | "backoffice" | "staff" | "sales">,
): TicketDeskRooms {
  return {
    customers: rooms.books.customers,
    tickets: rooms.backoffice.tickets,
    staff: rooms.staff,
    planTitle: (planId, locale) => titleOf(rooms.sales.shop.plan(planId), locale),
  };
}
