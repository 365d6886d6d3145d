import { randomUUID, X509Certificate } from "node:crypto";
import type { IncomingMessage } from "node:http";
import selfsigned from "selfsigned";
import { type FakeReply, fail, HttpFake, ok, presentedToken, type RouteHandler } from "./http-fake.js";

/** A self-signed certificate for a fake node, with its SHA-256 fingerprint (`AB:CD:...`). */
export interface FakeCert {
  key: string;
  cert: string;
  fingerprint256: string;
}

/** Generates a fresh self-signed EC certificate for 127.0.0.1/localhost. */
export async function makeCert(commonName = "node.test"): Promise<FakeCert> {
  const pems = await selfsigned.generate([{ name: "commonName", value: commonName }], {
    keyType: "ec",
    algorithm: "sha256",
    extensions: [
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "localhost" },
          { type: 7, ip: "127.0.0.1" },
        ],
      },
    ],
  });
  return {
    key: pems.private,
    cert: pems.cert,
    fingerprint256: new X509Certificate(pems.cert).fingerprint256,
  };
}

export interface FakeNodeClient {
  name: string;
  uuid: string;
  expires_at: number;
  traffic_limit_gb?: number;
  device_limit?: number;
  banned: boolean;
  ban_reason?: string;
}

export interface FakeNodeOptions {
  token?: string;
  joinToken?: string;
  nodeName?: string;
  domain?: string;
}

const NAME_RE = /^[A-Za-z0-9_.@-]{1,64}$/;
const DAY = 86_400;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const bodyOf = (v: unknown): Record<string, unknown> => (isObject(v) ? v : {});
const err = (status: number, code: string, message: string): FakeReply => fail(status, code, { message });
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A stateful fake of the node API over HTTPS (self-signed certificate). Every path works with
 * and without the `/api` prefix; auth is Bearer or X-API-Key; `/health` and `/` need no token.
 * Errors are `{ ok: false, error: <code>, message }` with the spec's codes.
 */
export class FakeNodeApi extends HttpFake {
  readonly token: string;
  readonly joinToken: string;
  nodeName: string;
  domain: string;
  ports = { api: 0, sub: 2096, ws: 443, reality: 8443 };
  readonly clients = new Map<string, FakeNodeClient>();
  readonly peers = new Map<string, string>();
  readonly registry: Record<string, unknown>[] = [];
  federationConfig: { api_url: string; token: string } | null = null;
  readonly backupList: { name: string; size: number; created_at: number }[] = [];
  readonly traffic = new Map<string, { up_bytes: number; down_bytes: number }>();
  readonly logLines: string[] = [];
  /** The last body of POST /server/cdn-xhttp (or an alias). */
  cdnConfig: Record<string, unknown> | undefined;
  /** The certificate this fake serves, set by start(). */
  certificate: FakeCert | undefined;
  /** The fake's clock in Unix seconds; tests may replace it. */
  now: () => number = () => Math.floor(Date.now() / 1000);

  constructor(options: FakeNodeOptions = {}) {
    super();
    this.token = options.token ?? "node-token";
    this.joinToken = options.joinToken ?? "join-token";
    this.nodeName = options.nodeName ?? "Amsterdam";
    this.domain = options.domain ?? "node.test";
    this.installRoutes();
  }

  /** Starts over HTTPS with `tls`, or with a freshly generated self-signed certificate. */
  override async start(tls?: { key: string; cert: string }): Promise<this> {
    const pair = tls ?? (await makeCert());
    this.certificate = {
      key: pair.key,
      cert: pair.cert,
      fingerprint256: new X509Certificate(pair.cert).fingerprint256,
    };
    await super.start(pair);
    this.ports.api = this.port;
    return this;
  }

  /** Adds a client directly (bypassing the API), e.g. to seed a test. */
  seedClient(name: string, days: number, extra: Partial<FakeNodeClient> = {}): FakeNodeClient {
    const c: FakeNodeClient = {
      name,
      uuid: randomUUID(),
      expires_at: this.now() + days * DAY,
      banned: false,
      ...extra,
    };
    this.clients.set(name, c);
    return c;
  }

  /** Sets a client's traffic counters. */
  setTraffic(name: string, upBytes: number, downBytes: number): void {
    this.traffic.set(name, { up_bytes: upBytes, down_bytes: downBytes });
  }

  /** The next `times` requests to `method path` (with or without /api) answer 500 internal_error. */
  forceInternalError(method: string, path: string, times = 1): void {
    this.failNext(method, this.anyPrefix(path), err(500, "internal_error", "see logs.txt"), times);
  }

