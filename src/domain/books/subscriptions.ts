import type { ChainableCommander, Redis } from "ioredis";
import { z } from "zod";
import { type Clock, DAY } from "../../runtime/clock.js";
import { LuaScript } from "../../store/lua.js";
import { parseHashRecord } from "../../store/records.js";
import type { AccessLinks, AccessRef } from "./access.js";
import { parseRef } from "./access.js";
import { reachOfSubscriptionIn } from "./customers.js";
import { NO_EXPIRY_SCORE, subscriptionKeys } from "./keys.js";
import { indexOwner, unindexOwner } from "./subscription-owners.js";

/** The expiry index read on from a cursor entry, by rank (lua/expiring-after.lua). */
const EXPIRING_AFTER = LuaScript.load(new URL("./lua/expiring-after.lua", import.meta.url));

const subscriptionSchema = z.object({
  id: z.string(),
  customerId: z.coerce.number(),
  planId: z.string(),
  ref: z.string().transform(parseRef),
  links: z.string().transform((s) => z.array(z.string()).parse(JSON.parse(s))),
  subscriptionUrl: z.string().optional(),
  /** Expiry in ms; 0 = none. The hosting side's view wins when it is read. */
  expiresAt: z.coerce.number(),
  trafficGb: z.coerce.number(),
  /** GB of the allowance carried from the term before (a plan's rollover); absent: none. */
  carriedGb: z.coerce.number().optional(),
  devices: z.coerce.number(),
  trial: z.enum(["0", "1"]).transform((v) => v === "1"),
  createdAt: z.coerce.number(),
  updatedAt: z.coerce.number(),
  /** When an admin deleted its hosting client (ms): no access, no reminders. */
  removedAt: z.coerce.number().optional(),
  /** A family seat's access: the family's (owner's) subscription id, and which seat; no reminders. */
  familyOf: z.string().optional(),
  seat: z.coerce.number().optional(),
});
export type Subscription = z.output<typeof subscriptionSchema>;

/** The links key's value (keys.ts `subscriptionKeys.links`). */
const storedLinks = z.object({ links: z.array(z.string()), url: z.string().optional() });

/**
 * Queues the writes of a subscription's ref and links to their keys beside the record, and drops
 * the fields a record written before held them in (that record reads from the keys from then on).
 */
function accessIn(
  tx: ChainableCommander,
  id: string,
  access: { ref?: AccessRef; links?: AccessLinks },
): ChainableCommander {
  const { ref, links } = access;
  if (ref) tx.set(subscriptionKeys.ref(id), JSON.stringify(ref)).hdel(subscriptionKeys.sub(id), "ref");
  if (links) {
    const url = links.subscriptionUrl ? { url: links.subscriptionUrl } : {};
    tx.set(subscriptionKeys.links(id), JSON.stringify({ links: links.links, ...url }));
    tx.hdel(subscriptionKeys.sub(id), "links", "subscriptionUrl");
  }
  return tx;
}

/** A record's fields as read, with its ref and links from their keys (a record written before holds them). */
function withAccess(fields: Record<string, string>, ref: string | null, links: string | null) {
  const record = { ...fields };
  if (ref !== null) record.ref = ref;
  if (links !== null) {
    const stored = storedLinks.parse(JSON.parse(links));
    record.links = JSON.stringify(stored.links);
    if (stored.url) record.subscriptionUrl = stored.url;
    else delete record.subscriptionUrl;
  }
  return record;
}

export interface NewSubscription {
  customerId: number;
  planId: string;
  ref: AccessRef;
  links: AccessLinks;
  expiresAt: number;
  trafficGb: number;
  devices: number;
  trial: boolean;
  /** A family seat's access: the owner's subscription and the seat. */
  family?: { of: string; seat: number };
}

