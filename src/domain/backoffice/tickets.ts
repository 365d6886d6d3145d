import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { keyPrefix } from "../../store/key-prefix.js";
import { LuaScript } from "../../store/lua.js";
import type { BooksServices } from "../books/index.js";
import {
  auditEntry,
  auditLuaArgs,
  auditLuaKeys,
  auditSubject,
  STAFF_LUA,
  type StaffServices,
  type TopicReplacement,
} from "../staff/index.js";
import { ticketKeys } from "./keys.js";
import {
  type StoredTicketMessage,
  TICKET_CAPTION_MAX,
  TICKET_TEXT_MAX,
  type Ticket,
  type TicketMessage,
  TicketRecords,
  type TicketThread,
  type TicketWriting,
  ticketMessageSchema,
} from "./ticket-records.js";

/**
 * Support tickets: a customer writes (from /help or the cabinet), staff answer (in the ticket's
 * forum topic of the staff group, or in the bot), and the answer goes to the customer. A customer
 * has one ticket live at a time (writing again continues it). Each change is one Lua step: a
 * message delivered twice is taken once, and a staff action (answer, close, reopen) is checked
 * against the staff member's role now (`tickets`) and recorded in the audit log in the same step.
 * What people hear of it (the thread in the staff group, the answer in the customer's chat) goes
 * through the TicketDesk after the step, keyed by the message, so a repeated step repeats no
 * message.
 */

/** Where tickets meet Telegram: the staff group's topics, staff's and customers' chats (workers/ticket-desk.ts). */
export interface TicketDesk {
  /** Makes the ticket's forum topic in the staff group `chatId` (with the customer's context); its thread id. */
  openThread(ticket: Ticket, chatId: number): Promise<number>;
  /** The customer wrote: into the ticket's topic (`thread`), or to staff privately when there is none. */
  customerWrote(ticket: Ticket, message: TicketMessage, thread: TicketThread | undefined): Promise<void>;
  /** Staff answered: the customer gets the answer from the bot, once per message. */
  answered(ticket: Ticket, message: TicketMessage): Promise<void>;
  /** The ticket was closed: the customer is told (when staff closed it), the topic closed. */
  closed(ticket: Ticket, by: "staff" | "customer", actorId: number): Promise<void>;
  /** Staff opened it again: its topic too. */
  reopened(ticket: Ticket, actorId: number): Promise<void>;
}

/** A customer's messages waiting for an answer at most (more wait until staff answer). */
export const TICKET_MAX_UNANSWERED = 20;
/** Messages in one ticket at most. */
const MAX_MESSAGES = 1_000;
/** How long a message's origin is remembered (a delivery repeated later than this is taken again). */
const SEEN_TTL_SECONDS = 30 * 24 * 3_600;
/** How long a process may take to make a ticket's topic before another may try. */
const TOPIC_CLAIM_MS = 30_000;

const WRITE = LuaScript.load(new URL("./lua/ticket-write.lua", import.meta.url));
const ANSWER = LuaScript.load(new URL("./lua/ticket-answer.lua", import.meta.url), STAFF_LUA);
const CLOSE = LuaScript.load(new URL("./lua/ticket-close.lua", import.meta.url), STAFF_LUA);
const REOPEN = LuaScript.load(new URL("./lua/ticket-reopen.lua", import.meta.url), STAFF_LUA);

const TICKET_PREFIX = keyPrefix(ticketKeys.ticket);
const MESSAGES_PREFIX = keyPrefix(ticketKeys.messages);

export type WriteOutcome =
  | { status: "written" | "duplicate"; ticket: Ticket; message: TicketMessage; created: boolean }
  | { status: "too-many"; ticket: Ticket }
  | { status: "invalid" };

export type AnswerOutcome =
  | { status: "answered" | "duplicate"; ticket: Ticket; message: TicketMessage }
  | { status: "closed" | "full"; ticket: Ticket }
  | { status: "unknown" | "invalid" };

