import type { Redis } from "ioredis";
import type { Locale } from "../config.js";
import type { Clock } from "./clock.js";
import { LuaScript } from "./lua.js";

export interface Customer {
  id: number;
  username: string | undefined;
  firstName: string;
  locale: Locale;
  createdAt: number;
  /** Blocked by an admin: may not buy or use the shop. */
  blocked: boolean;
  /** The customer blocked the bot: skipped by broadcasts until they write again. */
  botBlocked: boolean;
  trialUsedAt: number | undefined;
}

export interface CustomerSeen {
  id: number;
  username?: string;
  firstName: string;
  locale: Locale;
}

const key = (id: number) => `customer:${id}`;
const BY_USERNAME = "customers:by-username";
/** All customers by first contact time. */
export const CUSTOMERS_ALL = "customers:all";

/**
 * Sets (or, with an empty name, removes) a customer's @username and keeps the index true: the
 * customer's old name stops pointing at them, and a name another customer had before is taken
 * from that customer's record (they changed it in Telegram). KEYS: customer, index, the name's
 * previous owner (the customer again when none). ARGV: id, name lowercased ('' for none), name,
 * the previous owner's id the caller read ('' for none). Returns 0 when the index moved since
 * that read (the caller reads again), 1 when done.
 */
const SET_USERNAME = new LuaScript(`
local owner = false
if ARGV[2] ~= '' then
  owner = redis.call('HGET', KEYS[2], ARGV[2])
  if (owner or '') ~= ARGV[4] then return 0 end
end
local old = redis.call('HGET', KEYS[1], 'username')
if old and old ~= '' and string.lower(old) ~= ARGV[2] and redis.call('HGET', KEYS[2], string.lower(old)) == ARGV[1] then
  redis.call('HDEL', KEYS[2], string.lower(old))
end
if ARGV[2] == '' then
  redis.call('HDEL', KEYS[1], 'username')
  return 1
end
if owner and owner ~= ARGV[1] then
  local theirs = redis.call('HGET', KEYS[3], 'username')
  if theirs and string.lower(theirs) == ARGV[2] then redis.call('HDEL', KEYS[3], 'username') end
end
redis.call('HSET', KEYS[1], 'username', ARGV[3])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[1])
return 1
`);

/** Customers as the shop knows them: profile, language, blocks, trial. */
export class Customers {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
  ) {}

  /**
   * Records a customer's latest name, @username and language (creating the record on first
   * contact). Returns true when the customer is new. A customer who writes again is no longer
   * bot-blocked. Telegram sends the current username, so none means the user has none now.
   */
  async seen(who: CustomerSeen): Promise<boolean> {
    const now = this.clock.now();
    const isNew = (await this.redis.zadd(CUSTOMERS_ALL, "NX", now, String(who.id))) === 1;
    const fields: Record<string, string> = {
      id: String(who.id),
      firstName: who.firstName,
      locale: who.locale,
    };
    if (isNew) fields.createdAt = String(now);
    await this.redis.multi().hset(key(who.id), fields).hdel(key(who.id), "botBlocked").exec();
    await this.setUsername(who.id, who.username ?? "");
    return isNew;
  }

  private async setUsername(id: number, username: string): Promise<void> {
    const lower = username.toLowerCase();
    for (let attempt = 0; attempt < 5; attempt++) {
      const owner = lower ? await this.redis.hget(BY_USERNAME, lower) : null;
      const ownerKey = owner && owner !== String(id) ? key(Number(owner)) : key(id);
      const done = await SET_USERNAME.run(
        this.redis,
        [key(id), BY_USERNAME, ownerKey],
        [String(id), lower, username, owner ?? ""],
      );
      if (done === 1) return;
    }
    throw new Error(`the @username index kept changing while recording customer ${id}`);
  }

  async get(id: number): Promise<Customer | undefined> {
    const h = await this.redis.hgetall(key(id));
    if (!h.id) return undefined;
    return {
      id,
      username: h.username || undefined,
      firstName: h.firstName ?? "",
      locale: h.locale === "ru" ? "ru" : "en",
      createdAt: Number(h.createdAt ?? 0),
      blocked: h.blocked === "1",
      botBlocked: h.botBlocked === "1",
      trialUsedAt: h.trialUsedAt ? Number(h.trialUsedAt) : undefined,
    };
  }

  /** Finds by numeric id or @username. */
  async find(query: string): Promise<Customer | undefined> {
    const q = query.trim().replace(/^@/, "");
    if (/^\d+$/.test(q)) return this.get(Number(q));
    const id = await this.redis.hget(BY_USERNAME, q.toLowerCase());
    const customer = id ? await this.get(Number(id)) : undefined;
    // The record must still carry the name (a stale index entry never finds someone else).
    return customer?.username?.toLowerCase() === q.toLowerCase() ? customer : undefined;
  }

  async setLocale(id: number, locale: Locale): Promise<void> {
    await this.redis.hset(key(id), "locale", locale);
  }

  async setBlocked(id: number, blocked: boolean): Promise<void> {
    if (blocked) await this.redis.hset(key(id), "blocked", "1");
    else await this.redis.hdel(key(id), "blocked");
  }

  async isBlocked(id: number): Promise<boolean> {
    return (await this.redis.hget(key(id), "blocked")) === "1";
  }

  async markBotBlocked(id: number): Promise<void> {
    await this.redis.hset(key(id), "botBlocked", "1");
  }

  /** Claims the one free trial of a Telegram user; false when it was already used. */
  async claimTrial(id: number): Promise<boolean> {
    return (await this.redis.hsetnx(key(id), "trialUsedAt", String(this.clock.now()))) === 1;
  }

  /** Gives the trial back (its provisioning failed). */
  async releaseTrial(id: number): Promise<void> {
    await this.redis.hdel(key(id), "trialUsedAt");
  }

  /** Customer ids joined in [from, to) (ms). */
  async joinedBetween(from: number, to: number): Promise<number[]> {
    return (await this.redis.zrangebyscore(CUSTOMERS_ALL, from, `(${to}`)).map(Number);
  }

  async count(): Promise<number> {
    return this.redis.zcard(CUSTOMERS_ALL);
  }

  /** Pages through all customer ids (for broadcasts). */
  async ids(offset: number, limit: number): Promise<number[]> {
    return (await this.redis.zrange(CUSTOMERS_ALL, String(offset), String(offset + limit - 1))).map(Number);
  }
}
