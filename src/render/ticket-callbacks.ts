import { z } from "zod";
import { callbackCodec } from "./callback-data.js";

/**
 * Callback data of support tickets, re-validated on arrival (the ticket is looked up and must be
 * the presser's, or the presser's role must allow it): the customer's buttons (`tk`), those in a
 * ticket's forum topic of the staff group (`tkg`), and the admin Tickets section's (`a.tk`, so the
 * admin guard checks the role on every press).
 */

const ticketId = z.string().regex(/^(T\d{1,12})?$/);

/** The customer's: write to support (a new ticket, or more to the live one), close their ticket. */
export const ticketCb = callbackCodec("tk", {
  act: z.enum(["write", "close"]),
  id: ticketId.default(""),
});

/** Write to support (the /help button and the Reply under an answer). */
export const TICKET_WRITE = ticketCb.pack({ act: "write", id: "" });

/** In a ticket's topic: the customer's card (sent privately: `id` the customer), close, reopen. */
export const ticketTopicCb = callbackCodec("tkg", {
  act: z.enum(["card", "close", "reopen"]),
  id: z.string().regex(/^(T\d{1,12}|\d{1,20})$/),
});

/** The admin Tickets section: the list (a page), one ticket, answer, close, reopen. */
export const ticketAdminCb = callbackCodec("a.tk", {
  act: z.enum(["list", "view", "answer", "close", "reopen"]),
  id: ticketId.default(""),
  page: z.coerce.number().int().min(0).max(1_000).default(0),
});