  /** The next `times` requests to `method path` (with or without /api) answer `status` with `code`. */
  forceError(method: string, path: string, status: number, code: string, times = 1): void {
    this.failNext(method, this.anyPrefix(path), err(status, code, `forced ${code}`), times);
  }

  /** A path regexp source matching `path` with or without the /api prefix. */
  anyPrefix(path: string): string {
    return `(?:/api)?${escapeRe(path)}`;
  }

  /** Requests seen for `method path`, with or without /api. */
  countAny(method: string, path: string): number {
    return this.count(method, path) + this.count(method, `/api${path}`);
  }

  protected override guard(
    method: string,
    path: string,
    headers: IncomingMessage["headers"],
  ): FakeReply | undefined {
    const p = stripApi(path);
    if (method === "GET" && (p === "/" || p === "/health")) return undefined;
    if (method === "POST" && p === "/nodes/join") return undefined;
    if (presentedToken(headers) !== this.token) return err(401, "unauthorized", "no token or wrong token");
    return undefined;
  }

  private on(method: string, path: string, handler: RouteHandler): void {
    this.route(method, path, handler);
    this.route(method, path === "/" ? "/api/?" : `/api${path}`, handler);
  }

  private wire(c: FakeNodeClient): Record<string, unknown> {
    const left = Math.max(0, Math.ceil((c.expires_at - this.now()) / DAY));
    const out: Record<string, unknown> = {
      name: c.name,
      uuid: c.uuid,
      expires_at: c.expires_at,
      left_days: left,
      link: `vless://${c.uuid}@${this.domain}:443?type=ws&security=tls#${encodeURIComponent(`${this.nodeName}-ws ${c.name}`)}`,
      banned: c.banned,
      status: c.banned ? "banned" : left > 0 ? "active" : "expired",
    };
    if (c.traffic_limit_gb !== undefined) out.traffic_limit_gb = c.traffic_limit_gb;
    if (c.device_limit !== undefined) out.device_limit = c.device_limit;
    if (c.ban_reason !== undefined) out.ban_reason = c.ban_reason;
    return out;
  }

  private log(line: string): void {
    this.logLines.push(`${new Date(this.now() * 1000).toISOString()} ${line}`);
  }

  private find(name: unknown): FakeNodeClient | FakeReply {
    if (typeof name !== "string" || !NAME_RE.test(name)) return err(400, "bad_name", "bad client name");
    const c = this.clients.get(name);
    return c ?? err(404, "user_not_found", `no client ${name}`);
  }

  /** Validates optional limits; returns an error reply or undefined. */
  private badLimits(b: Record<string, unknown>): FakeReply | undefined {
    const gb = b.traffic_limit_gb;
    if (gb !== undefined && (typeof gb !== "number" || !Number.isFinite(gb) || gb < 0)) {
      return err(400, "bad_request", "traffic_limit_gb must be a number >= 0");
    }
    const dev = b.device_limit;
    if (dev !== undefined && (typeof dev !== "number" || !Number.isInteger(dev) || dev < 0)) {
      return err(400, "bad_request", "device_limit must be an integer >= 0");
    }
    return undefined;
  }

