import type { Redis } from "ioredis";
import { z } from "zod";
import type { OneTimeTokens } from "../../store/one-time.js";
import { readJson } from "../../store/records.js";
import type { Customers } from "../books/index.js";
import { ADMIN_REASON_MAX } from "./admin-wallet.js";
import { BLOCK_PREFIX } from "./keys.js";

/**
 * An admin's block of a customer, with the reason the customer is told: proposed (the reason kept
 * behind a one-time confirmation token for an hour) and applied once when confirmed, so a double
 * tap blocks, and tells the customer, once. Unblocking needs no confirmation.
 */

const BLOCK_TTL_SECONDS = 3_600;

const pendingBlock = z.object({
  customerId: z.number().int().positive(),
  reason: z.string().min(1).max(ADMIN_REASON_MAX),
  adminId: z.number().int(),
});

export type PendingBlock = z.output<typeof pendingBlock>;

export type BlockOutcome = { status: "blocked"; reason: string } | { status: "used" } | { status: "expired" };

const blockAction = (customerId: number) => `customers:block:${customerId}`;

export class CustomerBlocks {
  constructor(private readonly deps: { redis: Redis; customers: Customers; confirmations: OneTimeTokens }) {}

  /** Keeps the block of `block.customerId` behind a new confirmation token and returns it. */
  async propose(block: PendingBlock): Promise<string> {
    const pending = pendingBlock.parse(block);
    const token = await this.deps.confirmations.issue(blockAction(pending.customerId), BLOCK_TTL_SECONDS);
    await this.deps.redis.set(BLOCK_PREFIX + token, JSON.stringify(pending), "EX", BLOCK_TTL_SECONDS);
    return token;
  }

  /** Blocks the customer once `token` (proposed for this customer) is claimed. */
  async confirm(customerId: number, token: string): Promise<BlockOutcome> {
    const pending = await this.pending(token);
    const claim = await this.deps.confirmations.claim(token, blockAction(customerId));
    if (claim !== "claimed" || !pending || pending.customerId !== customerId) {
      return { status: claim === "used" ? "used" : "expired" };
    }
    await this.deps.customers.setBlocked(customerId, true);
    return { status: "blocked", reason: pending.reason };
  }

  async unblock(customerId: number): Promise<void> {
    await this.deps.customers.setBlocked(customerId, false);
  }

  private async pending(token: string): Promise<PendingBlock | undefined> {
    return readJson(this.deps.redis, BLOCK_PREFIX + token, pendingBlock);
  }
}
