import type { Tickets } from "../domain/backoffice/index.js";
import { type Clock, MINUTE } from "../runtime/clock.js";
import type { Logger } from "../runtime/logger.js";
import type { PeriodicTask } from "./maintenance.js";
import type { OutboxTicketDesk } from "./ticket-desk.js";

/** TICKET_REMIND_MINUTES when unset: staff hear of a ticket waiting an hour. */
export const DEFAULT_TICKET_REMIND_MINUTES = 60;

/**
 * Every minute: tickets waiting for staff longer than `remindMs` (TICKET_REMIND_MINUTES) are
 * brought up once per waiting spell (the spell starts when the customer writes and the ticket
 * was not waiting; an answer ends it), in the staff group's tickets topic or privately.
 */
export function createTicketReminderTask(deps: {
  tickets: Pick<Tickets, "waitingSince" | "claimReminder" | "releaseReminder">;
  desk: Pick<OutboxTicketDesk, "remind">;
  clock: Clock;
  logger: Logger;
  remindMs: number;
  everyMs?: number;
}): PeriodicTask {
  return {
    name: "ticket-reminders",
    everyMs: deps.everyMs ?? MINUTE,
    run: async () => {
      const now = deps.clock.now();
      let reminded = 0;
      for (const ticket of await deps.tickets.waitingSince(now - deps.remindMs)) {
        if (!(await deps.tickets.claimReminder(ticket))) continue;
        try {
          await deps.desk.remind(ticket, now - (ticket.waitingSince ?? now));
        } catch (err) {
          // Not sent: the next run tries again (the outbox's keys keep it to one message).
          await deps.tickets.releaseReminder(ticket);
          throw err;
        }
        reminded++;
      }
      if (reminded > 0) deps.logger.info({ reminded }, "staff reminded of waiting tickets");
      return { reminded };
    },
  };
}
