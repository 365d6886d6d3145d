import { z } from "zod";
import { LuaScript } from "../../store/lua.js";
import { PAID_STATUS_FN } from "../books/index.js";

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
});
export type PromoCode = z.output<typeof promoSchema> & { /** Uses held: reserved plus used. */ held: number };

export type NewPromo = Omit<PromoCode, "used" | "held" | "disabled" | "createdAt">;

/** One use of a code: an order's (reserved until paid) or a wallet credit's. */
export interface PromoUse {
  key: string;
  customerId: number;
  state: "reserved" | "used";
  at: number;
}

export const promoKeys = (code: string) => ({
  code: `promo:code:${code}`,
  /** use key -> `<customer>|r|<at>` (reserved) or `<customer>|u|<at>` (used). */
  uses: `promo:uses:${code}`,
  /** customer -> uses held (reserved or used). */
  by: `promo:by:${code}`,
});
export const PROMO_CODES = "promo:codes";
export const pendingKey = (customerId: number) => `promo:pending:${customerId}`;

/** KEYS: code, codes index. ARGV: code, now, then the fields as name/value pairs. */
export const CREATE = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local fields = {}
for i = 3, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(fields))
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
return 1
`);

/**
 * KEYS: code, uses, by, the customer's paid mark (order-paid.ts: read here, so an order paid at the
 * same moment counts). ARGV: use key, customer, now, state ('r' reserve, 'u' use at once), plan
 * ('' none). Returns 'ok', 'again' (this key holds a use already) or a refusal.
 */
export const RESERVE = new LuaScript(`
local d = redis.call('HMGET', KEYS[1], 'kind', 'disabled', 'expiresAt', 'plans', 'newCustomersOnly', 'perCustomer', 'totalUses')
if not d[1] then return 'invalid' end
local held = redis.call('HGET', KEYS[2], ARGV[1])
if held then return 'again' end
if d[2] == '1' then return 'disabled' end
if d[3] and d[3] ~= '' and tonumber(ARGV[3]) >= tonumber(d[3]) then return 'expired' end
if d[4] and d[4] ~= '' then
  local found = false
  for p in string.gmatch(d[4], '[^,]+') do if p == ARGV[5] then found = true end end
  if not found then return 'wrong-plan' end
end
if d[5] == '1' and redis.call('EXISTS', KEYS[4]) == 1 then return 'not-new' end
local mine = tonumber(redis.call('HGET', KEYS[3], ARGV[2]) or '0')
if mine >= tonumber(d[6]) then return 'already-used' end
if d[7] and d[7] ~= '' and redis.call('HLEN', KEYS[2]) >= tonumber(d[7]) then return 'used-up' end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2] .. '|' .. ARGV[4] .. '|' .. ARGV[3])
redis.call('HINCRBY', KEYS[3], ARGV[2], 1)
if ARGV[4] == 'u' then redis.call('HINCRBY', KEYS[1], 'used', 1) end
return 'ok'
`);

/**
 * Settles the use an order holds, against the order's state. KEYS: code, uses, by, order. ARGV:
 * order id. Returns 'used' (paid, a gift awaiting its claim, or paid once and failed or refunded:
 * consumed now), 'released' (cancelled or gone: freed now), 'held' (still awaiting payment) or
 * 'none' (no reserved use: settled before).
 */
export const SETTLE = new LuaScript(`${PAID_STATUS_FN}
local held = redis.call('HGET', KEYS[2], ARGV[1])
if not held then return 'none' end
local customer, state, at = string.match(held, '^([^|]+)|([^|]+)|(.*)$')
if state ~= 'r' then return 'none' end
local status = redis.call('HGET', KEYS[4], 'status')
if was_paid(status) then
  redis.call('HSET', KEYS[2], ARGV[1], customer .. '|u|' .. at)
  redis.call('HINCRBY', KEYS[1], 'used', 1)
  return 'used'
end
if status and status ~= 'cancelled' then return 'held' end
redis.call('HDEL', KEYS[2], ARGV[1])
if tonumber(redis.call('HINCRBY', KEYS[3], customer, -1)) <= 0 then redis.call('HDEL', KEYS[3], customer) end
return 'released'
`);

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
