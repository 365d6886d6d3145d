import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import { keyPrefix } from "../../store/key-prefix.js";
import { LuaScript } from "../../store/lua.js";
import {
  type EntryInput,
  type LedgerEntry,
  ledgerIdemKeys,
  MOVEMENT_PREFIXES,
  movementKeys,
  type Order,
  orderKeys,
  paidMarkKey,
  parseEntry,
  type Wallet,
} from "../books/index.js";
import { type AuditEntry, auditLuaArgs, auditLuaKeys } from "../staff/index.js";
import { promoKeys, referralKeys, rewardKeys } from "./keys.js";
import { SALES_LUA } from "./lua-fragments.js";

const script = (name: string) => LuaScript.load(new URL(`./lua/${name}.lua`, import.meta.url), SALES_LUA);
/** Pays an order from the wallet (lua/pay.lua over the `pay-order` fragment). */
const PAY = script("pay");
/** Credits a Telegram charge once and pays its order in the same step (lua/credit-and-pay.lua). */
const CREDIT_AND_PAY = script("credit-and-pay");

/**
 * Why the pay step refused an order's promo terms (and cancelled the order): `not-new`, its code is
 * for new customers only and another order of the customer was paid first; `promo-gone`, it carries
 * a refunded order's terms (charged again) and that order's use is gone.
 */
export type PromoPayRefusal = "not-new" | "promo-gone";

export type PayResult =
  | { status: "paid"; entry: LedgerEntry | undefined }
  | { status: "already-paid" }
  | { status: "insufficient"; balance: number }
  | { status: "not-payable"; orderStatus: string }
  | { status: "promo-refused"; reason: PromoPayRefusal };

function payResult(code: number, payload: string, customerId: number): PayResult {
  if (code === 1) return { status: "paid", entry: payload ? parseEntry(payload, customerId) : undefined };
  if (code === 2) return { status: "already-paid" };
  if (code === -1) return { status: "insufficient", balance: Number(payload) };
  if (code === -2) return { status: "promo-refused", reason: payload as PromoPayRefusal };
  return { status: "not-payable", orderStatus: payload };
}

/**
 * What the pay step reads and writes besides the order and the wallet (lua/pay-order.lua): the
 * customer's paid mark, the order's promo code (its record, uses, uses by customer, and last its
 * indexes), the refunded order whose promo terms it carries, and the invited customer's first-N
 * places. Keys an order does not need are never touched (a top-up has no order at all).
 */
function payKeys(customerId: number, order: Order | undefined): string[] {
  const promo = promoKeys(order?.promoCode ?? "");
  return [
    paidMarkKey(customerId),
    promo.code,
    promo.uses,
    promo.by,
    orderKeys.order(order?.promoFrom ?? "none"),
    referralKeys.of(customerId),
    rewardKeys.places,
    promo.own,
    promo.reserved,
    promo.recent,
    // A paid order leaves the unpaid index at once (its member is `customerId:orderId`).
    orderKeys.unpaid,
  ];
}

/** The referral first-N limit in force (0: every payment; below 0: referrals are off). */
export type ReferralLimit = () => Promise<number>;

export interface ChargeResult {
  /** False when this charge id was credited before (a repeated update). */
  credited: boolean;
  entry: LedgerEntry;
  /** For an order: what paying it from the wallet gave. */
  order: PayResult | undefined;
}

/**
 * The ledger entry of paying an order (a renewal and a traffic pack by their own kinds); a promo
 * code's discount is named in its note.
 */
function purchaseEntry(order: Order): EntryInput {
  const note =
    order.promoCode !== undefined
      ? `promo ${order.promoCode}: ${order.listPrice ?? order.price} -> ${order.price}`
      : undefined;
  return {
    kind:
      order.kind === "renewal" || order.kind === "pack" || order.kind === "switch" ? order.kind : "purchase",
    ref: order.id,
    planId: order.planId,
    ...(order.gift ? { gift: true } : {}),
    ...(note ? { note } : {}),
  };
}

/** Money steps of checkout, each one atomic in Redis together with its ledger entries. */
export class Checkout {
  constructor(
    private readonly redis: Redis,
    private readonly wallet: Wallet,
    private readonly clock: Clock,
    private readonly referralLimit: ReferralLimit = async () => -1,
  ) {}

  /**
   * Pays an order from the balance; repeated presses pay once. `audit`: a staff member's payment
   * (charging a refunded order again), recorded in the same step only when it paid.
   */
  async payFromWallet(order: Order, audit?: AuditEntry): Promise<PayResult> {
    const entry = this.wallet.entryJson(order.customerId, -order.price, purchaseEntry(order));
    const [code, payload] = (await PAY.run(
      this.redis,
      [
        orderKeys.order(order.id),
        orderKeys.open,
        ...movementKeys(order.customerId),
        ...payKeys(order.customerId, order),
        ...(audit ? auditLuaKeys(audit) : []),
      ],
      [
        entry,
        String(this.clock.now()),
        keyPrefix(ledgerIdemKeys.order),
        ...MOVEMENT_PREFIXES,
        await this.referralLimit(),
        ...(audit ? auditLuaArgs(audit) : []),
      ],
    )) as [number, string];
    return payResult(code, payload, order.customerId);
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
    const credit = this.wallet.entryJson(customerId, amount, {
      kind: "topup",
      ref: chargeId,
      ...(order ? { order: order.id } : {}),
    });
    const purchase = order ? this.wallet.entryJson(customerId, -order.price, purchaseEntry(order)) : "";
    const [credited, code, entry, payload] = (await CREDIT_AND_PAY.run(
      this.redis,
      [
        ...movementKeys(customerId),
        // A top-up has no order: the order's keys are never touched then.
        orderKeys.order(order?.id ?? "none"),
        orderKeys.open,
        ...payKeys(customerId, order),
      ],
      [
        amount,
        chargeId,
        credit,
        order?.id ?? "",
        purchase,
        String(this.clock.now()),
        keyPrefix(ledgerIdemKeys.charge),
        keyPrefix(ledgerIdemKeys.order),
        ...MOVEMENT_PREFIXES,
        order ? await this.referralLimit() : -1,
      ],
    )) as [number, number, string, string];
    return {
      credited: credited === 1,
      entry: parseEntry(entry, customerId),
      order: order ? payResult(code, payload, customerId) : undefined,
    };
  }
}
