import { z } from "zod";
import { callbackCodec } from "../../callback-data.js";

/**
 * Callback data of the admin's server and xui-user views, in one place so views can link to
 * each other. `id` is a server id (or a page number for the list); `arg` carries a page, an
 * action, a version, a one-time token or a short user reference, depending on `act`.
 */
export const serversCb = callbackCodec("a.s", {
  act: z.enum([
    "list", // id = page
    "card",
    "stats",
    "power", // arg = action
    "power-ok", // arg = action.token
    "extend",
    "extend-ok", // arg = token
    "config",
    "regen",
    "regen-ok", // arg = token
    "core",
    "core-set", // arg = version
  ]),
  id: z.coerce.number().int().min(0),
  arg: z.string().max(32).default(""),
});

export const xuiCb = callbackCodec("a.xu", {
  act: z.enum([
    "list", // arg = page
    "card", // arg = user ref
    "create",
    "limit", // arg = user ref
    "term", // arg = user ref
    "ban", // arg = user ref
    "unban", // arg = user ref
    "del", // arg = user ref
    "del-ok", // arg = user ref.token
    "inbounds",
  ]),
  id: z.coerce.number().int().positive(),
  arg: z.string().max(40).default(""),
});

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
    "block",
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

/** Callback data of the settings section: `auto` sets auto-extend to `arg` (on/off). */
export const settingsCb = callbackCodec("a.set", {
  act: z.enum(["view", "auto"]),
  arg: z.enum(["", "on", "off"]).default(""),
});

/**
 * Callback data of the broadcast flow. `id` is a draft id (empty for the section itself); `aud`
 * the audience chosen; `tok` the one-time token of `go`, so a double tap starts one broadcast.
 */
export const broadcastCb = callbackCodec("a.bc", {
  act: z.enum(["new", "aud", "go", "cancel"]),
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,16}$/)
    .default(""),
  aud: z.enum(["all", "active", ""]).default(""),
  tok: z.string().max(16).default(""),
});

/** Callback data of the sales stats: the range shown. */
export const statsCb = callbackCodec("a.st", { range: z.enum(["today", "7d", "30d"]) });
