import type { Redis } from "ioredis";
import { type Lease, LeaseLost } from "../../store/lease.js";
import {
  orderKeys,
  reachOfSubscriptionIn,
  renewalChainKeys,
  type Subscription,
  subscriptionKeys,
} from "../books/index.js";

/** Expiries a subscription's record held before the hosting side moved it (a few, for followTarget). */
export const termsKey = (subscriptionId: string) => `drift:terms:${subscriptionId}`;
const TERMS_KEPT = 5;

/**
 * The record follows the hosting side, in one step and only if nothing moved since the run read
 * it. KEYS: subscription, expiry index, its renewal chain, the run's lease, its former terms.
 * ARGV: updatedAt and expiresAt as read, lease token, now, new expiry ('' = keep), new traffic GB
 * ('' = keep), the subscription's id, the order key prefix. A chain member counts while its order
 * is paid or provisioning (RenewalChain's in-flight statuses); one left behind by a crash before
 * `leave` does not hold the record back. Writes the fields Subscriptions.setTerm writes. Returns 1 written, 0 the record
 * changed (a renewal committed, an admin's action) or is gone, 2 a renewal is in its chain
 * (being applied: its term wins), -1 the lease is lost.
 */
const FOLLOW = `
if redis.call('GET', KEYS[4]) ~= ARGV[3] then return -1 end
local s = redis.call('HMGET', KEYS[1], 'updatedAt', 'expiresAt', 'removedAt')
if s[1] ~= ARGV[1] or s[2] ~= ARGV[2] or s[3] then return 0 end
for _, order in ipairs(redis.call('ZRANGE', KEYS[3], 0, -1)) do
  local status = redis.call('HGET', ARGV[8] .. order, 'status')
  if status == 'paid' or status == 'provisioning' then return 2 end
end
redis.call('HSET', KEYS[1], 'updatedAt', ARGV[4])
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[1], 'expiresAt', ARGV[5])
  local score = tonumber(ARGV[5])
  if score == 0 then score = ${Number.MAX_SAFE_INTEGER} end
  redis.call('ZADD', KEYS[2], score, ARGV[7])
  redis.call('LPUSH', KEYS[5], ARGV[2])
  redis.call('LTRIM', KEYS[5], 0, ${TERMS_KEPT - 1})
end
if ARGV[6] ~= '' then redis.call('HSET', KEYS[1], 'trafficGb', ARGV[6]) end
return 1`;

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
  const keys = [
    key,
    subscriptionKeys.byExpiry,
    renewalChainKeys.chain(seen.id),
    lease.key,
    termsKey(seen.id),
  ];
  const args = [String(seen.updatedAt), String(seen.expiresAt), lease.token, String(now)];
  args.push(change.expiresAt === undefined ? "" : String(change.expiresAt));
  args.push(change.trafficGb === undefined ? "" : String(change.trafficGb), seen.id, orderKeys.order(""));
  const tx = redis.multi().eval(FOLLOW, keys.length, ...keys, ...args);
  const [[err, out] = [null, 0]] = (await reachOfSubscriptionIn(tx, key).exec()) ?? [];
  if (err) throw err;
  const code = Number(out);
  if (code === -1) throw new LeaseLost(lease.key);
  return code === 1 ? "written" : code === 2 ? "renewing" : "changed";
}