export type CloseOutcome = { status: "closed" | "already"; ticket: Ticket } | { status: "unknown" };

export type ReopenOutcome =
  | { status: "reopened"; ticket: Ticket }
  | { status: "busy"; ticket: Ticket; other: string }
  | { status: "not-closed"; ticket: Ticket }
  | { status: "unknown" };

/** Who closes a ticket: a staff member (checked, recorded) or its customer. */
export type TicketCloser = { staffId: number } | { customerId: number };

export interface TicketsDeps {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  books: Pick<BooksServices, "customers" | "wallet" | "subscriptions" | "orders">;
  staff: Pick<StaffServices, "roster" | "group">;
  /** How people hear of tickets (none: tickets are kept, nobody is told). */
  desk?: TicketDesk | undefined;
}

export class Tickets extends TicketRecords {
  constructor(private readonly deps: TicketsDeps) {
    super(deps.redis, deps.clock, deps.books);
  }

  /**
   * The customer's message, into their live ticket or a new one; `ref` names where it came from
   * (a chat message: the same one delivered twice is taken once). Staff hear of it after.
   */
  async write(customerId: number, writing: TicketWriting, ref?: string): Promise<WriteOutcome> {
    const origin = ref ?? `in:${randomBytes(8).toString("hex")}`;
    const message = messageOf("customer", customerId, writing, origin, this.clock.now());
    if (!message) return { status: "invalid" };
    const now = String(message.at);
    const keys = [
      ticketKeys.current(customerId),
      ticketKeys.seq,
      ticketKeys.ofCustomer(customerId),
      ticketKeys.live,
      ticketKeys.waiting,
      ticketKeys.seen(origin),
    ];
    const args = [TICKET_PREFIX, MESSAGES_PREFIX, String(customerId), now, JSON.stringify(message)];
    const limits = [TICKET_MAX_UNANSWERED, MAX_MESSAGES, SEEN_TTL_SECONDS];
    const [outcome, id, n, created] = (await WRITE.run(this.redis, keys, [...args, ...limits])) as [
      string,
      string,
      number,
      number,
    ];
    const ticket = await this.get(id);
    if (!ticket) throw new Error(`ticket ${id} is not there after a write`);
    if (outcome === "too-many") return { status: "too-many", ticket };
    const taken = outcome === "written" ? { ...message, n } : await this.message(id, n);
    if (!taken) throw new Error(`message ${n} of ticket ${id} is not there`);
    // A repeated delivery tells staff again: the desk's keys make it one message.
    await this.tell("customer wrote", ticket, async (desk) =>
      desk.customerWrote(ticket, taken, await this.threadFor(desk, ticket)),
    );
    const status = outcome === "written" ? "written" : "duplicate";
    return { status, ticket, message: taken, created: created === 1 };
  }

  /**
   * A staff member's answer (`ref`: where it was written, so a repeated delivery answers once),
   * checked against their role now (NotPermitted, recorded) and recorded with the answer in one
   * step; the customer gets it from the bot.
   */
  async answer(staffId: number, id: string, writing: TicketWriting, ref: string): Promise<AnswerOutcome> {
    const subject = auditSubject("ticket", id);
    const role = await this.deps.staff.roster.require(staffId, "tickets", "ticket.answer", subject);
    const ticket = await this.get(id);
    if (!ticket) return { status: "unknown" };
    const message = messageOf("staff", staffId, writing, ref, this.clock.now());
    if (!message) return { status: "invalid" };
    const entry = auditEntry(
      { actorId: staffId, role, action: "ticket.answer", subject, before: ticket.state, after: "answered" },
      message.at,
    );
    const keys = [
      ...[ticketKeys.ticket(id), ticketKeys.messages(id), ticketKeys.waiting, ticketKeys.live],
      ...[ticketKeys.seen(ref), ...auditLuaKeys(entry)],
    ];
    const args = [JSON.stringify(message), String(message.at), String(SEEN_TTL_SECONDS)];
    const [outcome, n] = (await ANSWER.run(this.redis, keys, [
      ...args,
      ...auditLuaArgs(entry),
      MAX_MESSAGES,
    ])) as [string, number];
    if (outcome === "unknown") return { status: "unknown" };
    if (outcome === "closed" || outcome === "full") return { status: outcome, ticket };
    const after = (await this.get(id)) ?? ticket;
    const taken = outcome === "answered" ? { ...message, n } : await this.message(id, n);
    if (!taken) return { status: "unknown" };
    await this.tell("answered", after, (desk) => desk.answered(after, taken));
    return { status: outcome === "answered" ? "answered" : "duplicate", ticket: after, message: taken };
  }

