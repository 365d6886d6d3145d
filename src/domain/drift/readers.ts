import type { Redis } from "ioredis";
import type { Server } from "../../hosting/account/index.js";
import { isHostingError } from "../../hosting/errors.js";
import type { HostingClients } from "../../hosting/index.js";
import type { PanelClient } from "../../hosting/panel/index.js";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { mapLimit } from "../../runtime/map-limit.js";
import { GB_BYTES, type Subscriptions } from "../books/index.js";
import { ConnectedReads, type PanelPlace } from "./connected.js";
import type { PanelGap } from "./findings.js";
import { driftKeys } from "./keys.js";
import type { ClientView } from "./rules.js";

// Re-exported for the reconciler, which imports it from here.
export { mapLimit };

/** Bulk reads in flight at once (xui servers, panel locations). */
export const READ_CONCURRENCY = 4;

/** One listed hosting client: its name, UUID and what the rules compare. */
export interface ListedClient extends ClientView {
  name: string;
  uuid: string | undefined;
}

export interface XuiServerRead {
  server: Server;
  /** By name; undefined when the list did not answer (the server is skipped for clients). */
  clients: Map<string, ListedClient> | undefined;
  /** When its inbound was seen replaced (a regenerate), if ever since the shop watched it. */
  regeneratedAt: number | undefined;
}

/**
 * What one run saw of the hosting side. A part that did not answer is absent (and named in
 * `skipped`): nothing is concluded from it, never "everything was deleted".
 */
export interface HostingSnapshot {
  /** xui servers of the account by id; undefined when the server list did not answer. */
  xui: Map<number, XuiServerRead> | undefined;
  /**
   * Panel clients by location, then name: a location listed in full, or one read client by
   * client (then only the clients found there; `panelKnown` says which names were read).
   */
  panel: Map<string, Map<string, ListedClient>>;
  /** Locations read client by client: the names whose state is known this run (found or absent). */
  panelKnown: Map<string, Set<string>>;
  /** Panel locations not reconciled in full this run, and why. */
  panelGaps: PanelGap[];
  /** Node clients by name; undefined when not configured or not answering. */
  node: Map<string, ListedClient> | undefined;
  /** Scopes read in full: `xui:<id>`, `panel:<location>`, `node`. */
  read: string[];
  /** Scopes that did not answer. */
  skipped: string[];
}

export interface HostingReaderDeps {
  hosting: Pick<HostingClients, "account" | "panel" | "node">;
  /** Where the shop's clients at a connected location come from, when it serves no list. */
  subscriptions: Pick<Subscriptions, "allIds" | "get">;
  redis: Redis;
  clock: Clock;
  logger: Logger;
}

/**
 * The bulk readers: one server list and one client list per xui server, one list per panel
 * location (the main panel and each connected one), one node list. Cost follows the number of
 * servers and locations, never the number of subscriptions; reads run READ_CONCURRENCY at a time.
 * A connected location that serves no list (the spec shows none there) is read client by client,
 * the shop's own clients only and a bounded number per run (connected.ts).
 */
export class HostingReader {
  constructor(private readonly deps: HostingReaderDeps) {}

  async read(): Promise<HostingSnapshot> {
    const snap: HostingSnapshot = {
      xui: undefined,
      panel: new Map(),
      panelKnown: new Map(),
      panelGaps: [],
      node: undefined,
      read: [],
      skipped: [],
    };
    await Promise.all([this.readXui(snap), this.readPanel(snap), this.readNode(snap)]);
    return snap;
  }

  private async readXui(snap: HostingSnapshot): Promise<void> {
    let servers: Server[];
    try {
      servers = (await this.deps.hosting.account.servers()).filter((s) => s.kind === "xui");
    } catch (err) {
      this.skip(snap, "xui", err);
      return;
    }
    snap.xui = new Map();
    snap.read.push("xui");
    const reads = await mapLimit(servers, READ_CONCURRENCY, async (server) => {
      try {
        return { server, list: await this.deps.hosting.account.listClients(server.id) };
      } catch (err) {
        this.skip(snap, `xui:${server.id}`, err);
        return { server, list: undefined };
      }
    });
    for (const { server, list } of reads) {
      const clients = list
        ? new Map(
            list.clients.map((c) => [
              c.email,
              {
                name: c.email,
                uuid: c.uuid,
                expiresAt: Math.max(c.expiryMs, 0),
                limitGb: c.totalGb,
                usedGb: (c.upBytes + c.downBytes) / GB_BYTES,
              },
            ]),
          )
        : undefined;
      const regeneratedAt = list ? await this.inboundSeen(server.id, list.inboundId) : undefined;
      if (list) snap.read.push(`xui:${server.id}`);
      snap.xui.set(server.id, { server, clients, regeneratedAt });
    }
  }

