import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { type FakeReply, fail, HttpFake, ok, presentedToken, type RouteContext } from "./http-fake.js";

/** One client as the fake panel stores it. */
export interface FakePanelClient {
  name: string;
  uuid: string;
  /** Unix seconds; 0 = no expiry. */
  expiresAt: number;
  trafficLimitGb: number;
  trafficUsedGb: number;
  deviceLimit: number;
  devicesCount: number;
  inboundIds: string[];
  channels: string[];
  wg: boolean;
}

export interface FakePanelInbound {
  id: string;
  remark: string;
  protocol: string;
  port: number;
  network: string;
}

interface Location {
  id: string;
  name: string;
  /** Public address of the panel; its own (non-combined) subscription links start here. */
  url: string;
  inbounds: FakePanelInbound[];
  /** Inbounds a client gets without `manual` when it sends no inbound_ids ("inbounds for new clients"). */
  defaultInboundIds: string[];
  clients: Map<string, FakePanelClient>;
  unreachable: boolean;
}

export interface FakePanelNodeSpec {
  id: string;
  name?: string;
  inbounds?: FakePanelInbound[];
  defaultInboundIds?: string[];
}

export interface FakePanelOptions {
  token?: string;
  inbounds?: FakePanelInbound[];
  defaultInboundIds?: string[];
  /** Connected panels (federation). */
  nodes?: FakePanelNodeSpec[];
  /** Clock in ms; defaults to `Date.now`. */
  now?: () => number;
  /**
   * How `GET /api/fed/lproxy/{node}/clients` (a list the spec does not show) answers: served
   * (default), or this status as a panel without the route would (404, 405, 501).
   */
  lproxyList?: LproxyList;
}

/** The connected panels' list route: served, or missing with this status. */
export type LproxyList = "served" | 404 | 405 | 501;

export const MAIN = "main";
const CHANNELS = new Set(["main", "reality", "bs", "wscdn"]);
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = 86_400;

const DEFAULT_MAIN_INBOUNDS: FakePanelInbound[] = [
  { id: "1", remark: "vless-ws", protocol: "vless", port: 443, network: "ws" },
  { id: "2", remark: "vless-reality", protocol: "vless", port: 8443, network: "tcp" },
];

class BadRequest extends Error {}

/**
 * A stateful fake of a MAIN Panel API with connected panels (federation), following the spec
 * and not-shown.md: per-location inbounds and clients, days/set_days/expires_at semantics,
 * 409 on name/UUID conflicts, `fed/lagg` and `fed/lproxy/{node}` (404 unknown node, 502 unreachable).
 */
export class FakePanelApi extends HttpFake {
  token: string;
  now: () => number;
  private readonly locations = new Map<string, Location>();
  private readonly initial: FakePanelOptions;
  private lproxyList: LproxyList = "served";

  constructor(options: FakePanelOptions = {}) {
    super();
    this.initial = options;
    this.token = options.token ?? "panel-token";
    this.now = options.now ?? Date.now;
    this.reset();

    this.route("GET", "/api/inbounds", () => this.listInbounds(MAIN));
    this.route("GET", "/api/clients", () => this.listClients(MAIN));
    this.route("POST", "/api/create", (c) => this.create(MAIN, c));
    this.route("POST", "/api/clients", (c) => this.create(MAIN, c));
    this.route("GET", "/api/clients/:name", (c) => this.get(MAIN, c));
    this.route("PATCH", "/api/clients/:name", (c) => this.patch(MAIN, c));
    this.route("DELETE", "/api/clients/:name", (c) => this.remove(MAIN, c));
    this.route("GET", "/api/fed/lagg", () => this.lagg());
    this.route("POST", "/api/fed/lproxy/:node/create", (c) => this.viaNode(c, (id) => this.create(id, c)));
    this.route("GET", "/api/fed/lproxy/:node/clients", (c) =>
      this.lproxyList === "served"
        ? this.viaNode(c, (id) => this.listClients(id))
        : fail(this.lproxyList, "not_found"),
    );
    this.route("GET", "/api/fed/lproxy/:node/clients/:name", (c) => this.viaNode(c, (id) => this.get(id, c)));
    this.route("PATCH", "/api/fed/lproxy/:node/clients/:name", (c) =>
      this.viaNode(c, (id) => this.patch(id, c)),
    );
    this.route("DELETE", "/api/fed/lproxy/:node/clients/:name", (c) =>
      this.viaNode(c, (id) => this.remove(id, c)),
    );
  }

