import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { type FakeReply, fail, HttpFake, ok, presentedToken, type RouteContext } from "./http-fake.js";

/**
 * A stateful fake of the hosting Account API, written from hosting-apis.md (section A) and the
 * assumed paths/shapes of not-shown.md. Not a copy of the client: paths are spelled out here.
 */

const PREFIX = "/api/v1";
const DAY_MS = 86_400_000;
const GB = 1024 ** 3;
export const FAKE_KEY_PREFIX = "hs";
export const MAX_ACTIVE_KEYS = 20;
export const FAKE_XRAY_VERSIONS = ["26.6.27", "26.7.28", "26.7.11"];

export interface FakeAccount {
  login: string;
  password: string;
  /** Login alternative at the token endpoint; missing = no e-mail linked (config answers 403). */
  email: string | undefined;
  tgid: number;
  /** Nickname; "" = none linked (config answers 403). */
  username: string;
  balance: number;
  /** TOTP-2FA: the one code the fake accepts. */
  totpCode: string | undefined;
  /** E-mail/messenger 2FA: the token endpoint answers 403. */
  email2fa: boolean;
}

export interface FakeKey {
  key: string;
  login: string;
  name: string | undefined;
  revoked: boolean;
}

export interface FakeXuiClient {
  email: string;
  uuid: string;
  subId: string;
  enable: boolean;
  totalGb: number;
  /** Unix ms; 0 = no expiry. */
  expiryMs: number;
  upBytes: number;
  downBytes: number;
}

export interface FakeServer {
  id: number;
  owner: string;
  name: string;
  type: "xui" | "remnanode";
  tariffId: string;
  tariffName: string;
  status: "active" | "expired" | "suspended";
  expiresAtMs: number;
  cpu: number;
  memory: number;
  disk: number;
  vpnBsEnabled: boolean;
  /** LTE access bought: config answers 402 without it. */
  lteBought: boolean;
  /** The server has a core-pin block: xray-update answers 409 without it. */
  corePin: boolean;
  /** Server files unreadable/unwritable: xray-update answers 502. */
  brokenFiles: boolean;
  state: "running" | "offline";
  cpuLoad: number;
  ramLoad: number;
  uptime: number;
  xrayVersion: string;
  /** Price of one 30-day extension; defaults to `FakeAccountApi.extendPrice`. */
  extendPrice: number | undefined;
  inboundId: number;
  clients: FakeXuiClient[];
  realityKey: string;
}

export type NewFakeAccount = Partial<FakeAccount> & Pick<FakeAccount, "login" | "password">;
export type NewFakeServer = Partial<Omit<FakeServer, "id" | "owner">> & { daysLeft?: number };

export class FakeAccountApi extends HttpFake {
  readonly accounts = new Map<string, FakeAccount>();
  readonly keys = new Map<string, FakeKey>();
  readonly servers = new Map<number, FakeServer>();
  /** Default price of one extension. */
  extendPrice = 100;
  /** The fake's clock in ms (server and client terms count from it); tests may replace it. */
  now: () => number = () => Date.now();
  private nextServerId = 1;
  private nextTgid = 1000;

