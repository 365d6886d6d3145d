import { z } from "zod";
import { slicedList } from "../sliced-list.js";
import {
  type Account,
  type CreatedXuiClient,
  type Inbound,
  POWER_ACTIONS,
  type RegenerateResult,
  type RemnanodeConfig,
  type Server,
  type ServerStats,
  type XuiClient,
  type XuiClientDetails,
  type XuiClientList,
  type XuiConfig,
} from "./types.js";

/*
 * The Account API on the wire: its endpoints and the snake_case answers, mapped to the types of
 * types.ts at the edge. Where spec A (Endpoints; Resources and their fields) says "not shown",
 * the choice made here is ours and the test fakes serve the same; change it here if the real
 * service differs.
 */

/**
 * Every Account API endpoint, relative to `{base_url}/api/v1`, in one place. Entries marked
 * ASSUMED are "not shown" in spec A, Endpoints.
 * `{id}` is a server id, `{email}` an xui user's name; both are percent-encoded when filled in.
 */
export const ACCOUNT_ENDPOINTS = {
  issueToken: { method: "POST", path: "/auth/token" },
  account: { method: "GET", path: "/account" }, // ASSUMED path
  servers: { method: "GET", path: "/servers" },
  server: { method: "GET", path: "/servers/{id}" }, // ASSUMED path
  config: { method: "GET", path: "/servers/{id}/config" },
  regenerate: { method: "POST", path: "/servers/{id}/config/regenerate" },
  stats: { method: "GET", path: "/servers/{id}/stats" }, // ASSUMED path
  power: { method: "POST", path: "/servers/{id}/power" },
  xrayUpdate: { method: "POST", path: "/servers/{id}/xray-update" },
  extend: { method: "POST", path: "/servers/{id}/extend" }, // ASSUMED method and path
  createClient: { method: "POST", path: "/servers/{id}/clients" },
  getClient: { method: "GET", path: "/servers/{id}/clients/{email}" },
  updateClient: { method: "PATCH", path: "/servers/{id}/clients/{email}" },
  deleteClient: { method: "DELETE", path: "/servers/{id}/clients/{email}" },
  listClients: { method: "GET", path: "/servers/{id}/clients" }, // ASSUMED method and path
  inbounds: { method: "GET", path: "/servers/{id}/inbounds" }, // ASSUMED method and path
} as const satisfies Record<string, { method: "GET" | "POST" | "PATCH" | "DELETE"; path: string }>;

export type EndpointName = keyof typeof ACCOUNT_ENDPOINTS;

// ---------------------------------------------------------------------------------------------
// Wire schemas (snake_case) mapped to the domain types at the edge
// ---------------------------------------------------------------------------------------------

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Reads `YYYY-MM-DD HH:MM:SS` as UTC; undefined when the text is not such a moment. */
export function parseExpirationDate(text: string): Date | undefined {
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Date.UTC rolls over (month 13, day 32); such a text is not a real moment.
  const same =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s;
  return same ? date : undefined;
}

const expirationDate = z
  .string()
  .refine((s) => parseExpirationDate(s) !== undefined, "expected YYYY-MM-DD HH:MM:SS");

const expiryMs = (ms: number): Date | null => (ms > 0 ? new Date(ms) : null);

const serverWire = z
  .object({
    id: z.int().positive(),
    name: z.string(),
    tariff_id: z.string(),
    tariff_name: z.string(),
    // Lenient: a status the spec does not list must not hide the server (or the whole list).
    status: z.string(),
    days_left: z.int(),
    expiration_date: expirationDate,
    cpu: z.int(),
    memory: z.int(),
    disk: z.int(),
    vpn_bs_enabled: z.boolean(),
    xui_enabled: z.boolean(),
    remnanode_enabled: z.boolean(),
  })
  .transform(
    (s): Server => ({
      id: s.id,
      name: s.name,
      tariffId: s.tariff_id,
      tariffName: s.tariff_name,
      status: s.status,
      daysLeft: s.days_left,
      expirationDate: s.expiration_date,
      expiresAt: parseExpirationDate(s.expiration_date) as Date,
      cpu: s.cpu,
      memory: s.memory,
      disk: s.disk,
      vpnBsEnabled: s.vpn_bs_enabled,
      xuiEnabled: s.xui_enabled,
      remnanodeEnabled: s.remnanode_enabled,
      kind: s.xui_enabled ? "xui" : s.remnanode_enabled ? "remnanode" : "other",
    }),
  );

export const tokenWire = z.object({ key: z.string().min(1), prefix: z.string() });

export const accountWire = z.object({
  account: z
    .object({ tgid: z.int(), username: z.string(), balance: z.number(), servers_total: z.int() })
    .transform(
      (a): Account => ({
        tgid: a.tgid,
        username: a.username,
        balance: a.balance,
        serversTotal: a.servers_total,
      }),
    ),
});

export const serversWire = z.object({ servers: z.array(serverWire) });
export const serverOneWire = z.object({ server: serverWire });

const profile = z.record(z.string(), z.unknown());

/**
 * The config and regenerate answers differ by server type but share no type field we can rely on
 * everywhere, so the branch is picked by a marker added before parsing (`kind` where the service
 * sends one, else the shape); zod then reports the missing field of the right branch, not a
 * generic "invalid input" of a union.
 */
const BRANCH = "__branch";
const branchBy =
  (pick: (body: Record<string, unknown>) => string) =>
  (body: unknown): unknown =>
    typeof body === "object" && body !== null && !Array.isArray(body)
      ? { ...body, [BRANCH]: pick(body as Record<string, unknown>) }
      : body;

