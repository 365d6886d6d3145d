import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { LuaScript } from "../../store/lua.js";
import { APPLY_FN, movementKeys, type Order, type Orders, orderKeys, type Wallet } from "../books/index.js";
import { type Referrals, referralKeys } from "./referrals.js";

export const rewardKeys = {
  /**
   * order id -> what became of its reward: the amount credited, `none` (not a paid order any
   * more when settled), `limit` (beyond the first N payments), `off`, `void` (refunded before
   * any reward: none will come), or `back:<taken>:<lost>` (taken back after a refund).
   */
  rewards: "referral:rewards",
  /** Orders of invited customers whose reward step is owed (by time): the sweep finishes them. */
  due: "referral:due",
};

/** The ledger idempotency keys of an order's reward and of taking it back. */
export const rewardKey = (orderId: string) => `referral:${orderId}`;
export const takeBackKey = (orderId: string) => `referral-back:${orderId}`;

/**
 * Lua: the reward of one paid order, once, only while the order is `active` (never for a failed or
 * refunded one). KEYS: order, of(invitee), rewards, stats(inviter), top, due, 4 movement keys of the
 * inviter. ARGV: order id, inviter id, amount, first-N limit (0 = every payment), entry JSON,
 * referrals off ('1'/'0'). Returns {code, state}: 1 rewarded now, 0 decided before (or now without
 * money), -1 not decided (not active yet, or failed: an admin may still retry it).
 */
const REWARD = new LuaScript(`${APPLY_FN}
local id = ARGV[1]
local done = redis.call('HGET', KEYS[3], id)
if done then redis.call('ZREM', KEYS[6], id) return {0, done} end
local status = redis.call('HGET', KEYS[1], 'status')
if status == 'paid' or status == 'provisioning' then return {-1, status} end
-- A failed order may still be retried to active (its fulfilment rewards it then).
if status == 'failed' then redis.call('ZREM', KEYS[6], id) return {-1, status} end
local function decide(state)
  redis.call('HSET', KEYS[3], id, state)
  redis.call('ZREM', KEYS[6], id)
  return {0, state}
end
if status ~= 'active' or redis.call('HGET', KEYS[2], 'inviter') ~= ARGV[2] then return decide('none') end
if ARGV[6] == '1' then return decide('off') end
local n = redis.call('HINCRBY', KEYS[2], 'payments', 1)
if redis.call('HSETNX', KEYS[2], 'paid', '1') == 1 then redis.call('HINCRBY', KEYS[4], 'paid', 1) end
local limit = tonumber(ARGV[4])
if limit > 0 and n > limit then return decide('limit') end
local amount = tonumber(ARGV[3])
if amount <= 0 then return decide('0') end
apply(KEYS[7], KEYS[8], KEYS[9], KEYS[10], ARGV[3], 'referral:' .. id, ARGV[5], false)
redis.call('HINCRBY', KEYS[4], 'earned', ARGV[3])
redis.call('ZINCRBY', KEYS[5], ARGV[3], ARGV[2])
redis.call('HSET', KEYS[3], id, ARGV[3])
redis.call('ZREM', KEYS[6], id)
return {1, ARGV[3]}
`);

/**
 * Lua: takes an order's reward back after its payment was refunded, once. What the inviter's
 * wallet still holds is debited (never below zero); what they already spent is recorded as lost
 * (`lost` in their figures), not owed: a reward is the shop's gift, so the shop bears the loss
 * rather than putting a customer in debt. An order refunded before its reward is marked `void`
 * so no reward comes later. KEYS: rewards, stats(inviter), top, due, 4 movement keys of the inviter.
 * ARGV: order id, inviter id, entry JSON with `"amount":0,` (the amount taken is spliced in).
 * Returns {taken, lost}.
 */
