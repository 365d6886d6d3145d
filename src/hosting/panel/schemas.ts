import { z } from "zod";
import { slicedList } from "../sliced-list.js";
import type { PanelClient, PanelFederationNode, PanelInbound } from "./types.js";

/*
 * The Panel API's answers on the wire (snake_case), mapped to the types of types.ts at the edge.
 */

// ---------------------------------------------------------------------------------------
// Our choices where spec B (Endpoints; Resources and their fields) says "not shown"; the test
// fakes serve the same. Everything else follows the spec; change these when the real panel differs.
// ---------------------------------------------------------------------------------------

/** Response shapes the spec leaves open. Parsed leniently: unknown fields are ignored. */
const NOT_SHOWN = {
  /** `GET /api/inbounds` -> `{ ok, inbounds: [{ id, remark, protocol, port, network, clients_count }] }`. */
  inbound: z.looseObject({
    id: z.union([z.string(), z.number()]).transform(String),
    remark: z.string().nullish(),
    protocol: z.string().nullish(),
    port: z.number().nullish(),
    network: z.string().nullish(),
    clients_count: z.number().nullish(),
  }),
  /** `GET /api/fed/lagg` -> `{ ok, nodes: [{ node_id, name, url, online, clients_count }] }`. */
  federationNode: z.looseObject({
    node_id: z.union([z.string(), z.number()]).transform(String),
    name: z.string().nullish(),
    url: z.string().nullish(),
    online: z.boolean().nullish(),
    clients_count: z.number().nullish(),
  }),
  /** The client object also carries `name`, `inbound_ids`, `channels`, `wg` (beyond the spec's list). */
  clientExtra: {
    name: z.string().optional(),
    inbound_ids: z.array(z.union([z.string(), z.number()]).transform(String)).nullish(),
    channels: z.array(z.string()).nullish(),
    wg: z.boolean().nullish(),
  },
} as const;
// Also assumed (see client.ts):
// - list `{ ok, clients: [client] }`, get `{ ok, client }`, delete `{ ok: true }`;
// - `GET /api/fed/lproxy/{node_id}/clients` (a list) is NOT in the spec: used where a connected
//   panel serves it, in the list shape above; 404/405/501 there means "not served" (client.ts);
// - `/api/fed/lproxy/{node_id}/clients/{name}` takes the methods of the direct client
//   endpoints: GET reads, PATCH changes, DELETE deletes;
// - a create with no term makes a client without expiry (`expires_at` 0);
// - unknown inbound id or channel: 400; unknown node_id: 404; unreachable connected panel: 502.

// ---------------------------------------------------------------------------------------
// Response schemas
// ---------------------------------------------------------------------------------------

const num = z.number().nullish();

const rawClient = z.looseObject({
  uuid: z.string(),
  expires_at: z.number().nullable(),
  device_limit: num,
  devices_count: num,
  traffic_used_gb: num,
  traffic_limit_gb: num,
  subscription_url: z.string().nullish(),
  sub_url: z.string().nullish(),
  ...NOT_SHOWN.clientExtra,
});
type RawClient = z.output<typeof rawClient>;

export const clientEnvelope = z.looseObject({ client: rawClient });
export const listEnvelope = z.looseObject({ clients: slicedList(rawClient.extend({ name: z.string() })) });
export const inboundsEnvelope = z.looseObject({ inbounds: z.array(NOT_SHOWN.inbound) });
export const federationEnvelope = z.looseObject({ nodes: z.array(NOT_SHOWN.federationNode) });
export const okEnvelope = z.looseObject({});

export function toClient(raw: RawClient, fallbackName: string): PanelClient {
  return {
    name: raw.name ?? fallbackName,
    uuid: raw.uuid,
    expiresAt: raw.expires_at ?? 0,
    deviceLimit: raw.device_limit ?? 0,
    devicesCount: raw.devices_count ?? 0,
    trafficUsedGb: raw.traffic_used_gb ?? 0,
    trafficLimitGb: raw.traffic_limit_gb ?? 0,
    subscriptionUrl: raw.sub_url ?? raw.subscription_url ?? undefined,
    inboundIds: raw.inbound_ids ?? undefined,
    channels: raw.channels ?? undefined,
    wg: raw.wg ?? undefined,
  };
}

export const toInbound = (i: z.output<typeof NOT_SHOWN.inbound>): PanelInbound => ({
  id: i.id,
  remark: i.remark ?? undefined,
  protocol: i.protocol ?? undefined,
  port: i.port ?? undefined,
  network: i.network ?? undefined,
  clientsCount: i.clients_count ?? undefined,
});

export const toFederationNode = (n: z.output<typeof NOT_SHOWN.federationNode>): PanelFederationNode => ({
  nodeId: n.node_id,
  name: n.name ?? undefined,
  url: n.url ?? undefined,
  online: n.online ?? undefined,
  clientsCount: n.clients_count ?? undefined,
});
