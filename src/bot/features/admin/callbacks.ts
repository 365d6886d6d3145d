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

/**
 * Callback data of the Panel section (main panel and its federation). `ref` names a panel client
 * (the name itself, or `~<hash>` kept in Redis for long names); `arg` carries a page, an absolute
 * expiry in Unix seconds (`ext-ok`), a one-time token (`del-ok`), a create plan id (`mk-retry`) or
 * a location's index in the picker (`pick`), depending on `act`.
 */
export const panelCb = callbackCodec("a.p", {
  act: z.enum([
    "home",
    "list", // arg = page
    "card", // ref
    "qr", // ref
    "ext", // ref: asks the days to add
    "ext-ok", // ref, arg = absolute expiry (Unix seconds): idempotent
    "term", // ref: asks the days from today
    "lim", // ref: asks traffic and devices
    "del", // ref
    "del-ok", // ref, arg = one-time token
    "new", // create a multi-location client
    "mk-retry", // arg = create plan id: complete the missing locations
    "pick", // arg = location index (inside the create dialog)
    "pick-go",
    "pick-x",
    "ib", // arg = inbound index (inside the create dialog)
    "ib-go",
    "mk-go", // the create dialog's summary: create
  ]),
  ref: z.string().max(24).default(""),
  arg: z.string().max(16).default(""),
});
