import type { CallObservation, RetryPolicy } from "../request.js";

/*
 * The Account API's values and answers as the client hands them out (camelCase), and the
 * inputs it takes. The wire forms (snake_case) and their mapping are in schemas.ts.
 */

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
