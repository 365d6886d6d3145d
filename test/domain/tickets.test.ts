import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  TICKET_MAX_UNANSWERED,
  type Ticket,
  type TicketDesk,
  type TicketMessage,
  Tickets,
  type TicketThread,
  ticketKeys,
} from "../../src/domain/backoffice/index.js";
import {
  auditKeys,
  createStaffServices,
  NotPermitted,
  type StaffServices,
} from "../../src/domain/staff/index.js";
import { createLogger } from "../../src/runtime/logger.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/**
 * Support tickets in the domain, on real Redis: the states, one live ticket per customer, a
 * message delivered twice taken once, a staff answer recorded with its audit entry in one step
 * (once, even when it arrives twice or at once), a role without `tickets` refused and recorded,
 * and the staff group's topic made once per ticket.
 */

const OWNER = 8_100;
const SUPPORT = 8_101;
const VIEWER = 8_102;
const GROUP = -100_8100;
let h: WorkerHarness;
let staff: StaffServices;
let tickets: Tickets;
let customerId = 8_200;

/** What the desk was asked to do, in order. */
const told: string[] = [];
let opened = 0;
const desk: TicketDesk = {
  openThread: async (ticket, chatId) => {
    opened++;
    // Slow, as Telegram is: a second writer meanwhile must wait for this topic, not make one.
    await new Promise((resolve) => setTimeout(resolve, 50));
    told.push(`thread ${ticket.id} in ${chatId}`);
    return 40 + opened;
  },
  customerWrote: async (ticket, m: TicketMessage, thread: TicketThread | undefined) => {
    told.push(`wrote ${ticket.id}#${m.n} ${thread ? `topic ${thread.threadId}` : "private"}`);
  },
  answered: async (ticket, m) => {
    told.push(`answered ${ticket.id}#${m.n}`);
  },
  closed: async (ticket, by) => {
    told.push(`closed ${ticket.id} by ${by}`);
  },
  reopened: async (ticket) => {
    told.push(`reopened ${ticket.id}`);
  },
};

beforeAll(async () => {
  h = await createWorkerHarness();
  staff = createStaffServices({ redis: h.redis, clock: h.clock, ownerIds: [OWNER] });
  await staff.roster.setRole(OWNER, SUPPORT, "support");
  await staff.roster.setRole(OWNER, VIEWER, "viewer");
  tickets = new Tickets({
    redis: h.redis,
    clock: h.clock,
    logger: createLogger("silent"),
    books: h.rooms.books,
    staff,
    desk,
  });
});
afterAll(() => h.close());
beforeEach(async () => {
  told.length = 0;
  opened = 0;
  customerId++;
  await h.rooms.books.customers.seen({ id: customerId, firstName: "Ann", locale: "en" });
  await h.redis.del("staff:group");
});

async function written(text: string, ref?: string): Promise<Ticket> {
  const outcome = await tickets.write(customerId, { text }, ref);
  if (outcome.status !== "written" && outcome.status !== "duplicate") throw new Error(outcome.status);
  return outcome.ticket;
}

/** The audit entries about a ticket, oldest first. */
async function auditOf(id: string) {
  const { entries } = await staff.audit.page({ subject: `ticket:${id}` }, 0, 50);
  return entries.reverse().map((e) => `${e.action} ${e.actorId} ${e.outcome}`);
}

