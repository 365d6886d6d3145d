import { DAY } from "../../runtime/clock.js";
import { luaFragment } from "../../store/lua.js";
import { STAFF_LUA } from "../staff/index.js";
import { NO_EXPIRY_SCORE } from "./keys.js";
import { ORDER_STATUSES_LUA } from "./order-statuses.js";
import { TRIM_ORDER_FIELDS_LUA } from "./order-trim.js";

const fragment = (name: string) => luaFragment(new URL(`./lua/${name}.lua`, import.meta.url));

/**
 * The books' Lua fragments, for `-- @include <name>` in the scripts of this room and of the rooms
 * above it. Those built from a TypeScript constant are generated here; the others are `.lua`
 * files in ./lua (their name is the file's). The staff room's `audit-record` comes along, so a
 * staff member's change made by a script records itself in the same step.
 */
export const BOOKS_LUA: Readonly<Record<string, string>> = {
  ...STAFF_LUA,
  /** `DAY_MS` (the clock's day) and `NO_EXPIRY_SCORE`. */
  "books-constants": `local DAY_MS = ${DAY}\nlocal NO_EXPIRY_SCORE = ${NO_EXPIRY_SCORE}`,
  "order-statuses": ORDER_STATUSES_LUA,
  "trim-order-fields": TRIM_ORDER_FIELDS_LUA,
  "trim-order": fragment("trim-order"),
  "order-reusable": fragment("order-reusable"),
  "mark-paid": fragment("mark-paid"),
  "count-order": fragment("count-order"),
  "entry-fields": fragment("entry-fields"),
  "count-sale": fragment("count-sale"),
  "count-ledger": fragment("count-ledger"),
  "ledger-apply": fragment("ledger-apply"),
  reach: fragment("reach"),
  "apply-triples": fragment("apply-triples"),
};
