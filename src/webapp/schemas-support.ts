import { z } from "zod";
import { TICKET_STATES, TICKET_TEXT_MAX } from "../domain/backoffice/index.js";

/** The wire of the cabinet's Support screen: the caller's tickets with their threads, writing, closing. */

const messageOut = z.strictObject({
  from: z.enum(["you", "support"]),
  /** What was written (a photo's caption, or "" when it had none). */
  text: z.string(),
  /** A photo sent in the chat (the page shows a mark, not the picture). */
  photo: z.boolean(),
  at_text: z.string(),
});

const ticketOut = z.strictObject({
  id: z.string(),
  state: z.enum(TICKET_STATES),
  state_text: z.string(),
  created_text: z.string(),
  /** Still live: the customer may close it (and writing goes into it). */
  closable: z.boolean(),
  /** The latest messages, oldest first. */
  messages: z.array(messageOut),
});
export type TicketOut = z.output<typeof ticketOut>;

export const ticketsResponse = z.strictObject({ ok: z.literal(true), tickets: z.array(ticketOut) });
export type TicketsResponse = z.output<typeof ticketsResponse>;

export const ticketResponse = z.strictObject({ ok: z.literal(true), ticket: ticketOut });
export type TicketResponse = z.output<typeof ticketResponse>;

/** POST /app/api/tickets: text only in the cabinet (photos are sent in the chat). */
export const ticketWriteRequest = z.strictObject({ text: z.string().trim().min(1).max(TICKET_TEXT_MAX) });
