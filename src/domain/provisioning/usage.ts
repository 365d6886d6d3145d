import type { Redis } from "ioredis";
import { z } from "zod";
import type { XuiClient } from "../../hosting/account/index.js";
import type { HostingClients } from "../../hosting/index.js";
import { mapInTurns } from "../../runtime/background-turn.js";
import type { Logger } from "../../runtime/logger.js";
import { readJson } from "../../store/records.js";
import type { Subscription } from "../books/index.js";
import { type AccessRef, type AccessState, GB_BYTES } from "../books/index.js";
import { usageKeys } from "./keys.js";
import type { ProvisionerFor } from "./provisioners.js";
import { UsageHistory } from "./usage-history.js";

/** Live usage of one subscription is read from the hosting API at most once a minute. */
export const USAGE_TTL_SECONDS = 60;

/** Traffic of one hosting client, as a bulk listing gives it. */
export interface ClientUsage {
  usedBytes: number;
  /** 0 = unlimited. */
  limitBytes: number;
  /** Where the backend counts the directions apart (xui, node). */
  upBytes?: number;
  downBytes?: number;
}

/**
 * A backend's bulk listing: one xui server, the main panel, or the node. A panel location other
 * than the main one has no listing in the API (spec B lists only `fed/lproxy/{node_id}/clients/{name}`),
 * so such an access is read on its own.
 */
export type UsageGroup = { kind: "xui"; serverId: number } | { kind: "panel" } | { kind: "node" };

/** `xui:3`, `panel`, `node`: how a group is named in logs and reports. */
export function groupName(group: UsageGroup): string {
  return group.kind === "xui" ? `xui:${group.serverId}` : group.kind;
}

/** The bulk listing that holds `ref`, or undefined when it is read on its own. */
export function groupOf(ref: AccessRef): UsageGroup | undefined {
  if (ref.kind === "xui") return { kind: "xui", serverId: ref.serverId };
  if (ref.kind === "node") return { kind: "node" };
  return ref.locations.includes("main") ? { kind: "panel" } : undefined;
}

/** An xui user's traffic as its listing gives it (up and down counted apart). */
export function xuiClientUsage(c: Pick<XuiClient, "upBytes" | "downBytes" | "totalGb">): ClientUsage {
  return {
    usedBytes: c.upBytes + c.downBytes,
    limitBytes: Math.round(c.totalGb * GB_BYTES),
    upBytes: c.upBytes,
    downBytes: c.downBytes,
  };
}

/** What bulk reads need of the hosting clients (the listings and the node's counters). */
export interface UsageHosting {
  account: Pick<HostingClients["account"], "listClients">;
  panel?: Pick<NonNullable<HostingClients["panel"]>, "listClients"> | undefined;
  node?: Pick<NonNullable<HostingClients["node"]>, "listClients" | "traffic"> | undefined;
}

export interface UsageReaderDeps {
  redis: Redis;
  hosting: UsageHosting;
  provisioner: ProvisionerFor;
  logger: Logger;
}

/** Thrown by `bulk` for a backend whose API is not configured. */
export class BackendNotConfigured extends Error {
  constructor(readonly group: string) {
    super(`the ${group} backend is not configured`);
    this.name = "BackendNotConfigured";
  }
}

const accessState = z.object({
  expiresAt: z.number(),
  limitBytes: z.number(),
  usedBytes: z.number(),
  enabled: z.boolean(),
});

/** A cached read, with the shop's record of the term it was read under (`termBasis`). */
const cachedState = accessState.extend({ basis: z.string().optional() });

/** What the shop's record says of the term: when it changes, a cached read of the old one is stale. */
function termBasis(sub: Pick<Subscription, "expiresAt" | "trafficGb">): string {
  return `${sub.expiresAt}:${sub.trafficGb}`;
}

/**
 * Usage reads in one place: one subscription's live state for the customer (cached a minute in
 * Redis, shared by every process), and bulk listings per backend for the traffic worker and the
 * admin views (one call per xui server, one for the main panel, one list plus one counter read
 * for the node).
 */
export class UsageReader {
  /** Daily usage points per subscription (recorded by the traffic worker, shown in the cabinet). */
  readonly history: UsageHistory;

  constructor(private readonly deps: UsageReaderDeps) {
    this.history = new UsageHistory(deps.redis);
  }

  /** The state read within the last minute, if any (no hosting call). */
  async cached(subscriptionId: string): Promise<AccessState | undefined> {
    return readJson(this.deps.redis, usageKeys.of(subscriptionId), accessState);
  }