  constructor() {
    super();
    const r = (method: string, path: string, handler: (ctx: RouteContext) => FakeReply) =>
      this.route(method, PREFIX + path, handler);

    r("POST", "/auth/token", (ctx) => this.issueToken(ctx.body));
    r("GET", "/account", (ctx) => {
      const a = this.accountOf(ctx.headers);
      const serversTotal = [...this.servers.values()].filter((s) => s.owner === a.login).length;
      return ok({
        account: { tgid: a.tgid, username: a.username, balance: a.balance, servers_total: serversTotal },
      });
    });
    r("GET", "/servers", (ctx) => {
      const a = this.accountOf(ctx.headers);
      const own = [...this.servers.values()].filter((s) => s.owner === a.login);
      return ok({ servers: own.map((s) => this.serverJson(s)) });
    });
    r("GET", "/servers/:id", (ctx) => this.withServer(ctx, (s) => ok({ server: this.serverJson(s) })));
    r("GET", "/servers/:id/config", (ctx) => this.withServer(ctx, (s) => this.config(s)));
    r("POST", "/servers/:id/config/regenerate", (ctx) => this.withServer(ctx, (s) => this.regenerate(s)));
    r("GET", "/servers/:id/stats", (ctx) =>
      this.withServer(ctx, (s) =>
        ok({ state: s.state, cpu_load: s.cpuLoad, ram_load: s.ramLoad, uptime: s.uptime }),
      ),
    );
    r("POST", "/servers/:id/power", (ctx) => this.withServer(ctx, (s) => this.power(s, ctx.body)));
    r("POST", "/servers/:id/xray-update", (ctx) => this.withServer(ctx, (s) => this.xrayUpdate(s, ctx.body)));
    r("POST", "/servers/:id/extend", (ctx) => this.withServer(ctx, (s) => this.extend(s)));
    r("POST", "/servers/:id/clients", (ctx) => this.withXui(ctx, (s) => this.createClient(s, ctx.body)));
    r("GET", "/servers/:id/clients", (ctx) =>
      this.withXui(ctx, (s) =>
        ok({ inbound_id: s.inboundId, count: s.clients.length, clients: s.clients.map(clientJson) }),
      ),
    );
    r("GET", "/servers/:id/inbounds", (ctx) => this.withXui(ctx, (s) => ok({ inbounds: this.inbounds(s) })));
    r("GET", "/servers/:id/clients/:email", (ctx) =>
      this.withClient(ctx, (_s, c) => ok({ client: clientDetailsJson(c, this.now()) })),
    );
    r("PATCH", "/servers/:id/clients/:email", (ctx) =>
      this.withClient(ctx, (_s, c) => this.updateClient(c, ctx.body)),
    );
    r("DELETE", "/servers/:id/clients/:email", (ctx) =>
      this.withClient(ctx, (s, c) => {
        s.clients = s.clients.filter((x) => x !== c);
        return ok();
      }),
    );
  }

  // -------------------------------------------------------------------------------------------
  // Test helpers
  // -------------------------------------------------------------------------------------------

  addAccount(input: NewFakeAccount): FakeAccount {
    const account: FakeAccount = {
      email: `${input.login}@example.test`,
      tgid: this.nextTgid++,
      username: input.login,
      balance: 0,
      totpCode: undefined,
      email2fa: false,
      ...input,
    };
    this.accounts.set(account.login, account);
    return account;
  }

  /** A key made "by hand in the cabinet" for an account; returns the full key. */
  addKey(login: string, name?: string): string {
    if (!this.accounts.has(login)) throw new Error(`no account ${login}`);
    const key = `${FAKE_KEY_PREFIX}_${randomBytes(24).toString("base64url")}`;
    this.keys.set(key, { key, login, name, revoked: false });
    return key;
  }

  /** Revokes a key in the cabinet; it stops working at once. */
  revokeKey(key: string): void {
    const k = this.keys.get(key);
    if (k) k.revoked = true;
  }

  activeKeys(login: string): FakeKey[] {
    return [...this.keys.values()].filter((k) => k.login === login && !k.revoked);
  }

  /** Adds a server owned by `owner`; `daysLeft` (default 30) sets the expiry from now. */
  addServer(owner: string, input: NewFakeServer = {}): FakeServer {
    if (!this.accounts.has(owner)) throw new Error(`no account ${owner}`);
    const { daysLeft = 30, ...rest } = input;
    const id = this.nextServerId++;
    const server: FakeServer = {
      id,
      owner,
      name: `server-${id}`,
      type: "xui",
      tariffId: "lte-m",
      tariffName: "LTE M",
      status: "active",
      expiresAtMs: this.now() + daysLeft * DAY_MS,
      cpu: 2,
      memory: 2048,
      disk: 40,
      vpnBsEnabled: true,
      lteBought: true,
      corePin: true,
      brokenFiles: false,
      state: "running",
      cpuLoad: 12.5,
      ramLoad: 40,
      uptime: 3600,
      xrayVersion: "26.7.11",
      extendPrice: undefined,
      inboundId: 1,
      clients: [],
      realityKey: randomBytes(16).toString("hex"),
      ...rest,
    };
    this.servers.set(id, server);
    return server;
  }

  serverState(id: number): FakeServer {
    const s = this.servers.get(id);
    if (!s) throw new Error(`no server ${id}`);
    return s;
  }

  client(serverId: number, email: string): FakeXuiClient | undefined {
    return this.serverState(serverId).clients.find((c) => c.email === email);
  }

  /** Adds an xui user directly (bypassing the API), e.g. to set an exact expiry. */
  addClient(serverId: number, input: Partial<FakeXuiClient> & { email: string }): FakeXuiClient {
    const c: FakeXuiClient = {
      uuid: randomUUID(),
      subId: randomBytes(8).toString("hex"),
      enable: true,
      totalGb: 0,
      expiryMs: 0,
      upBytes: 0,
      downBytes: 0,
      ...input,
    };
    this.serverState(serverId).clients.push(c);
    return c;
  }

