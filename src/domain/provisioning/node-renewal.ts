import { setTimeout as sleep } from "node:timers/promises";
import type { Redis } from "ioredis";
import {
  HostingApiError,
  HostingNetworkError,
  HostingSchemaError,
  HostingTimeoutError,
} from "../../hosting/errors.js";
import type { EditNodeClientInput, NodeApi, NodeClient } from "../../hosting/node/index.js";
import { type Clock, DAY, HOUR, MINUTE } from "../../runtime/clock.js";
import { withLease } from "../../store/lease.js";
import { termEnd } from "../books/index.js";
import { nodeRenewalKeys } from "./keys.js";

/**
 * Renewing a node client to an ABSOLUTE target, the one rule for the order provisioner and the
 * admin menu. The node's `/edit` only ADDS `days` to the current expiry, and is not idempotent,
 * so:
 *
 * 1. read the client and send only the missing whole days (none when the target is reached);
 * 2. when the edit fails in a way that may still have reached the node (timeout, network error,
 *    500/502/503, a garbled 2xx), wait `settleMs`, read the client back and decide on what the
 *    node shows: target reached -> success; not reached -> the error stands, and whoever retries
 *    starts again at step 1, reading first;
 * 3. a definite refusal (4xx, input error, certificate pin) is not read back: nothing was applied.
 *
 * Guarantees (tested in test/domain/provisioning-node-faults.test.ts and test/bot/admin-node.test.ts):
 * - an edit applied before the read-back (its answer lost, or slow but within `settleMs`) is
 *   reported as done and its days are added once;
 * - any retry reads first, so an edit that landed before the retry's read is never repeated;
 * - with an `EditDoubts` store (the admin menu's), no days are sent to a client for
 *   `NODE_EDIT_DOUBT_MS` after an ambiguous failure: a retry in that window only reads.
 * Not guaranteed: an edit that lands later than that (or, without a doubts store, after the
 * retry's own read) adds its days on top of the retry's. The node offers no idempotency key,
 * so only time bounds this.
 */

/** A node expiry this close to the target counts as reached (no more days are added). */
export const TERM_SLACK_MS = HOUR;
/** Wait before reading back after an ambiguous failure, so an edit still in flight can land. */
export const NODE_EDIT_SETTLE_MS = 1_000;
/** How long an ambiguous edit may still land: no days are sent to that client meanwhile. */
export const NODE_EDIT_DOUBT_MS = MINUTE;
/** Fractional GB limits compare equal within this. */
const GB_EPSILON = 1e-6;

/** Whole days to add to `currentMs` to reach `targetMs`; 0 when it is (within the slack) reached. */
export function daysToReach(currentMs: number, targetMs: number): number {
  if (currentMs >= targetMs - TERM_SLACK_MS) return 0;
  return Math.ceil((targetMs - currentMs) / DAY);
}

/**
 * True when a failed write may still have been applied by the node: no answer (timeout, a cut
 * or refused connection that is not a certificate failure), a 5xx, or a 2xx we could not read.
 */
export function mayHaveApplied(err: unknown): boolean {
  if (err instanceof HostingTimeoutError || err instanceof HostingSchemaError) return true;
  if (err instanceof HostingNetworkError) return !err.permanent;
  return err instanceof HostingApiError && err.status >= 500;
}

/** Remembers, per client, until when an ambiguous edit may still land (see NodeClientRenewals). */
export interface EditDoubts {
  /** Whether an ambiguous edit of `name` may still land. */
  inDoubt(name: string): Promise<boolean>;
  mark(name: string): Promise<void>;
  clear(name: string): Promise<void>;
}

/** Days are missing but an earlier edit of the client may still land: nothing was sent. */
export class NodeEditInDoubtError extends Error {
  constructor(readonly clientName: string) {
    super(`an earlier edit of node client ${clientName} may still be applied; not sending days now`);
    this.name = "NodeEditInDoubtError";
  }
}

export interface NodeTermChange {
  name: string;
  /** The absolute target expiry, ms. */
  targetMs: number;
  /** Absolute traffic limit to set in the same edit (idempotent). */
  trafficLimitGb?: number;
}

export interface NodeTermOptions {
  settleMs?: number;
  doubts?: EditDoubts | undefined;
}

export interface NodeTermResult {
  /** The client as read first. */
  before: NodeClient;
  /** The client after the renewal (the edit's answer, or what the read-back showed). */
  after: NodeClient;
  /** Days sent in the edit (0: the target was reached, or only the limit changed). */
  daysSent: number;
}

