import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import { LuaScript } from "../../store/lua.js";
import {
  APPLY_FN,
  type EntryInput,
  type LedgerEntry,
  MARK_PAID_FN,
  movementKeys,
  type Order,
  orderKeys,
  PAID_STATUS_FN,
  paidMarkKey,
  parseEntry,
  type Wallet,
} from "../books/index.js";

/**
 * Lua: pay an order awaiting payment from the wallet, and mark its customer as one who has paid
 * (order-paid.ts). KEYS: order, open set, 4 movement keys, the customer's paid mark.
 * ARGV: entry JSON, now. Returns {1, entry} paid now, {2, ''} paid before (or free),
 * {-1, balance} short, {0, status} not payable.
 */
const PAY_SNIPPET = `${PAID_STATUS_FN}${MARK_PAID_FN}
local function pay_order(kOrder, kOpen, kW, kL, kA, kJ, kMark, entryJson, now)
  local status = redis.call('HGET', kOrder, 'status')
  if status ~= 'awaiting_payment' then
    if is_paid(status) then return 2, status end
    return 0, tostring(status)
  end
  local price = tonumber(redis.call('HGET', kOrder, 'price'))
  local id = redis.call('HGET', kOrder, 'id')
  local code, payload = 1, ''
  if price > 0 then
    code, payload = apply(kW, kL, kA, kJ, -price, 'order:' .. id, entryJson, true)
    if code == -1 then return -1, payload end
  end
  redis.call('HSET', kOrder, 'status', 'paid', 'paidAt', now, 'updatedAt', now)
  redis.call('PERSIST', kOrder) -- an unpaid order expires; a paid one is kept
  redis.call('ZADD', kOpen, now, id)
  mark_paid(kMark, kOrder, now)
  return 1, payload
end
`;

const PAY = new LuaScript(`${APPLY_FN}${PAY_SNIPPET}
local code, payload = pay_order(KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], ARGV[1], ARGV[2])
return {code, payload}
`);

/**
 * Lua: credit a Telegram charge once (keyed by its charge id) and, when it was for an order,
 * pay that order from the wallet in the same step. KEYS: 4 movement keys, order, open set, paid
 * mark (order keys are dummies for a top-up). ARGV: amount, charge id, credit entry JSON, order id
 * ('' for a top-up), purchase entry JSON, now.
 * Returns {credited 1/0, paid code, credit entry, purchase payload}.
 */
const CREDIT_AND_PAY = new LuaScript(`${APPLY_FN}${PAY_SNIPPET}
local credited, entry = apply(KEYS[1], KEYS[2], KEYS[3], KEYS[4], tonumber(ARGV[1]), 'charge:' .. ARGV[2], ARGV[3], false)
if ARGV[4] == '' then return {credited, 0, entry, ''} end
local code, payload = pay_order(KEYS[5], KEYS[6], KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[7], ARGV[5], ARGV[6])
if code == 1 then redis.call('HSET', KEYS[5], 'chargeId', ARGV[2]) end
return {credited, code, entry, payload}
`);

export type PayResult =
  | { status: "paid"; entry: LedgerEntry | undefined }
  | { status: "already-paid" }
  | { status: "insufficient"; balance: number }
  | { status: "not-payable"; orderStatus: string };

function payResult(code: number, payload: string): PayResult {
  if (code === 1) return { status: "paid", entry: payload ? parseEntry(payload) : undefined };
  if (code === 2) return { status: "already-paid" };
  if (code === -1) return { status: "insufficient", balance: Number(payload) };
  return { status: "not-payable", orderStatus: payload };
}

export interface ChargeResult {
  /** False when this charge id was credited before (a repeated update). */
  credited: boolean;
  entry: LedgerEntry;
  /** For an order: what paying it from the wallet gave. */
  order: PayResult | undefined;
}

/** The ledger entry of paying an order; a promo code's discount is named in its note. */
function purchaseEntry(order: Order): EntryInput {
  const note =
    order.promoCode !== undefined
      ? `promo ${order.promoCode}: ${order.listPrice ?? order.price} -> ${order.price}`
      : undefined;
  return {
    kind: order.kind === "renewal" ? "renewal" : "purchase",
    ref: order.id,
    planId: order.planId,
    ...(note ? { note } : {}),
  };
}

/** Money steps of checkout, each one atomic in Redis together with its ledger entries. */
export class Checkout {
  constructor(
    private readonly redis: Redis,
    private readonly wallet: Wallet,
    private readonly clock: Clock,
  ) {}

  /** Pays an order from the balance; repeated presses pay once. */
  async payFromWallet(order: Order): Promise<PayResult> {
    const entry = this.wallet.entryJson(order.customerId, -order.price, purchaseEntry(order));
    const [code, payload] = (await PAY.run(
      this.redis,
      [
        orderKeys.order(order.id),
        orderKeys.open,
        ...movementKeys(order.customerId),
        paidMarkKey(order.customerId),
      ],
      [entry, String(this.clock.now())],
    )) as [number, string];
    return payResult(code, payload);
  }

  /**
   * Credits a successful Telegram payment exactly once (keyed by telegram_payment_charge_id),
   * and pays the order it was for, in one atomic step. If the order can no longer be paid, the
   * money stays in the wallet: nothing paid is lost.
   */
  async creditCharge(
    customerId: number,
    chargeId: string,
    amount: number,
    order?: Order,
  ): Promise<ChargeResult> {
    const credit = this.wallet.entryJson(customerId, amount, { kind: "topup", ref: chargeId });
    const purchase = order ? this.wallet.entryJson(customerId, -order.price, purchaseEntry(order)) : "";
    const [credited, code, entry, payload] = (await CREDIT_AND_PAY.run(
      this.redis,
      [
        ...movementKeys(customerId),
        order ? orderKeys.order(order.id) : "order:none",
        orderKeys.open,
        paidMarkKey(customerId),
      ],
      [amount, chargeId, credit, order?.id ?? "", purchase, String(this.clock.now())],
    )) as [number, number, string, string];
    return {
      credited: credited === 1,
      entry: parseEntry(entry),
      order: order ? payResult(code, payload) : undefined,
    };
  }
}
