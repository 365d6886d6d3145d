import type { ChainableCommander, Redis } from "ioredis";
import type { Locale } from "../../config.js";
import type { Clock } from "../../runtime/clock.js";
import { LuaScript } from "../../store/lua.js";

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
 * The customers a broadcast reaches (not blocked by an admin, not having blocked the bot), each
 * scored with the latest expiry of their subscriptions (0: none; unlimited ones count as the far
 * future, as in the expiry index): the Broadcast screen counts both audiences from it without
 * reading a customer. Kept by {@link REACH_FN} in the step of every change it depends on.
 */
export const CUSTOMERS_REACH = "customers:reach";
/** Where the one-time indexing of the customers recorded before the reach index has reached. */
const REACH_BACKFILL = "customers:reach:backfill";

/**
 * Lua: `reach(customer id)` puts the customer in {@link CUSTOMERS_REACH} (or takes them out) from
 * what is stored now: their record's blocks and their subscriptions' expiries in the expiry index
 * (a removed subscription is not in it). Recomputed whole, so running it twice is harmless. Key
 * names are built here from the id (the shop runs on one Redis, not a cluster).
 */
export const REACH_FN = `
local function reach(cid)
  local latest, best = '0', 0
  for _, s in ipairs(redis.call('ZRANGE', 'subs:customer:' .. cid, 0, -1)) do
    local e = redis.call('ZSCORE', 'subs:expiry', s)
    if e and tonumber(e) > best then best, latest = tonumber(e), e end
  end
  local c = redis.call('HMGET', 'customer:' .. cid, 'id', 'blocked', 'botBlocked')
  if c[1] and c[2] ~= '1' and c[3] ~= '1' then
    redis.call('ZADD', '${"customers:reach"}', latest, cid)
  else
    redis.call('ZREM', '${"customers:reach"}', cid)
  end
end
`;

/** ARGV: customer id, then field/value pairs to set (value '' deletes the field), then reach. */
const SET_AND_REACH = new LuaScript(`${REACH_FN}
for i = 2, #ARGV, 2 do
  if ARGV[i + 1] == '' then redis.call('HDEL', KEYS[1], ARGV[i])
  else redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
reach(ARGV[1])
return 1
`);

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

const REACH_OF_SUBSCRIPTION = `${REACH_FN}
local cid = redis.call('HGET', KEYS[1], 'customerId')
if cid then reach(cid) end
return 1`;

/**
 * Adds to `tx` the update of the reach index for the customer of the subscription at `subKey`,
 * after the subscription's own writes (its expiry or its removal), so both land in one step.
 */
export function reachOfSubscriptionIn(tx: ChainableCommander, subKey: string): ChainableCommander {
  return tx.eval(REACH_OF_SUBSCRIPTION, 1, subKey);
}

/** ARGV: the cursor after this chunk, then the chunk's customer ids. */
const REACH_BACKFILL_CHUNK = new LuaScript(`${REACH_FN}
for i = 2, #ARGV do reach(ARGV[i]) end
redis.call('SET', KEYS[1], ARGV[1])
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
    // Writing again lifts a bot block: the reach index follows in the same step.
    await this.setAndReach(who.id, { ...fields, botBlocked: "" });
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
    await this.setAndReach(id, { blocked: blocked ? "1" : "" });
  }

  async isBlocked(id: number): Promise<boolean> {
    return (await this.redis.hget(key(id), "blocked")) === "1";
  }

  async markBotBlocked(id: number): Promise<void> {
    if (await this.redis.exists(key(id))) await this.setAndReach(id, { botBlocked: "1" });
  }

  /** Sets fields of the record ('' deletes one) and updates the reach index, in one step. */
  private async setAndReach(id: number, fields: Record<string, string>): Promise<void> {
    await SET_AND_REACH.run(this.redis, [key(id)], [String(id), ...Object.entries(fields).flat()]);
  }

  /** How many customers a broadcast reaches now: all of them, and those with an active subscription. */
  async reachCounts(now: number): Promise<{ all: number; active: number }> {
    const [all, active] = await Promise.all([
      this.redis.zcard(CUSTOMERS_REACH),
      this.redis.zcount(CUSTOMERS_REACH, `(${now}`, "+inf"),
    ]);
    return { all, active };
  }

  /**
   * Indexes, once, the customers recorded before the reach index ({@link CUSTOMERS_REACH}), a
   * chunk at a time in the order they joined; those who join or change meanwhile are indexed by
   * their own steps (recomputing is harmless). Returns how many it indexed; 0 once done.
   */
  async backfillReach(chunks = 20, size = 500): Promise<number> {
    let indexed = 0;
    for (let i = 0; i < chunks; i++) {
      const cursor = await this.redis.get(REACH_BACKFILL);
      if (cursor === "done") break;
      const from = Number(cursor ?? 0);
      const ids = await this.ids(from, size);
      await REACH_BACKFILL_CHUNK.run(
        this.redis,
        [REACH_BACKFILL],
        [ids.length < size ? "done" : String(from + ids.length), ...ids.map(String)],
      );
      indexed += ids.length;
      if (ids.length < size) break;
    }
    return indexed;
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

  /** How many customers joined in [from, to) (ms), counted by Redis without reading them. */
  async joinedCount(from: number, to: number): Promise<number> {
    return this.redis.zcount(CUSTOMERS_ALL, from, `(${to}`);
  }

  async count(): Promise<number> {
    return this.redis.zcard(CUSTOMERS_ALL);
  }

  /** Pages through all customer ids (for broadcasts). */
  async ids(offset: number, limit: number): Promise<number[]> {
    return (await this.redis.zrange(CUSTOMERS_ALL, String(offset), String(offset + limit - 1))).map(Number);
  }
}
