import { z } from "zod";
import { HostingInputError } from "./errors.js";
import { type CallObservation, HostingHttp, type RetryPolicy, seg } from "./request.js";

/**
 * Every Account API endpoint, relative to `{base_url}/api/v1`, in one place.
 * Entries marked ASSUMED are "not shown" in hosting-apis.md; the choice is documented in
 * /work/shared/spec/not-shown.md (Account API). Change them here if the real service differs.
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

type EndpointName = keyof typeof ACCOUNT_ENDPOINTS;

/** Proxy-core versions the xray-update endpoint accepts (spec "Limits"). */
export const XRAY_VERSIONS = ["26.6.27", "26.7.28", "26.7.11"] as const;
export type XrayVersion = (typeof XRAY_VERSIONS)[number];
/** Installed when xray-update is called without a body. */
export const DEFAULT_XRAY_VERSION: XrayVersion = "26.6.27";

export const POWER_ACTIONS = ["start", "stop", "restart"] as const;
export type PowerAction = (typeof POWER_ACTIONS)[number];

export const SERVER_STATUSES = ["active", "expired", "suspended"] as const;
export type ServerStatus = (typeof SERVER_STATUSES)[number];

/** Whether a server's status is one the spec lists (others are shown as sent). */
export function isKnownServerStatus(status: string): status is ServerStatus {
  return (SERVER_STATUSES as readonly string[]).includes(status);
}

/** Live state from the stats endpoint. */
export type ServerState = "running" | "offline";
/** Which management model a server follows, from its `xui_enabled` / `remnanode_enabled` flags. */
export type ServerKind = "xui" | "remnanode" | "other";
export type XuiClientStatus = "active" | "disabled" | "expired" | "depleted";

// ---------------------------------------------------------------------------------------------
// Domain types (camelCase)
// ---------------------------------------------------------------------------------------------

export interface IssuedKey {
  /** The full key; the service shows it only once. */
  key: string;
  /** Leading portion of the key, safe to display and log. */
  prefix: string;
}

export interface Account {
  tgid: number;
  username: string;
  balance: number;
  serversTotal: number;
}

export interface Server {
  id: number;
  name: string;
  tariffId: string;
  tariffName: string;
  /** One of `SERVER_STATUSES` per the spec; any other value is kept as sent (never a parse error). */
  status: ServerStatus | (string & {});
  daysLeft: number;
  /** As sent: `YYYY-MM-DD HH:MM:SS`. */
  expirationDate: string;
  /** `expirationDate` read as UTC. */
  expiresAt: Date;
  cpu: number;
  memory: number;
  disk: number;
  vpnBsEnabled: boolean;
  xuiEnabled: boolean;
  remnanodeEnabled: boolean;
  kind: ServerKind;
}

export interface XuiConfig {
  kind: "xui";
  manualClient: boolean;
  panelUrl: string;
  username: string;
  password: string;
  webPath: string;
  nodeAddress: string;
}

export interface RemnanodeConfig {
  kind: "remnanode";
  /** The proxy-core profile (`log`, `inbounds`, `outbounds`, ...); its inbounds carry empty `clients`. */
  profile: Record<string, unknown>;
}

export type ServerConfig = XuiConfig | RemnanodeConfig;

export type RegenerateResult =
  | { kind: "xui"; regenerated: boolean; inboundId: number | undefined }
  | { kind: "remnanode"; regenerated: boolean; profile: Record<string, unknown> };

export interface ServerStats {
  state: ServerState;
  /** Percent. */
  cpuLoad: number;
  /** Percent. */
  ramLoad: number;
  uptimeSeconds: number;
}

export interface PowerResult {
  action: PowerAction;
  /** The state after the action, when the service reports it. */
  state: ServerState | undefined;
}

export interface XrayUpdateResult {
  version: string;
}

export interface ExtendResult {
  message: string;
  /** Account balance after the charge. */
  balance: number;
  server: Server;
}

/** An xui user as listed (`/clients` list item). */
export interface XuiClient {
  /** The user's name (the panel's email field); used as `{email}` in paths. */
  email: string;
  uuid: string;
  subId: string;
  /** false = disabled (banned). */
  enable: boolean;
  /** GB; 0 = unlimited. */
  totalGb: number;
  /** Unix ms; 0 = no expiry. */
  expiryMs: number;
  /** `expiryMs` as a Date; null = no expiry. */
  expiresAt: Date | null;
  upBytes: number;
  downBytes: number;
}

