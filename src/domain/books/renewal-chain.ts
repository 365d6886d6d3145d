import type { Redis } from "ioredis";
import { LuaScript } from "../../store/lua.js";
import type { Orders } from "./orders.js";

export const renewalChainKeys = {
  /** Renewal orders of one subscription in the order they reached the worker (score = arrival). */
  chain: (subscriptionId: string) => `renewals:${subscriptionId}`,
  /** Arrival counter shared by every chain (only the order within one chain matters). */
  seq: "renewals:seq",
};

/**
 * KEYS: chain, seq. ARGV: order id. Puts the order at the end of the chain unless it is in it
 * already (a retry or a restart keeps its place), and returns the chain's head.
 */
const ENTER = new LuaScript(`
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  redis.call('ZADD', KEYS[1], redis.call('INCR', KEYS[2]), ARGV[1])
end
return redis.call('ZRANGE', KEYS[1], 0, 0)[1]
`);

/** Statuses of an order that still holds its place in the chain. */
const IN_FLIGHT = new Set(["paid", "provisioning"]);

export type ChainTurn = { turn: true } | { turn: false; behind: string };

/**
 * Renewals of one subscription run one after the other, in Redis, so that each starts from the
 * term the previous one left (rule 8: two paid renewals add their days twice, never once).
 * The place is taken when the renewal first reaches a worker and kept through retries and
 * restarts; any process sees the same queue. A head whose order is no longer in flight (it
 * finished, or a crash came between its last step and `leave`) is dropped when found.
 */
export class RenewalChain {
  constructor(
    private readonly redis: Redis,
    private readonly orders: Orders,
  ) {}

  /** Joins the chain (once) and says whether it is this order's turn. */
  async enter(subscriptionId: string, orderId: string): Promise<ChainTurn> {
    const key = renewalChainKeys.chain(subscriptionId);
    for (;;) {
      const head = String(await ENTER.run(this.redis, [key, renewalChainKeys.seq], [orderId]));
      if (head === orderId) return { turn: true };
      const status = (await this.orders.get(head))?.status;
      if (status && IN_FLIGHT.has(status)) return { turn: false, behind: head };
      // Stale head: finished or gone. Remove it only if it is still the head (no race with others).
      await this.redis.zrem(key, head);
    }
  }

  /** Leaves the chain (the renewal is active or failed); returns the order whose turn it is now. */
  async leave(subscriptionId: string, orderId: string): Promise<string | undefined> {
    const key = renewalChainKeys.chain(subscriptionId);
    await this.redis.zrem(key, orderId);
    const [head] = await this.redis.zrange(key, "0", "0");
    return head;
  }
}
