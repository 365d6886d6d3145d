import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { z } from "zod";
import { MINUTE } from "#src/runtime/clock.js";
import { readJson } from "#src/store/records.js";
import { pendingKey } from "../keys.js";

/**
 * Longer than one action takes (several hosting calls with their retries and timeouts). One action
 * at a time per subject (a subscription, an orphan client), across processes, under the lease
 * driftKeys.actionLease (store/lease.ts `withLease`): a holder that crashed leaves it to expire;
 * the next action then resumes from what was stored.
 */
export const ACTION_LEASE_MS = 3 * MINUTE;

const xuiRefSchema = z.object({
  kind: z.literal("xui"),
  serverId: z.number(),
  name: z.string(),
  uuid: z.string().optional(),
  subId: z.string().optional(),
});

/**
 * An action on a subscription under way, stored BEFORE its first hosting write (as an order
 * stores its ref first), so a retry after a crash finishes the same action instead of making a
 * second client. `placed`: decided, the hosting write may or may not have happened; `stored`: the
 * subscription points at the new client (links stored), what is left is telling the customer and
 * tidying up.
 */
const pendingSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("recreate"),
    id: z.string(),
    stage: z.enum(["placed", "stored"]),
    linksChanged: z.boolean().default(false),
  }),
  z.object({
    kind: z.literal("move"),
    id: z.string(),
    stage: z.enum(["placed", "stored"]),
    from: xuiRefSchema,
    to: z.object({ serverId: z.number(), name: z.string() }),
    /** The term and traffic fixed when the move was decided. */
    expiresAt: z.number(),
    trafficGb: z.number(),
  }),
]);
export type PendingAction = z.output<typeof pendingSchema>;
export type PendingMove = Extract<PendingAction, { kind: "move" }>;
export type PendingRecreate = Extract<PendingAction, { kind: "recreate" }>;

/** The pending action of a subscription, read back with zod (a malformed one reads as none). */
export async function readPending(redis: Redis, subscriptionId: string): Promise<PendingAction | undefined> {
  return readJson(redis, pendingKey(subscriptionId), pendingSchema);
}

/** Stores `action` unless one is stored already; returns the one that stands. */
export async function placePending(
  redis: Redis,
  subscriptionId: string,
  action: PendingAction,
): Promise<PendingAction> {
  const set = await redis.set(pendingKey(subscriptionId), JSON.stringify(action), "NX");
  if (set === "OK") return action;
  return (await readPending(redis, subscriptionId)) ?? action;
}

/** A new id for a pending action (8 hex). */
export function actionId(): string {
  return randomBytes(4).toString("hex");
}