  // ----- test helpers -----

  /** Back to the constructor's state: no clients, all nodes reachable, its list route, empty request log. */
  reset(): void {
    const o = this.initial;
    this.locations.clear();
    const mainInbounds = o.inbounds ?? DEFAULT_MAIN_INBOUNDS;
    this.locations.set(MAIN, {
      id: MAIN,
      name: "main",
      url: "",
      inbounds: mainInbounds,
      defaultInboundIds: o.defaultInboundIds ?? mainInbounds.map((i) => i.id),
      clients: new Map(),
      unreachable: false,
    });
    for (const n of o.nodes ?? []) this.addNode(n);
    this.lproxyList = o.lproxyList ?? "served";
    this.seen.length = 0;
  }

  /**
   * Serves the list of a connected panel's clients through `fed/lproxy`, or answers it with a
   * status as a panel without that route (the spec shows only `/create` and `/clients/{name}`).
   */
  setLproxyList(answer: LproxyList): void {
    this.lproxyList = answer;
  }

  /** Connects another panel. */
  addNode(spec: FakePanelNodeSpec): void {
    const inbounds = spec.inbounds ?? [
      { id: `${spec.id}01`, remark: `node-${spec.id}-ws`, protocol: "vless", port: 443, network: "ws" },
    ];
    this.locations.set(spec.id, {
      id: spec.id,
      name: spec.name ?? `node ${spec.id}`,
      url: `https://panel-${spec.id}.example`,
      inbounds,
      defaultInboundIds: spec.defaultInboundIds ?? inbounds.map((i) => i.id),
      clients: new Map(),
      unreachable: false,
    });
  }

  /** An unreachable connected panel answers 502 through `fed/lproxy` and shows offline in `fed/lagg`. */
  setUnreachable(node: string, unreachable: boolean): void {
    this.loc(node).unreachable = unreachable;
  }

  /** Copies of the clients stored at a location (`"main"` or a node id). */
  clientsAt(location: string): FakePanelClient[] {
    return [...this.loc(location).clients.values()].map((c) => structuredClone(c));
  }

  clientAt(location: string, name: string): FakePanelClient | undefined {
    const c = this.loc(location).clients.get(name);
    return c && structuredClone(c);
  }

  /** Puts a client in place directly (no validation), e.g. for a pre-existing record. */
  putClient(location: string, client: Partial<FakePanelClient> & { name: string }): FakePanelClient {
    const full: FakePanelClient = {
      uuid: randomUUID(),
      expiresAt: 0,
      trafficLimitGb: 0,
      trafficUsedGb: 0,
      deviceLimit: 0,
      devicesCount: 0,
      inboundIds: [],
      channels: [],
      wg: false,
      ...client,
    };
    this.loc(location).clients.set(full.name, full);
    return structuredClone(full);
  }

  /** Sets usage counters of a client. */
  setUsage(location: string, name: string, usage: { trafficUsedGb?: number; devicesCount?: number }): void {
    const c = this.loc(location).clients.get(name);
    if (!c) throw new Error(`no client ${name} at ${location}`);
    if (usage.trafficUsedGb !== undefined) c.trafficUsedGb = usage.trafficUsedGb;
    if (usage.devicesCount !== undefined) c.devicesCount = usage.devicesCount;
  }

  /** The link the MAIN panel hands out for a uuid: combined over all locations. */
  combinedSubUrl(uuid: string): string {
    return `${this.url}/sub/${uuid}`;
  }

  // ----- HTTP -----

  protected override guard(_method: string, _path: string, headers: IncomingMessage["headers"]) {
    return presentedToken(headers) === this.token ? undefined : fail(401, "unauthorized");
  }

