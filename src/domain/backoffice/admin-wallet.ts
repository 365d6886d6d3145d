import type { Redis } from "ioredis";
import { z } from "zod";
import type { Clock } from "../../runtime/clock.js";
import type { OneTimeTokens } from "../../store/one-time.js";
import { readJson } from "../../store/records.js";
import type { Wallet } from "../books/index.js";
import { formatMoney } from "../catalog/index.js";
import { auditEntry, auditSubject, type StaffServices } from "../staff/index.js";
import { ADJUST_PREFIX, adjustIdemKey } from "./keys.js";

/**
 * An admin's credit or debit of a customer's wallet, with a reason: proposed (amount, reason and
 * who asked, kept behind a one-time confirmation token, as they do not fit a button) and applied
 * once when confirmed: the token is claimed and the ledger's idempotency key is the token, so a
 * double tap or two admins confirming at once move the money once. Both steps need `money` (the
 * role read when each happens); the movement writes its audit entry (`wallet.credit` /
 * `wallet.debit` on `customer:<id>`, the balance before and after, the reason) in its own Lua
 * step, so the money and its record are never one without the other.
 */

export const ADJUST_TTL_SECONDS = 3_600;
/** The longest reason an admin can give (credit, debit, block). */
export const ADMIN_REASON_MAX = 200;

const adjustmentSchema = z.object({
  customerId: z.number().int().positive(),
  direction: z.enum(["credit", "debit"]),
  amount: z.number().int().positive(),
  currency: z.string(),
  reason: z.string().min(1).max(ADMIN_REASON_MAX),
  adminId: z.number().int(),
});

export type Adjustment = z.output<typeof adjustmentSchema>;
export type AdjustDirection = Adjustment["direction"];

/** What a confirmation did; `reason` is the admin's, for telling the customer. */
export type AdjustOutcome =
  | { status: "credited" | "debited"; amount: number; balance: number; reason: string }
  /** A debit the balance no longer covers: nothing changed. */
  | { status: "refused"; amount: number; balance: number }
  /** Applied before (another tap, another admin): the entry's signed amount. */
  | { status: "already"; amount: number; currency: string }
  | { status: "used" }
  | { status: "expired" }
  /** The shop's currency changed since the amount was typed: nothing changed. */
  | { status: "currency-changed" };

/** What the confirmation token of an adjustment of `customerId` confirms. */
const adjustAction = (customerId: number) => `customers:adjust:${customerId}`;

export interface AdminWalletDeps {
  redis: Redis;
  clock: Clock;
  wallet: Wallet;
  confirmations: OneTimeTokens;
  staff: Pick<StaffServices, "roster" | "audit">;
}

export class AdminWallet {
  constructor(private readonly deps: AdminWalletDeps) {}

  /**
   * Keeps `adjustment` behind a new confirmation token (an hour) and returns the token; its
   * proposer (`adminId`) must hold `money`.
   */
  async propose(adjustment: Adjustment): Promise<string> {
    const pending = adjustmentSchema.parse(adjustment);
    const subject = auditSubject("customer", pending.customerId);
    await this.deps.staff.roster.require(pending.adminId, "money", `wallet.${pending.direction}`, subject);
    const token = await this.deps.confirmations.issue(adjustAction(pending.customerId), ADJUST_TTL_SECONDS);
    await this.deps.redis.set(ADJUST_PREFIX + token, JSON.stringify(pending), "EX", ADJUST_TTL_SECONDS);
    return token;
  }

  /**
   * Applies the adjustment behind `token` once, for `customerId` only, as `actorId` (who
   * confirmed: needs `money`; written as the entry's ref and the audit entry's actor).
   */
  async confirm(actorId: number, customerId: number, token: string): Promise<AdjustOutcome> {
    const { wallet, confirmations } = this.deps;
    const pending = await this.pending(token);
    const subject = auditSubject("customer", customerId);
    const action = `wallet.${pending?.direction ?? "adjust"}`;
    const role = await this.deps.staff.roster.require(actorId, "money", action, subject);
    if (!pending || pending.customerId !== customerId) {
      const done = await this.applied(customerId, token);
      return done ?? { status: "expired" };
    }
    const claim = await confirmations.claim(token, adjustAction(customerId));
    if (claim !== "claimed")
      return (await this.applied(customerId, token)) ?? { status: claim === "used" ? "used" : "expired" };
    if (pending.currency !== wallet.currency) return { status: "currency-changed" };
    const entry = {
      kind: pending.direction === "credit" ? ("admin-credit" as const) : ("admin-debit" as const),
      note: pending.reason,
      ref: String(actorId),
    };
    const { amount, reason } = pending;
    // Written by the movement's own script, with the balance before and after (see Wallet).
    const audit = auditEntry({ actorId, role, action, subject, note: reason }, this.deps.clock.now());
    if (pending.direction === "credit") {
      const credited = await wallet.credit(customerId, amount, adjustIdemKey(token), entry, audit);
      return { status: "credited", amount, balance: credited.entry.balance, reason };
    }
    const debited = await wallet.debit(customerId, amount, adjustIdemKey(token), entry, audit);
    if (!debited.ok) {
      const money = (minor: number) => formatMoney(wallet.currency, minor);
      const note = `the balance, ${money(debited.balance)}, no longer covers ${money(amount)}`;
      await this.deps.staff.audit.record({ actorId, role, action, subject, outcome: "failed", note });
      return { status: "refused", amount, balance: debited.balance };
    }
    return { status: "debited", amount, balance: debited.entry.balance, reason };
  }

  /** The pending adjustment behind `token`; undefined when expired, unknown or malformed. */
  private async pending(token: string): Promise<Adjustment | undefined> {
    return readJson(this.deps.redis, ADJUST_PREFIX + token, adjustmentSchema);
  }

  /** "Already applied" when the token's ledger entry exists for this customer. */
  private async applied(customerId: number, token: string): Promise<AdjustOutcome | undefined> {
    const done = await this.deps.wallet.applied(adjustIdemKey(token));
    return done && done.customerId === customerId
      ? { status: "already", amount: done.amount, currency: done.currency }
      : undefined;
  }
}
