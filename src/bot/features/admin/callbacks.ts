import { z } from "zod";
import { callbackCodec } from "../../../render/callback-data.js";

/**
 * Callback data of the admin's customer views. `id` is a Telegram user id (0 for the section
 * itself); `arg` carries a page, a subscription or order id, a one-time token, or
 * `<order id>.<token>` for `retry-ok`, depending on `act`.
 */
export const customersCb = callbackCodec("a.c", {
  act: z.enum([
    "home", // the Customers section (id = 0)
    "find",
    "card",
    "ledger", // arg = page
    "subs",
    "sub", // arg = subscription id
    "orders",
    "credit",
    "debit",
    "adj-ok", // arg = token
    "block", // asks the reason, then confirms
    "block-ok", // arg = token
    "unblock",
    "retry", // arg = refunded order id: charge again
    "retry-ok", // arg = order id.token
  ]),
  id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  arg: z.string().max(40).default(""),
});

/** Callback data of the failed orders view: `arg` is a page (`list`) or an order id (`retry`). */
export const ordersCb = callbackCodec("a.o", {
  act: z.enum(["list", "retry"]),
  arg: z.string().max(40).default(""),
});
