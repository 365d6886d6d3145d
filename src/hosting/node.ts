import { X509Certificate } from "node:crypto";
import { isIP } from "node:net";
import { TLSSocket, connect as tlsConnect } from "node:tls";
import { Agent, buildConnector } from "undici";
import { z } from "zod";
import { HostingInputError } from "./errors.js";
import { type CallObservation, HostingHttp, type RetryPolicy, seg } from "./request.js";

/*
 * ─── Node API: the choices the spec leaves open ("not shown") ──────────────────────────
 * Everything below this banner up to the next one is an assumption from
 * /work/shared/spec/not-shown.md, kept here so it is easy to change when the real node differs.
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
const PATHS = {
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

/** Assumed client name rule (not-shown.md). */
const NAME_RE = /^[A-Za-z0-9_.@-]{1,64}$/;
export const NODE_LOGS_DEFAULT = 100;
export const NODE_LOGS_MAX = 1000;

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
const anyOk = z.looseObject(okTrue);
// ─── end of the "not shown" choices ────────────────────────────────────────────────────

/** A client of the node, camelCased from the wire. */
export interface NodeClient {
  name: string;
  uuid: string;
  /** Expiry as a Unix timestamp in seconds. */
  expiresAt: number;
  leftDays: number;
  /** VLESS link. */
  link: string;
  trafficLimitGb?: number;
  deviceLimit?: number;
  banned?: boolean;
  status?: string;
  banReason?: string;
}

export interface NodePeer {
  name: string;
  /** Contains the literal `{uuid}` placeholder. */
  url: string;
}

export interface NodeFederation {
  /** Master API address including `/api`. */
  apiUrl?: string;
  token?: string;
}

export interface NodeTraffic {
  name: string;
  upBytes: number;
  downBytes: number;
}

export interface NodeStatus {
  nodeName: string;
  domain?: string;
  ports: { api?: number; sub?: number; ws?: number; reality?: number };
  clients: { total: number; active: number; banned: number };
  /** Shape not fixed by the spec. */
  peers: unknown;
  /** Shape not fixed by the spec. */
  federation: unknown;
}

export interface NodeKeys {
  keys: unknown[];
  count: number;
}

export interface NodeLogs {
  logs: unknown[];
  count: number;
}

export interface NodeRegistry {
  nodes: unknown[];
  peers: NodePeer[];
}

export interface CreateNodeClientInput {
  name: string;
  /** Term in days from now, integer >= 1. */
  days: number;
  /** GB, >= 0. */
  trafficLimitGb?: number;
  /** Integer >= 0. */
  deviceLimit?: number;
}

export interface EditNodeClientInput {
  name: string;
  /** ADDED to the current expiry date (not counted from now); integer >= 1. Not idempotent. */
  days?: number;
  trafficLimitGb?: number;
  deviceLimit?: number;
}

export interface NodeApiOptions {
  /** Node origin, e.g. `https://node:8443`; the client appends `/api`. */
  baseUrl: string;
  /** The node API token (api_token.txt), read per call. */
  token: () => string | undefined | Promise<string | undefined>;
  /** SHA-256 fingerprint of the node's certificate (`AB:CD:...` or hex). Set: only that certificate is accepted. */
  certSha256?: string;
  timeoutMs?: number;
  retry?: RetryPolicy;
  observe?: (call: CallObservation) => void;
}

