import type { Redis } from "ioredis";
import { LuaScript } from "../../store/lua.js";
import { renewalChainKeys } from "./keys.js";
import { isInFlightStatus } from "./order-statuses.js";
import type { Orders } from "./orders.js";

/** Joins the chain once and gives its head (lua/renewal-enter.lua). */
const ENTER = LuaScript.load(new URL("./lua/renewal-enter.lua", import.meta.url));

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
      // An order in flight (order-statuses.ts) still holds its place.
      if (isInFlightStatus(status)) return { turn: false, behind: head };
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
