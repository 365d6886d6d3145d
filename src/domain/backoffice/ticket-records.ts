import type { Redis } from "ioredis";
import { z } from "zod";
import type { Clock } from "../../runtime/clock.js";
import { parseJsonRecord, readHash } from "../../store/records.js";
import type { BooksServices, Customer, Order, Subscription } from "../books/index.js";
import { ticketKeys } from "./keys.js";

/**
 * Support tickets as Redis keeps them: the ticket (its customer, state, times and the forum topic
 * of its thread in the staff group), its messages, and the indexes the screens and the reminders
 * read. The changes that must be one step (a message taken, an answer with its audit record, a
 * close, a reopen) are Lua scripts run by Tickets (tickets.ts).
 */

/** `open`: waiting for staff; `answered`: staff replied, waiting for the customer; `closed`. */
export const TICKET_STATES = ["open", "answered", "closed"] as const;
export type TicketState = (typeof TICKET_STATES)[number];

/** The longest text of one message (Telegram's 4096 leaves room for the header it goes out with). */
export const TICKET_TEXT_MAX = 4000;
/** The longest caption of a photo (Telegram's own limit). */
export const TICKET_CAPTION_MAX = 1024;

const num = z.coerce.number();
const optNum = z.preprocess((v) => (v === undefined || v === "" ? undefined : v), num.optional());

const ticketSchema = z
  .object({
    id: z.string(),
    customerId: num.pipe(z.number().int()),
    state: z.enum(TICKET_STATES),
    createdAt: num,
    updatedAt: num,
    /** Since when it waits for staff (only while `open`). */
    waitingSince: optNum,
    answeredAt: optNum,
    closedAt: optNum,
    closedBy: z.enum(["staff", "customer"]).optional(),
    /** How many messages it holds (the last one's number). */
    count: num.default(0),
    /** The customer's messages since the last answer. */
    unanswered: num.default(0),
    topicChat: optNum,
    topicId: optNum,
  })
  .transform(({ topicChat, topicId, ...t }) => ({
    ...t,
    /** Its thread: a forum topic of the staff group. */
    topic:
      topicChat !== undefined && topicId !== undefined ? { chatId: topicChat, threadId: topicId } : undefined,
  }));
export type Ticket = z.output<typeof ticketSchema>;

/** Where a ticket's thread is: a forum topic of the staff group. */
export interface TicketThread {
  chatId: number;
  threadId: number;
}

/** A message as stored (its number is its place in the list). */
const storedMessage = z
  .object({
    from: z.enum(["customer", "staff"]),
    /** Who wrote it (the customer, or the staff member). */
    by: z.number().int(),
    at: z.number(),
    text: z.string().max(TICKET_TEXT_MAX).optional(),
    /** A Telegram file_id of a photo (`text` is then its caption). */
    photo: z.string().max(256).optional(),
    /** Where it came from (`tg:<chat>:<message>`, `cab:<random>`): the same one is taken once. */
    ref: z.string().max(100),
  })
  .refine((m) => m.text !== undefined || m.photo !== undefined, "a message needs a text or a photo")
  .refine((m) => m.photo === undefined || (m.text ?? "").length <= TICKET_CAPTION_MAX, "caption too long");
export type StoredTicketMessage = z.output<typeof storedMessage>;
export const ticketMessageSchema = storedMessage;

/** A message of a ticket with its number (1 for the first). */
export type TicketMessage = StoredTicketMessage & { n: number };

/** What someone writes: a text, or a photo with an optional caption. */
export interface TicketWriting {
  text?: string | undefined;
  photo?: string | undefined;
}

/** What staff see of the customer beside a ticket: who they are, their wallet, access and orders. */
export interface TicketContext {
  customerId: number;
  customer: Customer | undefined;
  balance: number;
  currency: string;
  /** Live subscriptions (not removed, not expired). */
  subscriptions: Subscription[];
  /** The latest orders, newest first. */
  orders: Order[];
}

/** How many of the latest orders the context shows. */
const CONTEXT_ORDERS = 3;

export class TicketRecords {
  constructor(
    protected readonly redis: Redis,
    protected readonly clock: Clock,
    protected readonly books: Pick<BooksServices, "customers" | "wallet" | "subscriptions" | "orders">,
  ) {}

  async get(id: string): Promise<Ticket | undefined> {
    if (!/^T\d{1,12}$/.test(id)) return undefined;
    return readHash(this.redis, ticketKeys.ticket(id), ticketSchema, { marker: "id" });
  }

  /** The customer's ticket that is not closed, if any. */
  async current(customerId: number): Promise<Ticket | undefined> {
    const id = await this.redis.get(ticketKeys.current(customerId));
    return id ? this.get(id) : undefined;
  }