/** Renews `change.name` to `change.targetMs` (see the rule above). */
export async function renewNodeClientTo(
  node: NodeApi,
  change: NodeTermChange,
  options: NodeTermOptions = {},
): Promise<NodeTermResult> {
  const { doubts } = options;
  const before = await node.getClient(change.name);
  const daysSent = daysToReach(before.expiresAt * 1000, change.targetMs);
  const edit = editFor(change, daysSent);
  if (!edit) {
    await doubts?.clear(change.name);
    return { before, after: before, daysSent: 0 };
  }
  if (daysSent > 0 && (await doubts?.inDoubt(change.name))) throw new NodeEditInDoubtError(change.name);
  try {
    const after = await node.editClient(edit);
    await doubts?.clear(change.name);
    return { before, after, daysSent };
  } catch (err) {
    if (!mayHaveApplied(err)) throw err;
    const after = await readBack(node, change.name, options.settleMs ?? NODE_EDIT_SETTLE_MS);
    if (after && isReached(after, change)) {
      await doubts?.clear(change.name);
      return { before, after, daysSent };
    }
    if (daysSent > 0) await doubts?.mark(change.name);
    throw err;
  }
}

/** The edit to send, or undefined when there is nothing to change. */
function editFor(change: NodeTermChange, days: number): EditNodeClientInput | undefined {
  if (days === 0 && change.trafficLimitGb === undefined) return undefined;
  return {
    name: change.name,
    ...(days > 0 ? { days } : {}),
    ...(change.trafficLimitGb !== undefined ? { trafficLimitGb: change.trafficLimitGb } : {}),
  };
}

/** The client after `settleMs`; undefined when even the read fails (the edit's error then stands). */
async function readBack(node: NodeApi, name: string, settleMs: number): Promise<NodeClient | undefined> {
  if (settleMs > 0) await sleep(settleMs);
  try {
    return await node.getClient(name);
  } catch {
    return undefined;
  }
}

function isReached(client: NodeClient, change: NodeTermChange): boolean {
  if (daysToReach(client.expiresAt * 1000, change.targetMs) > 0) return false;
  const limit = change.trafficLimitGb;
  return limit === undefined || Math.abs((client.trafficLimitGb ?? Number.NaN) - limit) < GB_EPSILON;
}

// ---------------------------------------------------------------------------------------------
// The admin menu's renewals: a target fixed once, one renewal per client at a time, doubts kept
// ---------------------------------------------------------------------------------------------

/** Longer than a renewal can take (reads with retries, the edit's timeout, the settle wait). */
const LEASE_MS = 2 * MINUTE;

export interface NodeClientRenewalsDeps {
  node: NodeApi;
  redis: Redis;
  clock: Clock;
  settleMs?: number;
}

/**
 * "Renew N days" from the admin menu: the target is fixed once when the admin sends N
 * (`fixTarget`) and carried with the "Try again" button, so every repeat goes to the same date.
 * Renewals of one client take turns through a Redis lease (two taps, two bot processes), and an
 * ambiguous failure keeps the client "in doubt" for NODE_EDIT_DOUBT_MS (by the clock).
 */
export class NodeClientRenewals {
  private readonly deps: NodeClientRenewalsDeps;

  constructor(deps: NodeClientRenewalsDeps) {
    this.deps = deps;
  }

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
   * Renews `name` to `targetMs`; "busy" while another renewal of the client runs. Throws the
   * node's error, or NodeEditInDoubtError when an earlier edit may still land.
   */
  async renewTo(name: string, targetMs: number): Promise<NodeTermResult | "busy"> {
    return withLease(this.deps.redis, nodeRenewalKeys.lease(name), LEASE_MS, () =>
      renewNodeClientTo(
        this.deps.node,
        { name, targetMs },
        { settleMs: this.deps.settleMs, doubts: this.doubts() },
      ),
    );
  }

  /** Doubts in Redis: the deadline by the clock (tests move it), the key's TTL only tidies up. */
  private doubts(): EditDoubts {
    const { redis, clock } = this.deps;
    const key = nodeRenewalKeys.doubt;
    return {
      inDoubt: async (name) => Number((await redis.get(key(name))) ?? 0) > clock.now(),
      mark: async (name) => {
        await redis.set(key(name), String(clock.now() + NODE_EDIT_DOUBT_MS), "PX", 10 * NODE_EDIT_DOUBT_MS);
      },
      clear: async (name) => {
        await redis.del(key(name));
      },
    };
  }
}
