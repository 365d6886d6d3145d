import { z } from "zod";
import { seg } from "../request.js";
import { slicedList } from "../sliced-list.js";
import type { NodeClient, NodeFederation, NodePeer, NodeStatus, NodeTraffic } from "./types.js";

/*
 * ─── Node API: the choices the spec leaves open ("not shown") ──────────────────────────
 * Everything below this banner up to the next one is our choice where spec C (Endpoints,
 * Resources and their fields) says "not shown"; the test fakes serve the same. Kept in this one
 * place so it is easy to change when the real node differs.
 *
 * - Paths use the `/api` prefix form (the node accepts both); `baseUrl` is the bare origin.
 * - Success bodies (spec: only GET /clients is shown):
 *     client calls        { ok, client }            (get, create, edit, rename; ban/unban may carry it)
 *     list                { ok, clients }
 *     keys                { ok, keys, count }       items not fixed -> unknown[]
 *     logs                { ok, logs, count }       items not fixed -> unknown[]
 *     node name           { ok, node_name }
 *     peers / one peer    { ok, peers } / { ok, peer }   peer = { name, url }
 *     nodes               { ok, nodes, peers }      nodes items not fixed -> unknown[]
 *     nodes/health        not fixed at all          -> the whole body as a record
 *     federation          { ok, federation }        federation = { api_url, token } or null
 *     backups / backup    { ok, backups } / { ok, backup }   items not fixed -> unknown
 *     traffic             { ok, traffic: [{ name, up_bytes, down_bytes }] }
 *     status              { ok, node_name, domain, ports: { api, sub, ws, reality },
 *                           clients: { total, active, banned }, peers, federation }
 *     health, cdn-xhttp   not fixed                 -> the whole body as a record
 *     delete, unban, ...  { ok: true } is enough
 * - Client names: 1..64 characters of [A-Za-z0-9_.@-].
 * - Client fields beyond the spec (`banned`, `status`, `ban_reason`) are read when present.
 * - The CDN-XHTTP request body is not shown: passed through as given.
 */

/** Endpoint paths below `<baseUrl>/api`. */
export const PATHS = {
  health: "/health",
  status: "/status",
  clients: "/clients",
  client: (name: string) => `/clients/${seg(name)}`,
  create: "/create",
  edit: "/edit",
  ban: (name: string) => `/clients/${seg(name)}/ban`,
  unban: (name: string) => `/clients/${seg(name)}/unban`,
  keys: "/keys",
  logs: "/logs",
  node: "/node",
  peers: "/peers",
  peer: (name: string) => `/peers/${seg(name)}`,
  nodes: "/nodes",
  nodesHealth: "/nodes/health",
  federation: "/federation",
  backups: "/backups",
  traffic: "/traffic",
  cdnXhttp: "/server/cdn-xhttp",
} as const;

/** Assumed client name rule (spec C leaves it open). */
export const NAME_RE = /^[A-Za-z0-9_.@-]{1,64}$/;

const okTrue = { ok: z.literal(true) };
const optionalNumber = z
  .number()
  .nullish()
  .transform((v) => v ?? undefined);
const optionalString = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);
const optionalBoolean = z
  .boolean()
  .nullish()
  .transform((v) => v ?? undefined);

const clientWire = z.looseObject({
  name: z.string(),
  uuid: z.string(),
  expires_at: z.number(),
  left_days: z.number(),
  link: z.string(),
  traffic_limit_gb: optionalNumber,
  device_limit: optionalNumber,
  banned: optionalBoolean,
  status: optionalString,
  ban_reason: optionalString,
});
const peerWire = z.looseObject({ name: z.string(), url: z.string() });
const federationWire = z.looseObject({ api_url: optionalString, token: optionalString }).nullish();
const trafficWire = z.looseObject({ name: z.string(), up_bytes: z.number(), down_bytes: z.number() });
const statusWire = z.looseObject({
  ...okTrue,
  node_name: z.string(),
  domain: optionalString,
  ports: z
    .looseObject({ api: optionalNumber, sub: optionalNumber, ws: optionalNumber, reality: optionalNumber })
    .nullish(),
  clients: z.looseObject({ total: z.number(), active: z.number(), banned: z.number() }),
  peers: z.unknown(),
  federation: z.unknown(),
});
/** Any `{ ok: true, ... }` body whose other fields are not fixed. */
export const anyOk = z.looseObject(okTrue);

