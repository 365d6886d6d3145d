import type { AccessRef, Subscription } from "../books/index.js";
import { clientKey, isShopClientName } from "../books/index.js";
import type { FindingDetail, OrphanRef } from "./findings.js";
import type { HostingSnapshot, ListedClient } from "./readers.js";
import {
  type ClientView,
  expiryRule,
  type LocationViews,
  locationRule,
  missingRule,
  serverGoneRule,
  trafficRule,
} from "./rules.js";

/** A drift of one subscription or client, with the backend part it was read from. */
export interface Found {
  detail: FindingDetail;
  scope: string;
}

/**
 * What the rules make of one subscription against the snapshot. Empty when it agrees, or when
 * the part of the hosting side it lives on did not answer (nothing is concluded then).
 */
export function classify(sub: Subscription, snap: HostingSnapshot, now: number): Found[] {
  const ref = sub.ref;
  if (ref.kind === "xui") return classifyXui(sub, ref, snap, now);
  if (ref.kind === "node") {
    if (!snap.node) return [];
    return compare(sub, snap.node.get(ref.name), "node", now);
  }
  return classifyPanel(sub, ref, snap, now);
}

function classifyXui(
  sub: Subscription,
  ref: Extract<AccessRef, { kind: "xui" }>,
  snap: HostingSnapshot,
  now: number,
): Found[] {
  if (!snap.xui) return [];
  const read = snap.xui.get(ref.serverId);
  const client = read?.clients?.get(ref.name);
  const present = read?.clients ? client !== undefined : undefined;
  const server = { status: read?.server.status, regeneratedAt: read?.regeneratedAt };
  const gone = serverGoneRule(sub, server, present, now);
  if (gone) return [{ detail: gone, scope: "xui" }];
  if (!read?.clients) return [];
  return compare(sub, client, `xui:${ref.serverId}`, now);
}

function classifyPanel(
  sub: Subscription,
  ref: Extract<AccessRef, { kind: "panel" }>,
  snap: HostingSnapshot,
  now: number,
): Found[] {
  // One location unread: the client's state across locations is not known this run.
  if (!panelRead(ref, snap)) return [];
  const views: LocationViews = new Map();
  for (const location of ref.locations) views.set(location, snap.panel.get(location)?.get(ref.name) ?? null);
  const scope = `panel:${ref.locations[0] ?? "main"}`;
  if ([...views.values()].every((v) => v === null)) return compare(sub, undefined, scope, now);
  const { agreed, drifts } = locationRule(sub, views);
  const found: Found[] = drifts.map((d) => ({
    detail: d,
    scope: d.kind === "location_drift" ? `panel:${d.location}` : scope,
  }));
  return agreed ? [...compare(sub, agreed, scope, now), ...found] : found;
}

/**
 * Whether this run read a panel client on every location of its ref: each listed in full, or read
 * client by client with this client among those read (a bounded batch per run; connected.ts).
 */
export function panelRead(ref: Extract<AccessRef, { kind: "panel" }>, snap: HostingSnapshot): boolean {
  return ref.locations.every((location) => {
    const known = snap.panelKnown.get(location);
    return snap.panel.has(location) && (!known || known.has(ref.name));
  });
}

/** The single-client rules: missing, else expiry and traffic. */
function compare(sub: Subscription, client: ClientView | undefined, scope: string, now: number): Found[] {
  if (!client) {
    const missing = missingRule(sub, now);
    return missing ? [{ detail: missing, scope }] : [];
  }
  const out: Found[] = [];
  const expiry = expiryRule(sub, client);
  if (expiry) out.push({ detail: expiry, scope });
  const traffic = trafficRule(sub, client);
  if (traffic) out.push({ detail: traffic, scope });
  return out;
}

/**
 * Rule `orphan`: every listed client with the shop's naming that no subscription owns and no
 * order in flight is making. Clients not of the shop's naming are left out (never counted).
 * A panel client is one orphan across the locations holding it. A connected location that serves
 * no list was read only for the shop's own clients: an orphan only there is not found.
 */
export function orphans(snap: HostingSnapshot, owned: Set<string>, inFlight: Set<string>): Found[] {
  const out: Found[] = [];
  const candidate = (ref: OrphanRef, c: ListedClient) =>
    isShopClientName(c.name) && !inFlight.has(c.name) && !owned.has(clientKey(ref));
  for (const [serverId, read] of snap.xui ?? []) {
    for (const c of read.clients?.values() ?? []) {
      const ref: OrphanRef = { kind: "xui", serverId, name: c.name, uuid: c.uuid };
      if (candidate(ref, c))
        out.push({ detail: { kind: "orphan", ref, expiresAt: c.expiresAt }, scope: `xui:${serverId}` });
    }
  }
  const panel = new Map<string, { client: ListedClient; locations: string[] }>();
  for (const [location, list] of snap.panel) {
    for (const c of list.values()) {
      const seen = panel.get(c.name) ?? { client: c, locations: [] };
      seen.locations.push(location);
      panel.set(c.name, seen);
    }
  }
  for (const { client, locations } of panel.values()) {
    const ref: OrphanRef = { kind: "panel", name: client.name, uuid: client.uuid, locations };
    if (candidate(ref, client))
      out.push({
        detail: { kind: "orphan", ref, expiresAt: client.expiresAt },
        scope: `panel:${locations[0]}`,
      });
  }
  for (const c of snap.node?.values() ?? []) {
    const ref: OrphanRef = { kind: "node", name: c.name, uuid: c.uuid };
    if (candidate(ref, c))
      out.push({ detail: { kind: "orphan", ref, expiresAt: c.expiresAt }, scope: "node" });
  }
  return out;
}
