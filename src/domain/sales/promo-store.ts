import { z } from "zod";
import { LuaScript } from "../../store/lua.js";
import type { NewOrder } from "../books/index.js";
import { SALES_LUA } from "./lua-fragments.js";

/** Promo codes' records and their atomic steps in Redis (used by PromoCodes). */

export const PROMO_KINDS = ["percent", "fixed", "days", "credit"] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** Why a code cannot be used here; each has its own message. */
export type PromoRefusal =
  | "invalid"
  | "expired"
  | "disabled"
  | "used-up"
  | "already-used"
  | "wrong-plan"
  | "not-new"
  | "not-for-orders";

/** A code remembered by `/promo` applies to the customer's orders opened within this time. */
export const PENDING_PROMO_MS = 24 * 60 * 60 * 1000;
/** Codes are letters, digits, `_` and `-`; kept upper-case. */
export const PROMO_CODE = /^[A-Za-z0-9_-]{3,32}$/;

export function normalizeCode(text: string): string | undefined {
  const code = text.trim();
  return PROMO_CODE.test(code) ? code.toUpperCase() : undefined;
}

const num = z.coerce.number();
const optNum = z.preprocess((v) => (v === undefined || v === "" ? undefined : v), num.optional());
const flag = z.preprocess((v) => v === "1", z.boolean());

export const promoSchema = z.object({
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  /** percent: 1-100; fixed and credit: minor units; days: whole days. */
  value: num,
  /** Plan ids the code is for (comma list; empty: every plan). */
  plans: z.preprocess((v) => (typeof v === "string" && v ? v.split(",") : []), z.array(z.string())),
  expiresAt: optNum,
  /** Uses in all (unset: no limit). */
  totalUses: optNum,
  perCustomer: num,
  newCustomersOnly: flag,
  disabled: flag,
  createdAt: num,
  createdBy: num,
  /** Uses consumed (orders paid, credits given). */
  used: z.coerce.number().default(0),
  /** Its uses are indexed (keys.ts promoKeys); unset on a code stored before the indexes. */
  indexed: flag,
});
export type PromoCode = z.output<typeof promoSchema> & { /** Uses held: reserved plus used. */ held: number };

export type NewPromo = Omit<PromoCode, "used" | "held" | "disabled" | "createdAt" | "indexed">;

/** A refunded order's promo terms, carried by the order charging it again (PromoCodes.carried). */
export type CarriedPromo = NonNullable<NewOrder["promo"]> & { price: number };

/** One use of a code: an order's (reserved until paid) or a wallet credit's. */
export interface PromoUse {
  key: string;
  customerId: number;
  state: "reserved" | "used";
  at: number;
}

const script = (name: string) => LuaScript.load(new URL(`./lua/${name}.lua`, import.meta.url), SALES_LUA);
/** A code checked for a customer and one use held, in one step (lua/promo-reserve.lua). */
export const RESERVE = script("promo-reserve");
/** The use an order holds settled against the order's state (lua/promo-settle.lua). */
export const SETTLE = script("promo-settle");
/** A chunk of a code's old uses indexed (lua/promo-index.lua). */
export const INDEX = script("promo-index");

/**
 * The discounted price: never below `minimum` (the smallest invoice Telegram takes), except that
 * a discount of the whole price makes the order free (paid from nothing, like a trial).
 */
export function discountedPrice(kind: PromoKind, value: number, listPrice: number, minimum: number): number {
  if (kind !== "percent" && kind !== "fixed") return listPrice;
  // A percentage is cut in whole minor units, rounded down: never more off than the code says.
  const cut = kind === "percent" ? Math.floor((listPrice * value) / 100) : value;
  const price = listPrice - cut;
  if (price <= 0) return 0;
  return Math.min(listPrice, Math.max(price, minimum));
}

export function parseUse(key: string, value: string): PromoUse {
  const [customer = "0", state = "r", at = "0"] = value.split("|");
  return { key, customerId: Number(customer), state: state === "u" ? "used" : "reserved", at: Number(at) };
}
