import { type Dispatcher, fetch } from "undici";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  HostingApiError,
  HostingInputError,
  HostingNetworkError,
  HostingTimeoutError,
  isTransient,
} from "../../src/hosting/errors.js";
import {
  CertificatePinMismatchError,
  createNodeDispatcher,
  NodeApi,
  type NodeApiOptions,
  normalizeFingerprint,
  subscriptionUrl,
} from "../../src/hosting/node/index.js";
import type { CallObservation } from "../../src/hosting/request.js";
import { fail, HttpFake } from "../fakes/http-fake.js";
import { type FakeCert, FakeNodeApi, makeCert } from "../fakes/node-api.js";
import { rejection, rejectionOf } from "../helpers/errors.js";

const FAST = { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 };
const DAY = 86_400;

let cert: FakeCert;
let otherCert: FakeCert;

beforeAll(async () => {
  [cert, otherCert] = await Promise.all([makeCert("node-a.test"), makeCert("node-b.test")]);
});

let fake: FakeNodeApi;
let api: NodeApi;
const opened: NodeApi[] = [];
const dispatchers: Dispatcher[] = [];

function client(fakeApi: FakeNodeApi, options: Partial<NodeApiOptions> = {}): NodeApi {
  const c = new NodeApi({
    baseUrl: fakeApi.url,
    token: () => fakeApi.token,
    certSha256: fakeApi.certificate?.fingerprint256,
    retry: FAST,
    ...options,
  });
  opened.push(c);
  return c;
}