/** The success bodies, one per answer. */
export const bodies = {
  client: z.looseObject({ ...okTrue, client: clientWire }),
  maybeClient: z.looseObject({ ...okTrue, client: clientWire.optional() }),
  clients: z.looseObject({ ...okTrue, clients: slicedList(clientWire) }),
  keys: z.looseObject({ ...okTrue, keys: z.array(z.unknown()), count: z.number() }),
  logs: z.looseObject({ ...okTrue, logs: z.array(z.unknown()), count: z.number() }),
  nodeName: z.looseObject({ ...okTrue, node_name: z.string() }),
  renamedNode: z.looseObject({ ...okTrue, node_name: optionalString }),
  peers: z.looseObject({ ...okTrue, peers: z.array(peerWire) }),
  addedPeer: z.looseObject({ ...okTrue, peer: peerWire.optional() }),
  nodes: z.looseObject({ ...okTrue, nodes: z.array(z.unknown()), peers: z.array(peerWire).nullish() }),
  federation: z.looseObject({ ...okTrue, federation: federationWire }),
  backups: z.looseObject({ ...okTrue, backups: z.array(z.unknown()) }),
  backup: z.looseObject({ ...okTrue, backup: z.unknown() }),
  traffic: z.looseObject({ ...okTrue, traffic: slicedList(trafficWire) }),
  status: statusWire,
} as const;
// ─── end of the "not shown" choices ────────────────────────────────────────────────────

export function toClient(w: z.output<typeof clientWire>): NodeClient {
  const c: NodeClient = {
    name: w.name,
    uuid: w.uuid,
    expiresAt: w.expires_at,
    leftDays: w.left_days,
    link: w.link,
  };
  if (w.traffic_limit_gb !== undefined) c.trafficLimitGb = w.traffic_limit_gb;
  if (w.device_limit !== undefined) c.deviceLimit = w.device_limit;
  if (w.banned !== undefined) c.banned = w.banned;
  if (w.status !== undefined) c.status = w.status;
  if (w.ban_reason !== undefined) c.banReason = w.ban_reason;
  return c;
}

export function toFederation(w: z.output<typeof federationWire>): NodeFederation | null {
  if (!w) return null;
  const f: NodeFederation = {};
  if (w.api_url !== undefined) f.apiUrl = w.api_url;
  if (w.token !== undefined) f.token = w.token;
  return f;
}

export const toPeer = (w: z.output<typeof peerWire>): NodePeer => ({ name: w.name, url: w.url });

/** Strips `ok` from a loosely parsed body. */
export function rest(body: Record<string, unknown>): Record<string, unknown> {
  const { ok: _ok, ...others } = body;
  return others;
}

export function toStatus(w: z.output<typeof statusWire>): NodeStatus {
  const ports: NodeStatus["ports"] = {};
  for (const key of ["api", "sub", "ws", "reality"] as const) {
    const v = w.ports?.[key];
    if (v !== undefined) ports[key] = v;
  }
  const s: NodeStatus = {
    nodeName: w.node_name,
    ports,
    clients: { total: w.clients.total, active: w.clients.active, banned: w.clients.banned },
    peers: w.peers,
    federation: w.federation,
  };
  if (w.domain !== undefined) s.domain = w.domain;
  return s;
}

export const toTraffic = (w: z.output<typeof trafficWire>): NodeTraffic => ({
  name: w.name,
  upBytes: w.up_bytes,
  downBytes: w.down_bytes,
});