  /** Sets the traffic an xui user has used. */
  setUsage(serverId: number, email: string, upBytes: number, downBytes: number): void {
    const c = this.client(serverId, email);
    if (!c) throw new Error(`no client ${email} on server ${serverId}`);
    c.upBytes = upBytes;
    c.downBytes = downBytes;
  }

  // -------------------------------------------------------------------------------------------
  // Auth
  // -------------------------------------------------------------------------------------------

  protected override guard(method: string, path: string, headers: IncomingMessage["headers"]) {
    if (method === "POST" && path === `${PREFIX}/auth/token`) return undefined;
    return this.keyOf(headers) ? undefined : fail(401, "API key missing, invalid or revoked");
  }

  private keyOf(headers: IncomingMessage["headers"]): FakeKey | undefined {
    const token = presentedToken(headers);
    const key = token === undefined ? undefined : this.keys.get(token);
    return key && !key.revoked ? key : undefined;
  }

  /** The account behind the request's key (the guard has already checked it). */
  private accountOf(headers: IncomingMessage["headers"]): FakeAccount {
    const key = this.keyOf(headers);
    const account = key && this.accounts.get(key.login);
    if (!account) throw new Error("request passed the guard without a valid key");
    return account;
  }

  private issueToken(body: unknown): FakeReply {
    const b = asObject(body);
    if (!b || typeof b.login !== "string" || typeof b.password !== "string") {
      return fail(400, "login and password are required");
    }
    if (b.code !== undefined && typeof b.code !== "string") return fail(400, "code must be a string");
    if (b.name !== undefined && typeof b.name !== "string") return fail(400, "name must be a string");
    const account = [...this.accounts.values()].find((a) => a.login === b.login || a.email === b.login);
    if (!account || account.password !== b.password) return fail(401, "Invalid login or password");
    if (account.email2fa) {
      return fail(403, "E-mail/messenger 2FA is not supported here; create the key in the cabinet");
    }
    if (account.totpCode !== undefined && b.code !== account.totpCode) {
      return fail(401, b.code === undefined ? "TOTP code required" : "Invalid TOTP code");
    }
    if (this.activeKeys(account.login).length >= MAX_ACTIVE_KEYS) {
      return fail(400, `At most ${MAX_ACTIVE_KEYS} active API keys`);
    }
    const key = this.addKey(account.login, b.name as string | undefined);
    return ok({ key, prefix: key.slice(0, FAKE_KEY_PREFIX.length + 7) });
  }

  // -------------------------------------------------------------------------------------------
  // Servers
  // -------------------------------------------------------------------------------------------

  private withServer(ctx: RouteContext, then: (s: FakeServer) => FakeReply): FakeReply {
    const account = this.accountOf(ctx.headers);
    const id = /^[1-9]\d*$/.test(ctx.params.id ?? "") ? Number(ctx.params.id) : Number.NaN;
    const server = this.servers.get(id);
    if (!server || server.owner !== account.login) return fail(404, "Server not found");
    return then(server);
  }

  private withXui(ctx: RouteContext, then: (s: FakeServer) => FakeReply): FakeReply {
    return this.withServer(ctx, (s) =>
      s.type === "xui" ? then(s) : fail(400, "Clients are managed only on xui servers"),
    );
  }

  private withClient(ctx: RouteContext, then: (s: FakeServer, c: FakeXuiClient) => FakeReply): FakeReply {
    return this.withXui(ctx, (s) => {
      const c = s.clients.find((x) => x.email === ctx.params.email);
      return c ? then(s, c) : fail(404, "Client not found");
    });
  }

  private serverJson(s: FakeServer): Record<string, unknown> {
    return {
      id: s.id,
      name: s.name,
      tariff_id: s.tariffId,
      tariff_name: s.tariffName,
      status: s.status,
      days_left: Math.max(0, Math.ceil((s.expiresAtMs - this.now()) / DAY_MS)),
      expiration_date: formatDateTime(s.expiresAtMs),
      cpu: s.cpu,
      memory: s.memory,
      disk: s.disk,
      vpn_bs_enabled: s.vpnBsEnabled,
      xui_enabled: s.type === "xui",
      remnanode_enabled: s.type === "remnanode",
      // Fields beyond the spec's list, as a real service may add them.
      created_at: "2025-01-01 00:00:00",
    };
  }

