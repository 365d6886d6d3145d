import { randomInt } from "node:crypto";
import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import { LuaScript } from "../../store/lua.js";
import { customerKeys } from "../books/index.js";
import type { Catalog, ReferralTerms, ShopSettings } from "../catalog/index.js";
import { referralKeys } from "./keys.js";

/**
 * A personal invite code: `r` and 7 letters or digits (no 0/1/i/l/o, read aloud without doubt).
 * Only this shape is a referral in a `/start` payload; other payloads (`gift_<code>`, ...) belong
 * to other features.
 */
export const REFERRAL_CODE = /^r[2-9a-hjkmnp-z]{7}$/;
const CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

/**
 * How soon after their first contact a customer may still be attributed: the customer record is
 * made by the update's own registration (or by Telegram's my_chat_member a moment before), so a
 * record older than this belongs to someone who used the bot before the link.
 */
export const NEW_CUSTOMER_WINDOW_MS = 10 * 60 * 1000;

const script = (name: string) => LuaScript.load(new URL(`./lua/${name}.lua`, import.meta.url));
/** A customer's code, given once and never shared (lua/referral-assign-code.lua). */
const ASSIGN_CODE = script("referral-assign-code");
/** A customer attributed to an inviter, once (lua/referral-attribute.lua). */
const ATTRIBUTE = script("referral-attribute");

export type Attribution =
  | "attributed"
  | "already"
  | "not-first"
  | "existing"
  | "self"
  | "unknown-code"
  | "off";

export interface InviterStats {
  joined: number;
  paid: number;
  /** Net of what was taken back, in minor units. */
  earned: number;
  /** Rewards taken back that the wallet no longer held (see ReferralRewards.takeBack). */
  lost: number;
}

export interface TopInviter extends InviterStats {
  customerId: number;
}

/** Inviters read per pipeline by `summary`. */
const SUMMARY_BATCH = 1_000;

export interface ReferralsDeps {
  redis: Redis;
  clock: Clock;
  catalog: () => Catalog;
  settings: ShopSettings;
}

/** Invite codes, who invited whom, and the inviters' figures. */
export class Referrals {
  constructor(private readonly deps: ReferralsDeps) {}

  /** The terms in force, or undefined when referrals are off (no catalog section, or switched off). */
  async terms(): Promise<ReferralTerms | undefined> {
    const terms = this.deps.catalog().referral;
    if (!terms) return undefined;
    return (await this.deps.settings.referralsOn()) ? terms : undefined;
  }

  /**
   * The first-N limit a payment's place is decided by when it is paid (`rewarded_payments`, 0: every
   * payment), or -1 when referrals are off (the reward step decides it then, if they come back on).
   */
  async rewardedPayments(): Promise<number> {
    return (await this.terms())?.rewarded_payments ?? -1;
  }

  /** The customer's invite code, made on first use and the same ever after. */
  async codeOf(customerId: number): Promise<string> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const code = (await ASSIGN_CODE.run(
        this.deps.redis,
        [referralKeys.codes, referralKeys.byCode],
        [String(customerId), newCode()],
      )) as string;
      if (code) return code;
    }
    throw new Error(`no free invite code found for customer ${customerId}`);
  }

  /** Whose code this is. */
  async ownerOf(code: string): Promise<number | undefined> {
    if (!REFERRAL_CODE.test(code)) return undefined;
    const id = await this.deps.redis.hget(referralKeys.byCode, code);
    return id ? Number(id) : undefined;
  }

  /**
   * A /start of `customerId`, with the payload when it carried one. The first /start is recorded
   * either way (a later link does not attribute); one with a referral code attributes the customer
   * to the code's owner when this is their first start, they are new and it is not their own code.
   */
  async started(customerId: number, payload: string | undefined): Promise<Attribution | undefined> {
    const code = payload?.trim() ?? "";
    if (!REFERRAL_CODE.test(code)) {
      await this.markStarted(customerId);
      return undefined;
    }
    if (!(await this.terms())) {
      await this.markStarted(customerId);
      return "off";
    }
    const inviter = await this.ownerOf(code);
    if (inviter === undefined || inviter === customerId) {
      await this.markStarted(customerId);
      return inviter === undefined ? "unknown-code" : "self";
    }
    return (await ATTRIBUTE.run(
      this.deps.redis,
      [
        referralKeys.of(customerId),
        // The Customers record (books): its createdAt is the first contact.
        customerKeys.customer(customerId),
        referralKeys.started,
        referralKeys.stats(inviter),
        referralKeys.top,
      ],
      [String(customerId), String(inviter), this.deps.clock.now(), NEW_CUSTOMER_WINDOW_MS],
    )) as Attribution;
  }

  private async markStarted(customerId: number): Promise<void> {
    await this.deps.redis.hsetnx(referralKeys.started, String(customerId), String(this.deps.clock.now()));
  }

  /** Who invited this customer, if anyone (kept for good: leaving and coming back changes nothing). */
  async inviterOf(customerId: number): Promise<number | undefined> {
    const id = await this.deps.redis.hget(referralKeys.of(customerId), "inviter");
    return id ? Number(id) : undefined;
  }

  async statsOf(customerId: number): Promise<InviterStats> {
    return statsFrom(await this.deps.redis.hgetall(referralKeys.stats(customerId)));
  }

  /** The inviters who earned most, best first (those whose friends joined but earned nothing yet last). */
  async top(limit = 10): Promise<TopInviter[]> {
    return this.statsOfInviters(await this.deps.redis.zrevrange(referralKeys.top, 0, limit - 1));
  }

  /**
   * The shop's referral figures: how many inviters, friends joined and paid, what was earned and
   * lost, summed over every inviter (an admin screen's read, one pipeline per thousand inviters).
   */
  async summary(): Promise<InviterStats & { inviters: number }> {
    const sum = { inviters: 0, joined: 0, paid: 0, earned: 0, lost: 0 };
    for (let from = 0; ; from += SUMMARY_BATCH) {
      const ids = await this.deps.redis.zrange(
        referralKeys.top,
        String(from),
        String(from + SUMMARY_BATCH - 1),
      );
      for (const row of await this.statsOfInviters(ids)) {
        sum.inviters++;
        sum.joined += row.joined;
        sum.paid += row.paid;
        sum.earned += row.earned;
        sum.lost += row.lost;
      }
      if (ids.length < SUMMARY_BATCH) return sum;
    }
  }

  private async statsOfInviters(ids: readonly string[]): Promise<TopInviter[]> {
    const pipeline = this.deps.redis.pipeline();
    for (const id of ids) pipeline.hgetall(referralKeys.stats(Number(id)));
    const rows = (await pipeline.exec()) ?? [];
    return ids.map((id, i) => ({
      customerId: Number(id),
      ...statsFrom((rows[i]?.[1] as Record<string, string> | undefined) ?? {}),
    }));
  }
}

function statsFrom(h: Record<string, string>): InviterStats {
  return {
    joined: Number(h.joined ?? 0),
    paid: Number(h.paid ?? 0),
    earned: Number(h.earned ?? 0),
    lost: Number(h.lost ?? 0),
  };
}

function newCode(): string {
  let code = "r";
  for (let i = 0; i < 7; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