describe("a ticket's states", () => {
  it("opens, is answered, waits again, closes; the next message opens a new one", async () => {
    const first = await written("My VPN does not connect");
    expect(first).toMatchObject({ state: "open", customerId, count: 1, unanswered: 1 });
    expect(first.id).toMatch(/^T\d+$/);
    expect(first.waitingSince).toBe(h.clock.now());
    expect(await tickets.waitingSince(h.clock.now() + 1)).toEqual([first]);

    h.clock.advance(60_000);
    const again = await written("Still nothing");
    expect(again).toMatchObject({ id: first.id, count: 2, unanswered: 2, waitingSince: first.waitingSince });

    const answer = await tickets.answer(SUPPORT, first.id, { text: "Try the other server" }, "tg:-1:10");
    expect(answer).toMatchObject({ status: "answered", message: { n: 3, from: "staff", by: SUPPORT } });
    const answered = await tickets.get(first.id);
    expect(answered).toMatchObject({ state: "answered", unanswered: 0 });
    expect(answered?.waitingSince).toBeUndefined();
    expect(await tickets.waitingSince(h.clock.now() + 1)).toEqual([]);

    h.clock.advance(60_000);
    const back = await written("Works now, thanks");
    expect(back).toMatchObject({ id: first.id, state: "open", waitingSince: h.clock.now() });

    expect(await tickets.close({ customerId }, first.id)).toMatchObject({ status: "closed" });
    expect(await tickets.close({ customerId }, first.id)).toMatchObject({ status: "already" });
    expect(await tickets.current(customerId)).toBeUndefined();
    const next = await written("Another question");
    expect(next.id).not.toBe(first.id);
    expect((await tickets.ofCustomer(customerId)).map((t) => t.id)).toEqual([next.id, first.id]);
    expect((await tickets.messages(first.id)).map((m) => `${m.from}:${m.text}`)).toEqual([
      "customer:My VPN does not connect",
      "customer:Still nothing",
      "staff:Try the other server",
      "customer:Works now, thanks",
    ]);
    // Staff hear of each message privately (no staff group), the customer of the answer.
    expect(told).toEqual([
      `wrote ${first.id}#1 private`,
      `wrote ${first.id}#2 private`,
      `answered ${first.id}#3`,
      `wrote ${first.id}#4 private`,
      `closed ${first.id} by customer`,
      `wrote ${next.id}#1 private`,
    ]);
    // Only the staff action is in the audit log; the customer's close is not a staff action.
    expect(await auditOf(first.id)).toEqual([`ticket.answer ${SUPPORT} done`]);
  });

  it("keeps one live ticket per customer, whatever arrives at once", async () => {
    const outcomes = await Promise.all(
      ["a", "b", "c", "d", "e"].map((text, i) =>
        tickets.write(customerId, { text }, `tg:${customerId}:${i}`),
      ),
    );
    const ids = new Set(outcomes.map((o) => (o.status === "written" ? o.ticket.id : o.status)));
    expect(ids.size).toBe(1);
    expect(outcomes.filter((o) => o.status === "written" && o.created)).toHaveLength(1);
    const [id] = [...ids] as [string];
    expect((await tickets.messages(id)).map((m) => m.n)).toEqual([1, 2, 3, 4, 5]);
    expect(await tickets.current(customerId)).toMatchObject({ id, count: 5 });
  });

  it("takes a customer's message delivered twice once", async () => {
    const first = await tickets.write(customerId, { text: "Hello" }, "tg:1:77");
    const second = await tickets.write(customerId, { text: "Hello" }, "tg:1:77");
    expect(first).toMatchObject({ status: "written", message: { n: 1 } });
    expect(second).toMatchObject({ status: "duplicate", message: { n: 1, text: "Hello" } });
    if (first.status !== "written") throw new Error("not written");
    expect(await tickets.messages(first.ticket.id)).toHaveLength(1);
  });

  it("refuses what is not a message, and more than it takes unanswered", async () => {
    expect(await tickets.write(customerId, { text: "   " })).toEqual({ status: "invalid" });
    expect(await tickets.write(customerId, { text: "x".repeat(4001) })).toEqual({ status: "invalid" });
    expect(await tickets.write(customerId, { photo: "ph", text: "x".repeat(1025) })).toEqual({
      status: "invalid",
    });
    expect(await tickets.write(customerId, { photo: "ph-1", text: "the screen" })).toMatchObject({
      status: "written",
      message: { photo: "ph-1", text: "the screen" },
    });
    for (let i = 1; i < TICKET_MAX_UNANSWERED; i++) await written(`more ${i}`);
    const over = await tickets.write(customerId, { text: "one too many" });
    expect(over).toMatchObject({ status: "too-many" });
    if (over.status !== "too-many") throw new Error("taken");
    expect(over.ticket.count).toBe(TICKET_MAX_UNANSWERED);
    // An answer lets them write again.
    await tickets.answer(SUPPORT, over.ticket.id, { text: "Reading" }, "tg:-1:11");
    expect(await tickets.write(customerId, { text: "thanks" })).toMatchObject({ status: "written" });
  });
});