function toClient(w: z.output<typeof clientWire>): NodeClient {
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

function toFederation(w: z.output<typeof federationWire>): NodeFederation | null {
  if (!w) return null;
  const f: NodeFederation = {};
  if (w.api_url !== undefined) f.apiUrl = w.api_url;
  if (w.token !== undefined) f.token = w.token;
  return f;
}

const toPeer = (w: z.output<typeof peerWire>): NodePeer => ({ name: w.name, url: w.url });

/** Strips `ok` from a loosely parsed body. */
function rest(body: Record<string, unknown>): Record<string, unknown> {
  const { ok: _ok, ...others } = body;
  return others;
}

// ─── input validation ────────────────────────────────────────────────────────────────────

function checkName(field: string, value: string): void {
  if (typeof value !== "string" || !NAME_RE.test(value)) {
    throw new HostingInputError(field, "must be 1 to 64 characters of A-Z a-z 0-9 _ . @ -");
  }
}

function checkDays(field: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new HostingInputError(field, "must be an integer >= 1");
}

function checkLimits(input: { trafficLimitGb?: number; deviceLimit?: number }): void {
  const gb = input.trafficLimitGb;
  if (gb !== undefined && (typeof gb !== "number" || !Number.isFinite(gb) || gb < 0)) {
    throw new HostingInputError("trafficLimitGb", "must be a number >= 0");
  }
  const dev = input.deviceLimit;
  if (dev !== undefined && (!Number.isSafeInteger(dev) || dev < 0)) {
    throw new HostingInputError("deviceLimit", "must be an integer >= 0");
  }
}

function checkNonEmpty(field: string, value: string): void {
  if (typeof value !== "string" || value.trim().length === 0)
    throw new HostingInputError(field, "must not be empty");
}

function checkHttpUrl(field: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new HostingInputError(field, "must be an absolute URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new HostingInputError(field, "must be an http(s) URL");
  }
  return url;
}

function limitsBody(input: { trafficLimitGb?: number; deviceLimit?: number }): Record<string, number> {
  const body: Record<string, number> = {};
  if (input.trafficLimitGb !== undefined) body.traffic_limit_gb = input.trafficLimitGb;
  if (input.deviceLimit !== undefined) body.device_limit = input.deviceLimit;
  return body;
}

/** What is wrong with a peer URL: no `{uuid}`, not an http(s) URL, or its path not ending in `/{uuid}/local`. */
export type PeerUrlProblem = "uuid" | "url" | "local";

const SAMPLE_UUID = "00000000-0000-0000-0000-000000000000";

/**
 * Checks a peer URL (spec C, Peer): it contains the literal `{uuid}` (the master puts the
 * client's UUID there) and its path ends in `/{uuid}/local`, the peer's own links only
 * (`/sub/{uuid}/local`). A peer URL serving the whole shared subscription would make the master
 * collect recursively, so it is refused, not only warned about. A trailing slash is allowed.
 */
export function peerUrlProblem(url: string): PeerUrlProblem | undefined {
  if (typeof url !== "string" || !url.includes("{uuid}")) return "uuid";
  let parsed: URL;
  try {
    parsed = new URL(url.replaceAll("{uuid}", SAMPLE_UUID));
  } catch {
    return "url";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return "url";
  return parsed.pathname.replace(/\/$/, "").endsWith(`/${SAMPLE_UUID}/local`) ? undefined : "local";
}

const PEER_URL_RULES: Record<PeerUrlProblem, string> = {
  uuid: "must contain the literal {uuid} placeholder",
  url: "must be an http(s) URL",
  local: "must end in /{uuid}/local (only the peer's own links, no recursive collection)",
};

/** `<subBase>/sub/<uuid>`: the client's subscription on the node's subscription server. */
export function subscriptionUrl(subBase: string, uuid: string): string {
  checkHttpUrl("subBase", subBase);
  checkNonEmpty("uuid", uuid);
  return `${subBase.replace(/\/+$/, "")}/sub/${seg(uuid)}`;
}

// ─── TLS pinning ─────────────────────────────────────────────────────────────────────────

/** How long the pinned TCP+TLS handshake may take before the socket is dropped. */
const PINNED_CONNECT_TIMEOUT_MS = 10_000;

/** The node presented a certificate other than the pinned one. */
export class CertificatePinMismatchError extends Error {
  readonly code = "ERR_NODE_CERT_PIN_MISMATCH";
  readonly expected: string;
  readonly actual: string;
  constructor(expected: string, actual: string) {
    super(`node certificate fingerprint ${actual || "(none)"} does not match the pinned ${expected}`);
    this.name = "CertificatePinMismatchError";
    this.expected = expected;
    this.actual = actual;
  }
}

/** OpenSSL's verdicts that mean "nobody vouches for this certificate but itself". */
const SELF_SIGNED_REASONS = new Set(["DEPTH_ZERO_SELF_SIGNED_CERT", "SELF_SIGNED_CERT_IN_CHAIN"]);

/**
 * Without a pin, the node presented a certificate that normal verification refuses (the node's
 * default self-signed one, an expired one, another host's). Its `code` is the verification
 * error (e.g. `DEPTH_ZERO_SELF_SIGNED_CERT`), so it counts as a permanent failure.
 */
export class CertificateUntrustedError extends Error {
  readonly code: string;
  /** SHA-256 fingerprint of the presented certificate, `AB:CD:...`. */
  readonly fingerprint: string;
  constructor(reason: string, fingerprint: string) {
    const what = SELF_SIGNED_REASONS.has(reason) ? "is self-signed" : "is not trusted";
    super(`node certificate ${fingerprint || "(none)"} ${what} (${reason})`);
    this.name = "CertificateUntrustedError";
    this.code = reason;
    this.fingerprint = fingerprint;
  }

  get selfSigned(): boolean {
    return SELF_SIGNED_REASONS.has(this.code);
  }
}

/** What is wrong with the node's certificate, with the fingerprints (`AB:CD:...`) to show. */
export type CertificateProblem =
  /** No pin, and the certificate vouches only for itself (the node's default). */
  | { kind: "self-signed"; fingerprint: string }
  /** No pin, and normal verification refused it for another reason (`reason`: OpenSSL's code). */
  | { kind: "untrusted"; fingerprint: string; reason: string }
  /** A pin is set and the node presented another certificate. */
  | { kind: "mismatch"; fingerprint: string; pinned: string };

/** `ABCD...` (64 hex digits) as `AB:CD:...`, the form NODE_API_CERT_SHA256 takes and tools print. */
function withColons(hex: string): string {
  return hex.match(/../g)?.join(":") ?? hex;
}

/** The certificate problem behind a failed node call (anywhere in its `cause` chain), if any. */
export function certificateProblem(err: unknown): CertificateProblem | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 6; depth++) {
    if (e instanceof CertificatePinMismatchError) {
      return { kind: "mismatch", fingerprint: withColons(e.actual), pinned: withColons(e.expected) };
    }
    if (e instanceof CertificateUntrustedError) {
      return e.selfSigned
        ? { kind: "self-signed", fingerprint: e.fingerprint }
        : { kind: "untrusted", fingerprint: e.fingerprint, reason: e.code };
    }
    e = (e as Error & { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Normalises a SHA-256 fingerprint (`AB:CD:...` or plain hex, any case, spaces allowed) to
 * 64 upper-case hex digits; `undefined` for an empty value. Throws HostingInputError when malformed.
 */
export function normalizeFingerprint(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const hex = value.replace(/[\s:]/g, "").toUpperCase();
  if (hex.length === 0) return undefined;
  if (!/^[0-9A-F]{64}$/.test(hex)) throw new HostingInputError("certSha256", "must be a SHA-256 fingerprint");
  return hex;
}

/** SHA-256 fingerprint of a PEM certificate, normalised as by normalizeFingerprint. */
export function fingerprintOf(pem: string): string {
  return normalizeFingerprint(new X509Certificate(pem).fingerprint256) as string;
}

/**
 * An undici Agent that accepts exactly the certificate with the given SHA-256 fingerprint and
 * nothing else: CA validation is replaced (not added to) by the pin, so a CA-valid certificate
 * with another fingerprint is refused too, before any request is written. Plain http is refused.
 * Returns undefined without a pin (NodeApi then verifies as usual, see createVerifyingNodeDispatcher).
 * Nothing global is changed.
 */
export function createNodeDispatcher(certSha256?: string): Agent | undefined {
  const pin = normalizeFingerprint(certSha256);
  if (!pin) return undefined;

  const connect: buildConnector.connector = (opts, callback) => {
    if (opts.protocol !== "https:") {
      callback(new Error("a pinned node connection must use https"), null);
      return;
    }
    const host = opts.hostname.replace(/^\[(.*)\]$/, "$1");
    const sni = opts.servername ?? host;
    const socket = tlsConnect({
      host,
      port: Number(opts.port) || 443,
      servername: isIP(sni) ? undefined : sni,
      ALPNProtocols: ["http/1.1"],
      // Verification is done below by the pin, which is stricter than CA validation.
      rejectUnauthorized: false,
    });
    let settled = false;
    const finish = (err: Error | null) => {
      if (settled) return;
      settled = true;
      socket.setTimeout(0);
      socket.removeListener("error", finish);
      if (err) {
        socket.destroy();
        callback(err, null);
        return;
      }
      socket.setKeepAlive(true, 60_000);
      callback(null, socket);
    };
    socket.once("error", finish);
    socket.setTimeout(PINNED_CONNECT_TIMEOUT_MS, () =>
      finish(new Error(`TLS connect timeout after ${PINNED_CONNECT_TIMEOUT_MS} ms`)),
    );
    socket.once("secureConnect", () => {
      const presented = socket.getPeerCertificate()?.fingerprint256 ?? "";
      const actual = presented.replace(/[\s:]/g, "").toUpperCase();
      finish(actual === pin ? null : new CertificatePinMismatchError(pin, actual));
    });
  };

  return new Agent({ connect });
}

/**
 * Without a pin: undici's own connector with the usual verification (CA chain and host name),
 * done after the handshake instead of inside it, so a refused certificate is reported with its
 * fingerprint (a CertificateUntrustedError) and the admin can pin it. As before, nothing is
 * written to a connection whose certificate is refused. Plain http passes as it is.
 */
export function createVerifyingNodeDispatcher(): Agent {
  const base = buildConnector({ rejectUnauthorized: false });
  const connect: buildConnector.connector = (opts, callback) => {
    base(opts, (err, socket) => {
      if (err || !(socket instanceof TLSSocket) || socket.authorized) {
        if (err) callback(err, null);
        else callback(null, socket as NonNullable<typeof socket>);
        return;
      }
      const presented = socket.getPeerCertificate()?.fingerprint256 ?? "";
      const reason = String(socket.authorizationError ?? "UNABLE_TO_VERIFY_LEAF_SIGNATURE");
      socket.destroy();
      callback(new CertificateUntrustedError(reason, presented), null);
    });
  };
  return new Agent({ connect });
}

// ─── client ──────────────────────────────────────────────────────────────────────────────

/**
 * Typed client of a node's HTTPS API (spec C). GETs are retried on transient failures;
 * nothing that changes state is (an edit adds days again on every repeat).
 */
export class NodeApi {
  private readonly http: HostingHttp;
  private readonly dispatcher: Agent;

  constructor(options: NodeApiOptions) {
    checkHttpUrl("baseUrl", options.baseUrl);
    const origin = options.baseUrl.replace(/\/+$/, "");
    this.dispatcher = createNodeDispatcher(options.certSha256) ?? createVerifyingNodeDispatcher();
    this.http = new HostingHttp({
      api: "node",
      baseUrl: origin.endsWith("/api") ? origin : `${origin}/api`,
      credential: options.token,
      timeoutMs: options.timeoutMs,
      retry: options.retry,
      dispatcher: this.dispatcher,
      observe: options.observe,
    });
  }

  /** Closes the connection pool. */
  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  /** GET /health without a token: the API is up; the body (method list) is not fixed. */
  async health(): Promise<Record<string, unknown>> {
    const body = await this.http.call({
      method: "GET",
      path: PATHS.health,
      endpoint: "GET /health",
      schema: anyOk,
      auth: false,
    });
    return rest(body);
  }

  /** GET /status: node name, domain, ports, client counts, peers, federation. */
  async status(): Promise<NodeStatus> {
    const w = await this.http.call({
      method: "GET",
      path: PATHS.status,
      endpoint: "GET /status",
      schema: statusWire,
    });
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

  /** GET /clients: all clients of the node. */
  async listClients(): Promise<NodeClient[]> {
    const w = await this.http.call({
      method: "GET",
      path: PATHS.clients,
      endpoint: "GET /clients",
      schema: z.looseObject({ ...okTrue, clients: z.array(clientWire) }),
    });
    return w.clients.map(toClient);
  }

  /** GET /clients/{name}: one client; 404 `user_not_found` when absent. */
  async getClient(name: string): Promise<NodeClient> {
    checkName("name", name);
    const w = await this.http.call({
      method: "GET",
      path: PATHS.client(name),
      endpoint: "GET /clients/{name}",
      schema: z.looseObject({ ...okTrue, client: clientWire }),
    });
    return toClient(w.client);
  }

  /** POST /create: a client for `days` days from now; 409 `user_already_exists` when taken. Not retried. */
  async createClient(input: CreateNodeClientInput): Promise<NodeClient> {
    checkName("name", input.name);
    checkDays("days", input.days);
    checkLimits(input);
    const w = await this.http.call({
      method: "POST",
      path: PATHS.create,
      endpoint: "POST /create",
      body: { name: input.name, days: input.days, ...limitsBody(input) },
      schema: z.looseObject({ ...okTrue, client: clientWire }),
    });
    return toClient(w.client);
  }

  /**
   * PATCH /edit: renews and/or changes limits. `days` are ADDED to the client's current expiry
   * date (not counted from now), so every repeat adds them again: never retried.
   */
  async editClient(input: EditNodeClientInput): Promise<NodeClient> {
    checkName("name", input.name);
    if (input.days !== undefined) checkDays("days", input.days);
    checkLimits(input);
    if (input.days === undefined && input.trafficLimitGb === undefined && input.deviceLimit === undefined) {
      throw new HostingInputError("edit", "nothing to change: give days, trafficLimitGb or deviceLimit");
    }
    const body: Record<string, unknown> = { name: input.name, ...limitsBody(input) };
    if (input.days !== undefined) body.days = input.days;
    const w = await this.http.call({
      method: "PATCH",
      path: PATHS.edit,
      endpoint: "PATCH /edit",
      body,
      schema: z.looseObject({ ...okTrue, client: clientWire }),
    });
    return toClient(w.client);
  }

  /** PATCH /edit with `new_name`: renames a client; 409 when the new name is taken. */
  async renameClient(name: string, newName: string): Promise<NodeClient> {
    checkName("name", name);
    checkName("newName", newName);
    if (name === newName) throw new HostingInputError("newName", "equals the current name");
    const w = await this.http.call({
      method: "PATCH",
      path: PATHS.edit,
      endpoint: "PATCH /edit",
      body: { name, new_name: newName },
      schema: z.looseObject({ ...okTrue, client: clientWire }),
    });
    return toClient(w.client);
  }

  /** PATCH /clients/{name}/ban: keeps the record but drops the client from config, key.txt and subscriptions. */
  async banClient(name: string, reason?: string): Promise<NodeClient | undefined> {
    checkName("name", name);
    const w = await this.http.call({
      method: "PATCH",
      path: PATHS.ban(name),
      endpoint: "PATCH /clients/{name}/ban",
      body: reason === undefined ? {} : { reason },
      schema: z.looseObject({ ...okTrue, client: clientWire.optional() }),
    });
    return w.client ? toClient(w.client) : undefined;
  }

  /** PATCH /clients/{name}/unban: returns the client to configs and subscriptions. */
  async unbanClient(name: string): Promise<NodeClient | undefined> {
    checkName("name", name);
    const w = await this.http.call({
      method: "PATCH",
      path: PATHS.unban(name),
      endpoint: "PATCH /clients/{name}/unban",
      body: {},
      schema: z.looseObject({ ...okTrue, client: clientWire.optional() }),
    });
    return w.client ? toClient(w.client) : undefined;
  }

  /** DELETE /clients/{name}: removes the client. */
  async deleteClient(name: string): Promise<void> {
    checkName("name", name);
    await this.http.call({
      method: "DELETE",
      path: PATHS.client(name),
      endpoint: "DELETE /clients/{name}",
      schema: anyOk,
    });
  }

  /** GET /keys: all clients with VLESS links (refreshes key.txt on the node). */
  async keys(): Promise<NodeKeys> {
    const w = await this.http.call({
      method: "GET",
      path: PATHS.keys,
      endpoint: "GET /keys",
      schema: z.looseObject({ ...okTrue, keys: z.array(z.unknown()), count: z.number() }),
    });
    return { keys: w.keys, count: w.count };
  }

  /** GET /logs?count=: the last `count` (1..1000, default 100) entries of logs.txt. */
  async logs(count: number = NODE_LOGS_DEFAULT): Promise<NodeLogs> {
    if (!Number.isSafeInteger(count) || count < 1 || count > NODE_LOGS_MAX) {
      throw new HostingInputError("count", `must be an integer from 1 to ${NODE_LOGS_MAX}`);
    }
    const w = await this.http.call({
      method: "GET",
      path: PATHS.logs,
      endpoint: "GET /logs",
      query: { count },
      schema: z.looseObject({ ...okTrue, logs: z.array(z.unknown()), count: z.number() }),
    });
    return { logs: w.logs, count: w.count };
  }

  /** GET /node: the node (location) name used in link tags. */
  async nodeName(): Promise<string> {
    const w = await this.http.call({
      method: "GET",
      path: PATHS.node,
      endpoint: "GET /node",
      schema: z.looseObject({ ...okTrue, node_name: z.string() }),
    });
    return w.node_name;
  }

  /** PATCH /node: renames the node; links are rebuilt with the new tag. */
  async setNodeName(name: string): Promise<string> {
    checkNonEmpty("nodeName", name);
    const w = await this.http.call({
      method: "PATCH",
      path: PATHS.node,
      endpoint: "PATCH /node",
      body: { node_name: name },
      schema: z.looseObject({ ...okTrue, node_name: optionalString }),
    });
    return w.node_name ?? name;
  }

  /** GET /peers: remote nodes of the shared subscription. */
  async peers(): Promise<NodePeer[]> {
    const w = await this.http.call({
      method: "GET",
      path: PATHS.peers,
      endpoint: "GET /peers",
      schema: z.looseObject({ ...okTrue, peers: z.array(peerWire) }),
    });
    return w.peers.map(toPeer);
  }

  /**
   * POST /peers: adds or updates a remote node. `url` must contain the literal `{uuid}`
   * (the master substitutes the client's UUID) and end with `/local`, the peer's own links,
   * e.g. `https://node2:2096/sub/{uuid}/local` (see peerUrlProblem).
   */
  async addPeer(peer: NodePeer): Promise<NodePeer> {
    checkNonEmpty("name", peer.name);
    const problem = peerUrlProblem(peer.url);
    if (problem) throw new HostingInputError("url", PEER_URL_RULES[problem]);
    const w = await this.http.call({
      method: "POST",
      path: PATHS.peers,
      endpoint: "POST /peers",
      body: { name: peer.name, url: peer.url },
      schema: z.looseObject({ ...okTrue, peer: peerWire.optional() }),
    });
    return w.peer ? toPeer(w.peer) : { name: peer.name, url: peer.url };
  }

  /** DELETE /peers/{name}: removes a remote node from the shared subscription. */
  async deletePeer(name: string): Promise<void> {
    checkNonEmpty("name", name);
    await this.http.call({
      method: "DELETE",
      path: PATHS.peer(name),
      endpoint: "DELETE /peers/{name}",
      schema: anyOk,
    });
  }

  /** GET /nodes: registry of connected nodes plus peers. */
  async nodes(): Promise<NodeRegistry> {
    const w = await this.http.call({
      method: "GET",
      path: PATHS.nodes,
      endpoint: "GET /nodes",
      schema: z.looseObject({
        ...okTrue,
        nodes: z.array(z.unknown()),
        peers: z.array(peerWire).nullish(),
      }),
    });
    return { nodes: w.nodes, peers: (w.peers ?? []).map(toPeer) };
  }

  /** GET /nodes/health: subscription-server health of all peers (body not fixed by the spec). */
  async nodesHealth(): Promise<Record<string, unknown>> {
    const w = await this.http.call({
      method: "GET",
      path: PATHS.nodesHealth,
      endpoint: "GET /nodes/health",
      schema: anyOk,
    });
    return rest(w);
  }

  /** GET /federation: the upstream (master) config, or null when none is set. */
  async federation(): Promise<NodeFederation | null> {
    const w = await this.http.call({
      method: "GET",
      path: PATHS.federation,
      endpoint: "GET /federation",
      schema: z.looseObject({ ...okTrue, federation: federationWire }),
    });
    return toFederation(w.federation);
  }

  /** PATCH /federation: saves the upstream; the node then pulls users from the master. */
  async setFederation(input: { apiUrl: string; token: string }): Promise<NodeFederation | null> {
    const url = checkHttpUrl("apiUrl", input.apiUrl);
    if (!url.pathname.replace(/\/+$/, "").endsWith("/api")) {
      throw new HostingInputError("apiUrl", "must be the master API address ending in /api");
    }
    checkNonEmpty("token", input.token);
    const w = await this.http.call({
      method: "PATCH",
      path: PATHS.federation,
      endpoint: "PATCH /federation",
      body: { api_url: input.apiUrl, token: input.token },
      schema: z.looseObject({ ...okTrue, federation: federationWire }),
    });
    return toFederation(w.federation);
  }

  /** DELETE /federation: disables the upstream. */
  async deleteFederation(): Promise<void> {
    await this.http.call({
      method: "DELETE",
      path: PATHS.federation,
      endpoint: "DELETE /federation",
      schema: anyOk,
    });
  }

  /** GET /backups: the node's backups (entries not fixed by the spec). */
  async backups(): Promise<unknown[]> {
    const w = await this.http.call({
      method: "GET",
      path: PATHS.backups,
      endpoint: "GET /backups",
      schema: z.looseObject({ ...okTrue, backups: z.array(z.unknown()) }),
    });
    return w.backups;
  }

  /** POST /backups: creates a zip backup of users, tokens, peers, TLS and Reality settings. */
  async createBackup(): Promise<unknown> {
    const w = await this.http.call({
      method: "POST",
      path: PATHS.backups,
      endpoint: "POST /backups",
      schema: z.looseObject({ ...okTrue, backup: z.unknown() }),
    });
    return w.backup;
  }

  /** GET /traffic: per-client traffic counters in bytes. */
  async traffic(): Promise<NodeTraffic[]> {
    const w = await this.http.call({
      method: "GET",
      path: PATHS.traffic,
      endpoint: "GET /traffic",
      schema: z.looseObject({ ...okTrue, traffic: z.array(trafficWire) }),
    });
    return w.traffic.map((t) => ({ name: t.name, upBytes: t.up_bytes, downBytes: t.down_bytes }));
  }

  /** POST /server/cdn-xhttp: configures XHTTP-CDN links (as `cdn xhttp`); body not shown, passed through. */
  async configureCdnXhttp(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const w = await this.http.call({
      method: "POST",
      path: PATHS.cdnXhttp,
      endpoint: "POST /server/cdn-xhttp",
      body,
      schema: anyOk,
    });
    return rest(w);
  }

  /** `<subBase>/sub/<uuid>`: the client's subscription link (give the master's to customers). */
  subscriptionUrl(subBase: string, uuid: string): string {
    return subscriptionUrl(subBase, uuid);
  }
}
