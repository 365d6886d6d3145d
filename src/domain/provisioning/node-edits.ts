import type { Redis } from "ioredis";
import type { NodeApi, NodeClient } from "../../hosting/node/index.js";
import { type Clock, MINUTE, SECOND } from "../../runtime/clock.js";
import { withLease } from "../../store/lease.js";
import { termEnd } from "../books/index.js";
import { nodeRenewalKeys } from "./keys.js";
import { type EditDoubts, type NodeTermResult, renewNodeClientTo } from "./node-renewal.js";

/** How long after the bot gave up on an edit it may still land, by default (NODE_EDIT_DOUBT_SECONDS). */
export const NODE_EDIT_DOUBT_MS = 30 * SECOND;
/** Longer than one term change can take (reads with retries, the edit's timeout, the settle wait). */
const LEASE_MS = 2 * MINUTE;

export interface NodeEditsDeps {
  redis: Redis;
  clock: Clock;
  /** The doubt window (NODE_EDIT_DOUBT_SECONDS); NODE_EDIT_DOUBT_MS when unset. */
  doubtMs?: number | undefined;
}

/**
 * The one gate of every term change of a node client, whoever makes it (a paid renewal, an
 * admin's renewal): one change of a client at a time across processes (a lease per client), and
 * no days sent while an edit the bot gave up on may still land. That doubt is kept in Redis:
 * its deadline counts from the moment the bot gave up and covers a node that applies the edit
 * up to the window later (by the shop's clock, which tests move); after it, a fresh read
 * decides and only `target - read` is sent (renewNodeClientTo).
 */
export class NodeEdits {
  readonly doubtMs: number;

  constructor(private readonly deps: NodeEditsDeps) {
    this.doubtMs = deps.doubtMs ?? NODE_EDIT_DOUBT_MS;
  }

  /** Runs `fn` holding client `name`'s lease; "busy" while another change of it runs. */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T | "busy"> {
    return withLease(this.deps.redis, nodeRenewalKeys.lease(name), LEASE_MS, fn);
  }

  /** The doubt records (the key's TTL only tidies up; the deadline is the stored clock time). */
  get doubts(): EditDoubts {
    const { redis, clock } = this.deps;
    const key = nodeRenewalKeys.doubt;
    return {
      inDoubt: async (name) => Number((await redis.get(key(name))) ?? 0) > clock.now(),
      mark: async (name) => {
        await redis.set(key(name), String(clock.now() + this.doubtMs), "PX", 10 * this.doubtMs);
      },
      clear: async (name) => {
        await redis.del(key(name));
      },
    };
  }
}

export interface NodeClientRenewalsDeps {
  node: NodeApi;
  edits: NodeEdits;
  clock: Clock;
  settleMs?: number;
}

/**
 * "Renew N days" from the admin menu for a client no subscription lives on: the target is fixed
 * once when the admin sends N (`fixTarget`) and carried with the "Try again" button, so every
 * repeat goes to the same date; the change goes through the client's NodeEdits gate like every
 * other. (A subscription's client is renewed through its term chain instead: terms/.)
 */
export class NodeClientRenewals {
  constructor(private readonly deps: NodeClientRenewalsDeps) {}

  /**
   * Reads the client and fixes the target: N days after the later of now and its expiry, in
   * whole seconds (the node's unit, and what a button can carry without changing it).
   */
  async fixTarget(name: string, days: number): Promise<{ client: NodeClient; targetMs: number }> {
    const client = await this.deps.node.getClient(name);
    const targetMs = termEnd(client.expiresAt * 1000, this.deps.clock.now(), days);
    return { client, targetMs: Math.ceil(targetMs / 1000) * 1000 };
  }

  /**
   * Renews `name` to `targetMs`; "busy" while another change of the client runs. Throws the
   * node's error, or NodeEditInDoubtError when an earlier edit may still land.
   */
  renewTo(name: string, targetMs: number): Promise<NodeTermResult | "busy"> {
    const { node, edits, settleMs } = this.deps;
    return edits.exclusive(name, () =>
      renewNodeClientTo(node, { name, targetMs }, { settleMs, doubts: edits.doubts }),
    );
  }
}