  /** Closes a ticket: staff (checked, recorded in the same step) or its own customer. */
  async close(by: TicketCloser, id: string): Promise<CloseOutcome> {
    const staff = "staffId" in by;
    const actorId = staff ? by.staffId : by.customerId;
    const subject = auditSubject("ticket", id);
    const role = staff
      ? await this.deps.staff.roster.require(actorId, "tickets", "ticket.close", subject)
      : "customer";
    const ticket = await this.get(id);
    if (!ticket || (!staff && ticket.customerId !== actorId)) return { status: "unknown" };
    const now = this.clock.now();
    const entry = auditEntry(
      { actorId, role, action: "ticket.close", subject, before: ticket.state, after: "closed" },
      now,
    );
    const outcome = await CLOSE.run(
      this.redis,
      [...this.stateKeys(ticket), ...auditLuaKeys(entry)],
      [
        String(now),
        staff ? "staff" : "customer",
        staff ? "" : String(actorId),
        staff ? "1" : "0",
        ...auditLuaArgs(entry),
      ],
    );
    if (outcome === "unknown") return { status: "unknown" };
    const after = (await this.get(id)) ?? ticket;
    if (outcome === "already") return { status: "already", ticket: after };
    await this.tell("closed", after, (desk) => desk.closed(after, staff ? "staff" : "customer", actorId));
    return { status: "closed", ticket: after };
  }

  /** Staff open a closed ticket again (refused while its customer has another one live). */
  async reopen(staffId: number, id: string): Promise<ReopenOutcome> {
    const subject = auditSubject("ticket", id);
    const role = await this.deps.staff.roster.require(staffId, "tickets", "ticket.reopen", subject);
    const ticket = await this.get(id);
    if (!ticket) return { status: "unknown" };
    const now = this.clock.now();
    const entry = auditEntry(
      { actorId: staffId, role, action: "ticket.reopen", subject, before: ticket.state, after: "open" },
      now,
    );
    const [outcome, other] = (await REOPEN.run(
      this.redis,
      [...this.stateKeys(ticket), ...auditLuaKeys(entry)],
      [String(now), ...auditLuaArgs(entry)],
    )) as [string, string];
    if (outcome === "unknown") return { status: "unknown" };
    if (outcome === "busy") return { status: "busy", ticket, other };
    if (outcome === "not-closed") return { status: "not-closed", ticket };
    const after = (await this.get(id)) ?? ticket;
    await this.tell("reopened", after, (desk) => desk.reopened(after, staffId));
    return { status: "reopened", ticket: after };
  }

  /** The keys a close or reopen changes. */
  private stateKeys(ticket: Ticket): string[] {
    return [
      ticketKeys.ticket(ticket.id),
      ticketKeys.current(ticket.customerId),
      ticketKeys.waiting,
      ticketKeys.live,
    ];
  }

