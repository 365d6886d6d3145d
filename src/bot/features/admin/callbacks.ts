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
