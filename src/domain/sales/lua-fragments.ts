import { luaFragment } from "../../store/lua.js";
import { BOOKS_LUA } from "../books/index.js";

const fragment = (name: string) => luaFragment(new URL(`./lua/${name}.lua`, import.meta.url));

/**
 * The Lua fragments of sales (with the books' below them), for `-- @include <name>` in the scripts
 * of this room and of the rooms above it: `promo-use` (a code's use counts), `referral-place` (the
 * first N payments of an invited customer) and `pay-order` (paying an order, with what it decides).
 */
export const SALES_LUA: Readonly<Record<string, string>> = {
  ...BOOKS_LUA,
  "promo-use": fragment("promo-use"),
  "referral-place": fragment("referral-place"),
  "pay-order": fragment("pay-order"),
};