export const configWire = z.preprocess(
  branchBy((b) => (b.kind === "xui" || "panel_url" in b ? "xui" : "remnanode")),
  z.discriminatedUnion(BRANCH, [
    z
      .object({
        [BRANCH]: z.literal("xui"),
        manual_client: z.boolean(),
        panel_url: z.string(),
        username: z.string(),
        password: z.string(),
        web_path: z.string(),
        node_address: z.string(),
      })
      .transform(
        (c): XuiConfig => ({
          kind: "xui",
          manualClient: c.manual_client,
          panelUrl: c.panel_url,
          username: c.username,
          password: c.password,
          webPath: c.web_path,
          nodeAddress: c.node_address,
        }),
      ),
    // A remnanode answer is the profile itself beside `ok`: keep every key but `ok`.
    z
      .looseObject({ [BRANCH]: z.literal("remnanode"), inbounds: z.array(z.unknown()) })
      .transform((c): RemnanodeConfig => {
        const { ok: _ok, [BRANCH]: _branch, ...profile } = c as Record<string, unknown>;
        return { kind: "remnanode", profile };
      }),
  ]),
);

export const regenerateWire = z.preprocess(
  branchBy((b) => (b.kind === "remnanode" || (b.kind === undefined && "profile" in b) ? "remnanode" : "xui")),
  z.discriminatedUnion(BRANCH, [
    z
      .object({ [BRANCH]: z.literal("remnanode"), regenerated: z.boolean(), profile })
      .transform(
        (r): RegenerateResult => ({ kind: "remnanode", regenerated: r.regenerated, profile: r.profile }),
      ),
    z
      .object({
        [BRANCH]: z.literal("xui"),
        kind: z.literal("xui").optional(),
        regenerated: z.boolean().default(true),
        inbound_id: z.int().optional(),
      })
      .transform(
        (r): RegenerateResult => ({ kind: "xui", regenerated: r.regenerated, inboundId: r.inbound_id }),
      ),
  ]),
);

export const statsWire = z
  .object({
    state: z.enum(["running", "offline"]),
    cpu_load: z.number(),
    ram_load: z.number(),
    uptime: z.number().nonnegative(),
  })
  .transform(
    (s): ServerStats => ({
      state: s.state,
      cpuLoad: s.cpu_load,
      ramLoad: s.ram_load,
      uptimeSeconds: s.uptime,
    }),
  );

export const powerWire = z.object({
  action: z.enum(POWER_ACTIONS).optional(),
  state: z.enum(["running", "offline"]).optional(),
});

export const xrayWire = z.object({ version: z.string().optional() });

export const extendWire = z.object({ message: z.string(), balance: z.number(), server: serverWire });

const xuiClientWire = z
  .object({
    email: z.string(),
    uuid: z.string(),
    sub_id: z.string(),
    enable: z.boolean(),
    total_gb: z.number(),
    expiry_ms: z.int(),
    up_bytes: z.int(),
    down_bytes: z.int(),
  })
  .transform(
    (c): XuiClient => ({
      email: c.email,
      uuid: c.uuid,
      subId: c.sub_id,
      enable: c.enable,
      totalGb: c.total_gb,
      expiryMs: c.expiry_ms,
      expiresAt: expiryMs(c.expiry_ms),
      upBytes: c.up_bytes,
      downBytes: c.down_bytes,
    }),
  );

export const clientDetailsWire = z.object({
  client: z
    .object({
      email: z.string(),
      uuid: z.string().optional(),
      sub_id: z.string().optional(),
      enable: z.boolean().optional(),
      status: z.enum(["active", "disabled", "expired", "depleted"]),
      total_gb: z.number(),
      expiry_ms: z.int(),
      days_left: z.int().optional(),
      up_bytes: z.int(),
      down_bytes: z.int(),
    })
    .transform(
      (c): XuiClientDetails => ({
        email: c.email,
        uuid: c.uuid,
        subId: c.sub_id,
        enable: c.enable,
        status: c.status,
        totalGb: c.total_gb,
        expiryMs: c.expiry_ms,
        expiresAt: expiryMs(c.expiry_ms),
        daysLeft: c.days_left,
        upBytes: c.up_bytes,
        downBytes: c.down_bytes,
      }),
    ),
});

export const createdClientWire = z.object({
  client: z
    .object({
      email: z.string().min(1),
      uuid: z.string(),
      sub_id: z.string(),
      link: z.string(),
      sub_links: z.array(z.string()),
      total_gb: z.number(),
      expiry_days: z.int(),
    })
    .transform(
      (c): CreatedXuiClient => ({
        email: c.email,
        uuid: c.uuid,
        subId: c.sub_id,
        link: c.link,
        subLinks: c.sub_links,
        totalGb: c.total_gb,
        expiryDays: c.expiry_days,
      }),
    ),
});

// The PATCH answer is "not shown"; we expect `client` but accept its absence.
export const updatedClientWire = z.object({ client: xuiClientWire.optional() });
export const deletedWire = z.object({});

export const clientListWire = z
  .object({ inbound_id: z.int(), count: z.int(), clients: slicedList(xuiClientWire) })
  .transform((l): XuiClientList => ({ inboundId: l.inbound_id, count: l.count, clients: l.clients }));

export const inboundsWire = z.object({
  inbounds: z.array(
    z
      .object({
        id: z.int(),
        remark: z.string(),
        port: z.int(),
        protocol: z.string(),
        network: z.string().optional(),
        path: z.string().optional(),
        clients_count: z.int().optional(),
      })
      .transform(
        (i): Inbound => ({
          id: i.id,
          remark: i.remark,
          port: i.port,
          protocol: i.protocol,
          network: i.network,
          path: i.path,
          clientsCount: i.clients_count,
        }),
      ),
  ),
});