  private config(s: FakeServer): FakeReply {
    const owner = this.accounts.get(s.owner);
    if (!owner?.email || !owner.username) return fail(403, "Link an e-mail and a nickname to your account");
    if (!s.lteBought) return fail(402, "LTE access is not bought for this server");
    if (s.type === "remnanode") return ok(this.profile(s));
    return ok({
      manual_client: false,
      panel_url: `https://panel-${s.id}.example.test:2053`,
      username: `admin${s.id}`,
      password: `pw-${s.realityKey.slice(0, 8)}`,
      web_path: `/panel-${s.id}/`,
      node_address: `node-${s.id}.example.test`,
    });
  }

  private profile(s: FakeServer): Record<string, unknown> {
    return {
      log: { loglevel: "warning" },
      inbounds: [
        {
          tag: "VLESS_REALITY",
          port: 443,
          protocol: "vless",
          settings: { clients: [], decryption: "none" },
          streamSettings: {
            network: "tcp",
            security: "reality",
            realitySettings: { privateKey: s.realityKey },
          },
        },
      ],
      outbounds: [{ protocol: "freedom", tag: "DIRECT" }],
    };
  }

  private regenerate(s: FakeServer): FakeReply {
    if (s.type === "remnanode") {
      s.realityKey = randomBytes(16).toString("hex");
      return ok({ regenerated: true, kind: "remnanode", profile: this.profile(s) });
    }
    // A new inbound; the users of the old one stop working.
    s.inboundId += 1;
    s.clients = [];
    return ok({ regenerated: true, kind: "xui", inbound_id: s.inboundId });
  }

  private power(s: FakeServer, body: unknown): FakeReply {
    const action = asObject(body)?.action;
    if (action !== "start" && action !== "stop" && action !== "restart") {
      return fail(400, "action must be start, stop or restart");
    }
    if (action === "stop") {
      Object.assign(s, { state: "offline", cpuLoad: 0, ramLoad: 0, uptime: 0 });
    } else if (action === "restart" || s.state === "offline") {
      Object.assign(s, { state: "running", cpuLoad: 5, ramLoad: 20, uptime: 0 });
    }
    return ok({ action, state: s.state });
  }

  private xrayUpdate(s: FakeServer, body: unknown): FakeReply {
    let version = FAKE_XRAY_VERSIONS[0] as string;
    if (body !== undefined) {
      const v = asObject(body)?.version;
      if (typeof v !== "string" || !FAKE_XRAY_VERSIONS.includes(v)) {
        return fail(400, `version must be one of ${FAKE_XRAY_VERSIONS.join(", ")}`);
      }
      version = v;
    }
    if (s.state !== "running") return fail(503, "Server is not running; try again in about 30 seconds");
    if (!s.corePin) return fail(409, "Server has no core-pin block");
    if (s.brokenFiles) return fail(502, "Server files could not be read or written");
    s.xrayVersion = version;
    return ok({ version });
  }

  private extend(s: FakeServer): FakeReply {
    const account = this.accounts.get(s.owner) as FakeAccount;
    const price = s.extendPrice ?? this.extendPrice;
    if (account.balance < price) {
      return fail(400, `Insufficient balance: ${account.balance} < ${price}`);
    }
    account.balance -= price;
    s.expiresAtMs = Math.max(s.expiresAtMs, this.now()) + 30 * DAY_MS;
    s.status = "active";
    return ok({
      message: "Server extended by 30 days",
      balance: account.balance,
      server: this.serverJson(s),
    });
  }

  // -------------------------------------------------------------------------------------------
  /**
   * Serves the server's client listing from one serialized copy from now on, whatever changes:
   * for a bench whose load runs in this process (serializing 100 000 clients per request held it
   * for a quarter of a second, counted as the bot's latency). Tests keep the live listing.
   */
  freezeListing(serverId: number): void {
    const s = this.serverState(serverId);
    const body = {
      ok: true,
      inbound_id: s.inboundId,
      count: s.clients.length,
      clients: s.clients.map(clientJson),
    };
    const raw = Buffer.from(JSON.stringify(body));
    this.failNext(
      "GET",
      `${PREFIX}/servers/${serverId}/clients`,
      { status: 200, body, raw },
      Number.POSITIVE_INFINITY,
    );
  }

  // xui clients
  // -------------------------------------------------------------------------------------------

