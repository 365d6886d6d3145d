import type { ChainableCommander, Redis } from "ioredis";
import type { Logger } from "../../runtime/logger.js";
import type { AccessRef } from "./access.js";
import type { Customer, Customers } from "./customers.js";
import { ownerKeys } from "./keys.js";
import type { Subscription, Subscriptions } from "./subscriptions.js";

/**
 * A hosting client as the admin menus name it: an xui user on a server, a panel client (one
 * name across all its locations) or a node client.
 */
export type HostingClient =
  | { kind: "xui"; serverId: number; name: string }
  | { kind: "panel"; name: string }
  | { kind: "node"; name: string };

/** `xui:<server>:<name>`, `panel:<name>` or `node:<name>`: the index key of a client. */
export function clientKey(c: HostingClient | AccessRef): string {
  return c.kind === "xui" ? `xui:${c.serverId}:${c.name}` : `${c.kind}:${c.name}`;
}

/** Adds the index entries of subscription `id` on `ref` to a MULTI (create, ref change). */
export function indexOwner(tx: ChainableCommander, id: string, ref: AccessRef): ChainableCommander {
  tx.sadd(ownerKeys.byRef(clientKey(ref)), id);
  if (ref.kind === "xui") tx.sadd(ownerKeys.byServer(ref.serverId), id);
  return tx;
}

/** Removes the index entries of subscription `id` on `ref` in a MULTI. */
export function unindexOwner(tx: ChainableCommander, id: string, ref: AccessRef): ChainableCommander {
  tx.srem(ownerKeys.byRef(clientKey(ref)), id);
  if (ref.kind === "xui") tx.srem(ownerKeys.byServer(ref.serverId), id);
  return tx;
}

/** Set members read per SSCAN step of a server's owners. */
const OWNER_PAGE = 500;

/** A shop subscription living on a hosting client, with its customer (undefined when unknown). */
export interface Owner {
  subscription: Subscription;
  customer: Customer | undefined;
}

/** The subscriptions that followed an admin's change of a client; undefined when following failed. */
export type Followed = Owner[] | undefined;

/**
 * Brings the shop's records in line with an admin's change of a client: a failure is logged and
 * reported (undefined), the hosting action stands.
 */
export async function followAdminChange(change: () => Promise<Owner[]>, logger: Logger): Promise<Followed> {
  try {
    return await change();
  } catch (err) {
    logger.warn({ err }, "the shop's subscriptions could not follow an admin's change");
    return undefined;
  }
}

export interface SubscriptionOwnersDeps {
  redis: Redis;
  subscriptions: Subscriptions;
  customers: Pick<Customers, "get">;
  logger: Logger;
  /** What ends with a removed family owner: its members' access (settlement's; none: no families). */
  families?: FamilyEnds | undefined;
}

/**
 * A family owner's subscription removed by an admin ends its family (settlement/family-end.ts):
 * `ending` records it durably BEFORE the owner is marked removed, so a crash between the two is
 * finished by the order sweep; `end` removes the members' clients and tells them.
 */
export interface FamilyEnds {
  ending(subscriptionIds: readonly string[]): Promise<void>;
  end(subscriptionId: string): Promise<unknown>;
}

/**
 * Which customers' subscriptions live on a hosting client, so that an admin's delete, rename,
 * regenerate or extend in the hosting menus warns about them first and the shop's records follow
 * afterwards (rule 7: the one home of "the subscription follows what the admin did to its client").
 * The index is written with the subscription (create, ref change); subscriptions made before it
 * existed are indexed once, lazily, on the first look-up. Entries are checked against the record
 * when read, so a stale one is dropped rather than trusted.
 */
export class SubscriptionOwners {
  constructor(private readonly deps: SubscriptionOwnersDeps) {}

  /** The live (not removed) subscriptions on `client`, oldest first, with their customers. */
  async of(client: HostingClient): Promise<Owner[]> {
    await this.ensureBuilt();
    const key = ownerKeys.byRef(clientKey(client));
    return this.owners(
      key,
      await this.deps.redis.smembers(key),
      (s) => clientKey(s.ref) === clientKey(client),
    );
  }

  /**
   * The live subscriptions on xui server `serverId` (any user of its inbound), oldest first. One
   * server may hold most of the shop: its set is read a page at a time (SSCAN), never whole.
   */
  async onServer(serverId: number): Promise<Owner[]> {
    await this.ensureBuilt();
    const key = ownerKeys.byServer(serverId);
    const matches = (s: Subscription) => s.ref.kind === "xui" && s.ref.serverId === serverId;
    const found = new Map<string, Owner>();
    let cursor = "0";
    do {
      const [next, ids] = await this.deps.redis.sscan(key, cursor, "COUNT", OWNER_PAGE);
      cursor = next;
      // SSCAN may give an element twice (the set grew meanwhile).
      const fresh = [...new Set(ids)].filter((id) => !found.has(id));
      for (const o of await this.owners(key, fresh, matches)) found.set(o.subscription.id, o);
    } while (cursor !== "0");
    return [...found.values()].sort((a, b) => a.subscription.createdAt - b.subscription.createdAt);
  }