/** A plain request to the fake through a pinned agent, for checks of the fake itself. */
async function raw(
  method: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const dispatcher = createNodeDispatcher(cert.fingerprint256);
  if (!dispatcher) throw new Error("no dispatcher");
  dispatchers.push(dispatcher);
  const res = await fetch(fake.url + path, {
    method,
    dispatcher,
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.headers ?? { authorization: `Bearer ${fake.token}` }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const apiError = (promise: Promise<unknown>) => rejectionOf(promise, HostingApiError);

/** Walks an error's `cause` chain. */
function causes(err: unknown): unknown[] {
  const out: unknown[] = [];
  let cur: unknown = err;
  while (cur instanceof Error && out.length < 10) {
    out.push(cur);
    cur = (cur as Error & { cause?: unknown }).cause;
  }
  return out;
}

beforeEach(async () => {
  fake = await new FakeNodeApi().start(cert);
  api = client(fake);
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
  await Promise.all(dispatchers.splice(0).map((d) => d.close()));
  await fake.stop();
});

describe("NodeApi: clients", () => {
  it("creates a client, sending snake_case fields, Bearer auth and the /api prefix", async () => {
    const before = fake.now();
    const c = await api.createClient({ name: "alice@shop", days: 30, trafficLimitGb: 50, deviceLimit: 3 });
    expect(c).toMatchObject({
      name: "alice@shop",
      leftDays: 30,
      trafficLimitGb: 50,
      deviceLimit: 3,
      banned: false,
    });
    expect(c.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(c.link).toContain(`vless://${c.uuid}@`);
    expect(c.expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY);
    const req = fake.seen.at(-1);
    expect(req?.method).toBe("POST");
    expect(req?.path).toBe("/api/create");
    expect(req?.headers.authorization).toBe(`Bearer ${fake.token}`);
    expect(req?.body).toEqual({ name: "alice@shop", days: 30, traffic_limit_gb: 50, device_limit: 3 });
    expect(fake.clients.get("alice@shop")?.traffic_limit_gb).toBe(50);
  });

  it("omits optional limits on create when not given", async () => {
    const c = await api.createClient({ name: "bob", days: 1 });
    expect(c.trafficLimitGb).toBeUndefined();
    expect(fake.seen.at(-1)?.body).toEqual({ name: "bob", days: 1 });
  });

  it("lists and gets clients", async () => {
    fake.seedClient("a", 5);
    fake.seedClient("b.c", 10, { device_limit: 2 });
    const list = await api.listClients();
    expect(list.map((c) => c.name).sort()).toEqual(["a", "b.c"]);
    const one = await api.getClient("b.c");
    expect(one).toMatchObject({ name: "b.c", leftDays: 10, deviceLimit: 2 });
    expect(fake.seen.at(-1)?.path).toBe("/api/clients/b.c");
  });

  it("edit ADDS days to the current expiry date, even a past one", async () => {
    const seeded = fake.seedClient("late", 0, { expires_at: fake.now() - 5 * DAY });
    const old = seeded.expires_at;
    const c = await api.editClient({ name: "late", days: 10 });
    expect(c.expiresAt).toBe(old + 10 * DAY);
    expect(c.leftDays).toBe(5);
    const again = await api.editClient({ name: "late", days: 10 });
    expect(again.expiresAt).toBe(old + 20 * DAY);
    expect(fake.seen.at(-1)).toMatchObject({
      method: "PATCH",
      path: "/api/edit",
      body: { name: "late", days: 10 },
    });
  });

  it("edit changes limits only, keeping the expiry", async () => {
    const seeded = fake.seedClient("lim", 7);
    const c = await api.editClient({ name: "lim", trafficLimitGb: 0, deviceLimit: 4 });
    expect(c).toMatchObject({ expiresAt: seeded.expires_at, trafficLimitGb: 0, deviceLimit: 4 });
    expect(fake.seen.at(-1)?.body).toEqual({ name: "lim", traffic_limit_gb: 0, device_limit: 4 });
  });

  it("renames a client via new_name", async () => {
    const seeded = fake.seedClient("old", 3);
    const c = await api.renameClient("old", "new_1");
    expect(c).toMatchObject({ name: "new_1", uuid: seeded.uuid });
    expect(fake.clients.has("old")).toBe(false);
    expect(fake.seen.at(-1)?.body).toEqual({ name: "old", new_name: "new_1" });
  });

  it("bans with a reason and unbans", async () => {
    fake.seedClient("eve", 3);
    const banned = await api.banClient("eve", "abuse");
    expect(banned).toMatchObject({ name: "eve", banned: true, banReason: "abuse" });
    expect(fake.seen.at(-1)).toMatchObject({
      method: "PATCH",
      path: "/api/clients/eve/ban",
      body: { reason: "abuse" },
    });
    expect(fake.clients.get("eve")?.banned).toBe(true);
    expect((await api.keys()).count).toBe(0);
    const back = await api.unbanClient("eve");
    expect(back?.banned).toBe(false);
    expect(fake.seen.at(-1)).toMatchObject({ method: "PATCH", path: "/api/clients/eve/unban" });
    expect(fake.clients.get("eve")?.banned).toBe(false);
  });

  it("ban without a reason sends an empty body", async () => {
    fake.seedClient("x", 3);
    await api.banClient("x");
    expect(fake.seen.at(-1)?.body).toEqual({});
  });

  it("deletes a client", async () => {
    fake.seedClient("gone", 3);
    await api.deleteClient("gone");
    expect(fake.clients.has("gone")).toBe(false);
    expect(fake.seen.at(-1)).toMatchObject({ method: "DELETE", path: "/api/clients/gone" });
  });

  it("keys and logs", async () => {
    fake.seedClient("k1", 3);
    fake.seedClient("k2", 3);
    const keys = await api.keys();
    expect(keys.count).toBe(2);
    expect(keys.keys).toHaveLength(2);
    await api.createClient({ name: "l1", days: 1 });
    await api.createClient({ name: "l2", days: 1 });
    const all = await api.logs();
    expect(fake.seen.at(-1)?.query.get("count")).toBe("100");
    expect(all.count).toBe(2);
    const last = await api.logs(1);
    expect(fake.seen.at(-1)?.query.get("count")).toBe("1");
    expect(last.logs).toHaveLength(1);
    expect(String(last.logs[0])).toContain("create l2");
  });
});

describe("NodeApi: node, peers, federation, backups, traffic", () => {
  it("health needs no token", async () => {
    const anon = client(fake, { token: () => undefined });
    const h = await anon.health();
    expect(h.methods).toBeInstanceOf(Array);
    expect(fake.seen.at(-1)?.path).toBe("/api/health");
    expect(fake.seen.at(-1)?.headers.authorization).toBeUndefined();
  });

  it("status", async () => {
    fake.seedClient("s1", 3);
    fake.seedClient("s2", 3, { banned: true });
    fake.peers.set("p", "https://p/sub/{uuid}/local");
    const s = await api.status();
    expect(s).toMatchObject({
      nodeName: "Amsterdam",
      domain: "node.test",
      ports: { api: fake.port, sub: 2096, ws: 443, reality: 8443 },
      clients: { total: 2, active: 1, banned: 1 },
      peers: 1,
      federation: null,
    });
  });

  it("node name get and set", async () => {
    expect(await api.nodeName()).toBe("Amsterdam");
    expect(await api.setNodeName("Frankfurt")).toBe("Frankfurt");
    expect(fake.nodeName).toBe("Frankfurt");
    expect(fake.seen.at(-1)).toMatchObject({
      method: "PATCH",
      path: "/api/node",
      body: { node_name: "Frankfurt" },
    });
  });

  it("peers: add, list, delete", async () => {
    const url = "https://node2.test:2096/sub/{uuid}/local";
    expect(await api.addPeer({ name: "node2", url })).toEqual({ name: "node2", url });
    expect(await api.peers()).toEqual([{ name: "node2", url }]);
    await api.deletePeer("node2");
    expect(await api.peers()).toEqual([]);
    expect(fake.seen.find((r) => r.method === "DELETE")?.path).toBe("/api/peers/node2");
  });

  it("nodes and nodes health", async () => {
    fake.peers.set("n2", "https://n2/sub/{uuid}/local");
    fake.registry.push({ name: "n2", url: "https://n2" });
    const n = await api.nodes();
    expect(n.nodes).toEqual([{ name: "n2", url: "https://n2" }]);
    expect(n.peers).toEqual([{ name: "n2", url: "https://n2/sub/{uuid}/local" }]);
    const h = await api.nodesHealth();
    expect(h.health).toEqual([
      { name: "n2", url: "https://n2/sub/{uuid}/local", healthy: true, status: 200 },
    ]);
    expect(h.ok).toBeUndefined();
  });

  it("federation: get, set, delete", async () => {
    expect(await api.federation()).toBeNull();
    const set = await api.setFederation({ apiUrl: "https://master.test:8443/api", token: "up-tok" });
    expect(set).toEqual({ apiUrl: "https://master.test:8443/api", token: "up-tok" });
    expect(fake.seen.at(-1)?.body).toEqual({ api_url: "https://master.test:8443/api", token: "up-tok" });
    expect(await api.federation()).toEqual({ apiUrl: "https://master.test:8443/api", token: "up-tok" });
    await api.deleteFederation();
    expect(fake.federationConfig).toBeNull();
    expect(await api.federation()).toBeNull();
  });

  it("backups: list and create", async () => {
    expect(await api.backups()).toEqual([]);
    const b = await api.createBackup();
    expect(b).toMatchObject({ name: "backup-1.zip" });
    expect(await api.backups()).toHaveLength(1);
  });

  it("traffic counters", async () => {
    fake.seedClient("t1", 3);
    fake.seedClient("t2", 3);
    fake.setTraffic("t1", 100, 2_000);
    const t = await api.traffic();
    expect(t).toEqual([
      { name: "t1", upBytes: 100, downBytes: 2_000 },
      { name: "t2", upBytes: 0, downBytes: 0 },
    ]);
  });

  it("cdn-xhttp passes the body through", async () => {
    const body = { host: "cdn.example", sni: "cdn.example", port: 443, tag: "cdn", path: "/x" };
    const r = await api.configureCdnXhttp(body);
    expect(fake.cdnConfig).toEqual(body);
    expect(r.cdn).toEqual(body);
    expect(fake.seen.at(-1)?.path).toBe("/api/server/cdn-xhttp");
  });

  it("builds subscription URLs", () => {
    expect(subscriptionUrl("https://node.test:2096/", "u-1")).toBe("https://node.test:2096/sub/u-1");
    expect(api.subscriptionUrl("https://node.test:2096", "u-2")).toBe("https://node.test:2096/sub/u-2");
    expect(() => subscriptionUrl("not a url", "u")).toThrow(HostingInputError);
  });

  it("accepts a base URL that already ends in /api", async () => {
    const c = client(fake, { baseUrl: `${fake.url}/api/` });
    await c.nodeName();
    expect(fake.seen.at(-1)?.path).toBe("/api/node");
  });

  it("reports every attempt to observe", async () => {
    const calls: CallObservation[] = [];
    const c = client(fake, { observe: (o) => calls.push(o) });
    await c.nodeName();
    expect(calls).toEqual([expect.objectContaining({ api: "node", endpoint: "GET /node", status: 200 })]);
  });
});

describe("NodeApi: API errors", () => {
  it("user_already_exists -> 409 conflict", async () => {
    await api.createClient({ name: "dup", days: 1 });
    const e = await apiError(api.createClient({ name: "dup", days: 1 }));
    expect(e).toMatchObject({ status: 409, kind: "conflict", code: "user_already_exists", api: "node" });
  });

  it("user_not_found -> 404 not_found", async () => {
    const e = await apiError(api.getClient("nobody"));
    expect(e).toMatchObject({ status: 404, kind: "not_found", code: "user_not_found" });
    const e2 = await apiError(api.editClient({ name: "nobody", days: 1 }));
    expect(e2.code).toBe("user_not_found");
  });

  it("not_found for an unknown path", async () => {
    const lost = client(fake, { baseUrl: `${fake.url}/nowhere` });
    const e = await apiError(lost.status());
    expect(e).toMatchObject({ status: 404, kind: "not_found", code: "not_found" });
  });

  it("unauthorized for a wrong or missing token, without retries", async () => {
    const wrong = client(fake, { token: () => "wrong" });
    const e = await apiError(wrong.listClients());
    expect(e).toMatchObject({ status: 401, kind: "unauthorized", code: "unauthorized" });
    expect(fake.countAny("GET", "/clients")).toBe(1);
    const none = client(fake, { token: async () => undefined });
    expect((await apiError(none.status())).code).toBe("unauthorized");
  });

  it("bad_name and bad_days from the node surface with their codes", async () => {
    fake.forceError("POST", "/create", 400, "bad_name");
    const e1 = await apiError(api.createClient({ name: "ok-name", days: 1 }));
    expect(e1).toMatchObject({ status: 400, kind: "bad_request", code: "bad_name" });
    fake.forceError("POST", "/create", 400, "bad_days");
    const e2 = await apiError(api.createClient({ name: "ok-name", days: 1 }));
    expect(e2).toMatchObject({ status: 400, kind: "bad_request", code: "bad_days" });
  });

  it("internal_error -> 500 internal, not retried", async () => {
    fake.forceInternalError("GET", "/status");
    const e = await apiError(api.status());
    expect(e).toMatchObject({
      status: 500,
      kind: "internal",
      code: "internal_error",
      detail: "see logs.txt",
    });
    expect(fake.countAny("GET", "/status")).toBe(1);
  });
});

describe("NodeApi: retries and timeouts", () => {
  it("retries a GET on 503", async () => {
    fake.seedClient("r", 2);
    fake.failNext("GET", fake.anyPrefix("/clients"), fail(503, "unavailable"), 2);
    const list = await api.listClients();
    expect(list).toHaveLength(1);
    expect(fake.countAny("GET", "/clients")).toBe(3);
  });

  it("gives up after the retry budget", async () => {
    fake.failNext("GET", fake.anyPrefix("/node"), fail(503, "unavailable"), 5);
    const e = await apiError(api.nodeName());
    expect(e).toMatchObject({ status: 503, kind: "unavailable" });
    expect(fake.countAny("GET", "/node")).toBe(3);
  });

  it("does NOT retry an edit on 503 (days would be added twice)", async () => {
    const seeded = fake.seedClient("once", 3);
    const before = seeded.expires_at;
    fake.failNext("PATCH", fake.anyPrefix("/edit"), fail(503, "unavailable"));
    const e = await apiError(api.editClient({ name: "once", days: 5 }));
    expect(e).toMatchObject({ status: 503, kind: "unavailable" });
    expect(fake.countAny("PATCH", "/edit")).toBe(1);
    expect(fake.clients.get("once")?.expires_at).toBe(before);
  });

  it("does NOT retry a create on 503", async () => {
    fake.failNext("POST", fake.anyPrefix("/create"), fail(503, "unavailable"));
    await apiError(api.createClient({ name: "c", days: 1 }));
    expect(fake.countAny("POST", "/create")).toBe(1);
  });

  it("times out", async () => {
    fake.delayNext("GET", fake.anyPrefix("/status"), 1_000);
    const slow = client(fake, { timeoutMs: 100, retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    const e = await rejection(slow.status());
    expect(e).toBeInstanceOf(HostingTimeoutError);
    expect((e as HostingTimeoutError).timeoutMs).toBe(100);
  });
});

describe("NodeApi: TLS certificate pinning", () => {
  it("accepts the pinned certificate in colon, plain-hex and lower-case forms", async () => {
    const hex = cert.fingerprint256.replaceAll(":", "");
    for (const pin of [cert.fingerprint256, hex, hex.toLowerCase(), cert.fingerprint256.toLowerCase()]) {
      const c = client(fake, { certSha256: pin });
      expect(await c.nodeName()).toBe("Amsterdam");
    }
    expect(normalizeFingerprint(cert.fingerprint256)).toBe(hex);
  });

  it("refuses a wrong fingerprint before any request reaches the node", async () => {
    const wrong = client(fake, { certSha256: otherCert.fingerprint256 });
    const e = await rejection(wrong.listClients());
    expect(e).toBeInstanceOf(HostingNetworkError);
    expect(causes(e).some((c) => c instanceof CertificatePinMismatchError)).toBe(true);
    expect((e as HostingNetworkError).permanent).toBe(true);
    expect(isTransient(e)).toBe(false);
    const e2 = await rejection(wrong.createClient({ name: "z", days: 1 }));
    expect(e2).toBeInstanceOf(HostingNetworkError);
    expect(fake.seen).toHaveLength(0);
    expect(fake.clients.size).toBe(0);
  });

  it("without a pin the self-signed certificate is refused by normal verification", async () => {
    const unpinned = client(fake, { certSha256: undefined });
    const e = await rejection(unpinned.status());
    expect(e).toBeInstanceOf(HostingNetworkError);
    expect(String((e as Error).message)).toMatch(/self[- ]signed|SELF_SIGNED/i);
    expect(fake.seen).toHaveLength(0);
    expect(createNodeDispatcher(undefined)).toBeUndefined();
    expect(createNodeDispatcher("")).toBeUndefined();
  });

  it("a second node with another certificate is refused by the first node's pin", async () => {
    const second = await new FakeNodeApi({ token: fake.token }).start(otherCert);
    try {
      const pinnedToFirst = client(second, { certSha256: cert.fingerprint256 });
      const e = await rejection(pinnedToFirst.status());
      expect(e).toBeInstanceOf(HostingNetworkError);
      expect(causes(e).some((c) => c instanceof CertificatePinMismatchError)).toBe(true);
      expect(second.seen).toHaveLength(0);
      // and with its own pin it works
      expect(await client(second).nodeName()).toBe("Amsterdam");
      expect(second.seen).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it("a pinned client refuses plain http", async () => {
    const plain = await new HttpFake().start();
    try {
      const c = new NodeApi({
        baseUrl: plain.url,
        token: () => "t",
        certSha256: cert.fingerprint256,
        retry: FAST,
      });
      opened.push(c);
      const e = await rejection(c.status());
      expect(e).toBeInstanceOf(HostingNetworkError);
      expect(plain.seen).toHaveLength(0);
    } finally {
      await plain.stop();
    }
  });

  it("rejects a malformed fingerprint", () => {
    expect(() => createNodeDispatcher("AB:CD")).toThrow(HostingInputError);
    expect(() => new NodeApi({ baseUrl: fake.url, token: () => "t", certSha256: "zz".repeat(32) })).toThrow(
      HostingInputError,
    );
  });
});

describe("NodeApi: input validation sends nothing", () => {
  const bad: [string, () => Promise<unknown>][] = [
    ["empty name", () => api.getClient("")],
    ["name with space", () => api.createClient({ name: "a b", days: 1 })],
    ["name with slash", () => api.deleteClient("a/b")],
    ["name of 65 chars", () => api.createClient({ name: "a".repeat(65), days: 1 })],
    ["cyrillic name", () => api.banClient("имя")],
    ["create days 0", () => api.createClient({ name: "a", days: 0 })],
    ["create days 1.5", () => api.createClient({ name: "a", days: 1.5 })],
    ["create days NaN", () => api.createClient({ name: "a", days: Number.NaN })],
    ["negative traffic", () => api.createClient({ name: "a", days: 1, trafficLimitGb: -1 })],
    ["infinite traffic", () => api.editClient({ name: "a", trafficLimitGb: Number.POSITIVE_INFINITY })],
    ["fractional devices", () => api.createClient({ name: "a", days: 1, deviceLimit: 1.5 })],
    ["negative devices", () => api.editClient({ name: "a", deviceLimit: -1 })],
    ["edit days 0", () => api.editClient({ name: "a", days: 0 })],
    ["edit with no change", () => api.editClient({ name: "a" })],
    ["rename to bad name", () => api.renameClient("a", "b c")],
    ["rename to same name", () => api.renameClient("a", "a")],
    ["unban bad name", () => api.unbanClient("")],
    ["logs 0", () => api.logs(0)],
    ["logs 1001", () => api.logs(1001)],
    ["logs 2.5", () => api.logs(2.5)],
    ["empty node name", () => api.setNodeName("  ")],
    ["peer url without {uuid}", () => api.addPeer({ name: "p", url: "https://n2/sub/local" })],
    ["peer url not a URL", () => api.addPeer({ name: "p", url: "n2/sub/{uuid}" })],
    [
      "peer url without /local (recursive collection)",
      () => api.addPeer({ name: "p", url: "https://n2/sub/{uuid}" }),
    ],
    ["peer url with /local before {uuid}", () => api.addPeer({ name: "p", url: "https://n2/local/{uuid}" })],
    [
      "peer url with {uuid} only in the query",
      () => api.addPeer({ name: "p", url: "https://n2/sub/local?u={uuid}" }),
    ],
    ["empty peer name", () => api.addPeer({ name: "", url: "https://n2/sub/{uuid}/local" })],
    ["empty peer name on delete", () => api.deletePeer("")],
    ["federation url without /api", () => api.setFederation({ apiUrl: "https://m.test/", token: "t" })],
    ["federation url not a URL", () => api.setFederation({ apiUrl: "m.test/api", token: "t" })],
    ["federation empty token", () => api.setFederation({ apiUrl: "https://m.test/api", token: "" })],
  ];

  it.each(bad)("%s", async (_label, call) => {
    const e = await rejection(call());
    expect(e).toBeInstanceOf(HostingInputError);
    expect(fake.seen).toHaveLength(0);
  });
});

describe("FakeNodeApi itself", () => {
  it("accepts X-API-Key and refuses a wrong one", async () => {
    const good = await raw("GET", "/api/clients", { headers: { "x-api-key": fake.token } });
    expect(good.status).toBe(200);
    const bad = await raw("GET", "/api/clients", { headers: { "x-api-key": "nope" } });
    expect(bad).toEqual({
      status: 401,
      body: { ok: false, error: "unauthorized", message: expect.any(String) },
    });
    const none = await raw("GET", "/clients", { headers: {} });
    expect(none.status).toBe(401);
  });

  it("accepts every path with and without the /api prefix", async () => {
    fake.seedClient("p1", 2);
    const a = await raw("GET", "/clients");
    const b = await raw("GET", "/api/clients");
    expect(a).toEqual(b);
    expect(a.status).toBe(200);
    expect((await raw("GET", "/health", { headers: {} })).status).toBe(200);
    expect((await raw("GET", "/", { headers: {} })).status).toBe(200);
    expect((await raw("GET", "/api", { headers: {} })).status).toBe(200);
    expect((await raw("GET", "/users")).body.clients).toHaveLength(1);
    expect((await raw("GET", "/info?name=p1")).body.client).toMatchObject({ name: "p1" });
    expect((await raw("GET", "/stats")).status).toBe(200);
    expect((await raw("GET", "/api/dashboard")).body.node_name).toBe("Amsterdam");
    expect((await raw("GET", "/nope")).body.error).toBe("not_found");
  });

  it("validates names and days itself", async () => {
    expect((await raw("POST", "/create", { body: { name: "a b", days: 1 } })).body.error).toBe("bad_name");
    expect((await raw("POST", "/create", { body: { name: "", days: 1 } })).body.error).toBe("bad_name");
    expect((await raw("POST", "/clients", { body: { name: "ok" } })).body.error).toBe("bad_days");
    expect((await raw("POST", "/api/create", { body: { name: "ok", days: 0 } })).status).toBe(400);
    expect((await raw("PATCH", "/edit", { body: { name: "zz", days: 1 } })).body.error).toBe(
      "user_not_found",
    );
    fake.seedClient("ok", 1);
    expect((await raw("PATCH", "/clients/ok", { body: { days: 0 } })).body.error).toBe("bad_days");
    expect((await raw("GET", "/logs?count=0")).body.error).toBe("bad_request");
    expect((await raw("GET", "/logs?count=1001")).status).toBe(400);
    expect((await raw("POST", "/peers", { body: { name: "p", url: "https://x/sub" } })).body.error).toBe(
      "bad_url",
    );
  });

  it("supports the POST body forms of ban, unban and delete", async () => {
    fake.seedClient("m", 2);
    expect((await raw("POST", "/ban", { body: { name: "m", reason: "r" } })).status).toBe(200);
    expect(fake.clients.get("m")).toMatchObject({ banned: true, ban_reason: "r" });
    expect((await raw("POST", "/api/unban", { body: { name: "m" } })).status).toBe(200);
    expect(fake.clients.get("m")?.banned).toBe(false);
    expect((await raw("POST", "/delete", { body: { name: "m" } })).status).toBe(200);
    expect(fake.clients.has("m")).toBe(false);
    expect((await raw("POST", "/delete", { body: { name: "m" } })).body.error).toBe("user_not_found");
  });

  it("serves its certificate with the advertised fingerprint", () => {
    expect(fake.certificate?.fingerprint256).toBe(cert.fingerprint256);
    expect(cert.fingerprint256).not.toBe(otherCert.fingerprint256);
  });
});

afterAll(async () => {
  await Promise.all(dispatchers.splice(0).map((d) => d.close()));
});