const TAKE_BACK = new LuaScript(`${APPLY_FN}
local id = ARGV[1]
local state = redis.call('HGET', KEYS[1], id)
if not state then
  redis.call('HSET', KEYS[1], id, 'void')
  redis.call('ZREM', KEYS[4], id)
  return {0, 0}
end
local amount = tonumber(state)
if not amount or amount <= 0 then return {0, 0} end
local balance = tonumber(redis.call('GET', KEYS[5]) or '0')
local taken = math.max(0, math.min(balance, amount))
local lost = amount - taken
if taken > 0 then
  local text = string.format('%d', taken)
  local json = string.gsub(ARGV[3], '"amount":0,', '"amount":-' .. text .. ',', 1)
  apply(KEYS[5], KEYS[6], KEYS[7], KEYS[8], '-' .. text, 'referral-back:' .. id, json, true)
end
redis.call('HINCRBY', KEYS[2], 'earned', -amount)
if lost > 0 then redis.call('HINCRBY', KEYS[2], 'lost', lost) end
redis.call('ZINCRBY', KEYS[3], -amount, ARGV[2])
redis.call('HSET', KEYS[1], id, 'back:' .. string.format('%d', taken) .. ':' .. string.format('%d', lost))
return {taken, lost}
`);

/**
 * Lua: the invited customer's bonus days, held by their first paid purchase: the first order to
 * ask holds them (asking again gives the same), a failed one lets them go. KEYS: of(invitee).
 * ARGV: order id, days. Returns the days this order gets.
 */
const CLAIM_BONUS = new LuaScript(`
if redis.call('HEXISTS', KEYS[1], 'inviter') == 0 then return 0 end
local held = redis.call('HGET', KEYS[1], 'bonusOrder')
if held == ARGV[1] then return tonumber(redis.call('HGET', KEYS[1], 'bonusDays') or '0') end
if held then return 0 end
redis.call('HSET', KEYS[1], 'bonusOrder', ARGV[1], 'bonusDays', ARGV[2])
return tonumber(ARGV[2])
`);

/** KEYS: of(invitee). ARGV: order id. Lets the bonus go when this order held it. */
const RELEASE_BONUS = new LuaScript(`
if redis.call('HGET', KEYS[1], 'bonusOrder') == ARGV[1] then redis.call('HDEL', KEYS[1], 'bonusOrder', 'bonusDays') end
return 1
`);

/** KEYS: of(invitee), due. ARGV: now, order id. Owes a reward step when the customer was invited. */
const EXPECT = new LuaScript(`
if redis.call('HEXISTS', KEYS[1], 'inviter') == 0 then return 0 end
redis.call('ZADD', KEYS[2], 'NX', ARGV[1], ARGV[2])
return 1
`);

export type RewardOutcome =
  | { status: "rewarded"; inviter: number; amount: number }
  | { status: "not-invited" }
  | { status: "pending" }
  | { status: "decided"; state: string };

export interface ReferralRewardsDeps {
  redis: Redis;
  clock: Clock;
  wallet: Wallet;
  orders: Orders;
  referrals: Referrals;
  logger: Logger;
}

/** A paid order of a purchase or renewal (a trial or a free order earns nothing). */
function isPaid(order: Order): boolean {
  return order.kind !== "trial" && order.price > 0;
}

/**
 * The money of referrals, every step keyed and atomic: the inviter's share of each paid order,
 * credited once after the order is active; taken back (never below zero) after a refund; the
 * invited customer's bonus days on their first paid purchase. Fulfilment calls these in its own
 * idempotent steps, and the order sweep finishes any reward step a crash cut off.
 */
export class ReferralRewards {
  constructor(private readonly deps: ReferralRewardsDeps) {}

  /** Days added to this order's term: the bonus, for the first paid purchase of an invited customer. */
  async bonusDays(order: Order): Promise<number> {
    if (order.kind !== "purchase" || order.price <= 0) return 0;
    const days = (await this.deps.referrals.terms())?.bonus_days ?? 0;
    if (days <= 0) return 0;
    return Number(
      await CLAIM_BONUS.run(this.deps.redis, [referralKeys.of(order.customerId)], [order.id, days]),
    );
  }

