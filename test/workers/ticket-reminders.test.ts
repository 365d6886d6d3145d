import type { Worker } from "bullmq";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Tickets } from "../../src/domain/backoffice/index.js";
import { createStaffServices, type StaffServices } from "../../src/domain/staff/index.js";
import { MINUTE } from "../../src/runtime/clock.js";
import type { OutboxMessage, SendOutcome } from "../../src/workers/outbox.js";
import { OutboxTicketDesk } from "../../src/workers/ticket-desk.js";
import { createTicketReminderTask } from "../../src/workers/ticket-reminders.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/**
 * TICKET_REMIND_MINUTES: a ticket waiting for staff longer than that is brought up once per
 * waiting spell: in the staff group's tickets topic (with a link to the ticket's thread), or
 * privately to each staff member whose role has tickets when there is no group; an answer ends
 * the spell, the customer's next message starts a new one.
 */

const OWNER = 8_800;
const SUPPORT = 8_801;
const VIEWER = 8_802;
const GROUP = -100_8800;
const TOPIC = 9;
let h: WorkerHarness;
let staff: StaffServices;
let tickets: Tickets;
let task: ReturnType<typeof createTicketReminderTask>;
let worker: Worker<OutboxMessage, SendOutcome>;
let customer = 8_900;

beforeAll(async () => {
  h = await createWorkerHarness();
  staff = createStaffServices({ redis: h.redis, clock: h.clock, ownerIds: [OWNER] });
  await staff.roster.setRole(OWNER, SUPPORT, "support");
  await staff.roster.setRole(OWNER, VIEWER, "viewer");
  const desk = new OutboxTicketDesk({
    ...{ api: h.api, outbox: h.outbox, i18n: h.i18n, defaultLocale: "en" },
    rooms: () => ({
      customers: h.rooms.books.customers,
      tickets,
      staff,
      planTitle: () => undefined,
    }),
  });
  tickets = new Tickets({
    ...{ redis: h.redis, clock: h.clock, logger: h.logger, books: h.rooms.books, staff },
  });
  task = createTicketReminderTask({ tickets, desk, clock: h.clock, logger: h.logger, remindMs: 60 * MINUTE });
  worker = h.startOutbox({ perSecond: 1_000, perChatGapMs: 5 });
});
afterAll(async () => {
  await worker.close();
  await h.close();
});
beforeEach(async () => {
  await h.drainOutbox();
  h.telegram.clear();
  customer++;
  await h.rooms.books.customers.seen({ id: customer, firstName: "Kim", locale: "en" });
});

async function opened(): Promise<string> {
  const written = await tickets.write(customer, { text: "Hello?" });
  if (written.status !== "written") throw new Error(written.status);
  return written.ticket.id;
}

const sent = () =>
  h.telegram
    .callsOf("sendMessage")
    .map((c) => ({ to: c.chatId, thread: c.params.message_thread_id, text: c.params.text }));

describe("ticket reminders", () => {
  it("go privately to staff whose role has tickets, once per waiting spell", async () => {
    await staff.group.clear(OWNER);
    const id = await opened();
    h.clock.advance(59 * MINUTE);
    expect(await task.run()).toEqual({ reminded: 0 });
    h.clock.advance(2 * MINUTE);
    expect(await task.run()).toEqual({ reminded: 1 });
    expect(await task.run()).toEqual({ reminded: 0 });
    await h.drainOutbox();
    const text = `⏰ Ticket <b>${id}</b> (Kim) has been waiting 1 h 1 min for an answer.`;
    expect(sent().sort((a, b) => Number(a.to) - Number(b.to))).toEqual([
      { to: OWNER, thread: undefined, text },
      { to: SUPPORT, thread: undefined, text },
    ]);

    // Answered, then the customer writes again: a new spell, reminded again after the hour.
    await tickets.answer(SUPPORT, id, { text: "Looking" }, "test:r1");
    await tickets.write(customer, { text: "Still broken" });
    h.telegram.clear();
    h.clock.advance(30 * MINUTE);
    expect(await task.run()).toEqual({ reminded: 0 });
    h.clock.advance(31 * MINUTE);
    expect(await task.run()).toEqual({ reminded: 1 });
    await h.drainOutbox();
    expect(sent()).toHaveLength(2);
  });

  it("go to the staff group's tickets topic when there is one, and not for an answered ticket", async () => {
    await staff.group.set(OWNER, {
      chatId: GROUP,
      title: "Staff",
      topics: { tickets: TOPIC },
      routing: "both",
    });
    const answered = await opened();
    await tickets.answer(SUPPORT, answered, { text: "Done" }, "test:r2");
    customer++;
    await h.rooms.books.customers.seen({ id: customer, firstName: "Lee", locale: "en" });
    const waiting = await opened();
    h.clock.advance(2 * 60 * MINUTE);
    expect(await task.run()).toEqual({ reminded: 1 });
    await h.drainOutbox();
    expect(sent()).toEqual([
      {
        to: GROUP,
        thread: TOPIC,
        text: `⏰ Ticket <b>${waiting}</b> (Lee) has been waiting 2 h 0 min for an answer.`,
      },
    ]);
  });
});
