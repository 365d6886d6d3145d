import { InlineKeyboard } from "grammy";
import { z } from "zod";
import { callbackCodec } from "./callback-data.js";

// Buttons that workers attach to their notices and the bot answers: the codecs live here, on
// neutral ground, so neither side imports the other.

/**
 * Callback data of the broadcast flow. `id` is a draft id (empty for the section itself), or for
 * `stop` a running broadcast's id; `aud` the audience chosen; `tok` the one-time token of `go`,
 * so a double tap starts one broadcast.
 */
export const broadcastCb = callbackCodec("a.bc", {
  act: z.enum(["new", "aud", "go", "cancel", "stop"]),
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,40}$/)
    .default(""),
  aud: z.enum(["all", "active", ""]).default(""),
  tok: z.string().max(16).default(""),
});

/** Admin action: send a failed order's direct Stars payment back through Telegram. */
export const starsRefundCb = callbackCodec("a.sr", {
  act: z.enum(["ask", "ok"]),
  order: z.string().regex(/^[A-Za-z0-9_-]{4,40}$/),
  token: z.string().max(16).default(""),
});

/** The button admins get under a failed-order alert when the order was paid by a Stars invoice. */
export function starsRefundButton(label: string, orderId: string): InlineKeyboard {
  return new InlineKeyboard().text(label, starsRefundCb.pack({ act: "ask", order: orderId, token: "" }));
}