  /**
   * The bonus days this order would get if paid now, for the order screen (read only: `bonusDays`
   * holds them at fulfilment): an invited customer's own paid purchase while no other order holds them.
   */
  async pendingBonus(order: Order): Promise<number> {
    if (order.kind !== "purchase" || order.price <= 0 || order.gift) return 0;
    const days = (await this.deps.referrals.terms())?.bonus_days ?? 0;
    if (days <= 0) return 0;
    const [inviter, held] = await this.deps.redis.hmget(
      referralKeys.of(order.customerId),
      "inviter",
      "bonusOrder",
    );
    return inviter && (!held || held === order.id) ? days : 0;
  }

  /** Before the order goes active: the reward step is owed (the sweep finishes it after a crash). */
  async expect(order: Order): Promise<void> {
    if (!isPaid(order)) return;
    await EXPECT.run(
      this.deps.redis,
      [referralKeys.of(order.customerId), rewardKeys.due],
      [this.deps.clock.now(), order.id],
    );
  }

  /** The reward of an active paid order, once (see REWARD). Safe to call again at any time. */
  async reward(orderId: string): Promise<RewardOutcome> {
    const { redis, referrals, wallet } = this.deps;
    const order = await this.deps.orders.get(orderId);
    const inviter = order && isPaid(order) ? await referrals.inviterOf(order.customerId) : undefined;
    if (!order || inviter === undefined) {
      await redis.zrem(rewardKeys.due, orderId);
      return { status: "not-invited" };
    }
    const terms = await referrals.terms();
    // Basis points: integer arithmetic, exact for any price in minor units.
    const amount = terms ? Math.floor((order.price * Math.round(terms.percent * 100)) / 10_000) : 0;
    const entry = wallet.entryJson(inviter, amount, { kind: "referral", ref: orderId, planId: order.planId });
    const [code, state] = (await REWARD.run(
      redis,
      [
        orderKeys.order(orderId),
        referralKeys.of(order.customerId),
        rewardKeys.rewards,
        referralKeys.stats(inviter),
        referralKeys.top,
        rewardKeys.due,
        ...movementKeys(inviter),
      ],
      [orderId, String(inviter), amount, terms?.rewarded_payments ?? 0, entry, terms ? "0" : "1"],
    )) as [number, string];
    if (code === -1) return { status: "pending" };
    if (code !== 1) return { status: "decided", state };
    this.deps.logger.info({ orderId, inviter, amount }, "referral reward credited");
    return { status: "rewarded", inviter, amount };
  }

  /**
   * After an order's payment went back to the customer: its reward is taken back (once; never
   * below zero, the rest recorded as lost), or, when none was given yet, none will be. A failed
   * order also lets its bonus days go to the next purchase.
   */
  async takeBack(order: Order): Promise<{ taken: number; lost: number } | undefined> {
    const { redis, referrals, wallet } = this.deps;
    const inviter = await referrals.inviterOf(order.customerId);
    if (inviter === undefined) return undefined;
    if (order.status === "failed" || order.status === "refunded") {
      await RELEASE_BONUS.run(redis, [referralKeys.of(order.customerId)], [order.id]);
    }
    const entry = wallet.entryJson(inviter, 0, {
      kind: "referral-back",
      ref: order.id,
      planId: order.planId,
    });
    const [taken, lost] = (await TAKE_BACK.run(
      redis,
      [
        rewardKeys.rewards,
        referralKeys.stats(inviter),
        referralKeys.top,
        rewardKeys.due,
        ...movementKeys(inviter),
      ],
      [order.id, String(inviter), entry],
    )) as [number, number];
    if (taken > 0 || lost > 0) {
      this.deps.logger.info({ orderId: order.id, inviter, taken, lost }, "referral reward taken back");
    }
    return { taken, lost };
  }

  /** Finishes reward steps owed since before `before` (a crash after the order went active). */
  async settleDue(before: number, batch = 100): Promise<number> {
    const ids = await this.deps.redis.zrangebyscore(rewardKeys.due, "-inf", before, "LIMIT", 0, batch);
    let settled = 0;
    for (const id of ids) {
      if ((await this.reward(id)).status !== "pending") settled++;
    }
    return settled;
  }

  /** What became of an order's reward (see rewardKeys.rewards), if anything yet. */
  async stateOf(orderId: string): Promise<string | undefined> {
    return (await this.deps.redis.hget(rewardKeys.rewards, orderId)) ?? undefined;
  }
}
