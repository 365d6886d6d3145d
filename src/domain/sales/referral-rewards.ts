import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { keyPrefix } from "../../store/key-prefix.js";
import { LuaScript } from "../../store/lua.js";
import {
  isFailedStatus,
  MOVEMENT_PREFIXES,
  movementKeys,
  type Order,
  type Orders,
  orderKeys,
  type Wallet,
} from "../books/index.js";
import { referralKeys, rewardKey, rewardKeys, takeBackKey } from "./keys.js";
import { SALES_LUA } from "./lua-fragments.js";
import type { Referrals } from "./referrals.js";

const script = (name: string) => LuaScript.load(new URL(`./lua/${name}.lua`, import.meta.url), SALES_LUA);
/** The reward of one active paid order, once (lua/reward.lua). */
const REWARD = script("reward");
/** A refunded order's reward taken back, once, never below zero (lua/reward-take-back.lua). */
const TAKE_BACK = script("reward-take-back");
/** The invited customer's bonus days held by their first paid purchase (lua/bonus-claim.lua). */
const CLAIM_BONUS = script("bonus-claim");
/** The bonus days let go by the order that held them (lua/bonus-release.lua). */
const RELEASE_BONUS = script("bonus-release");

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
 * invited customer's bonus days on their first paid purchase. The reward follows an order's
 * activation after the fact (settlement's AfterActive); the bonus days are part of the term the
 * fulfilment fixes, and a refund takes the reward back. Whether a payment is among the first N
 * rewarded is decided when it is paid, in the pay step (lua/referral-place.lua); a refund gives
 * its place back in its own step, so a refunded payment never counts.
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
        rewardKeys.places,
      ],
      [
        orderId,
        String(inviter),
        amount,
        terms?.rewarded_payments ?? 0,
        entry,
        terms ? "0" : "1",
        keyPrefix(rewardKey),
        ...MOVEMENT_PREFIXES,
      ],
    )) as [number, string];
    if (code === -1) return { status: "pending" };
    if (code !== 1) return { status: "decided", state };
    this.deps.logger.info({ orderId, inviter, amount }, "referral reward credited");
    return { status: "rewarded", inviter, amount };
  }

  /**
   * After an order's payment went back to the customer: its reward is taken back (once; never
   * below zero, the rest recorded as lost), or, when none was given yet, none will be; its first-N
   * place goes back to the next payment. A failed order also lets its bonus days go to the next
   * purchase.
   */
  async takeBack(order: Order): Promise<{ taken: number; lost: number } | undefined> {
    const { redis, referrals, wallet } = this.deps;
    const inviter = await referrals.inviterOf(order.customerId);
    if (inviter === undefined) return undefined;
    if (isFailedStatus(order.status)) {
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
        referralKeys.of(order.customerId),
        rewardKeys.places,
      ],
      [order.id, String(inviter), entry, keyPrefix(takeBackKey), ...MOVEMENT_PREFIXES],
    )) as [number, number];
    if (taken > 0 || lost > 0) {
      this.deps.logger.info({ orderId: order.id, inviter, taken, lost }, "referral reward taken back");
    }
    return { taken, lost };
  }

  /**
   * Finishes reward steps recorded as owed (in rewardKeys.due) before `before`. Releases before
   * the activation recorded its follow-ups (AfterActive) wrote there; nothing does any more, so
   * this drains what such a release left (the sweep runs it).
   */
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