  /**
   * The ticket's thread in the staff group when tickets go there (its `tickets` topic is set): the
   * topic made once (one process at a time makes it; the others wait for it), or made again in a
   * new group. Undefined: no group, or the topic could not be made (staff hear privately).
   */
  private async threadFor(desk: TicketDesk, ticket: Ticket): Promise<TicketThread | undefined> {
    const group = await this.deps.staff.group.get();
    if (!group || group.topics.tickets === undefined) return undefined;
    if (ticket.topic?.chatId === group.chatId) return ticket.topic;
    const claim = ticketKeys.topicClaim(ticket.id);
    if ((await this.redis.set(claim, "1", "PX", TOPIC_CLAIM_MS, "NX")) !== "OK")
      return this.madeBy(ticket, group.chatId);
    try {
      const again = await this.get(ticket.id);
      if (again?.topic?.chatId === group.chatId) return again.topic;
      const thread = { chatId: group.chatId, threadId: await desk.openThread(ticket, group.chatId) };
      await this.attachTopic(ticket.id, thread);
      return thread;
    } catch (err) {
      this.deps.logger.error({ err, ticket: ticket.id }, "could not make the ticket's topic");
      return undefined;
    } finally {
      await this.redis.del(claim);
    }
  }

  /**
   * The thread for a message meant for the forum topic `threadId` of `chatId`, deleted by hand:
   * when it was a live ticket's, the topic made again (once, whoever finds it first: the desk opens
   * it with the customer's context) and the ticket pointed there; a later message for the old
   * thread finds the new one. `unknown`: no live ticket's topic (the message fails as before);
   * `busy`: another process is making it (the sender tries again shortly).
   */
  async remakeThread(chatId: number, threadId: number): Promise<TopicReplacement> {
    const desk = this.deps.desk;
    const ticket = await this.byTopic(chatId, threadId);
    if (!desk || !ticket || ticket.state === "closed" || ticket.topic?.chatId !== chatId)
      return { kind: "unknown" };
    if (ticket.topic.threadId !== threadId) return { kind: "moved", threadId: ticket.topic.threadId };
    const claim = ticketKeys.topicClaim(ticket.id);
    if ((await this.redis.set(claim, "1", "PX", TOPIC_CLAIM_MS, "NX")) !== "OK") return { kind: "busy" };
    try {
      const now = (await this.get(ticket.id))?.topic;
      if (now?.chatId === chatId && now.threadId !== threadId)
        return { kind: "moved", threadId: now.threadId };
      const made = await desk.openThread(ticket, chatId);
      await this.attachTopic(ticket.id, { chatId, threadId: made });
      this.deps.logger.warn(
        { ticket: ticket.id, was: threadId, now: made },
        "a ticket's topic was deleted; made it again",
      );
      return { kind: "moved", threadId: made };
    } finally {
      await this.redis.del(claim);
    }
  }

  /** The topic another process is making for `ticket` in `chatId`, once it is there (a few seconds at most). */
  private async madeBy(ticket: Ticket, chatId: number): Promise<TicketThread | undefined> {
    for (let i = 0; i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const topic = (await this.get(ticket.id))?.topic;
      if (topic?.chatId === chatId) return topic;
      if (!(await this.redis.exists(ticketKeys.topicClaim(ticket.id)))) break;
    }
    return undefined;
  }

  /** Lets the desk tell people; a failure is logged (the ticket's state stands, a repeat tells again). */
  private async tell(what: string, ticket: Ticket, act: (desk: TicketDesk) => Promise<void>): Promise<void> {
    const desk = this.deps.desk;
    if (!desk) return;
    try {
      await act(desk);
    } catch (err) {
      this.deps.logger.error({ err, ticket: ticket.id }, `ticket desk failed: ${what}`);
    }
  }
}

/** A message as stored, or undefined when it is not one (empty, too long, a caption too long). */
function messageOf(
  from: StoredTicketMessage["from"],
  by: number,
  writing: TicketWriting,
  ref: string,
  at: number,
): StoredTicketMessage | undefined {
  const text = writing.text?.trim() || undefined;
  const max = writing.photo ? TICKET_CAPTION_MAX : TICKET_TEXT_MAX;
  if (text !== undefined && text.length > max) return undefined;
  const parsed = ticketMessageSchema.safeParse({
    from,
    by,
    at,
    text,
    photo: writing.photo || undefined,
    ref,
  });
  return parsed.success ? parsed.data : undefined;
}