  /** A ticket's messages, oldest first: the last `limit` of them (all when unset). */
  async messages(id: string, limit?: number): Promise<TicketMessage[]> {
    const from = limit === undefined ? 0 : -limit;
    const [raws, total] = await Promise.all([
      this.redis.lrange(ticketKeys.messages(id), from, -1),
      this.redis.llen(ticketKeys.messages(id)),
    ]);
    const first = total - raws.length + 1;
    return raws.flatMap((raw, i) => {
      const m = parseJsonRecord(raw, storedMessage);
      return m ? [{ ...m, n: first + i }] : [];
    });
  }

  /** One message by its number. */
  async message(id: string, n: number): Promise<TicketMessage | undefined> {
    const raw = await this.redis.lindex(ticketKeys.messages(id), n - 1);
    const m = parseJsonRecord(raw, storedMessage);
    return m ? { ...m, n } : undefined;
  }

  /** A customer's latest tickets, newest first. */
  async ofCustomer(customerId: number, limit = 10): Promise<Ticket[]> {
    const ids = await this.redis.zrevrange(ticketKeys.ofCustomer(customerId), 0, limit - 1);
    return this.many(ids);
  }

  /**
   * The tickets not closed: those waiting for staff first (the longest waiting first), then the
   * answered ones (the latest first); a page of them and how many there are of each.
   */
  async live(
    offset: number,
    limit: number,
  ): Promise<{ tickets: Ticket[]; waiting: number; answered: number }> {
    const [waitingIds, liveIds] = await Promise.all([
      this.redis.zrange(ticketKeys.waiting, "0", "-1"),
      this.redis.zrevrange(ticketKeys.live, 0, -1),
    ]);
    const waitingSet = new Set(waitingIds);
    const ordered = [...waitingIds, ...liveIds.filter((id) => !waitingSet.has(id))];
    const tickets = await this.many(ordered.slice(offset, offset + limit));
    return { tickets, waiting: waitingIds.length, answered: ordered.length - waitingIds.length };
  }

  /** The ticket whose thread is the forum topic `threadId` of the chat `chatId`. */
  async byTopic(chatId: number, threadId: number): Promise<Ticket | undefined> {
    const id = await this.redis.get(ticketKeys.topic(chatId, threadId));
    return id ? this.get(id) : undefined;
  }

  /** The ticket's thread is now that forum topic (the one found by it from then on). */
  async attachTopic(id: string, thread: TicketThread): Promise<void> {
    await this.redis
      .multi()
      .hset(ticketKeys.ticket(id), { topicChat: String(thread.chatId), topicId: String(thread.threadId) })
      .set(ticketKeys.topic(thread.chatId, thread.threadId), id)
      .exec();
  }

  /** Tickets waiting for staff since before `before` (ms), the longest waiting first. */
  async waitingSince(before: number, limit = 100): Promise<Ticket[]> {
    const ids = await this.redis.zrangebyscore(ticketKeys.waiting, "-inf", String(before), "LIMIT", 0, limit);
    return (await this.many(ids)).filter((t) => t.state === "open");
  }

  /** True the first time it is asked for `ticket`'s present waiting spell (a reminder goes out once). */
  async claimReminder(ticket: Ticket): Promise<boolean> {
    if (ticket.waitingSince === undefined) return false;
    const key = ticketKeys.reminded(ticket.id, ticket.waitingSince);
    return (await this.redis.set(key, "1", "EX", 30 * 24 * 3_600, "NX")) === "OK";
  }

  /** The reminder of `ticket`'s present waiting spell was not sent after all: it may be claimed again. */
  async releaseReminder(ticket: Ticket): Promise<void> {
    if (ticket.waitingSince === undefined) return;
    await this.redis.del(ticketKeys.reminded(ticket.id, ticket.waitingSince));
  }

  /** What staff see of the customer beside a ticket. */
  async context(customerId: number): Promise<TicketContext> {
    const { customers, wallet, subscriptions, orders } = this.books;
    const [customer, balance, subs, latest] = await Promise.all([
      customers.get(customerId),
      wallet.balance(customerId),
      subscriptions.ofCustomer(customerId),
      orders.ofCustomer(customerId, CONTEXT_ORDERS),
    ]);
    const now = this.clock.now();
    const live = subs.filter((s) => s.removedAt === undefined && (s.expiresAt === 0 || s.expiresAt > now));
    return { customerId, customer, balance, currency: wallet.currency, subscriptions: live, orders: latest };
  }

  protected async many(ids: readonly string[]): Promise<Ticket[]> {
    const found = await Promise.all(ids.map((id) => this.get(id)));
    return found.filter((t): t is Ticket => t !== undefined);
  }
}