  /**
   * The live subscriptions on xui server `serverId` a page at a time, without their customers (a
   * pass over every server, such as the runway's tally, needs neither the order nor the names).
   * An id SSCAN gives twice may come twice: a caller that counts keeps a set of the ids seen.
   */
  async *pagesOnServer(serverId: number, count = OWNER_PAGE): AsyncGenerator<Subscription[]> {
    await this.ensureBuilt();
    let cursor = "0";
    do {
      const [next, ids] = await this.deps.redis.sscan(ownerKeys.byServer(serverId), cursor, "COUNT", count);
      cursor = next;
      const subs = await this.deps.subscriptions.getMany(ids);
      const live = subs.filter(
        (s): s is Subscription =>
          s !== undefined && !s.removedAt && s.ref.kind === "xui" && s.ref.serverId === serverId,
      );
      if (live.length > 0) yield live;
    } while (cursor !== "0");
  }

  /**
   * An admin set the client's term to `expiresAt` (ms) on the hosting side: the subscriptions on
   * it take that expiry, which moves their reminders. Returns the subscriptions that changed.
   */
  async followTerm(client: HostingClient, expiresAt: number): Promise<Owner[]> {
    const changed: Owner[] = [];
    for (const owner of await this.of(client)) {
      if (await this.deps.subscriptions.followHostingTerm(owner.subscription.id, expiresAt))
        changed.push(owner);
    }
    if (changed.length) this.log(client, changed, "subscriptions follow an admin's new term");
    return changed;
  }

  /**
   * An admin deleted the client: its subscriptions are marked removed (reminders stop), and a
   * family owner's family ends with it (its members' clients removed, they are told).
   */
  async removed(client: HostingClient): Promise<Owner[]> {
    const owners = await this.of(client);
    const ids = owners.map((o) => o.subscription.id);
    await this.deps.families?.ending(ids);
    for (const id of ids) await this.deps.subscriptions.markRemoved(id);
    if (owners.length) this.log(client, owners, "subscriptions marked removed by an admin");
    for (const id of ids) {
      // A member's client that cannot be removed now is left to the order sweep (still recorded).
      await this.deps.families?.end(id).catch((err: unknown) => {
        this.deps.logger.warn({ err, subscriptionId: id }, "a removed owner's family did not end yet");
      });
    }
    return owners;
  }

  /** An admin renamed the client: its subscriptions' refs follow the new name. */
  async renamed(client: HostingClient, newName: string): Promise<Owner[]> {
    const owners = await this.of(client);
    for (const owner of owners) {
      await this.deps.subscriptions.setRef(owner.subscription.id, {
        ...owner.subscription.ref,
        name: newName,
      });
    }
    if (owners.length) this.log(client, owners, "subscriptions follow an admin's rename");
    return owners;
  }

  /** Indexes every subscription (idempotent: set members); returns how many were seen. */
  async backfill(): Promise<number> {
    let seen = 0;
    for await (const ids of this.deps.subscriptions.allIds()) {
      const subs = await Promise.all(ids.map((id) => this.deps.subscriptions.get(id)));
      const tx = this.deps.redis.multi();
      for (const sub of subs) if (sub && !sub.removedAt) indexOwner(tx, sub.id, sub.ref);
      await tx.exec();
      seen += ids.length;
    }
    await this.deps.redis.set(ownerKeys.built, String(seen));
    if (seen) this.deps.logger.info({ subscriptions: seen }, "hosting client index built");
    return seen;
  }

  private async ensureBuilt(): Promise<void> {
    if (!(await this.deps.redis.exists(ownerKeys.built))) await this.backfill();
  }

  private async owners(key: string, ids: string[], matches: (s: Subscription) => boolean): Promise<Owner[]> {
    const subs = await Promise.all(ids.map((id) => this.deps.subscriptions.get(id)));
    const live: Subscription[] = [];
    const stale: string[] = [];
    subs.forEach((s, i) => {
      if (s && !s.removedAt && matches(s)) live.push(s);
      else stale.push(ids[i] ?? "");
    });
    if (stale.length) await this.deps.redis.srem(key, ...stale);
    live.sort((a, b) => a.createdAt - b.createdAt);
    return Promise.all(
      live.map(async (subscription) => ({
        subscription,
        customer: await this.deps.customers.get(subscription.customerId),
      })),
    );
  }

  private log(client: HostingClient, owners: Owner[], msg: string): void {
    this.deps.logger.info(
      { client: clientKey(client), subscriptions: owners.map((o) => o.subscription.id) },
      msg,
    );
  }
}