/** Customers' subscriptions: where the access lives, the links handed out, and the term. */
export class Subscriptions {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
  ) {}

  /** Creates the subscription of an order; its id is derived from the order, so a retry finds it. */
  async create(orderId: string, input: NewSubscription): Promise<Subscription> {
    const id = `s${orderId.slice(1)}`;
    const now = this.clock.now();
    const fields = {
      id,
      customerId: String(input.customerId),
      planId: input.planId,
      expiresAt: String(input.expiresAt),
      trafficGb: String(input.trafficGb),
      devices: String(input.devices),
      trial: input.trial ? "1" : "0",
      createdAt: String(now),
      updatedAt: String(now),
      ...(input.family ? { familyOf: input.family.of, seat: String(input.family.seat) } : {}),
    };
    const tx = accessIn(this.redis.multi(), id, input)
      .hset(subscriptionKeys.sub(id), fields)
      .zadd(subscriptionKeys.byCustomer(input.customerId), now, id)
      .zadd(subscriptionKeys.byExpiry, input.expiresAt || NO_EXPIRY_SCORE, id);
    reachOfSubscriptionIn(tx, subscriptionKeys.sub(id));
    await indexOwner(tx, id, input.ref).exec();
    const url = input.links.subscriptionUrl ? { subscriptionUrl: input.links.subscriptionUrl } : {};
    return subscriptionSchema.parse({
      ...{ ...fields, ...url },
      ...{ ref: JSON.stringify(input.ref), links: JSON.stringify(input.links.links) },
    });
  }

  async get(id: string): Promise<Subscription | undefined> {
    const replies = await this.redis
      .multi()
      .hgetall(subscriptionKeys.sub(id))
      .get(subscriptionKeys.ref(id))
      .get(subscriptionKeys.links(id))
      .exec();
    const [fields, ref, links] = (replies ?? []).map(([err, value]) => {
      if (err) throw err;
      return value;
    }) as [Record<string, string>, string | null, string | null];
    return parseHashRecord(withAccess(fields, ref, links), subscriptionSchema, {
      marker: "id",
      malformed: "throw",
    });
  }

  /**
   * The subscriptions of `ids` in one pipeline, in order (undefined where there is none): a page
   * of a pass over the shop costs one round trip, not one per subscription.
   */
  async getMany(ids: readonly string[]): Promise<(Subscription | undefined)[]> {
    if (ids.length === 0) return [];
    const pipe = this.redis.pipeline();
    for (const id of ids) {
      pipe.hgetall(subscriptionKeys.sub(id)).get(subscriptionKeys.ref(id)).get(subscriptionKeys.links(id));
    }
    const values = ((await pipe.exec()) ?? []).map(([err, value]) => {
      if (err) throw err;
      return value;
    });
    return ids.map((_, i) => {
      const [fields, ref, links] = values.slice(3 * i, 3 * i + 3) as [
        Record<string, string>,
        string | null,
        string | null,
      ];
      return parseHashRecord(withAccess(fields, ref, links), subscriptionSchema, {
        marker: "id",
        malformed: "throw",
      });
    });
  }

  async ofCustomer(customerId: number): Promise<Subscription[]> {
    const ids = await this.redis.zrevrange(subscriptionKeys.byCustomer(customerId), 0, -1);
    const subs = await Promise.all(ids.map((id) => this.get(id)));
    return subs.filter((s): s is Subscription => s !== undefined);
  }

  /** Records a new term (renewal, or the hosting side's own view) and re-indexes the expiry. */
  async setTerm(
    id: string,
    expiresAt: number,
    fields: { trafficGb?: number; carriedGb?: number; links?: AccessLinks } = {},
  ): Promise<void> {
    const update: Record<string, string> = {
      expiresAt: String(expiresAt),
      updatedAt: String(this.clock.now()),
    };
    if (fields.trafficGb !== undefined) update.trafficGb = String(fields.trafficGb);
    if (fields.carriedGb !== undefined) update.carriedGb = String(fields.carriedGb);
    let links = fields.links;
    // New links without a subscription URL keep the one the record has.
    if (links && !links.subscriptionUrl)
      links = { ...links, subscriptionUrl: (await this.get(id))?.subscriptionUrl };
    const tx = accessIn(this.redis.multi(), id, { links })
      .hset(subscriptionKeys.sub(id), update)
      .zadd(subscriptionKeys.byExpiry, expiresAt || NO_EXPIRY_SCORE, id);
    await reachOfSubscriptionIn(tx, subscriptionKeys.sub(id)).exec();
  }

  /**
   * Sets the term's traffic allowance (GB) alone: a traffic pack landed (traffic-packs.ts sets
   * the absolute value it fixed once, so a repeat writes the same). The usage cache keys on it,
   * so /my and the cabinet read the new limit at once.
   */
  async setAllowance(id: string, trafficGb: number): Promise<void> {
    await this.redis.hset(subscriptionKeys.sub(id), {
      trafficGb: String(trafficGb),
      updatedAt: String(this.clock.now()),
    });
  }

  /**
   * Takes the term an admin gave the subscription's hosting client (the hosting side wins), so
   * /my, the card and the reminders agree; the reminders key on the expiry, so they re-arm.
   * False when there is nothing to change (gone, removed, or the same expiry).
   */
  async followHostingTerm(id: string, expiresAt: number): Promise<boolean> {
    const sub = await this.get(id);
    if (!sub || sub.removedAt !== undefined || sub.expiresAt === expiresAt) return false;
    await this.setTerm(id, expiresAt);
    return true;
  }

  /**
   * An admin deleted the hosting client: the subscription stays for the record, marked removed,
   * and leaves the expiry index (no reminders, not counted as active) and the owner index.
   */
  async markRemoved(id: string): Promise<boolean> {
    const sub = await this.get(id);
    if (!sub || sub.removedAt !== undefined) return false;
    const now = String(this.clock.now());
    const tx = this.redis
      .multi()
      .hset(subscriptionKeys.sub(id), { removedAt: now, updatedAt: now })
      .zrem(subscriptionKeys.byExpiry, id);
    reachOfSubscriptionIn(tx, subscriptionKeys.sub(id));
    await unindexOwner(tx, id, sub.ref).exec();
    return true;
  }

  /** Points the subscription at another hosting client (an admin's rename), re-indexing it. */
  async setRef(id: string, ref: AccessRef): Promise<void> {
    const sub = await this.get(id);
    if (!sub) return;
    const tx = accessIn(this.redis.multi(), id, { ref }).hset(subscriptionKeys.sub(id), {
      updatedAt: String(this.clock.now()),
    });
    unindexOwner(tx, id, sub.ref);
    await indexOwner(tx, id, ref).exec();
  }

  /**
   * Points the subscription at a new hosting client and the links handed out for it (an admin's
   * recreate or move), re-indexing its owner entries; `also` adds the caller's own writes to the
   * same MULTI (so "the subscription moved" and the caller's progress are stored together).
   */
  async replaceAccess(
    id: string,
    ref: AccessRef,
    links: AccessLinks,
    also?: (tx: ChainableCommander) => void,
  ): Promise<boolean> {
    const sub = await this.get(id);
    if (!sub) return false;
    const tx = accessIn(this.redis.multi(), id, { ref, links }).hset(subscriptionKeys.sub(id), {
      updatedAt: String(this.clock.now()),
    });
    unindexOwner(tx, id, sub.ref);
    indexOwner(tx, id, ref);
    also?.(tx);
    await tx.exec();
    return true;
  }

  /**
   * A plan switch landed: the subscription takes the new plan, its client (the same or a new one,
   * re-indexed), its links, term, traffic and devices in one MULTI with the caller's own writes
   * (`also`: the switch order marked done), so a crash leaves either all of it or none.
   */
  async switchPlan(
    id: string,
    to: Omit<NewSubscription, "customerId" | "trial" | "family">,
    also: (tx: ChainableCommander) => void,
  ): Promise<void> {
    const sub = await this.get(id);
    if (!sub) return;
    const fields = {
      planId: to.planId,
      expiresAt: String(to.expiresAt),
      trafficGb: String(to.trafficGb),
      devices: String(to.devices),
      updatedAt: String(this.clock.now()),
    };
    const tx = accessIn(this.redis.multi(), id, { ref: to.ref, links: to.links })
      .hset(subscriptionKeys.sub(id), fields)
      .zadd(subscriptionKeys.byExpiry, to.expiresAt || NO_EXPIRY_SCORE, id);
    reachOfSubscriptionIn(tx, subscriptionKeys.sub(id));
    unindexOwner(tx, id, sub.ref);
    indexOwner(tx, id, to.ref);
    also(tx);
    await tx.exec();
  }

  /** Every subscription id in the expiry index, a page at a time (removed ones are not in it). */
  async *allIds(page = 500): AsyncGenerator<string[]> {
    for (let from = 0; ; from += page) {
      const ids = await this.redis.zrange(subscriptionKeys.byExpiry, String(from), String(from + page - 1));
      if (ids.length > 0) yield ids;
      if (ids.length < page) return;
    }
  }

  /** Subscriptions whose expiry falls in [from, to] ms, soonest first. */
  async expiringBetween(
    from: number,
    to: number,
    limit = 1_000,
  ): Promise<{ id: string; expiresAt: number }[]> {
    const raw = await this.redis.zrangebyscore(
      subscriptionKeys.byExpiry,
      from,
      to,
      "WITHSCORES",
      "LIMIT",
      0,
      limit,
    );
    return expiryEntries(raw);
  }

  /**
   * The `limit` entries of the expiry index that follow `after` (by expiry, then id), whatever
   * their expiry: the caller stops at its window's end. Bounded however many subscriptions share
   * one expiry (all those without one do). When `after` has moved since, reading restarts at the
   * first entry with its expiry, so the caller drops the ones it has seen.
   */
  async expiringAfter(
    after: { id: string; expiresAt: number },
    limit: number,
  ): Promise<{ id: string; expiresAt: number }[]> {
    const raw = await EXPIRING_AFTER.run(
      this.redis,
      [subscriptionKeys.byExpiry],
      [after.id, String(after.expiresAt), String(limit)],
    );
    return expiryEntries(z.array(z.string()).parse(raw));
  }

  /** How many subscriptions expire in [from, to] ms (counted by Redis, none read). */
  expiringCount(from: number, to: number): Promise<number> {
    return this.redis.zcount(subscriptionKeys.byExpiry, from, to);
  }

  /** Active subscriptions (not expired) right now. */
  async activeCount(): Promise<number> {
    return this.redis.zcount(subscriptionKeys.byExpiry, `(${this.clock.now()}`, "+inf");
  }
}

/** `[id, expiry, id, expiry, ...]` as read WITHSCORES. */
function expiryEntries(raw: readonly string[]): { id: string; expiresAt: number }[] {
  const out: { id: string; expiresAt: number }[] = [];
  for (let i = 0; i < raw.length; i += 2) out.push({ id: raw[i] ?? "", expiresAt: Number(raw[i + 1]) });
  return out;
}

/**
 * The end of a term of `days` bought at `now`: `days` after the later of now and the current
 * expiry (0: none). The one rule of every term change that adds days: a paid renewal's target,
 * the date its screen shows, an admin's "add N days".
 */
export function termEnd(currentExpiry: number, now: number, days: number): number {
  return Math.max(now, currentExpiry || 0) + days * DAY;
}
