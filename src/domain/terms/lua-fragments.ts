import { luaFragment } from "../../store/lua.js";
import { BOOKS_LUA } from "../books/index.js";
import { TERM_CHANGE_STATUSES_LUA } from "./changes.js";

/**
 * The terms room's Lua fragments for `-- @include <name>` (with the books' ones it builds on):
 * `term-change-statuses` (generated from its TypeScript set) and `chain-member-open`.
 */
export const TERMS_LUA: Readonly<Record<string, string>> = {
  ...BOOKS_LUA,
  "term-change-statuses": TERM_CHANGE_STATUSES_LUA,
  "chain-member-open": luaFragment(new URL("./lua/chain-member-open.lua", import.meta.url)),
};