  private installRoutes(): void {
    const health: RouteHandler = () =>
      ok({
        service: "vless-node-api",
        methods: ["GET /health", "GET /status", "GET /clients", "POST /create"],
      });
    this.on("GET", "/", health);
    this.on("GET", "/health", health);

    const status: RouteHandler = () => {
      const all = [...this.clients.values()];
      const banned = all.filter((c) => c.banned).length;
      return ok({
        node_name: this.nodeName,
        domain: this.domain,
        ports: this.ports,
        clients: { total: all.length, active: all.length - banned, banned },
        peers: this.peers.size,
        federation: this.federationConfig ? { api_url: this.federationConfig.api_url } : null,
      });
    };
    for (const p of ["/status", "/system", "/dashboard"]) this.on("GET", p, status);

    const list: RouteHandler = () => ok({ clients: [...this.clients.values()].map((c) => this.wire(c)) });
    this.on("GET", "/clients", list);
    this.on("GET", "/users", list);

    this.on("GET", "/clients/:name", ({ params }) => {
      const c = this.find(params.name);
      return "status" in c ? c : ok({ client: this.wire(c) });
    });
    this.on("GET", "/info", ({ query }) => {
      const c = this.find(query.get("name") ?? "");
      return "status" in c ? c : ok({ client: this.wire(c) });
    });

    const create: RouteHandler = ({ body }) => {
      const b = bodyOf(body);
      if (typeof b.name !== "string" || !NAME_RE.test(b.name)) return err(400, "bad_name", "bad client name");
      if (typeof b.days !== "number" || !Number.isInteger(b.days) || b.days < 1) {
        return err(400, "bad_days", "days missing or below 1");
      }
      const bad = this.badLimits(b);
      if (bad) return bad;
      if (this.clients.has(b.name)) return err(409, "user_already_exists", `client ${b.name} exists`);
      const c = this.seedClient(b.name, b.days);
      if (typeof b.traffic_limit_gb === "number") c.traffic_limit_gb = b.traffic_limit_gb;
      if (typeof b.device_limit === "number") c.device_limit = b.device_limit;
      this.log(`create ${c.name} ${b.days}`);
      return ok({ client: this.wire(c) });
    };
    this.on("POST", "/create", create);
    this.on("POST", "/clients", create);

    const edit = (name: unknown, b: Record<string, unknown>): FakeReply => {
      const c = this.find(name);
      if ("status" in c) return c;
      if (b.days !== undefined && (typeof b.days !== "number" || !Number.isInteger(b.days) || b.days < 1)) {
        return err(400, "bad_days", "days below 1");
      }
      const bad = this.badLimits(b);
      if (bad) return bad;
      if (b.new_name !== undefined) {
        if (typeof b.new_name !== "string" || !NAME_RE.test(b.new_name))
          return err(400, "bad_name", "bad new name");
        if (this.clients.has(b.new_name))
          return err(409, "user_already_exists", `client ${b.new_name} exists`);
      }
      const changes = ["days", "traffic_limit_gb", "device_limit", "new_name"].filter(
        (k) => b[k] !== undefined,
      );
      if (changes.length === 0) return err(400, "bad_request", "nothing to change");
      // Spec: days are added to the current expiry date (as it is, even if already past).
      if (typeof b.days === "number") c.expires_at += b.days * DAY;
      if (typeof b.traffic_limit_gb === "number") c.traffic_limit_gb = b.traffic_limit_gb;
      if (typeof b.device_limit === "number") c.device_limit = b.device_limit;
      if (typeof b.new_name === "string") {
        this.clients.delete(c.name);
        c.name = b.new_name;
        this.clients.set(c.name, c);
      }
      this.log(`edit ${c.name} ${changes.join(",")}`);
      return ok({ client: this.wire(c) });
    };
    this.on("PATCH", "/edit", ({ body }) => edit(bodyOf(body).name, bodyOf(body)));
    this.on("PATCH", "/clients/:name", ({ params, body }) => edit(params.name, bodyOf(body)));

    const ban = (name: unknown, reason: unknown): FakeReply => {
      const c = this.find(name);
      if ("status" in c) return c;
      c.banned = true;
      if (typeof reason === "string") c.ban_reason = reason;
      this.log(`ban ${c.name}`);
      return ok({ client: this.wire(c) });
    };
    const unban = (name: unknown): FakeReply => {
      const c = this.find(name);
      if ("status" in c) return c;
      c.banned = false;
      delete c.ban_reason;
      this.log(`unban ${c.name}`);
      return ok({ client: this.wire(c) });
    };
    const remove = (name: unknown): FakeReply => {
      const c = this.find(name);
      if ("status" in c) return c;
      this.clients.delete(c.name);
      this.log(`delete ${c.name}`);
      return ok();
    };
    this.on("PATCH", "/clients/:name/ban", ({ params, body }) => ban(params.name, bodyOf(body).reason));
    this.on("POST", "/ban", ({ body }) => ban(bodyOf(body).name, bodyOf(body).reason));
    this.on("PATCH", "/clients/:name/unban", ({ params }) => unban(params.name));
    this.on("POST", "/unban", ({ body }) => unban(bodyOf(body).name));
    this.on("DELETE", "/clients/:name", ({ params }) => remove(params.name));
    this.on("POST", "/delete", ({ body }) => remove(bodyOf(body).name));

    this.on("GET", "/keys", () => {
      const keys = [...this.clients.values()]
        .filter((c) => !c.banned)
        .map((c) => ({ name: c.name, uuid: c.uuid, link: this.wire(c).link }));
      return ok({ keys, count: keys.length });
    });

    this.on("GET", "/logs", ({ query }) => {
      const raw = query.get("count");
      const count = raw === null ? 100 : Number(raw);
      if (!Number.isInteger(count) || count < 1 || count > 1000) {
        return err(400, "bad_request", "count must be 1..1000");
      }
      const logs = this.logLines.slice(-count);
      return ok({ logs, count: logs.length });
    });

    this.on("GET", "/node", () => ok({ node_name: this.nodeName }));
    this.on("PATCH", "/node", ({ body }) => {
      const name = bodyOf(body).node_name;
      if (typeof name !== "string" || name.trim() === "") return err(400, "bad_name", "node_name empty");
      this.nodeName = name;
      return ok({ node_name: name });
    });

    const peerList = () => [...this.peers.entries()].map(([name, url]) => ({ name, url }));
    this.on("GET", "/peers", () => ok({ peers: peerList() }));
    this.on("POST", "/peers", ({ body }) => {
      const b = bodyOf(body);
      if (typeof b.name !== "string" || b.name.trim() === "") return err(400, "bad_name", "peer name empty");
      if (typeof b.url !== "string" || !b.url.includes("{uuid}"))
        return err(400, "bad_url", "url needs {uuid}");
      this.peers.set(b.name, b.url);
      return ok({ peer: { name: b.name, url: b.url } });
    });
    this.on("DELETE", "/peers/:name", ({ params }) => {
      const name = params.name ?? "";
      if (!this.peers.delete(name)) return err(404, "not_found", `no peer ${name}`);
      return ok();
    });

    this.on("POST", "/nodes/join", ({ body }) => {
      const b = bodyOf(body);
      if (b.join_token !== this.joinToken) return err(401, "bad_join_token", "wrong join token");
      if (typeof b.name !== "string" || typeof b.url !== "string")
        return err(400, "bad_request", "name and url");
      const peer = { name: b.name, url: `${b.url.replace(/\/+$/, "")}/sub/{uuid}/local` };
      this.peers.set(peer.name, peer.url);
      this.registry.push({ name: b.name, url: b.url });
      return ok({ token: "upstream-token", api_url: `https://${this.domain}:${this.port}/api`, peer });
    });
    this.on("GET", "/nodes", () => ok({ nodes: this.registry, peers: peerList() }));
    this.on("GET", "/nodes/health", () =>
      ok({ health: peerList().map((p) => ({ ...p, healthy: true, status: 200 })) }),
    );

    this.on("GET", "/federation", () => ok({ federation: this.federationConfig }));
    this.on("PATCH", "/federation", ({ body }) => {
      const b = bodyOf(body);
      if (typeof b.api_url !== "string" || !/\/api\/?$/.test(b.api_url)) {
        return err(400, "bad_request", "api_url must end in /api");
      }
      if (typeof b.token !== "string" || b.token === "") return err(400, "bad_request", "token empty");
      this.federationConfig = { api_url: b.api_url, token: b.token };
      return ok({ federation: this.federationConfig });
    });
    this.on("DELETE", "/federation", () => {
      this.federationConfig = null;
      return ok({ federation: null });
    });

    this.on("GET", "/backups", () => ok({ backups: this.backupList }));
    this.on("POST", "/backups", () => {
      const backup = { name: `backup-${this.backupList.length + 1}.zip`, size: 1024, created_at: this.now() };
      this.backupList.push(backup);
      return ok({ backup });
    });

    const traffic: RouteHandler = () =>
      ok({
        traffic: [...this.clients.keys()].map((name) => ({
          name,
          up_bytes: this.traffic.get(name)?.up_bytes ?? 0,
          down_bytes: this.traffic.get(name)?.down_bytes ?? 0,
        })),
      });
    this.on("GET", "/traffic", traffic);
    this.on("GET", "/stats", traffic);

    const cdn: RouteHandler = ({ body }) => {
      this.cdnConfig = bodyOf(body);
      return ok({ cdn: this.cdnConfig });
    };
    for (const p of ["/server/cdn-xhttp", "/server/xhttp-cdn", "/server/relay", "/config/cdn-xhttp"]) {
      this.on("POST", p, cdn);
    }

    for (const method of ["GET", "POST", "PATCH", "PUT", "DELETE"]) {
      this.route(method, "/.*", () => err(404, "not_found", "no such method/path"));
    }
  }
}

function stripApi(path: string): string {
  if (path === "/api" || path === "/api/") return "/";
  return path.startsWith("/api/") ? path.slice(4) : path;
}
