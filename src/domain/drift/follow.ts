import type { Redis } from "ioredis";
import { keyPrefix } from "../../store/key-prefix.js";
import { type Lease, LeaseLost } from "../../store/lease.js";
import { LuaScript } from "../../store/lua.js";
import { orderKeys, reachOfSubscriptionIn, type Subscription, subscriptionKeys } from "../books/index.js";
import { nodeRenewalKeys } from "../provisioning/index.js";
import { TERMS_LUA, termChainKeys, termChangeKeys } from "../terms/index.js";
import { termsKey } from "./keys.js";

/** Former terms kept per subscription (a few, for followTarget). */
const TERMS_KEPT = 5;

/** The record follows the hosting side unless it moved or a renewal is under way (lua/follow.lua). */
const FOLLOW = LuaScript.load(new URL("./lua/follow.lua", import.meta.url), TERMS_LUA);

export type FollowOutcome = "written" | "changed" | "renewing";

/** What the record takes: a new expiry (ms), a new allowance (GB), or both. */
export interface FollowChange {
  expiresAt?: number | undefined;
  trafficGb?: number | undefined;
}

/**
 * Writes `change` to subscription `seen` (as the run read it) unless a renewal or anything else
 * moved it since; throws the lease's LeaseLost when the run no longer holds it.
 */
export async function followHostingSide(
  redis: Redis,
  seen: Subscription,
  change: FollowChange,
  lease: Lease,
  now: number,
): Promise<FollowOutcome> {
  const key = subscriptionKeys.sub(seen.id);
  const keys = [key, subscriptionKeys.byExpiry, termChainKeys.chain(seen.id), lease.key, termsKey(seen.id)];
  // A node edit the bot gave up on may still land: its doubt record holds the record back too.
  if (seen.ref.kind === "node") keys.push(nodeRenewalKeys.doubt(seen.ref.name));
  const args = [String(seen.updatedAt), String(seen.expiresAt), lease.token, String(now)];
  args.push(change.expiresAt === undefined ? "" : String(change.expiresAt));
  args.push(change.trafficGb === undefined ? "" : String(change.trafficGb), seen.id);
  args.push(keyPrefix(orderKeys.order), String(TERMS_KEPT - 1), keyPrefix(termChangeKeys.change));
  const tx = FOLLOW.queue(redis.multi(), keys, args);
  const [[err, out] = [null, 0]] = (await reachOfSubscriptionIn(tx, key).exec()) ?? [];
  if (err) throw err;
  const code = Number(out);
  if (code === -1) throw new LeaseLost(lease.key);
  return code === 1 ? "written" : code === 2 ? "renewing" : "changed";
}
