import { randomInt } from "node:crypto";
import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import { LuaScript } from "../../store/lua.js";
import type { Catalog, ReferralTerms, ShopSettings } from "../catalog/index.js";

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

export const referralKeys = {
  /** customer id -> their code. */
  codes: "referral:codes",
  /** code -> customer id (the reverse index). */
  byCode: "referral:by-code",
  /** customer id -> when they first sent /start (first start only). */
  started: "referral:started",
  /** An invited customer: inviter, at, payments (counted), bonusOrder, bonusDays, paid. */
  of: (customerId: number) => `referral:of:${customerId}`,
  /** An inviter's figures: joined, paid, earned (net, minor units), lost (not recovered). */
  stats: (customerId: number) => `referral:stats:${customerId}`,
  /** Inviters by what they earned (net). */
  top: "referral:top",
};

/**
 * Gives a customer their code once: the code stays theirs for good, and no two customers share
 * one. KEYS: codes, byCode. ARGV: customer id, a fresh candidate. Returns the code, or '' when
 * the candidate was taken (the caller draws another).
 */
const ASSIGN_CODE = new LuaScript(`
local mine = redis.call('HGET', KEYS[1], ARGV[1])
if mine then return mine end
if redis.call('HSETNX', KEYS[2], ARGV[2], ARGV[1]) == 0 then return '' end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return ARGV[2]
`);

/**
 * Attributes a customer to an inviter, once, in one step (a repeated /start update finds it done).
 * KEYS: of(invitee), customer record of the invitee, started, stats(inviter).
 * ARGV: invitee, inviter, now, window ms. Returns the outcome.
 */
const ATTRIBUTE = new LuaScript(`
if redis.call('HEXISTS', KEYS[1], 'inviter') == 1 then return 'already' end
if redis.call('HSETNX', KEYS[3], ARGV[1], ARGV[3]) == 0 then return 'not-first' end
local created = tonumber(redis.call('HGET', KEYS[2], 'createdAt') or '0')
if not created or created == 0 or tonumber(ARGV[3]) - created > tonumber(ARGV[4]) then return 'existing' end
redis.call('HSET', KEYS[1], 'inviter', ARGV[2], 'at', ARGV[3])
redis.call('HINCRBY', KEYS[4], 'joined', 1)
return 'attributed'
`);

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
        // The Customers record (src/domain/customers.ts): its createdAt is the first contact.
        `customer:${customerId}`,
        referralKeys.started,
        referralKeys.stats(inviter),
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

  /** The inviters who earned most, best first. */
  async top(limit = 10): Promise<TopInviter[]> {
    const ids = await this.deps.redis.zrevrange(referralKeys.top, 0, limit - 1);
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