  private loc(id: string): Location {
    const l = this.locations.get(id);
    if (!l) throw new Error(`fake panel: no location ${id}`);
    return l;
  }

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  private subUrl(location: Location, uuid: string): string {
    return location.id === MAIN ? this.combinedSubUrl(uuid) : `${location.url}/sub/${uuid}`;
  }

  private view(location: Location, c: FakePanelClient): Record<string, unknown> {
    const link = this.subUrl(location, c.uuid);
    return {
      name: c.name,
      uuid: c.uuid,
      expires_at: c.expiresAt,
      device_limit: c.deviceLimit,
      devices_count: c.devicesCount,
      traffic_used_gb: c.trafficUsedGb,
      traffic_limit_gb: c.trafficLimitGb,
      subscription_url: link,
      sub_url: link,
      inbound_ids: [...c.inboundIds],
      channels: [...c.channels],
      wg: c.wg,
    };
  }

  private viaNode(ctx: RouteContext, handler: (id: string) => FakeReply): FakeReply {
    const node = ctx.params.node ?? "";
    const location = this.locations.get(node);
    if (node === MAIN || !location) return fail(404, `unknown node ${node}`);
    if (location.unreachable) return fail(502, `panel ${node} is unreachable`);
    return handler(node);
  }

  private listInbounds(id: string): FakeReply {
    const l = this.loc(id);
    const counts = (inbound: string) =>
      [...l.clients.values()].filter((c) => c.inboundIds.includes(inbound)).length;
    return ok({ inbounds: l.inbounds.map((i) => ({ ...i, clients_count: counts(i.id) })) });
  }

  private listClients(id: string): FakeReply {
    const l = this.loc(id);
    return ok({ clients: [...l.clients.values()].map((c) => this.view(l, c)) });
  }

  private lagg(): FakeReply {
    const nodes = [...this.locations.values()]
      .filter((l) => l.id !== MAIN)
      .map((l) => ({
        node_id: l.id,
        name: l.name,
        url: l.url,
        online: !l.unreachable,
        clients_count: l.clients.size,
      }));
    return ok({ nodes });
  }

  private get(id: string, ctx: RouteContext): FakeReply {
    const l = this.loc(id);
    const c = l.clients.get(ctx.params.name ?? "");
    return c ? ok({ client: this.view(l, c) }) : fail(404, "client not found");
  }

  private remove(id: string, ctx: RouteContext): FakeReply {
    const l = this.loc(id);
    if (!l.clients.delete(ctx.params.name ?? "")) return fail(404, "client not found");
    return ok();
  }

  private create(id: string, ctx: RouteContext): FakeReply {
    return this.guarded(() => {
      const l = this.loc(id);
      const b = asBody(ctx.body);
      const name = b.name;
      if (typeof name !== "string" || name.trim() === "") throw new BadRequest("name is required");
      let uuid: string;
      if (b.uuid === undefined) uuid = randomUUID();
      else if (typeof b.uuid === "string" && UUID_RE.test(b.uuid)) uuid = b.uuid.toLowerCase();
      else throw new BadRequest("uuid is not a UUID");
      if (b.set_days !== undefined) throw new BadRequest("set_days is for PATCH only");
      if (l.clients.has(name)) return fail(409, `client ${name} already exists`);
      if ([...l.clients.values()].some((c) => c.uuid === uuid))
        return fail(409, `uuid ${uuid} already in use`);

      const now = this.nowSeconds();
      let expiresAt = 0;
      if (b.expires_at !== undefined) expiresAt = futureSeconds(b.expires_at, now);
      else if (b.days !== undefined) expiresAt = now + positiveInt("days", b.days) * DAY;

      const manual = optionalBool("manual", b.manual) ?? false;
      const inboundIds = this.inboundIds(l, pick(b, "inbound_ids", "inbounds"));
      const channels = channelList(b.channels);
      const client: FakePanelClient = {
        name,
        uuid,
        expiresAt,
        trafficLimitGb: gbValue(pick(b, "traffic_limit_gb", "traffic_gb", "gb", "limit_gb")) ?? 0,
        trafficUsedGb: 0,
        deviceLimit: deviceValue(pick(b, "device_limit", "devices", "device_count", "max_devices")) ?? 0,
        devicesCount: 0,
        inboundIds: inboundIds ?? (manual ? [] : [...l.defaultInboundIds]),
        channels: channels ?? (manual ? [] : ["main"]),
        wg: optionalBool("wg", b.wg) ?? false,
      };
      l.clients.set(name, client);
      return ok({ client: this.view(l, client) });
    });
  }

