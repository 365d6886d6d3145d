import type { Ticket } from "../domain/backoffice/index.js";
import { formatDateTime } from "../render/format.js";
import { ticketStateText } from "../render/tickets.js";
import { type Caller, Refusal, recordCustomer, type WebappDeps } from "./context.js";
import type { TicketOut, TicketResponse, TicketsResponse } from "./schemas-support.js";

/** How many of the caller's latest tickets the screen lists, and of each one's latest messages. */
const LISTED = 10;
const THREAD = 50;

async function ticketOut(deps: WebappDeps, caller: Caller, ticket: Ticket): Promise<TicketOut> {
  const messages = await deps.backoffice.tickets.messages(ticket.id, THREAD);
  return {
    id: ticket.id,
    state: ticket.state,
    state_text: ticketStateText(caller.t, ticket.state),
    created_text: formatDateTime(caller.locale, ticket.createdAt),
    closable: ticket.state !== "closed",
    messages: messages.map((m) => ({
      from: m.from === "customer" ? "you" : "support",
      text: m.text ?? "",
      photo: m.photo !== undefined,
      at_text: formatDateTime(caller.locale, m.at),
    })),
  };
}

/** The caller's own ticket `id`; anyone else's (or none) is 404, whatever the id. */
async function own(deps: WebappDeps, caller: Caller, id: string): Promise<Ticket> {
  const ticket = await deps.backoffice.tickets.get(id);
  if (!ticket || ticket.customerId !== caller.id) throw new Refusal(404, "unknown-ticket");
  return ticket;
}

/** GET /app/api/tickets: the caller's latest tickets, newest first, each with its thread. */
export async function listTickets(deps: WebappDeps, caller: Caller): Promise<TicketsResponse> {
  const tickets = await deps.backoffice.tickets.ofCustomer(caller.id, LISTED);
  return { ok: true, tickets: await Promise.all(tickets.map((t) => ticketOut(deps, caller, t))) };
}

/** GET /app/api/tickets/:id: one of the caller's tickets with its thread. */
export async function showTicket(deps: WebappDeps, caller: Caller, id: string): Promise<TicketResponse> {
  return { ok: true, ticket: await ticketOut(deps, caller, await own(deps, caller, id)) };
}

/**
 * POST /app/api/tickets `{ text }`: the chat's "Write to support" (Tickets.write): into the
 * caller's live ticket, or a new one; staff hear of it as from the chat. 409 `too-many` while
 * many messages wait for an answer.
 */
export async function writeTicket(deps: WebappDeps, caller: Caller, text: string): Promise<TicketResponse> {
  await recordCustomer(deps, caller);
  const outcome = await deps.backoffice.tickets.write(caller.id, { text });
  if (outcome.status === "invalid") throw new Refusal(400, "bad-request");
  if (outcome.status === "too-many") throw new Refusal(409, "too-many");
  deps.logger.info(
    { customerId: caller.id, ticket: outcome.ticket.id },
    "cabinet: customer wrote to support",
  );
  return { ok: true, ticket: await ticketOut(deps, caller, outcome.ticket) };
}

/** POST /app/api/tickets/:id/close: the caller closes their own ticket (another's is 404). */
export async function closeTicket(deps: WebappDeps, caller: Caller, id: string): Promise<TicketResponse> {
  await own(deps, caller, id);
  const outcome = await deps.backoffice.tickets.close({ customerId: caller.id }, id);
  if (outcome.status === "unknown") throw new Refusal(404, "unknown-ticket");
  return { ok: true, ticket: await ticketOut(deps, caller, outcome.ticket) };
}