describe("staff actions on tickets", () => {
  it("takes and records an answer delivered twice, or twice at once, once", async () => {
    const ticket = await written("Help");
    const ref = `tg:${GROUP}:501`;
    const [a, b] = await Promise.all([
      tickets.answer(SUPPORT, ticket.id, { text: "Here" }, ref),
      tickets.answer(SUPPORT, ticket.id, { text: "Here" }, ref),
    ]);
    const later = await tickets.answer(SUPPORT, ticket.id, { text: "Here" }, ref);
    expect([a.status, b.status].sort()).toEqual(["answered", "duplicate"]);
    expect(later).toMatchObject({ status: "duplicate", message: { n: 2 } });
    expect(await tickets.messages(ticket.id)).toHaveLength(2);
    expect(await auditOf(ticket.id)).toEqual([`ticket.answer ${SUPPORT} done`]);
    // The desk is asked each time, with the same message: its keys make it one (workers/ticket-desk.ts).
    expect(told.filter((line) => line.startsWith("answered"))).toEqual([
      `answered ${ticket.id}#2`,
      `answered ${ticket.id}#2`,
      `answered ${ticket.id}#2`,
    ]);
  });

  it("refuses a role without tickets: nothing changes, the refusal is recorded", async () => {
    const ticket = await written("Help");
    await expect(tickets.answer(VIEWER, ticket.id, { text: "pwned" }, "tg:-1:600")).rejects.toBeInstanceOf(
      NotPermitted,
    );
    h.clock.advance(1);
    await expect(tickets.close({ staffId: VIEWER }, ticket.id)).rejects.toBeInstanceOf(NotPermitted);
    h.clock.advance(1);
    await expect(tickets.answer(9_999, ticket.id, { text: "who?" }, "tg:-1:601")).rejects.toBeInstanceOf(
      NotPermitted,
    );
    expect(await tickets.get(ticket.id)).toEqual(ticket);
    expect(await tickets.messages(ticket.id)).toHaveLength(1);
    expect(await auditOf(ticket.id)).toEqual([
      `ticket.answer ${VIEWER} refused`,
      `ticket.close ${VIEWER} refused`,
      "ticket.answer 9999 refused",
    ]);
    expect(told.some((line) => !line.startsWith("wrote"))).toBe(false);
  });

  it("closes and reopens with their records; refuses a reopen while another ticket is live", async () => {
    const ticket = await written("Help");
    expect(await tickets.close({ customerId: customerId + 1000 }, ticket.id)).toEqual({ status: "unknown" });
    expect(await tickets.close({ staffId: SUPPORT }, ticket.id)).toMatchObject({
      status: "closed",
      ticket: { state: "closed", closedBy: "staff" },
    });
    h.clock.advance(1);
    expect(await tickets.answer(SUPPORT, ticket.id, { text: "late" }, "tg:-1:700")).toMatchObject({
      status: "closed",
    });
    expect(await tickets.reopen(OWNER, ticket.id)).toMatchObject({
      status: "reopened",
      ticket: { state: "open" },
    });
    expect(await tickets.current(customerId)).toMatchObject({ id: ticket.id });
    h.clock.advance(1);
    await tickets.close({ staffId: OWNER }, ticket.id);
    const other = await written("New question");
    expect(await tickets.reopen(SUPPORT, ticket.id)).toMatchObject({ status: "busy", other: other.id });
    expect(await auditOf(ticket.id)).toEqual([
      `ticket.close ${SUPPORT} done`,
      `ticket.reopen ${OWNER} done`,
      `ticket.close ${OWNER} done`,
    ]);
  });

  it("takes no answer whose audit record cannot be written", async () => {
    const ticket = await written("Help");
    // A key of the wrong type where the answer's record goes: the step fails as a whole.
    await h.redis.set(auditKeys.byActor(SUPPORT), "not a sorted set");
    try {
      await expect(tickets.answer(SUPPORT, ticket.id, { text: "x" }, "tg:-1:800")).rejects.toThrow(
        /WRONGTYPE/,
      );
    } finally {
      await h.redis.del(auditKeys.byActor(SUPPORT));
    }
    expect(await tickets.get(ticket.id)).toEqual(ticket);
    expect(await tickets.messages(ticket.id)).toHaveLength(1);
    expect(await h.redis.exists(ticketKeys.seen("tg:-1:800"))).toBe(0);
  });
});