/** One xui user as returned by the single-user view. */
export interface XuiClientDetails {
  email: string;
  uuid: string | undefined;
  subId: string | undefined;
  enable: boolean | undefined;
  status: XuiClientStatus;
  totalGb: number;
  expiryMs: number;
  expiresAt: Date | null;
  daysLeft: number | undefined;
  upBytes: number;
  downBytes: number;
}

export interface CreatedXuiClient {
  /** The name to use from now on: the service replaces an empty or taken name silently. */
  email: string;
  uuid: string;
  subId: string;
  /** VLESS link with working bypass. */
  link: string;
  subLinks: string[];
  totalGb: number;
  expiryDays: number;
}

export interface XuiClientList {
  inboundId: number;
  count: number;
  clients: XuiClient[];
}

export interface Inbound {
  id: number;
  remark: string;
  port: number;
  protocol: string;
  network: string | undefined;
  path: string | undefined;
  clientsCount: number | undefined;
}

export interface IssueTokenInput {
  /** Login or e-mail. */
  login: string;
  password: string;
  /** Six-digit TOTP code, required when TOTP-2FA is on. */
  code?: string;
  /** Label shown in the cabinet's key list. */
  name?: string;
}

export interface CreateClientInput {
  /** Empty or taken: the service generates a name (read it from the answer). */
  name?: string;
  /** Traffic limit in GB; 0 = unlimited. */
  gb?: number;
  /** Term in days from now; 0 = no expiry. */
  days?: number;
}

export interface UpdateClientInput {
  /** New traffic limit in GB; 0 = unlimited. */
  gb?: number;
  /** New term in days counted from now (not added to the remaining term); 0 = no expiry. */
  days?: number;
  /** false disables (bans) the user, true enables it. */
  enable?: boolean;
}

export interface AccountApiOptions {
  /** The service's `{base_url}`; `/api/v1` is appended. */
  baseUrl: string;
  /** The account API key, read per call. */
  apiKey: () => string | undefined | Promise<string | undefined>;
  timeoutMs?: number;
  retry?: RetryPolicy;
  observe?: (call: CallObservation) => void;
}

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

const tokenWire = z.object({ key: z.string().min(1), prefix: z.string() });