  /** Records the inbound id seen; returns when it was last seen changing (a regenerate). */
  private async inboundSeen(serverId: number, inboundId: number): Promise<number | undefined> {
    const raw = await this.deps.redis.hget(driftKeys.xuiInbounds, String(serverId));
    const [seen, changedAt] = (raw ?? "").split(":");
    const since = changedAt ? Number(changedAt) : undefined;
    if (seen === String(inboundId)) return since;
    const now = this.deps.clock.now();
    // The first sighting is a baseline, not a change.
    const value = raw === null ? `${inboundId}:` : `${inboundId}:${now}`;
    await this.deps.redis.hset(driftKeys.xuiInbounds, String(serverId), value);
    return raw === null ? undefined : now;
  }

  private async readPanel(snap: HostingSnapshot): Promise<void> {
    const panel = this.deps.hosting.panel;
    if (!panel) return;
    const places: PanelPlace[] = [{ location: "main" }];
    try {
      places.push(...(await panel.federation()).map((n) => ({ location: n.nodeId, name: n.name })));
    } catch (err) {
      // A main panel without federation answers 404: only the main location then.
      if (!isHostingError(err, "not_found")) this.skip(snap, "panel:federation", err);
    }
    const reads = new ConnectedReads({ ...this.deps, panel, concurrency: READ_CONCURRENCY });
    const listed = await mapLimit(places, READ_CONCURRENCY, async (place) => {
      try {
        const clients = await reads.list(place.location);
        if (!clients) return "unlisted";
        snap.panel.set(place.location, new Map(clients.map((c) => [c.name, panelView(c)])));
        snap.read.push(`panel:${place.location}`);
        return "listed";
      } catch (err) {
        this.skip(snap, `panel:${place.location}`, err);
        return "unreachable";
      }
    });
    const unlisted = places.filter((_, i) => listed[i] === "unlisted");
    for (const [i, place] of places.entries())
      if (listed[i] === "unreachable") snap.panelGaps.push({ ...place, reason: "unreachable" });
    for (const read of await reads.clientByClient(unlisted)) {
      snap.panel.set(read.location, new Map([...read.found].map(([name, c]) => [name, panelView(c)])));
      snap.panelKnown.set(read.location, read.known);
      snap.panelGaps.push(read.gap);
      if (read.gap.reason === "reads_failed") snap.skipped.push(`panel:${read.location}`);
    }
  }

  private async readNode(snap: HostingSnapshot): Promise<void> {
    const node = this.deps.hosting.node;
    if (!node) return;
    try {
      const clients = await node.listClients();
      snap.node = new Map(
        clients.map((c) => [
          c.name,
          {
            name: c.name,
            uuid: c.uuid,
            expiresAt: c.expiresAt > 0 ? c.expiresAt * 1000 : 0,
            limitGb: c.trafficLimitGb,
            usedGb: undefined,
          },
        ]),
      );
      snap.read.push("node");
    } catch (err) {
      this.skip(snap, "node", err);
    }
  }

  private skip(snap: HostingSnapshot, scope: string, err: unknown): void {
    this.deps.logger.warn({ err, scope }, "drift: bulk read failed; skipped this run");
    snap.skipped.push(scope);
  }
}

function panelView(c: PanelClient): ListedClient {
  return {
    name: c.name,
    uuid: c.uuid,
    expiresAt: c.expiresAt > 0 ? c.expiresAt * 1000 : 0,
    limitGb: c.trafficLimitGb,
    usedGb: c.trafficUsedGb,
  };
}
