import type { InlineKeyboardMarkup, MessageEntity } from "grammy/types";
import type { Locale } from "../config.js";
import type { Ticket, TicketContext, TicketMessage, TicketState } from "../domain/backoffice/index.js";
import type { Order } from "../domain/books/index.js";
import { formatMoney } from "../domain/catalog/index.js";
import { formatDate, formatDateTime, html } from "./format.js";
import type { Translate } from "./i18n-like.js";
import { TICKET_WRITE, ticketAdminCb, ticketCb, ticketTopicCb } from "./ticket-callbacks.js";

/**
 * How tickets read, wherever they are shown: the customer's context staff see beside a ticket
 * (the same lines as the admin customer card), a ticket's thread, the name of its forum topic,
 * a message relayed with its header, and the buttons under them.
 */

const STATE_KEYS: Record<TicketState, string> = {
  open: "ticket-state-open",
  answered: "ticket-state-answered",
  closed: "ticket-state-closed",
};

/** A ticket's state in words. */
export function ticketStateText(t: Translate, state: TicketState): string {
  return t(STATE_KEYS[state]);
}

/** The customer's name as staff see it: their first name, else their id. */
export function ticketCustomerName(context: Pick<TicketContext, "customer" | "customerId">): string {
  return context.customer?.firstName || String(context.customerId);
}

/** The name of a ticket's forum topic: `🎫 T12 · Ann` (Telegram takes up to 128 characters). */
export function ticketTopicName(t: Translate, ticket: Ticket, name: string): string {
  return t("ticket-topic-name", { id: ticket.id, name }).slice(0, 128);
}

function orderLine(t: Translate, locale: Locale, o: Order, planTitle: (id: string) => string): string {
  return t("customers-order-line", {
    order: o.id,
    kind: o.gift ? t("customers-order-kind-gift") : t(`customers-order-kind-${o.kind}`),
    plan: html(planTitle(o.planId)),
    price: formatMoney(o.currency, o.price, locale),
    status: t(`customers-order-status-${o.status}`),
    date: formatDateTime(locale, o.createdAt),
  });
}

/**
 * The customer's context beside a ticket (HTML): the ticket and its state, who they are (id,
 * @username, language), the wallet, live subscriptions with their expiry, the last orders.
 */
export function ticketContextText(
  t: Translate,
  locale: Locale,
  ticket: Ticket,
  context: TicketContext,
  planTitle: (planId: string) => string,
): string {
  const c = context.customer;
  const lines = [
    t("ticket-context-title", { id: ticket.id, state: ticketStateText(t, ticket.state) }),
    t("customers-card-title", {
      name: html(ticketCustomerName(context)),
      username: c?.username ? `@${html(c.username)}` : "—",
    }),
    t("customers-card-id", { id: String(context.customerId) }),
    t("customers-card-language", { language: c ? t(`customers-lang-${c.locale}`) : "—" }),
    t("customers-card-balance", { balance: formatMoney(context.currency, context.balance, locale) }),
    "",
    context.subscriptions.length > 0 ? t("ticket-context-subs") : t("ticket-context-subs-none"),
  ];
  for (const s of context.subscriptions) {
    lines.push(
      t("customers-subs-line", {
        plan: html(planTitle(s.planId)),
        until: s.expiresAt ? formatDate(locale, s.expiresAt) : t("customers-no-expiry"),
        status: t("customers-sub-status-active"),
        trial: s.trial ? t("customers-sub-trial-mark") : "",
      }),
    );
  }
  lines.push("", context.orders.length > 0 ? t("ticket-context-orders") : t("customers-orders-empty"));
  for (const o of context.orders) lines.push(orderLine(t, locale, o, planTitle));
  return lines.join("\n");
}

/** The buttons under a ticket's context in its topic: the customer card, Close (or Reopen). */
export function ticketTopicKeyboard(t: Translate, ticket: Ticket): InlineKeyboardMarkup {
  const closed = ticket.state === "closed";
  return {
    inline_keyboard: [
      [
        {
          text: t("ticket-btn-card"),
          callback_data: ticketTopicCb.pack({ act: "card", id: String(ticket.customerId) }),
        },
        {
          text: t(closed ? "ticket-btn-reopen" : "ticket-btn-staff-close"),
          callback_data: ticketTopicCb.pack({ act: closed ? "reopen" : "close", id: ticket.id }),
        },
      ],
    ],
  };
}

/** The buttons under an answer in the customer's chat: reply, close the ticket. */
export function ticketAnswerKeyboard(t: Translate, ticket: Ticket): InlineKeyboardMarkup {
  return {
    inline_keyboard: [
      [
        { text: t("ticket-btn-reply"), callback_data: TICKET_WRITE },
        {
          text: t("ticket-btn-close", { id: ticket.id }),
          callback_data: ticketCb.pack({ act: "close", id: ticket.id }),
        },
      ],
    ],
  };
}

/** A button opening a ticket in the admin Tickets section (staff's private chats). */
export function ticketOpenKeyboard(t: Translate, ticket: Ticket): InlineKeyboardMarkup {
  return {
    inline_keyboard: [
      [
        {
          text: t("ticket-btn-open"),
          callback_data: ticketAdminCb.pack({ act: "view", id: ticket.id, page: 0 }),
        },
      ],
    ],
  };
}

/** Telegram's longest caption, and the room a header takes of it. */
const CAPTION_MAX = 1024;

/**
 * A message as it goes out under a bold `header` (plain text with entities: what the person
 * wrote is never read as HTML): its text, or its photo with the caption (cut to Telegram's limit).
 */
export function withHeader(
  header: string,
  m: Pick<TicketMessage, "text" | "photo">,
): { text: string; entities: MessageEntity[]; photo?: string } {
  const body = m.text ?? "";
  const joined = body ? `${header}\n\n${body}` : header;
  const text = m.photo ? cutAt(joined, CAPTION_MAX) : joined;
  const entities: MessageEntity[] = [{ type: "bold", offset: 0, length: header.length }];
  return m.photo ? { text, entities, photo: m.photo } : { text, entities };
}

/** `text` cut to `max` UTF-16 units, never through the middle of a character (an emoji). */
function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** A thread's messages as lines (HTML), oldest first; a photo is marked. */
export function ticketThreadLines(
  t: Translate,
  locale: Locale,
  messages: readonly TicketMessage[],
): string[] {
  return messages.map((m) => {
    const who = m.from === "customer" ? t("ticket-thread-customer") : t("ticket-thread-staff");
    const body = [m.photo ? t("ticket-thread-photo") : "", html(m.text ?? "")].filter(Boolean).join(" ");
    return t("ticket-thread-line", { who, at: formatDateTime(locale, m.at), text: body });
  });
}

/** `https://t.me/c/<chat>/<topic>`: a link to a forum topic of a supergroup (for its members). */
export function topicLink(chatId: number, threadId: number): string | undefined {
  const id = String(chatId);
  return id.startsWith("-100") ? `https://t.me/c/${id.slice(4)}/${threadId}` : undefined;
}
