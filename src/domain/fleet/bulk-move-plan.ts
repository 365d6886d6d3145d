import { randomUUID } from "node:crypto";
import { isHostingError } from "../../hosting/errors.js";
import { MAIN_LOCATION, PANEL_CHANNELS, type PanelChannel } from "../../hosting/panel/index.js";
import { type AccessRef, GB_BYTES, newShopClientName, type Subscription } from "../books/index.js";
import { type Catalog, findPlan, type Plan } from "../catalog/index.js";
import { mayHealOnRetry, type Provisioner, type ProvisionRequest } from "../provisioning/index.js";
import type { MoveEnd, MoveItem, MoveSkip } from "./bulk-move-records.js";

type PanelRef = Extract<AccessRef, { kind: "panel" }>;

/**
 * What a bulk move decides for one subscription before any hosting write, kept apart from the
 * machine that carries it out: whether it lives on the move's source, where its new client goes
 * (the same name and UUID on another panel location; a fresh shop name on another xui server),
 * the plan its client is made under, and the traffic left on the old client.
 */

/** Whether subscription `sub` lives on `from` (an xui server, or a panel location among its own). */
export function livesOn(sub: Pick<Subscription, "ref">, from: MoveEnd): boolean {
  if (from.kind === "xui") return sub.ref.kind === "xui" && sub.ref.serverId === from.serverId;
  return sub.ref.kind === "panel" && sub.ref.locations.includes(from.location);
}

/** A panel location's inbound ids: from the subscription's plan, else any panel plan listing it. */
export function inboundsOf(catalog: Catalog, planId: string, location: string): string[] | undefined {
  const own = findPlan(catalog, planId);
  const plans = [...(own ? [own] : []), ...catalog.plans];
  for (const plan of plans) {
    if (plan.backend.kind !== "panel") continue;
    const at = plan.backend.locations.find((l) => l.node === location);
    if (at?.inbound_ids.length) return [...at.inbound_ids];
  }
  return undefined;
}

/**
 * Where the new client of `sub` goes on `to`, or why it cannot: an xui client under a fresh shop
 * name; a panel client keeps its name and UUID, `from`'s location swapped for `to`'s (with that
 * location's inbound ids), so the main panel's subscription URL stays the same.
 */
export function targetRef(
  catalog: Catalog,
  sub: Subscription,
  from: MoveEnd,
  to: MoveEnd,
): AccessRef | MoveSkip {
  if (to.kind === "xui") {
    if (sub.ref.kind !== "xui") return "not-on-source";
    return { kind: "xui", serverId: to.serverId, name: newShopClientName(sub.customerId) };
  }
  if (sub.ref.kind !== "panel" || from.kind !== "panel") return "not-on-source";
  // The main panel serves the combined subscription link: a move off it would change the link.
  if (from.location === MAIN_LOCATION) return "no-main";
  if (sub.ref.locations.includes(to.location)) return "already-there";
  const inbound = inboundsOf(catalog, sub.planId, to.location);
  if (!inbound) return "no-inbounds";
  const ref: PanelRef = {
    ...sub.ref,
    locations: sub.ref.locations.map((l) => (l === from.location ? to.location : l)),
    inbounds: { ...withoutKey(sub.ref.inbounds ?? {}, from.location), [to.location]: inbound },
  };
  return ref;
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

/** The part of an access that lives on `end` alone (what is made there, or removed from there). */
export function partOn(ref: AccessRef, end: MoveEnd): AccessRef {
  if (ref.kind !== "panel" || end.kind !== "panel") return ref;
  return {
    ...ref,
    locations: [end.location],
    inbounds: { [end.location]: ref.inbounds?.[end.location] ?? [] },
  };
}

/**
 * The plan a moved client is made under: the subscription's terms (devices, the traffic left),
 * and for a panel client the locations of its new ref with their inbound ids, so `ensure` finds
 * the locations it keeps and creates the new one. The main panel needs to be among several.
 */
export function planFor(item: MoveItem, sub: Subscription, catalog: Catalog): Plan {
  const own = findPlan(catalog, sub.planId);
  const base = {
    title: own?.title ?? { en: sub.planId, ru: sub.planId },
    days: own?.days ?? 30,
    price: own?.price ?? 1,
  };
  const common = { ...base, id: sub.planId, traffic_gb: item.trafficGb, devices: item.devices };
  const ref = item.to;
  if (ref.kind !== "panel") return { ...common, backend: { kind: "xui", servers: [] } };
  const locations = ref.locations.map((node) => ({ node, inbound_ids: ref.inbounds?.[node] ?? [] }));
  const channels = ref.channels?.filter(isChannel);
  return {
    ...common,
    backend: {
      kind: "panel",
      locations,
      ...(channels?.length ? { channels } : {}),
      ...(ref.wg !== undefined ? { wg: ref.wg } : {}),
    },
  };
}

function isChannel(c: string): c is PanelChannel {
  return (PANEL_CHANNELS as readonly string[]).includes(c);
}

/** The request a moved client is made with: its fixed name and UUID, the same term, the traffic left. */
export function requestFor(item: MoveItem): ProvisionRequest {
  const ref = item.to;
  const uuid = ref.kind === "xui" ? randomUUID() : (ref.uuid ?? randomUUID());
  return {
    name: ref.name,
    uuid,
    expiresAt: item.expiresAt,
    trafficGb: item.trafficGb,
    devices: item.devices,
  };
}

/** Several panel locations without `main` have no combined link: such a target is refused. */
export function keepsMainLink(ref: AccessRef): boolean {
  return ref.kind !== "panel" || ref.locations.length < 2 || ref.locations.includes(MAIN_LOCATION);
}

/**
 * What is left of the old client's allowance (GB, rounded up to 0.01, at least that: 0 would be
 * unlimited), 0 when it has no limit; `disabled` for a client an admin banned (a move would lift
 * the ban); undefined when the old client cannot be read for good (its server is gone): then
 * the record's allowance. What cannot be read now is thrown (the item is tried again).
 */
export async function trafficLeft(
  provisioner: Provisioner,
  ref: AccessRef,
): Promise<number | "disabled" | undefined> {
  try {
    const state = await provisioner.state(ref);
    if (!state.enabled) return "disabled";
    if (state.limitBytes === 0) return 0;
    const left = (state.limitBytes - state.usedBytes) / GB_BYTES;
    return Math.max(0.01, Math.ceil(Math.round(left * 1e6) / 1e4) / 100);
  } catch (err) {
    if (isHostingError(err, "not_found") || !mayHealOnRetry(err)) return undefined;
    throw err;
  }
}
