import { HostingInputError } from "../../hosting/errors.js";
import type { CreateNodeClientInput, NodeClient } from "../../hosting/node/index.js";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import {
  followAdminChange,
  type HostingClient,
  type Owner,
  type SubscriptionOwners,
} from "../books/index.js";
import {
  mayHaveApplied,
  NodeClientRenewals,
  NodeEditInDoubtError,
  type NodeEdits,
  type NodeTermResult,
} from "../provisioning/index.js";
import { isClientName, type NodeHosting, nodeOf } from "./node-admin.js";
import { type ActEnd, clientSubject, errorNote, HostingActs, type StaffActor } from "./staff-acts.js";

/**
 * The node's clients as the admin manages them: list, read, create, limits, rename, ban / unban,
 * delete, and "renew N days" to a target fixed once (through NodeClientRenewals: a Redis lease
 * per client and the doubt marker after an ambiguous edit). After a rename, a delete or a renewal
 * the shop's subscriptions on the client follow (rule 7); a failure there does not undo or hide
 * the hosting action, it is reported as not followed. Each change takes `by`, the staff member
 * making it (checked and recorded; see StaffActor).
 */

/** A ban reason is at most this long. */
export const NODE_BAN_REASON_MAX = 200;

/** What became of the shop's subscriptions on the client: which changed, or that they could not follow. */
export type NodeFollowed = { ok: true; owners: Owner[] } | { ok: false };

export type NodeRenewal =
  /** Renewed (or already at the target); the subscriptions on it took the new term. */
  | { kind: "renewed"; result: NodeTermResult; followed: NodeFollowed }
  /** Another renewal of this client is running. */
  | { kind: "busy" }
  /** Days are missing, but an earlier edit may still land: nothing was sent. */
  | { kind: "in-doubt" }
  /** The node's error; `mayHaveApplied`: the edit may still land, so "Try again" (reads first) can help. */
  | { kind: "failed"; error: unknown; mayHaveApplied: boolean };

export interface NodeClientsDeps {
  hosting: NodeHosting;
  /** The gate every node term change goes through (provisioning's, shared with paid renewals). */
  edits: NodeEdits;
  clock: Clock;
  owners: Pick<SubscriptionOwners, "followTerm" | "renamed" | "removed">;
  logger: Logger;
  /** Wait before reading back after an ambiguous edit (NODE_EDIT_SETTLE_MS when unset). */
  settleMs?: number;
  /** Checks and records the staff's changes (without it, one given an actor is refused). */
  acts?: HostingActs;
}

const ref = (name: string): HostingClient => ({ kind: "node", name });

const act = (action: string, name: string) => ({ action, subject: clientSubject(name) });
const seconds = (s: number) => new Date(s * 1000).toISOString();

export class NodeClients {
  private readonly acts: HostingActs;

  constructor(private readonly deps: NodeClientsDeps) {
    this.acts = deps.acts ?? new HostingActs(undefined);
  }

  get configured(): boolean {
    return this.deps.hosting.node !== undefined;
  }

  async list(): Promise<NodeClient[]> {
    return nodeOf(this.deps.hosting).listClients();
  }

  async get(name: string): Promise<NodeClient> {
    return nodeOf(this.deps.hosting).getClient(name);
  }

  async create(input: CreateNodeClientInput, by?: StaffActor): Promise<NodeClient> {
    return this.acts.run(
      by,
      act("node.client.create", input.name),
      () => nodeOf(this.deps.hosting).createClient(input),
      (c) => ({
        after: `expires ${seconds(c.expiresAt)}, ${c.trafficLimitGb ?? 0} GB, ${c.deviceLimit ?? 0} devices`,
      }),
    );
  }

  /** Sets both limits; the limits the node now has (what was asked where it does not say). */
  async setLimits(
    name: string,
    limits: { trafficLimitGb: number; deviceLimit: number },
    by?: StaffActor,
  ): Promise<{ trafficLimitGb: number; deviceLimit: number }> {
    return this.acts.run(
      by,
      act("node.client.limits", name),
      async () => {
        const c = await nodeOf(this.deps.hosting).editClient({ name, ...limits });
        return {
          trafficLimitGb: c.trafficLimitGb ?? limits.trafficLimitGb,
          deviceLimit: c.deviceLimit ?? limits.deviceLimit,
        };
      },
      (set) => ({ after: `${set.trafficLimitGb} GB, ${set.deviceLimit} devices` }),
    );
  }

