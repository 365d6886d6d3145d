import type { Redis } from "ioredis";
import type { Locale } from "../config.js";
import type { Clock } from "./clock.js";

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

/** Customers as the shop knows them: profile, language, blocks, trial. */
export class Customers {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
  ) {}

  /**
   * Records a customer's latest name and language (creating the record on first contact).
   * Returns true when the customer is new. A customer who writes again is no longer bot-blocked.
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
    const tx = this.redis.multi().hset(key(who.id), fields).hdel(key(who.id), "botBlocked");
    if (who.username) {
      fields.username = who.username;
      tx.hset(key(who.id), "username", who.username).hset(
        BY_USERNAME,
        who.username.toLowerCase(),
        String(who.id),
      );
    }
    await tx.exec();
    return isNew;
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
    return id ? this.get(Number(id)) : undefined;
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