  /**
   * Usage and expiry as the hosting side sees them: from the cache when read within the last
   * minute and since the shop's record of the term last changed, else from the hosting API (then
   * cached). A read cached before a renewal or a term change landed is stale: the customer who
   * just renewed sees the new term at once, not a minute later. Undefined when the hosting side
   * cannot be read (not cached, so the next look tries again); the caller shows the last known values.
   */
  async of(sub: Subscription): Promise<AccessState | undefined> {
    const basis = termBasis(sub);
    const cached = await readJson(this.deps.redis, usageKeys.of(sub.id), cachedState);
    if (cached && (cached.basis === undefined || cached.basis === basis)) {
      const { basis: _read, ...state } = cached;
      return state;
    }
    try {
      const state = await this.deps.provisioner(sub.ref.kind).state(sub.ref);
      const entry = JSON.stringify({ ...state, basis });
      await this.deps.redis.set(usageKeys.of(sub.id), entry, "EX", USAGE_TTL_SECONDS);
      return state;
    } catch (err) {
      this.deps.logger.warn({ err, subscriptionId: sub.id, kind: sub.ref.kind }, "usage read failed");
      return undefined;
    }
  }

  /** Whether the backend of `group` is configured (xui always is). */
  configured(group: UsageGroup): boolean {
    if (group.kind === "panel") return this.deps.hosting.panel !== undefined;
    if (group.kind === "node") return this.deps.hosting.node !== undefined;
    return true;
  }

  /**
   * Every client of one backend with its traffic, by client name (the xui email, the panel and
   * node name), in one listing. Throws what the hosting API threw, or BackendNotConfigured.
   */
  async bulk(group: UsageGroup): Promise<Map<string, ClientUsage>> {
    const { account, panel, node } = this.deps.hosting;
    if (group.kind === "xui") {
      const list = await account.listClients(group.serverId);
      return mapInTurns(list.clients, (c) => [c.email, xuiClientUsage(c)]);
    }
    if (group.kind === "panel") {
      if (!panel) throw new BackendNotConfigured("panel");
      const clients = await panel.listClients();
      return mapInTurns(clients, (c) => [
        c.name,
        {
          usedBytes: Math.round(c.trafficUsedGb * GB_BYTES),
          limitBytes: Math.round(c.trafficLimitGb * GB_BYTES),
        },
      ]);
    }
    if (!node) throw new BackendNotConfigured("node");
    const [clients, counters] = await Promise.all([node.listClients(), node.traffic()]);
    const counted = await mapInTurns(counters, (c) => [c.name, c]);
    return mapInTurns(clients, (c) => {
      const t = counted.get(c.name);
      const up = t?.upBytes ?? 0;
      const down = t?.downBytes ?? 0;
      const limitBytes = Math.round((c.trafficLimitGb ?? 0) * GB_BYTES);
      return [c.name, { usedBytes: up + down, limitBytes, upBytes: up, downBytes: down }];
    });
  }

  /** A pass over many accesses that lists each backend at most once (see UsageRound). */
  round(): UsageRound {
    return new UsageRound(this, this.deps.provisioner, this.deps.logger);
  }
}

/** What a round read of one access gave: its usage, not listed, or its backend was skipped. */
export type RoundRead = ClientUsage | "unmatched" | undefined;

/**
 * One pass (e.g. a traffic round): each backend's listing is made when first needed and reused
 * for the rest of the pass; a backend whose listing fails, or that is not configured, is skipped
 * for the pass (named once in `skipped`). Nothing is kept beyond the pass.
 */
export class UsageRound {
  readonly skipped: string[] = [];
  private readonly reads = new Map<string, Promise<Map<string, ClientUsage> | undefined>>();

  constructor(
    private readonly reader: UsageReader,
    private readonly provisioner: ProvisionerFor,
    private readonly logger: Logger,
  ) {}

  /** The listing of `group` for this pass, or undefined when the backend is skipped. */
  list(group: UsageGroup): Promise<Map<string, ClientUsage> | undefined> {
    const name = groupName(group);
    const known = this.reads.get(name);
    if (known) return known;
    const read = this.reader.configured(group)
      ? this.reader.bulk(group).catch((err: unknown) => {
          this.logger.warn({ err, backend: name }, "usage: bulk read failed; skipped this pass");
          this.skipped.push(name);
          return undefined;
        })
      : this.notConfigured(name);
    this.reads.set(name, read);
    return read;
  }

  private notConfigured(name: string): Promise<undefined> {
    this.logger.warn({ backend: name }, "usage: backend not configured; its accesses are skipped");
    this.skipped.push(name);
    return Promise.resolve(undefined);
  }

  /** Usage of one access: from its backend's listing, or read on its own where there is none. */
  async of(ref: AccessRef): Promise<RoundRead> {
    const group = groupOf(ref);
    if (group) {
      const list = await this.list(group);
      if (!list) return undefined;
      return list.get(ref.name) ?? "unmatched";
    }
    // A panel access off the main panel is not in its listing: read it where it lives.
    if (!this.reader.configured({ kind: "panel" })) {
      await this.list({ kind: "panel" });
      return undefined;
    }
    try {
      return await this.provisioner(ref.kind).state(ref);
    } catch (err) {
      this.logger.warn({ err, kind: ref.kind, name: ref.name }, "usage: read failed; skipped this pass");
      return undefined;
    }
  }
}