describe("a ticket's thread in the staff group", () => {
  it("is made once per ticket, also when messages arrive at once, and found by its topic", async () => {
    await staff.group.set(OWNER, { chatId: GROUP, title: "Staff", topics: { tickets: 7 }, routing: "both" });
    const outcomes = await Promise.all(
      ["one", "two", "three"].map((text, i) =>
        tickets.write(customerId, { text }, `tg:x:${customerId}:${i}`),
      ),
    );
    expect(opened).toBe(1);
    const id = outcomes[0]?.status === "written" ? outcomes[0].ticket.id : "";
    const ticket = await tickets.get(id);
    expect(ticket?.topic).toEqual({ chatId: GROUP, threadId: 41 });
    expect(await tickets.byTopic(GROUP, 41)).toMatchObject({ id });
    expect(told.filter((line) => line.startsWith("wrote")).sort()).toEqual([
      `wrote ${id}#1 topic 41`,
      `wrote ${id}#2 topic 41`,
      `wrote ${id}#3 topic 41`,
    ]);
  });

  it("deleted by hand, is made again once by two senders at once (the other told to wait), then found", async () => {
    await staff.group.set(OWNER, { chatId: GROUP, title: "Staff", topics: { tickets: 7 }, routing: "both" });
    const ticket = await written("Hi");
    expect((await tickets.get(ticket.id))?.topic).toEqual({ chatId: GROUP, threadId: 41 });
    const both = await Promise.all([tickets.remakeThread(GROUP, 41), tickets.remakeThread(GROUP, 41)]);
    expect(both.map((r) => r.kind).sort()).toEqual(["busy", "moved"]);
    expect(opened).toBe(2);
    expect(await tickets.remakeThread(GROUP, 41)).toEqual({ kind: "moved", threadId: 42 });
    expect((await tickets.get(ticket.id))?.topic).toEqual({ chatId: GROUP, threadId: 42 });
    expect(await tickets.byTopic(GROUP, 42)).toMatchObject({ id: ticket.id });
    // Not a ticket's thread, or a closed ticket's: nothing is made.
    expect(await tickets.remakeThread(GROUP, 999)).toEqual({ kind: "unknown" });
    await tickets.close({ customerId }, ticket.id);
    expect(await tickets.remakeThread(GROUP, 42)).toEqual({ kind: "unknown" });
    expect(opened).toBe(2);
  });

  it("goes to staff privately when there is no tickets topic", async () => {
    await staff.group.set(OWNER, { chatId: GROUP, title: "Staff", topics: { alerts: 3 }, routing: "both" });
    const ticket = await written("Hi");
    expect(opened).toBe(0);
    expect(ticket.topic).toBeUndefined();
    expect(told).toEqual([`wrote ${ticket.id}#1 private`]);
  });
});

describe("reminders", () => {
  it("are claimed once per waiting spell", async () => {
    const ticket = await written("Waiting");
    expect(await tickets.claimReminder(ticket)).toBe(true);
    expect(await tickets.claimReminder(ticket)).toBe(false);
    await tickets.answer(SUPPORT, ticket.id, { text: "ok" }, "tg:-1:900");
    h.clock.advance(1_000);
    const again = await written("Waiting again");
    expect(await tickets.claimReminder(again)).toBe(true);
  });
});
