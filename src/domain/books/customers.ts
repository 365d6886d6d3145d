import type { ChainableCommander, Redis } from "ioredis";
import { z } from "zod";
import { LOCALES, type Locale } from "../../config.js";
import type { Clock } from "../../runtime/clock.js";
import { keyPrefix } from "../../store/key-prefix.js";
import { LuaScript } from "../../store/lua.js";
import { readHash } from "../../store/records.js";
import { type AuditEntry, auditLuaArgs, auditLuaKeys } from "../staff/index.js";
import { CUSTOMERS_ALL, CUSTOMERS_REACH, customerKeys, subscriptionKeys } from "./keys.js";
import { BOOKS_LUA } from "./lua-fragments.js";

export interface Customer {
  id: number;
  username: string | undefined;
  firstName: string;
  /** The language to speak to them: the one they chose, else the one last seen (Telegram's). */
  locale: Locale;
  /** The language they chose (/language in the chat, or the cabinet): none while they never chose. */
  chosenLocale?: Locale | undefined;
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

const key = customerKeys.customer;

/** A customer's record as stored (every field lenient: older records lack some). */
const text = z.string().optional();
const localeOf = (v: string | undefined): Locale | undefined => LOCALES.find((l) => l === v);
const customerRecord = z
  .object({
    username: text.transform((v) => v || undefined),
    firstName: text.transform((v) => v ?? ""),
    locale: text.transform((v): Locale => localeOf(v) ?? "en"),
    chosenLocale: text.transform(localeOf),
    createdAt: text.transform((v) => Number(v ?? 0)),
    blocked: text.transform((v) => v === "1"),
    botBlocked: text.transform((v) => v === "1"),
    trialUsedAt: text.transform((v) => (v ? Number(v) : undefined)),
  })
  // `seen` keeps writing the language it sees; a choice, once made, wins over it.
  .transform((r) => ({ ...r, locale: r.chosenLocale ?? r.locale }));

/** The two keys the `reach` Lua fragment's `reach_keys(k, a)` takes from KEYS. */
export const reachKeys = (): string[] => [subscriptionKeys.byExpiry, CUSTOMERS_REACH];
/** The two key prefixes it takes from ARGV: a customer's subscriptions, a customer's record. */
export const REACH_PREFIXES: readonly string[] = [
  keyPrefix(subscriptionKeys.byCustomer),
  keyPrefix(customerKeys.customer),
];

const script = (name: string) => LuaScript.load(new URL(`./lua/${name}.lua`, import.meta.url), BOOKS_LUA);
/** Fields set and the reach index updated in one step (lua/set-and-reach.lua). */
const SET_AND_REACH = script("set-and-reach");
/** A block set or lifted, with the reach index and a staff member's audit entry (lua/set-blocked.lua). */
const SET_BLOCKED = script("set-blocked");
/** A customer recorded: first contact, fields, reach and the @username index in one step (lua/seen.lua). */
const SEEN = script("seen");
/** The reach of a subscription's customer, queued after its writes (lua/reach-of-subscription.lua). */
const REACH_OF_SUBSCRIPTION = script("reach-of-subscription");
/** One chunk of the reach index's first build (lua/reach-backfill.lua). */
const REACH_BACKFILL_CHUNK = script("reach-backfill");

/**
 * Adds to `tx` the update of the reach index for the customer of the subscription at `subKey`,
 * after the subscription's own writes (its expiry or its removal), so both land in one step.
 */
export function reachOfSubscriptionIn(tx: ChainableCommander, subKey: string): ChainableCommander {
  return REACH_OF_SUBSCRIPTION.queue(tx, [subKey, ...reachKeys()], REACH_PREFIXES);
}

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
    const username = who.username ?? "";
    const fields = { id: String(who.id), firstName: who.firstName, locale: who.locale };
    const isNew = await SEEN.run(
      this.redis,
      [key(who.id), CUSTOMERS_ALL, customerKeys.byUsername, ...reachKeys()],
      [
        String(who.id),
        this.clock.now(),
        username.toLowerCase(),
        username,
        ...REACH_PREFIXES,
        ...Object.entries(fields).flat(),
      ],
    );
    return isNew === 1;
  }

  async get(id: number): Promise<Customer | undefined> {
    const record = await readHash(this.redis, key(id), customerRecord, { marker: "id", malformed: "throw" });
    return record && { id, ...record };
  }

  /** Finds by numeric id or @username. */
  async find(query: string): Promise<Customer | undefined> {
    const q = query.trim().replace(/^@/, "");
    if (/^\d+$/.test(q)) return this.get(Number(q));
    const id = await this.redis.hget(customerKeys.byUsername, q.toLowerCase());
    const customer = id ? await this.get(Number(id)) : undefined;
    // The record must still carry the name (a stale index entry never finds someone else).
    return customer?.username?.toLowerCase() === q.toLowerCase() ? customer : undefined;
  }

  /**
   * The customer chose a language (the chat's /language, the cabinet's): it wins over the one
   * `seen` records from Telegram, on every surface (the chat follows it: see bot/features/language.ts).
   */
  async setLocale(id: number, locale: Locale): Promise<void> {
    await this.redis.hset(key(id), "locale", locale, "chosenLocale", locale);
  }

  /** The language the customer chose, if they ever chose one (one field read). */
  async chosenLocale(id: number): Promise<Locale | undefined> {
    return localeOf((await this.redis.hget(key(id), "chosenLocale")) ?? undefined);
  }

  /**
   * What each update of the customer's private chat reads (bot/early-reads.ts): the language they
   * chose, if any, and whether an admin blocked them, in one read.
   */
  async chatView(id: number): Promise<{ chosenLocale: Locale | undefined; blocked: boolean }> {
    const [chosen, blocked] = await this.redis.hmget(key(id), "chosenLocale", "blocked");
    return { chosenLocale: localeOf(chosen ?? undefined), blocked: blocked === "1" };
  }

  /**
   * Blocks or unblocks the customer; false when they already were so (nothing changed). `audit`:
   * a staff member's change, recorded in the same step only when it changed something.
   */
  async setBlocked(id: number, blocked: boolean, audit?: AuditEntry): Promise<boolean> {
    const result = await SET_BLOCKED.run(
      this.redis,
      [key(id), ...reachKeys(), ...(audit ? auditLuaKeys(audit) : [])],
      [String(id), ...REACH_PREFIXES, blocked ? "1" : "", ...(audit ? auditLuaArgs(audit) : [])],
    );
    return result === 1;
  }

  async isBlocked(id: number): Promise<boolean> {
    return (await this.redis.hget(key(id), "blocked")) === "1";
  }

  async markBotBlocked(id: number): Promise<void> {
    if (await this.redis.exists(key(id))) await this.setAndReach(id, { botBlocked: "1" });
  }

  /** Sets fields of the record ('' deletes one) and updates the reach index, in one step. */
  private async setAndReach(id: number, fields: Record<string, string>): Promise<void> {
    await SET_AND_REACH.run(
      this.redis,
      [key(id), ...reachKeys()],
      [String(id), ...REACH_PREFIXES, ...Object.entries(fields).flat()],
    );
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
   * Indexes, once, the customers recorded before the reach index (CUSTOMERS_REACH), a
   * chunk at a time in the order they joined; those who join or change meanwhile are indexed by
   * their own steps (recomputing is harmless). Returns how many it indexed; 0 once done.
   */
  // 200 customers a step: at 500 one step held Redis for 11 ms with 100 000 customers (bench/ticks.ts).
  async backfillReach(chunks = 50, size = 200): Promise<number> {
    let indexed = 0;
    for (let i = 0; i < chunks; i++) {
      const cursor = await this.redis.get(customerKeys.reachBackfill);
      if (cursor === "done") break;
      const from = Number(cursor ?? 0);
      const ids = await this.ids(from, size);
      await REACH_BACKFILL_CHUNK.run(
        this.redis,
        [customerKeys.reachBackfill, ...reachKeys()],
        [ids.length < size ? "done" : String(from + ids.length), ...REACH_PREFIXES, ...ids.map(String)],
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

  /** Whether the user's free trial is used (one field read: the main menu asks on every show). */
  async trialUsed(id: number): Promise<boolean> {
    return (await this.redis.hexists(key(id), "trialUsedAt")) === 1;
  }

  /** Whether the user may still claim the free trial: not used, not blocked (one read). */
  async mayClaimTrial(id: number): Promise<boolean> {
    const [used, blocked] = await this.redis.hmget(key(id), "trialUsedAt", "blocked");
    return !used && blocked !== "1";
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
