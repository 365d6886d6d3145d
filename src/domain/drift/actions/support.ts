import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { z } from "zod";
import {
  HostingApiError,
  HostingError,
  HostingInputError,
  HostingSchemaError,
  HostingTimeoutError,
  isTransient,
} from "#src/hosting/errors.js";
import { MINUTE } from "#src/runtime/clock.js";
import { readJson } from "#src/store/records.js";
import { ProvisioningError } from "../../provisioning/index.js";
import { pendingKey } from "../keys.js";
import type { NotDone } from "./types.js";

/**
 * The names the shop gives its clients: `c<customer>-<8 hex>` (an order's `clientName`, and the
 * name of a client a move makes). Anything else was made by hand and is never touched here.
 */
export const SHOP_CLIENT_NAME = /^c\d+-[0-9a-f]{8}$/;

/** A fresh shop name for customer `customerId`'s new client (8 random hex, as an order's). */
export function newShopName(customerId: number): string {
  return `c${customerId}-${randomBytes(4).toString("hex")}`;
}

/**
 * The outcome of a failure that is expected: the hosting side did not answer (unavailable), or
 * refused (a 4xx, a permanent provisioning error, an input the API would refuse). Anything else
 * (a bug, Redis gone) is not an outcome and is thrown again.
 */
export function notDoneOf(err: unknown): NotDone {
  const detail = err instanceof Error ? err.message : String(err);
  if (err instanceof ProvisioningError) {
    return err.permanent ? { status: "refused", reason: "hosting-refused", detail } : unavailable(detail);
  }
  if (isTransient(err) || err instanceof HostingTimeoutError || err instanceof HostingSchemaError) {
    return unavailable(detail);
  }
  if (err instanceof HostingApiError) {
    return err.status >= 500 ? unavailable(detail) : { status: "refused", reason: "hosting-refused", detail };
  }
  // A certificate refused, an unknown panel location, an input the API would refuse.
  if (err instanceof HostingError || err instanceof HostingInputError) {
    return { status: "refused", reason: "hosting-refused", detail };
  }
  throw err;
}

function unavailable(detail: string): NotDone {
  return { status: "unavailable", detail };
}

/** Runs `fn` and turns an expected failure into its outcome (see notDoneOf). */
export async function outcomeOf<T>(fn: () => Promise<T>): Promise<T | NotDone> {
  try {
    return await fn();
  } catch (err) {
    return notDoneOf(err);
  }
}

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
