import type { Redis } from "ioredis";
import { LuaScript } from "../../store/lua.js";
import { isInFlightStatus, type Orders } from "../books/index.js";
import { isOpenTermChange, isTermChangeId, type TermChanges } from "./changes.js";
import { termChainKeys } from "./keys.js";

/** Joins the chain once and gives its head (lua/chain-enter.lua). */
const ENTER = LuaScript.load(new URL("./lua/chain-enter.lua", import.meta.url));

export type ChainTurn = { turn: true } | { turn: false; behind: string };

/**
 * Every change of one subscription's term takes its turn here, in Redis, so that each starts
 * from the term the one before left (rule 8): paid renewals (their order ids) and admins' term
 * changes (term change ids). A member takes its place when it first reaches a worker (an
 * admin's change: when it is asked for) and keeps it through retries and restarts; any process
 * sees the same queue. A head that no longer holds its place (finished, or a crash came between
 * its last step and `leave`) is dropped when found.
 */
export class TermChain {
  constructor(
    private readonly redis: Redis,
    private readonly orders: Pick<Orders, "get">,
    private readonly changes: Pick<TermChanges, "get">,
  ) {}

  /** Joins the chain (once) and says whether it is this member's turn. */
  async enter(subscriptionId: string, memberId: string): Promise<ChainTurn> {
    const key = termChainKeys.chain(subscriptionId);
    for (;;) {
      const head = String(await ENTER.run(this.redis, [key, termChainKeys.seq], [memberId]));
      if (head === memberId) return { turn: true };
      if (await this.holdsPlace(head)) return { turn: false, behind: head };
      // Stale head: finished or gone. Remove it only if it is still the head (no race with others).
      await this.redis.zrem(key, head);
    }
  }

  /** Leaves the chain (the member is done or gave up); returns the member whose turn it is now. */
  async leave(subscriptionId: string, memberId: string): Promise<string | undefined> {
    const key = termChainKeys.chain(subscriptionId);
    await this.redis.zrem(key, memberId);
    const [head] = await this.redis.zrange(key, "0", "0");
    return head;
  }

  /** The members that still hold their place, in their order (the head first). */
  async open(subscriptionId: string): Promise<string[]> {
    const members = await this.redis.zrange(termChainKeys.chain(subscriptionId), "0", "-1");
    const open: string[] = [];
    for (const id of members) if (await this.holdsPlace(id)) open.push(id);
    return open;
  }

  /** A renewal order in flight, or an admin's change queued or being applied. */
  private async holdsPlace(memberId: string): Promise<boolean> {
    if (isTermChangeId(memberId)) return isOpenTermChange((await this.changes.get(memberId))?.status);
    // An order in flight (order-statuses.ts) still holds its place.
    return isInFlightStatus((await this.orders.get(memberId))?.status);
  }
}
