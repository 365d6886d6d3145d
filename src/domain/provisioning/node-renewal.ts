import { setTimeout as sleep } from "node:timers/promises";
import {
  HostingApiError,
  HostingNetworkError,
  HostingSchemaError,
  HostingTimeoutError,
} from "../../hosting/errors.js";
import type { EditNodeClientInput, NodeApi, NodeClient } from "../../hosting/node/index.js";
import { DAY, HOUR } from "../../runtime/clock.js";

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
 * - with an `EditDoubts` store (NodeEdits, which every node term change uses: paid renewals and
 *   the admin's), no days are sent to a client while an edit the bot gave up on may still land:
 *   from the moment it gave up, for the doubt window (NODE_EDIT_DOUBT_SECONDS); a retry in that
 *   window only reads, and after it a fresh read decides and only `target - read` is sent.
 * Not guaranteed: an edit that lands later than the window adds its days on top of the retry's.
 * The node offers no idempotency key, so only time bounds this.
 */

/** A node expiry this close to the target counts as reached (no more days are added). */
export const TERM_SLACK_MS = HOUR;
/** Wait before reading back after an ambiguous failure, so an edit still in flight can land. */
export const NODE_EDIT_SETTLE_MS = 1_000;
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

/** Remembers, per client, until when an ambiguous edit may still land (see NodeEdits). */
export interface EditDoubts {
  /** Whether an ambiguous edit of `name` may still land. */
  inDoubt(name: string): Promise<boolean>;
  /** The bot gave up on an edit of `name` now: it may land until the window is over. */
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
    // The window counts from the moment the bot gave up on the edit, not from the read-back.
    if (daysSent > 0) await doubts?.mark(change.name);
    const after = await readBack(node, change.name, options.settleMs ?? NODE_EDIT_SETTLE_MS);
    if (after && isReached(after, change)) {
      await doubts?.clear(change.name);
      return { before, after, daysSent };
    }
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