const accountWire = z.object({
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

const serversWire = z.object({ servers: z.array(serverWire) });
const serverOneWire = z.object({ server: serverWire });

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

const configWire = z.preprocess(
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

const regenerateWire = z.preprocess(
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

const statsWire = z
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

const powerWire = z.object({
  action: z.enum(POWER_ACTIONS).optional(),
  state: z.enum(["running", "offline"]).optional(),
});

const xrayWire = z.object({ version: z.string().optional() });

const extendWire = z.object({ message: z.string(), balance: z.number(), server: serverWire });

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

const clientDetailsWire = z.object({
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

const createdClientWire = z.object({
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
const updatedClientWire = z.object({ client: xuiClientWire.optional() });
const deletedWire = z.object({});

const clientListWire = z
  .object({ inbound_id: z.int(), count: z.int(), clients: z.array(xuiClientWire) })
  .transform((l): XuiClientList => ({ inboundId: l.inbound_id, count: l.count, clients: l.clients }));

const inboundsWire = z.object({
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

// ---------------------------------------------------------------------------------------------
// Input checks: refuse before sending, with HostingInputError
// ---------------------------------------------------------------------------------------------

function checkServerId(id: unknown): number {
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) {
    throw new HostingInputError("id", "server id must be a positive integer");
  }
  return id;
}

function checkText(field: string, value: unknown): string {
  if (typeof value !== "string" || value.trim().length === 0) {
    throw new HostingInputError(field, "must be a non-empty string");
  }
  return value;
}

function checkGb(gb: unknown): number | undefined {
  if (gb === undefined) return undefined;
  if (typeof gb !== "number" || !Number.isFinite(gb) || gb < 0) {
    throw new HostingInputError("gb", "must be a finite number >= 0 (0 = unlimited)");
  }
  return gb;
}

function checkDays(days: unknown): number | undefined {
  if (days === undefined) return undefined;
  if (typeof days !== "number" || !Number.isSafeInteger(days) || days < 0) {
    throw new HostingInputError("days", "must be an integer >= 0 (0 = no expiry)");
  }
  return days;
}

function checkOneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw new HostingInputError(field, `must be one of ${allowed.join(", ")}`);
  }
  return value as T;
}

// ---------------------------------------------------------------------------------------------
// The client
// ---------------------------------------------------------------------------------------------

interface Params {
  id?: number;
  email?: string;
}

interface CallOptions<S extends z.ZodType> {
  schema: S;
  body?: unknown;
  /** Only set for calls the spec calls idempotent; GETs are retried by HostingHttp anyway. */
  idempotent?: boolean;
  auth?: boolean;
}

/**
 * Typed client of the hosting Account API (`{base_url}/api/v1`): account, servers, configs,
 * stats, power, core version, extension from the balance and xui users. One API key = one account.
 */
export class AccountApi {
  private readonly http: HostingHttp;

  constructor(private readonly options: AccountApiOptions) {
    this.http = new HostingHttp({
      api: "account",
      baseUrl: `${options.baseUrl.replace(/\/+$/, "")}/api/v1`,
      credential: options.apiKey,
      timeoutMs: options.timeoutMs,
      retry: options.retry,
      observe: options.observe,
    });
  }

  /** The same client with another key: checks a pasted key before it is saved. */
  withKey(key: string): AccountApi {
    return new AccountApi({ ...this.options, apiKey: () => key });
  }

  /**
   * Trades login and password (plus the TOTP code when TOTP-2FA is on) for a new API key, so a
   * reseller can link the bot without copying a key by hand. Sent without auth and never retried
   * (a retry could mint a second key). Accounts with e-mail/messenger 2FA get 403.
   */
  async issueToken(input: IssueTokenInput): Promise<IssuedKey> {
    const login = checkText("login", input.login);
    const password = checkText("password", input.password);
    if (input.code !== undefined && (typeof input.code !== "string" || !/^\d{6}$/.test(input.code))) {
      throw new HostingInputError("code", "TOTP code must be 6 digits");
    }
    if (input.name !== undefined && typeof input.name !== "string") {
      throw new HostingInputError("name", "must be a string");
    }
    const body = { login, password, code: input.code, name: input.name };
    return this.call("issueToken", {}, { schema: tokenWire, body, auth: false });
  }

  /** The account behind the key: messenger id, nickname, balance and number of servers. */
  async account(): Promise<Account> {
    return (await this.call("account", {}, { schema: accountWire })).account;
  }

  /** All servers of the account (sensitive panel data excluded; see `config`). */
  async servers(): Promise<Server[]> {
    return (await this.call("servers", {}, { schema: serversWire })).servers;
  }

  /** One server of the account; 404 when it does not exist or belongs to another account. */
  async server(id: number): Promise<Server> {
    return (await this.call("server", { id: checkServerId(id) }, { schema: serverOneWire })).server;
  }

  /**
   * What a customer needs to use the server: panel access for xui, or the config profile for
   * remnanode (to load into the customer's own panel). Idempotent. 402 without LTE access,
   * 403 when the account has no e-mail or nickname linked.
   */
  async config(id: number): Promise<ServerConfig> {
    return this.call("config", { id: checkServerId(id) }, { schema: configWire, idempotent: true });
  }

  /**
   * Replaces the server's config: xui gets a new inbound (users of the old one stop working),
   * remnanode gets new reality keys and a new profile (old keys become invalid). Not retried.
   */
  async regenerate(id: number): Promise<RegenerateResult> {
    return this.call("regenerate", { id: checkServerId(id) }, { schema: regenerateWire });
  }

  /** Live state, CPU and RAM load (percent) and uptime, e.g. for a status screen. */
  async stats(id: number): Promise<ServerStats> {
    return this.call("stats", { id: checkServerId(id) }, { schema: statsWire });
  }

  /** Starts, stops or restarts the server. Not retried: a repeated restart is a second restart. */
  async power(id: number, action: PowerAction): Promise<PowerResult> {
    const checked = checkOneOf("action", action, POWER_ACTIONS);
    const res = await this.call(
      "power",
      { id: checkServerId(id) },
      { schema: powerWire, body: { action: checked } },
    );
    return { action: res.action ?? checked, state: res.state };
  }

  /**
   * Switches the server's proxy core to one of `XRAY_VERSIONS`; without `version` no body is
   * sent and the service installs `DEFAULT_XRAY_VERSION`. 503 = server not running (wait ~30 s),
   * 409 = no core-pin block, 502 = server files unreadable/unwritable. Not retried.
   */
  async xrayUpdate(id: number, version?: XrayVersion): Promise<XrayUpdateResult> {
    const checkedId = checkServerId(id);
    const body =
      version === undefined ? undefined : { version: checkOneOf("version", version, XRAY_VERSIONS) };
    const res = await this.call("xrayUpdate", { id: checkedId }, { schema: xrayWire, body });
    return { version: res.version ?? version ?? DEFAULT_XRAY_VERSION };
  }

  /**
   * Extends the server by 30 days, charged to the account balance (the only way to pay through
   * the API). 400 on insufficient balance, nothing charged. Never retried: it spends money.
   */
  async extend(id: number): Promise<ExtendResult> {
    return this.call("extend", { id: checkServerId(id) }, { schema: extendWire });
  }

  /**
   * Creates an xui user and returns its ready VLESS link and subscription links. `days` is a term
   * from now (0 = no expiry), `gb` a traffic limit (0 = unlimited). An empty or taken `name` is
   * replaced silently: use the returned `email` from then on. Not retried (could create twice).
   */
  async createClient(id: number, input: CreateClientInput = {}): Promise<CreatedXuiClient> {
    const checkedId = checkServerId(id);
    if (input.name !== undefined && typeof input.name !== "string") {
      throw new HostingInputError("name", "must be a string");
    }
    const body = { name: input.name, gb: checkGb(input.gb), days: checkDays(input.days) };
    return (await this.call("createClient", { id: checkedId }, { schema: createdClientWire, body })).client;
  }

  /** One xui user: status (active/disabled/expired/depleted), limit, term and used traffic. */
  async getClient(id: number, email: string): Promise<XuiClientDetails> {
    const params = { id: checkServerId(id), email: checkText("email", email) };
    return (await this.call("getClient", params, { schema: clientDetailsWire })).client;
  }

  /**
   * Changes an xui user: `gb` new limit (0 = unlimited); `days` a NEW term counted from now, not
   * added to the remaining one (0 = no expiry); `enable` false bans, true unbans. Returns the
   * user when the service sends it back.
   */
  async updateClient(id: number, email: string, input: UpdateClientInput): Promise<XuiClient | undefined> {
    const params = { id: checkServerId(id), email: checkText("email", email) };
    const gb = checkGb(input.gb);
    const days = checkDays(input.days);
    if (input.enable !== undefined && typeof input.enable !== "boolean") {
      throw new HostingInputError("enable", "must be a boolean");
    }
    if (gb === undefined && days === undefined && input.enable === undefined) {
      throw new HostingInputError("input", "give at least one of gb, days, enable");
    }
    const body = { gb, days, enable: input.enable };
    return (await this.call("updateClient", params, { schema: updatedClientWire, body })).client;
  }

  /** Removes an xui user from the inbound; its link stops working. */
  async deleteClient(id: number, email: string): Promise<void> {
    const params = { id: checkServerId(id), email: checkText("email", email) };
    await this.call("deleteClient", params, { schema: deletedWire });
  }

  /** All xui users of the server's inbound with their usage. 400 on a remnanode server. */
  async listClients(id: number): Promise<XuiClientList> {
    return this.call("listClients", { id: checkServerId(id) }, { schema: clientListWire });
  }

  /** Inbounds of the server's xui panel with their client counts. */
  async inbounds(id: number): Promise<Inbound[]> {
    return (await this.call("inbounds", { id: checkServerId(id) }, { schema: inboundsWire })).inbounds;
  }

  private call<S extends z.ZodType>(name: EndpointName, params: Params, options: CallOptions<S>) {
    const { method, path } = ACCOUNT_ENDPOINTS[name];
    const filled = path
      .replace("{id}", params.id === undefined ? "" : seg(params.id))
      .replace("{email}", params.email === undefined ? "" : seg(params.email));
    return this.http.call({
      method,
      path: filled,
      endpoint: `${method} ${path}`,
      schema: options.schema,
      body: options.body,
      idempotent: options.idempotent ?? false,
      auth: options.auth ?? true,
    });
  }
}