  private createClient(s: FakeServer, body: unknown): FakeReply {
    const b = asObject(body ?? {});
    if (!b) return fail(400, "body must be an object");
    if (b.name !== undefined && typeof b.name !== "string") return fail(400, "name must be a string");
    const bad = checkGb(b.gb) ?? checkDays(b.days);
    if (bad) return bad;
    const taken = (n: string) => s.clients.some((c) => c.email === n);
    const wanted = typeof b.name === "string" ? b.name.trim() : "";
    let email = wanted;
    // Empty or taken names are replaced silently (spec).
    while (email === "" || taken(email)) {
      email = `${wanted || "user"}-${randomBytes(3).toString("hex")}`;
    }
    const days = (b.days as number | undefined) ?? 0;
    const c = this.addClient(s.id, {
      email,
      totalGb: (b.gb as number | undefined) ?? 0,
      expiryMs: days === 0 ? 0 : this.now() + days * DAY_MS,
    });
    const link = `vless://${c.uuid}@node-${s.id}.example.test:443?type=ws&security=tls&path=%2Fbs#${encodeURIComponent(email)}`;
    return ok({
      client: {
        email,
        uuid: c.uuid,
        sub_id: c.subId,
        link,
        sub_links: [link, link.replace("node-", "cdn-")],
        total_gb: c.totalGb,
        expiry_days: days,
      },
    });
  }

  private updateClient(c: FakeXuiClient, body: unknown): FakeReply {
    const b = asObject(body);
    if (!b) return fail(400, "body must be an object");
    const bad = checkGb(b.gb) ?? checkDays(b.days);
    if (bad) return bad;
    if (b.enable !== undefined && typeof b.enable !== "boolean") return fail(400, "enable must be a boolean");
    if (b.gb === undefined && b.days === undefined && b.enable === undefined) {
      return fail(400, "Nothing to change");
    }
    if (typeof b.gb === "number") c.totalGb = b.gb;
    if (typeof b.days === "number") c.expiryMs = b.days === 0 ? 0 : this.now() + b.days * DAY_MS;
    if (typeof b.enable === "boolean") c.enable = b.enable;
    return ok({ client: clientJson(c) });
  }

  private inbounds(s: FakeServer): Record<string, unknown>[] {
    return [
      {
        id: s.inboundId,
        remark: "VLESS-WS-BS",
        port: 443,
        protocol: "vless",
        network: "ws",
        path: "/bs",
        clients_count: s.clients.length,
      },
      { id: 100, remark: "VLESS-CDN", port: 8443, protocol: "vless", network: "ws", clients_count: 0 },
    ];
  }
}

function clientJson(c: FakeXuiClient): Record<string, unknown> {
  return {
    email: c.email,
    uuid: c.uuid,
    sub_id: c.subId,
    enable: c.enable,
    total_gb: c.totalGb,
    expiry_ms: c.expiryMs,
    up_bytes: c.upBytes,
    down_bytes: c.downBytes,
  };
}

function clientStatus(c: FakeXuiClient, now: number): "active" | "disabled" | "expired" | "depleted" {
  if (!c.enable) return "disabled";
  if (c.expiryMs > 0 && c.expiryMs <= now) return "expired";
  if (c.totalGb > 0 && c.upBytes + c.downBytes >= c.totalGb * GB) return "depleted";
  return "active";
}

function clientDetailsJson(c: FakeXuiClient, now: number): Record<string, unknown> {
  return {
    ...clientJson(c),
    status: clientStatus(c, now),
    days_left: c.expiryMs === 0 ? 0 : Math.max(0, Math.ceil((c.expiryMs - now) / DAY_MS)),
  };
}

/** Numbers must be JSON numbers: `"5"` is refused (not-shown.md). */
function checkGb(gb: unknown): FakeReply | undefined {
  if (gb === undefined) return undefined;
  return typeof gb === "number" && Number.isFinite(gb) && gb >= 0
    ? undefined
    : fail(400, "gb must be a number >= 0");
}

function checkDays(days: unknown): FakeReply | undefined {
  if (days === undefined) return undefined;
  return typeof days === "number" && Number.isInteger(days) && days >= 0
    ? undefined
    : fail(400, "days must be an integer >= 0");
}

function asObject(body: unknown): Record<string, unknown> | undefined {
  return typeof body === "object" && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined;
}

/** `YYYY-MM-DD HH:MM:SS` in UTC. */
function formatDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}