  /** Renames the client; the subscriptions on it follow the new name. */
  async rename(
    name: string,
    newName: string,
    by?: StaffActor,
  ): Promise<{ client: NodeClient; followed: NodeFollowed }> {
    if (!isClientName(newName))
      throw new HostingInputError("newName", "must be 1 to 64 of A-Z a-z 0-9 _ . @ -");
    return this.acts.run(
      by,
      { ...act("node.client.rename", name), before: name },
      async () => {
        const client = await nodeOf(this.deps.hosting).renameClient(name, newName);
        return {
          client,
          followed: await this.follow(() => this.deps.owners.renamed(ref(name), client.name)),
        };
      },
      (done) => ({ after: done.client.name }),
    );
  }

  async ban(name: string, reason?: string, by?: StaffActor): Promise<void> {
    if (reason !== undefined && reason.length > NODE_BAN_REASON_MAX) {
      throw new HostingInputError("reason", `must be at most ${NODE_BAN_REASON_MAX} characters`);
    }
    await this.acts.run(
      by,
      act("node.client.ban", name),
      () => nodeOf(this.deps.hosting).banClient(name, reason),
      () => ({ after: reason === undefined ? "banned" : `banned: ${reason}` }),
    );
  }

  async unban(name: string, by?: StaffActor): Promise<void> {
    await this.acts.run(
      by,
      act("node.client.unban", name),
      () => nodeOf(this.deps.hosting).unbanClient(name),
      () => ({ after: "unbanned" }),
    );
  }

  /** Deletes the client; the subscriptions on it are marked removed. */
  async delete(name: string, by?: StaffActor): Promise<NodeFollowed> {
    return this.acts.run(
      by,
      act("node.client.delete", name),
      async () => {
        await nodeOf(this.deps.hosting).deleteClient(name);
        return this.follow(() => this.deps.owners.removed(ref(name)));
      },
      () => ({ after: "deleted" }),
    );
  }

  /**
   * "Renew N days": reads the client and fixes the target once (N days after the later of now and
   * its expiry, whole seconds), to be carried by the dialog and its "Try again" button.
   */
  async fixRenewTarget(name: string, days: number): Promise<{ client: NodeClient; targetMs: number }> {
    return this.renewals().fixTarget(name, days);
  }

  /**
   * Renews `name` to `targetMs` (reads first, so a repeat adds nothing twice); never throws the
   * node's error. `by`: the staff member (checked; recorded with the term before and after).
   */
  renewTo(name: string, targetMs: number, by?: StaffActor): Promise<NodeRenewal> {
    const what = { ...act("node.client.renew", name), note: `to ${new Date(targetMs).toISOString()}` };
    return this.acts.run(by, what, () => this.renewNow(name, targetMs), renewalEnd);
  }

  private async renewNow(name: string, targetMs: number): Promise<NodeRenewal> {
    let result: NodeTermResult | "busy";
    try {
      result = await this.renewals().renewTo(name, targetMs);
    } catch (error) {
      if (error instanceof NodeEditInDoubtError) return { kind: "in-doubt" };
      return { kind: "failed", error, mayHaveApplied: mayHaveApplied(error) };
    }
    if (result === "busy") return { kind: "busy" };
    const expiresAt = result.after.expiresAt * 1000;
    return {
      kind: "renewed",
      result,
      followed: await this.follow(() => this.deps.owners.followTerm(ref(name), expiresAt)),
    };
  }

  private renewals(): NodeClientRenewals {
    const { edits, clock, settleMs } = this.deps;
    return new NodeClientRenewals({ node: nodeOf(this.deps.hosting), edits, clock, settleMs });
  }

  /** Brings the shop's records in line; a failure is logged and reported, the hosting action stands. */
  private async follow(change: () => Promise<Owner[]>): Promise<NodeFollowed> {
    const owners = await followAdminChange(change, this.deps.logger);
    return owners ? { ok: true, owners } : { ok: false };
  }
}

/** A renewal in the audit log: done, unknown when the edit may still land, else not done. */
function renewalEnd(renewal: NodeRenewal): ActEnd {
  switch (renewal.kind) {
    case "renewed": {
      const { before, after, daysSent } = renewal.result;
      return {
        after: `expires ${seconds(after.expiresAt)} (was ${seconds(before.expiresAt)}, ${daysSent} days sent)`,
      };
    }
    case "failed":
      return { outcome: renewal.mayHaveApplied ? "unknown" : "failed", note: errorNote(renewal.error) };
    default:
      return { outcome: "failed", note: renewal.kind };
  }
}
