import type { Redis } from "ioredis";
import { z } from "zod";
import type { Clock } from "../../runtime/clock.js";
import type { OneTimeTokens } from "../../store/one-time.js";
import { readJson } from "../../store/records.js";
import type { Customers } from "../books/index.js";
import { auditEntry, auditSubject, type Role, type StaffServices } from "../staff/index.js";
import { ADMIN_REASON_MAX } from "./admin-wallet.js";
import { BLOCK_PREFIX } from "./keys.js";

/**
 * An admin's block of a customer, with the reason the customer is told: proposed (the reason kept
 * behind a one-time confirmation token for an hour) and applied once when confirmed, so a double
 * tap blocks, and tells the customer, once. Unblocking needs no confirmation. Every step needs
 * `customers.block` (the role read when it happens); a block or unblock writes its audit entry
 * (`customer.block` / `customer.unblock` on `customer:<id>`) in the same Lua step as the change,
 * and only when it changed something (a customer already so records nothing).
 */

const BLOCK_TTL_SECONDS = 3_600;

const pendingBlock = z.object({
  customerId: z.number().int().positive(),
  reason: z.string().min(1).max(ADMIN_REASON_MAX),
  adminId: z.number().int(),
});

export type PendingBlock = z.output<typeof pendingBlock>;

/** `already`: another confirmation (or staff member) blocked them first: nothing changed. */
export type BlockOutcome =
  | { status: "blocked"; reason: string }
  | { status: "already" }
  | { status: "used" }
  | { status: "expired" };

const blockAction = (customerId: number) => `customers:block:${customerId}`;

export interface CustomerBlocksDeps {
  redis: Redis;
  clock: Clock;
  customers: Customers;
  confirmations: OneTimeTokens;
  staff: Pick<StaffServices, "roster">;
}

export class CustomerBlocks {
  constructor(private readonly deps: CustomerBlocksDeps) {}

  /** Keeps the block of `block.customerId` behind a new confirmation token and returns it. */
  async propose(block: PendingBlock): Promise<string> {
    const pending = pendingBlock.parse(block);
    await this.require(pending.adminId, "customer.block", pending.customerId);
    const token = await this.deps.confirmations.issue(blockAction(pending.customerId), BLOCK_TTL_SECONDS);
    await this.deps.redis.set(BLOCK_PREFIX + token, JSON.stringify(pending), "EX", BLOCK_TTL_SECONDS);
    return token;
  }

  /** `actorId` blocks the customer once `token` (proposed for this customer) is claimed. */
  async confirm(actorId: number, customerId: number, token: string): Promise<BlockOutcome> {
    const role = await this.require(actorId, "customer.block", customerId);
    const pending = await this.pending(token);
    const claim = await this.deps.confirmations.claim(token, blockAction(customerId));
    if (claim !== "claimed" || !pending || pending.customerId !== customerId) {
      return { status: claim === "used" ? "used" : "expired" };
    }
    const changed = await this.set(actorId, role, customerId, true, pending.reason);
    return changed ? { status: "blocked", reason: pending.reason } : { status: "already" };
  }

  /** `actorId` lifts the block; false when the customer was not blocked (nothing recorded). */
  async unblock(actorId: number, customerId: number): Promise<boolean> {
    const role = await this.require(actorId, "customer.unblock", customerId);
    return this.set(actorId, role, customerId, false);
  }

  private require(actorId: number, action: string, customerId: number): Promise<Role> {
    const subject = auditSubject("customer", customerId);
    return this.deps.staff.roster.require(actorId, "customers.block", action, subject);
  }

  private set(actorId: number, role: Role, customerId: number, blocked: boolean, reason?: string) {
    const [before, after] = blocked ? ["not blocked", "blocked"] : ["blocked", "not blocked"];
    const action = blocked ? "customer.block" : "customer.unblock";
    const subject = auditSubject("customer", customerId);
    const input = { actorId, role, action, subject, before, after, note: reason };
    return this.deps.customers.setBlocked(customerId, blocked, auditEntry(input, this.deps.clock.now()));
  }

  private async pending(token: string): Promise<PendingBlock | undefined> {
    return readJson(this.deps.redis, BLOCK_PREFIX + token, pendingBlock);
  }
}