  private patch(id: string, ctx: RouteContext): FakeReply {
    return this.guarded(() => {
      const l = this.loc(id);
      const name = ctx.params.name ?? "";
      const current = l.clients.get(name);
      if (!current) return fail(404, "client not found");
      const b = asBody(ctx.body);
      const next = { ...current };

      if (b.new_name !== undefined) {
        if (typeof b.new_name !== "string" || b.new_name.trim() === "") throw new BadRequest("bad new_name");
        if (b.new_name !== name && l.clients.has(b.new_name)) return fail(409, `client ${b.new_name} exists`);
        next.name = b.new_name;
      }
      // Priority: expires_at > set_days > days.
      const now = this.nowSeconds();
      if (b.expires_at !== undefined) next.expiresAt = futureSeconds(b.expires_at, now);
      else if (b.set_days !== undefined) next.expiresAt = now + positiveInt("set_days", b.set_days) * DAY;
      else if (b.days !== undefined) {
        next.expiresAt = Math.max(current.expiresAt, now) + positiveInt("days", b.days) * DAY;
      }
      const gb = gbValue(pick(b, "traffic_limit_gb", "traffic_gb", "gb", "limit_gb"));
      if (gb !== undefined) next.trafficLimitGb = gb;
      const devices = deviceValue(pick(b, "device_limit", "devices", "device_count", "max_devices"));
      if (devices !== undefined) next.deviceLimit = devices;
      const inboundIds = this.inboundIds(l, pick(b, "inbound_ids", "inbounds"));
      if (inboundIds !== undefined) next.inboundIds = inboundIds;
      const channels = channelList(b.channels);
      if (channels !== undefined) next.channels = channels;
      const wg = optionalBool("wg", b.wg);
      if (wg !== undefined) next.wg = wg;

      l.clients.delete(name);
      l.clients.set(next.name, next);
      return ok({ client: this.view(l, next) });
    });
  }

  private inboundIds(l: Location, value: unknown): string[] | undefined {
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
      throw new BadRequest("inbound_ids must be an array of strings");
    }
    const unknown = value.filter((v) => !l.inbounds.some((i) => i.id === v));
    if (unknown.length) throw new BadRequest(`unknown inbound id ${unknown.join(", ")}`);
    return [...new Set(value as string[])];
  }

  private guarded(fn: () => FakeReply): FakeReply {
    try {
      return fn();
    } catch (err) {
      if (err instanceof BadRequest) return fail(400, err.message);
      throw err;
    }
  }
}

function asBody(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new BadRequest("JSON object expected");
  return body as Record<string, unknown>;
}

/** The first of a field and its aliases that is present. */
function pick(body: Record<string, unknown>, ...keys: string[]): unknown {
  for (const k of keys) if (body[k] !== undefined) return body[k];
  return undefined;
}

function positiveInt(field: string, v: unknown): number {
  if (typeof v !== "number" || !Number.isInteger(v) || v <= 0)
    throw new BadRequest(`${field} must be an integer > 0`);
  return v;
}

function futureSeconds(v: unknown, now: number): number {
  if (typeof v !== "number" || !Number.isInteger(v))
    throw new BadRequest("expires_at must be integer seconds");
  if (v <= now) throw new BadRequest("expires_at must be in the future");
  return v;
}

function gbValue(v: unknown): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
    throw new BadRequest("traffic_limit_gb must be >= 0");
  return v;
}

function deviceValue(v: unknown): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0)
    throw new BadRequest("device_limit must be an integer >= 0");
  return v;
}

function optionalBool(field: string, v: unknown): boolean | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "boolean") throw new BadRequest(`${field} must be a boolean`);
  return v;
}

function channelList(v: unknown): string[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.some((c) => typeof c !== "string" || !CHANNELS.has(c))) {
    throw new BadRequest("unknown channel");
  }
  return [...new Set(v as string[])];
}
