import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  HostingApiError,
  HostingInputError,
  HostingSchemaError,
  HostingTimeoutError,
} from "../../src/hosting/errors.js";
import {
  PanelApi,
  type PanelClientPatch,
  type PanelCreateInput,
  type PanelCreateTerm,
  type PanelTerm,
} from "../../src/hosting/panel/index.js";
import type { CallObservation } from "../../src/hosting/request.js";
import { fail } from "../fakes/http-fake.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { rejectionOf } from "../helpers/errors.js";

const TOKEN = "panel-secret";
const NOW_MS = Date.UTC(2031, 0, 15, 12, 0, 0);
const NOW = NOW_MS / 1000;
const DAY = 86_400;
const RETRY = { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 };
const UUID = "0f8fad5b-d9cb-469f-a165-70867728950e";

const fake = new FakePanelApi({
  token: TOKEN,
  now: () => NOW_MS,
  nodes: [
    {
      id: "2",
      name: "Frankfurt",
      inbounds: [{ id: "21", remark: "fra-ws", protocol: "vless", port: 443, network: "ws" }],
    },
    { id: "3", name: "Helsinki" },
  ],
});

function client(extra: Partial<ConstructorParameters<typeof PanelApi>[0]> = {}): PanelApi {
  return new PanelApi({ baseUrl: fake.url, token: () => TOKEN, retry: RETRY, now: () => NOW_MS, ...extra });
}

let panel: PanelApi;

function lastBody(): unknown {
  return fake.seen.at(-1)?.body;
}

const apiError = (p: Promise<unknown>) => rejectionOf(p, HostingApiError);

beforeAll(async () => {
  await fake.start();
  panel = client();
});

afterAll(async () => {
  await fake.stop();
});

beforeEach(() => {
  fake.reset();
});

describe("PanelApi: main panel", () => {
  it("inbounds() reads the inbound list with ids as strings", async () => {
    fake.putClient("main", { name: "a", inboundIds: ["1"] });
    const inbounds = await panel.inbounds();
    expect(inbounds).toEqual([
      { id: "1", remark: "vless-ws", protocol: "vless", port: 443, network: "ws", clientsCount: 1 },
      { id: "2", remark: "vless-reality", protocol: "vless", port: 8443, network: "tcp", clientsCount: 0 },
    ]);
    expect(fake.seen[0]?.path).toBe("/api/inbounds");
    expect(fake.seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("createClient with days sends exactly {name, days} to POST /api/create and maps the client", async () => {
    const c = await panel.createClient({ name: "alice", term: { days: 30 } });
    expect(fake.seen).toHaveLength(1);
    expect(fake.seen[0]?.method).toBe("POST");
    expect(fake.seen[0]?.path).toBe("/api/create");
    expect(lastBody()).toEqual({ name: "alice", days: 30 });
    expect(c.name).toBe("alice");
    expect(c.expiresAt).toBe(NOW + 30 * DAY);
    expect(c.subscriptionUrl).toBe(fake.combinedSubUrl(c.uuid));
    expect(c.trafficLimitGb).toBe(0);
    expect(c.deviceLimit).toBe(0);
    expect(fake.clientAt("main", "alice")?.uuid).toBe(c.uuid);
  });

  it("createClient with expiresAt as Date or seconds sends expires_at in seconds", async () => {
    const at = new Date(NOW_MS + 10 * DAY * 1000 + 999);
    const a = await panel.createClient({ name: "d", term: { expiresAt: at } });
    expect(lastBody()).toEqual({ name: "d", expires_at: NOW + 10 * DAY });
    expect(a.expiresAt).toBe(NOW + 10 * DAY);

    const b = await panel.createClient({ name: "s", term: { expiresAt: NOW + 5 * DAY } });
    expect(lastBody()).toEqual({ name: "s", expires_at: NOW + 5 * DAY });
    expect(b.expiresAt).toBe(NOW + 5 * DAY);
  });

  it("createClient without a term sends no term field and gets no expiry", async () => {
    const c = await panel.createClient({ name: "forever" });
    expect(lastBody()).toEqual({ name: "forever" });
    expect(c.expiresAt).toBe(0);
  });

  it("createClient sends every field in snake_case, [] inbound_ids included", async () => {
    const input: PanelCreateInput = {
      name: "bob",
      uuid: UUID,
      term: { days: 7 },
      trafficLimitGb: 12.5,
      deviceLimit: 3,
      inboundIds: ["2"],
      channels: ["reality", "bs"],
      wg: true,
      manual: true,
    };
    const c = await panel.createClient(input);
    expect(lastBody()).toEqual({
      name: "bob",
      uuid: UUID,
      days: 7,
      traffic_limit_gb: 12.5,
      device_limit: 3,
      inbound_ids: ["2"],
      channels: ["reality", "bs"],
      wg: true,
      manual: true,
    });
    expect(c).toEqual({
      name: "bob",
      uuid: UUID,
      expiresAt: NOW + 7 * DAY,
      deviceLimit: 3,
      devicesCount: 0,
      trafficUsedGb: 0,
      trafficLimitGb: 12.5,
      subscriptionUrl: fake.combinedSubUrl(UUID),
      inboundIds: ["2"],
      channels: ["reality", "bs"],
      wg: true,
    });

    await panel.createClient({ name: "none", inboundIds: [], manual: true });
    expect(lastBody()).toEqual({ name: "none", inbound_ids: [], manual: true });
    expect(fake.clientAt("main", "none")?.inboundIds).toEqual([]);
  });

  it("listClients and getClient read clients with usage", async () => {
    await panel.createClient({ name: "a", term: { days: 1 } });
    await panel.createClient({ name: "b" });
    fake.setUsage("main", "b", { trafficUsedGb: 4.25, devicesCount: 2 });

    const list = await panel.listClients();
    expect(list.map((c) => c.name).sort()).toEqual(["a", "b"]);

    const b = await panel.getClient("b");
    expect(fake.seen.at(-1)?.path).toBe("/api/clients/b");
    expect(b.trafficUsedGb).toBe(4.25);
    expect(b.devicesCount).toBe(2);
  });

  it("updateClient with days adds to max(expiry, now)", async () => {
    fake.putClient("main", { name: "live", expiresAt: NOW + 3 * DAY });
    fake.putClient("main", { name: "gone", expiresAt: NOW - 3 * DAY });

    const live = await panel.updateClient("live", { term: { days: 10 } });
    expect(lastBody()).toEqual({ days: 10 });
    expect(fake.seen.at(-1)?.method).toBe("PATCH");
    expect(live.expiresAt).toBe(NOW + 13 * DAY);

    const gone = await panel.updateClient("gone", { term: { days: 10 } });
    expect(gone.expiresAt).toBe(NOW + 10 * DAY);
  });

  it("updateClient with setDays sends set_days and sets the term from now", async () => {
    fake.putClient("main", { name: "c", expiresAt: NOW + 40 * DAY });
    const c = await panel.updateClient("c", { term: { setDays: 5 } });
    expect(lastBody()).toEqual({ set_days: 5 });
    expect(c.expiresAt).toBe(NOW + 5 * DAY);
  });

  it("updateClient with expiresAt sends expires_at", async () => {
    fake.putClient("main", { name: "c", expiresAt: NOW + 40 * DAY });
    const c = await panel.updateClient("c", { term: { expiresAt: new Date((NOW + 2 * DAY) * 1000) } });
    expect(lastBody()).toEqual({ expires_at: NOW + 2 * DAY });
    expect(c.expiresAt).toBe(NOW + 2 * DAY);
  });

  it("updateClient sends only what changes: [] clears inbounds, omitted keeps, newName renames", async () => {
    fake.putClient("main", { name: "c", inboundIds: ["1", "2"], channels: ["main"], trafficLimitGb: 5 });

    const a = await panel.updateClient("c", { deviceLimit: 2 });
    expect(lastBody()).toEqual({ device_limit: 2 });
    expect(a.inboundIds).toEqual(["1", "2"]);
    expect(a.trafficLimitGb).toBe(5);

    const b = await panel.updateClient("c", {
      inboundIds: [],
      channels: ["wscdn"],
      wg: false,
      trafficLimitGb: 0,
    });
    expect(lastBody()).toEqual({ inbound_ids: [], channels: ["wscdn"], wg: false, traffic_limit_gb: 0 });
    expect(b.inboundIds).toEqual([]);
    expect(b.channels).toEqual(["wscdn"]);

    const c = await panel.updateClient("c", { newName: "c2" });
    expect(lastBody()).toEqual({ new_name: "c2" });
    expect(c.name).toBe("c2");
    expect(fake.clientAt("main", "c")).toBeUndefined();
    expect(fake.clientAt("main", "c2")?.deviceLimit).toBe(2);
  });

  it("deleteClient removes the client; a second delete is 404 not_found", async () => {
    fake.putClient("main", { name: "x" });
    await panel.deleteClient("x");
    expect(fake.seen.at(-1)?.method).toBe("DELETE");
    expect(fake.clientsAt("main")).toEqual([]);
    const err = await apiError(panel.deleteClient("x"));
    expect(err.kind).toBe("not_found");
    expect(err.status).toBe(404);
  });

  it("encodes names with spaces, slash and @ in paths", async () => {
    const name = "Ann Lee/vip@shop";
    await panel.createClient({ name });
    const got = await panel.getClient(name);
    expect(got.name).toBe(name);
    expect(fake.seen.at(-1)?.path).toBe("/api/clients/Ann%20Lee%2Fvip%40shop");
    await panel.updateClient(name, { deviceLimit: 1 });
    expect(fake.seen.at(-1)?.path).toBe("/api/clients/Ann%20Lee%2Fvip%40shop");
    await panel.deleteClient(name);
    expect(fake.seen.at(-1)?.path).toBe("/api/clients/Ann%20Lee%2Fvip%40shop");
    expect(fake.clientsAt("main")).toEqual([]);
  });

  it("reports endpoint templates without names to observe()", async () => {
    const calls: CallObservation[] = [];
    const observed = client({ observe: (c) => calls.push(c) });
    fake.putClient("main", { name: "secret name" });
    await observed.getClient("secret name");
    await observed.at("2").createClient({ name: "n" });
    expect(calls.map((c) => [c.api, c.endpoint, c.status])).toEqual([
      ["panel", "GET /clients/{name}", 200],
      ["panel", "POST /fed/lproxy/{node_id}/create", 200],
    ]);
  });
});

describe("PanelApi: federation", () => {
  it("federation() lists connected panels from /api/fed/lagg", async () => {
    fake.putClient("2", { name: "z" });
    fake.setUnreachable("3", true);
    const nodes = await panel.federation();
    expect(fake.seen.at(-1)?.path).toBe("/api/fed/lagg");
    expect(nodes).toEqual([
      { nodeId: "2", name: "Frankfurt", url: "https://panel-2.example", online: true, clientsCount: 1 },
      { nodeId: "3", name: "Helsinki", url: "https://panel-3.example", online: false, clientsCount: 0 },
    ]);
  });

  it("createOn and at(node) use the fed/lproxy paths with the node's own inbounds", async () => {
    const created = await panel.createOn("2", {
      name: "n a",
      uuid: UUID,
      inboundIds: ["21"],
      term: { days: 3 },
    });
    expect(fake.seen.at(-1)?.path).toBe("/api/fed/lproxy/2/create");
    expect(lastBody()).toEqual({ name: "n a", uuid: UUID, inbound_ids: ["21"], days: 3 });
    expect(created.uuid).toBe(UUID);
    expect(fake.clientAt("2", "n a")?.inboundIds).toEqual(["21"]);
    expect(fake.clientsAt("main")).toEqual([]);

    const node = panel.at("2");
    expect(node.location).toBe("2");
    const got = await node.getClient("n a");
    expect(fake.seen.at(-1)).toMatchObject({ method: "GET", path: "/api/fed/lproxy/2/clients/n%20a" });
    expect(got.expiresAt).toBe(NOW + 3 * DAY);

    const patched = await node.updateClient("n a", { term: { days: 2 } });
    expect(fake.seen.at(-1)).toMatchObject({ method: "PATCH", path: "/api/fed/lproxy/2/clients/n%20a" });
    expect(patched.expiresAt).toBe(NOW + 5 * DAY);

    await node.deleteClient("n a");
    expect(fake.seen.at(-1)).toMatchObject({ method: "DELETE", path: "/api/fed/lproxy/2/clients/n%20a" });
    expect(fake.clientsAt("2")).toEqual([]);
  });

  it('at("main") is the main panel itself', async () => {
    expect(panel.at("main")).toBe(panel);
  });

  it("node ids are URL-encoded; an unknown node is 404", async () => {
    const err = await apiError(panel.at("9/x").getClient("a"));
    expect(fake.seen.at(-1)?.path).toBe("/api/fed/lproxy/9%2Fx/clients/a");
    expect(err.kind).toBe("not_found");
  });

  it("an unreachable connected panel gives 502 -> unavailable; create is tried once", async () => {
    fake.setUnreachable("3", true);
    const err = await apiError(panel.createOn("3", { name: "a" }));
    expect(err.status).toBe(502);
    expect(err.kind).toBe("unavailable");
    expect(fake.count("POST", "/api/fed/lproxy/3/create")).toBe(1);
  });

  it("multi-location: same uuid on main and node 2, combined sub_url from main, repair after partial failure", async () => {
    const nodes = await panel.federation();
    expect(nodes.map((n) => n.nodeId)).toEqual(["2", "3"]);
    const nodeInbounds = { "2": ["21"], "3": ["301"] } as const;
    fake.setUnreachable("3", true);

    const main = await panel.createClient({
      name: "multi",
      inboundIds: ["1"],
      manual: true,
      term: { days: 30 },
    });
    const expiresAt = main.expiresAt;
    for (const node of ["2", "3"] as const) {
      await panel
        .createOn(node, {
          name: "multi",
          uuid: main.uuid,
          inboundIds: [...nodeInbounds[node]],
          term: { expiresAt },
        })
        .catch((e: unknown) => {
          if (!(e instanceof HostingApiError && e.kind === "unavailable")) throw e;
        });
    }
    expect(fake.clientAt("2", "multi")?.uuid).toBe(main.uuid);
    expect(fake.clientAt("2", "multi")?.expiresAt).toBe(expiresAt);
    expect(fake.clientAt("3", "multi")).toBeUndefined();

    // Repair: check which locations lack the record and create only those.
    fake.setUnreachable("3", false);
    for (const node of ["2", "3"] as const) {
      const existing = await panel
        .at(node)
        .getClient("multi")
        .catch((e: unknown) => {
          if (e instanceof HostingApiError && e.kind === "not_found") return undefined;
          throw e;
        });
      if (!existing) {
        await panel.createOn(node, {
          name: "multi",
          uuid: main.uuid,
          inboundIds: [...nodeInbounds[node]],
          term: { expiresAt },
        });
      }
    }
    expect(fake.count("POST", "/api/fed/lproxy/2/create")).toBe(1);
    expect(fake.count("POST", "/api/fed/lproxy/3/create")).toBe(2);
    expect(fake.clientAt("3", "multi")?.uuid).toBe(main.uuid);

    const fromMain = await panel.getClient("multi");
    expect(fromMain.uuid).toBe(main.uuid);
    expect(fromMain.subscriptionUrl).toBe(`${fake.url}/sub/${main.uuid}`);
    // The node's own link is not the combined one.
    const fromNode = await panel.at("2").getClient("multi");
    expect(fromNode.subscriptionUrl).not.toBe(fromMain.subscriptionUrl);
  });
});

describe("PanelApi: the list of a connected panel (not in the spec)", () => {
  it("listClientsAt reads the list where the panel serves it, and the main panel's own list for main", async () => {
    fake.putClient("2", { name: "a" });
    fake.putClient("main", { name: "m" });
    expect((await panel.listClientsAt("2"))?.map((c) => c.name)).toEqual(["a"]);
    expect(fake.seen.at(-1)).toMatchObject({ method: "GET", path: "/api/fed/lproxy/2/clients" });
    expect((await panel.listClientsAt("main"))?.map((c) => c.name)).toEqual(["m"]);
    expect(fake.seen.at(-1)?.path).toBe("/api/clients");
  });

  for (const status of [404, 405, 501] as const) {
    it(`a panel without the route (${status}) gives undefined, asked once; the per-client read still works`, async () => {
      fake.setLproxyList(status);
      fake.putClient("2", { name: "a" });
      expect(await panel.listClientsAt("2")).toBeUndefined();
      expect(fake.count("GET", "/api/fed/lproxy/2/clients")).toBe(1);
      expect((await panel.at("2").findClient("a"))?.name).toBe("a");
      expect(await panel.at("2").findClient("b")).toBeUndefined();
    });
  }

  it("a connected panel that does not answer (502) or a 500 is an error, not a missing route", async () => {
    fake.setUnreachable("3", true);
    expect((await apiError(panel.listClientsAt("3"))).kind).toBe("unavailable");
    fake.failNext("GET", "/api/fed/lproxy/2/clients", fail(500, "boom"));
    expect((await apiError(panel.listClientsAt("2"))).status).toBe(500);
  });
});

describe("PanelApi: input validation sends nothing", () => {
  it("rejects two ways of giving the term at the type level and at runtime", async () => {
    // @ts-expect-error days and setDays together
    const twoWays: PanelTerm = { days: 1, setDays: 2 };
    // @ts-expect-error days and expiresAt together
    const alsoTwo: PanelCreateTerm = { days: 1, expiresAt: NOW + DAY };
    // @ts-expect-error setDays is for PATCH only
    const setOnCreate: PanelCreateTerm = { setDays: 3 };
    fake.putClient("main", { name: "a" });

    await expect(panel.updateClient("a", { term: twoWays })).rejects.toThrow(HostingInputError);
    await expect(panel.createClient({ name: "b", term: alsoTwo })).rejects.toThrow(HostingInputError);
    await expect(panel.createClient({ name: "b", term: setOnCreate })).rejects.toThrow(/setDays/);
    await expect(panel.updateClient("a", { term: {} as PanelTerm })).rejects.toThrow(HostingInputError);
    expect(fake.seen).toHaveLength(0);
  });

  const badCreates: [string, PanelCreateInput, string][] = [
    ["empty name", { name: "" }, "name"],
    ["blank name", { name: "  " }, "name"],
    ["bad uuid", { name: "a", uuid: "not-a-uuid" }, "uuid"],
    ["zero days", { name: "a", term: { days: 0 } }, "term.days"],
    ["fractional days", { name: "a", term: { days: 1.5 } }, "term.days"],
    ["past expiresAt", { name: "a", term: { expiresAt: NOW - 1 } }, "term.expiresAt"],
    ["expiresAt now", { name: "a", term: { expiresAt: new Date(NOW_MS) } }, "term.expiresAt"],
    ["expiresAt in ms", { name: "a", term: { expiresAt: NOW_MS + 1000 } }, "term.expiresAt"],
    ["negative gb", { name: "a", trafficLimitGb: -1 }, "trafficLimitGb"],
    ["NaN gb", { name: "a", trafficLimitGb: Number.NaN }, "trafficLimitGb"],
    ["negative devices", { name: "a", deviceLimit: -1 }, "deviceLimit"],
    ["fractional devices", { name: "a", deviceLimit: 1.5 }, "deviceLimit"],
    ["bad channel", { name: "a", channels: ["main", "tor"] as never }, "channels"],
    ["empty inbound id", { name: "a", inboundIds: [""] }, "inboundIds"],
  ];
  it.each(badCreates)("createClient: %s", async (_label, input, field) => {
    const err = await panel.createClient(input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HostingInputError);
    expect((err as HostingInputError).field).toBe(field);
    await expect(panel.createOn("2", input)).rejects.toThrow(HostingInputError);
    expect(fake.seen).toHaveLength(0);
  });

  const badPatches: [string, PanelClientPatch, string][] = [
    ["nothing to change", {}, "patch"],
    ["empty newName", { newName: "" }, "newName"],
    ["zero setDays", { term: { setDays: 0 } }, "term.setDays"],
    ["negative days", { term: { days: -2 } }, "term.days"],
    ["past expiresAt", { term: { expiresAt: new Date(NOW_MS - 1000) } }, "term.expiresAt"],
    ["negative gb", { trafficLimitGb: -0.5 }, "trafficLimitGb"],
  ];
  it.each(badPatches)("updateClient: %s", async (_label, patch, field) => {
    const err = await panel.updateClient("a", patch).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HostingInputError);
    expect((err as HostingInputError).field).toBe(field);
    expect(fake.seen).toHaveLength(0);
  });

  it("rejects empty names and node ids on every client operation", async () => {
    await expect(panel.getClient("")).rejects.toThrow(HostingInputError);
    await expect(panel.deleteClient("")).rejects.toThrow(HostingInputError);
    await expect(panel.updateClient("", { deviceLimit: 1 })).rejects.toThrow(HostingInputError);
    await expect(panel.createOn("", { name: "a" })).rejects.toThrow(HostingInputError);
    expect(() => panel.at("")).toThrow(HostingInputError);
    expect(fake.seen).toHaveLength(0);
  });
});

describe("PanelApi: errors, auth and retries", () => {
  it("409 on a taken name or uuid -> conflict", async () => {
    await panel.createClient({ name: "a", uuid: UUID });
    expect((await apiError(panel.createClient({ name: "a" }))).kind).toBe("conflict");
    const dupUuid = await apiError(panel.createClient({ name: "b", uuid: UUID }));
    expect(dupUuid.kind).toBe("conflict");
    expect(dupUuid.status).toBe(409);
    // The same uuid on another location is fine.
    await panel.createOn("2", { name: "a", uuid: UUID });
    expect(fake.count("POST", "/api/create")).toBe(3);
  });

  it("400 on an unknown inbound id -> bad_request", async () => {
    const err = await apiError(panel.createClient({ name: "a", inboundIds: ["21"] }));
    expect(err.kind).toBe("bad_request");
    expect(err.detail).toMatch(/inbound/);
  });

  it("401 with a wrong or missing token -> unauthorized", async () => {
    const wrong = client({ token: () => "nope" });
    expect((await apiError(wrong.listClients())).kind).toBe("unauthorized");
    const none = client({ token: async () => undefined });
    expect((await apiError(none.inbounds())).kind).toBe("unauthorized");
    expect(fake.seen.at(-1)?.headers.authorization).toBeUndefined();
  });

  it("the fake accepts X-API-Key and rejects unknown channels with 400", async () => {
    const res = await fetch(`${fake.url}/api/clients`, {
      method: "POST",
      headers: { "x-api-key": TOKEN, "content-type": "application/json" },
      body: JSON.stringify({ name: "k", channels: ["tor"] }),
    });
    expect(res.status).toBe(400);
    const good = await fetch(`${fake.url}/api/clients`, {
      method: "POST",
      headers: { "x-api-key": TOKEN, "content-type": "application/json" },
      body: JSON.stringify({ name: "k", gb: 3, devices: 2 }),
    });
    expect(good.status).toBe(200);
    expect(fake.clientAt("main", "k")).toMatchObject({ trafficLimitGb: 3, deviceLimit: 2 });
    const noAuth = await fetch(`${fake.url}/api/clients`);
    expect(noAuth.status).toBe(401);
  });

  it("a GET is retried on 503 and then succeeds", async () => {
    fake.putClient("main", { name: "r" });
    fake.failNext("GET", "/api/clients/r", fail(503, "busy"), 2);
    const c = await panel.getClient("r");
    expect(c.name).toBe("r");
    expect(fake.count("GET", "/api/clients/r")).toBe(3);
  });

  it("a GET gives up after the policy's attempts", async () => {
    fake.failNext("GET", "/api/inbounds", fail(503, "busy"), 5);
    expect((await apiError(panel.inbounds())).kind).toBe("unavailable");
    expect(fake.count("GET", "/api/inbounds")).toBe(3);
  });

  it("an expiresAt PATCH is retried on 503; a days PATCH and a rename are not", async () => {
    fake.putClient("main", { name: "p", expiresAt: NOW + DAY });

    fake.failNext("PATCH", "/api/clients/p", fail(503, "busy"), 1);
    const c = await panel.updateClient("p", { term: { expiresAt: NOW + 9 * DAY } });
    expect(c.expiresAt).toBe(NOW + 9 * DAY);
    expect(fake.count("PATCH", "/api/clients/p")).toBe(2);

    fake.failNext("PATCH", "/api/clients/p", fail(503, "busy"), 1);
    expect((await apiError(panel.updateClient("p", { term: { days: 1 } }))).kind).toBe("unavailable");
    expect(fake.count("PATCH", "/api/clients/p")).toBe(3);
    expect(fake.clientAt("main", "p")?.expiresAt).toBe(NOW + 9 * DAY);

    fake.failNext("PATCH", "/api/clients/p", fail(503, "busy"), 1);
    await expect(panel.updateClient("p", { newName: "q" })).rejects.toThrow(HostingApiError);
    expect(fake.count("PATCH", "/api/clients/p")).toBe(4);

    fake.failNext("PATCH", "/api/clients/p", fail(503, "busy"), 1);
    await panel.updateClient("p", { term: { setDays: 2 } });
    expect(fake.count("PATCH", "/api/clients/p")).toBe(6);
  });

  it("POST create and DELETE are not retried", async () => {
    fake.failNext("POST", "/api/create", fail(503, "busy"), 1);
    await expect(panel.createClient({ name: "a" })).rejects.toThrow(HostingApiError);
    expect(fake.count("POST", "/api/create")).toBe(1);

    fake.putClient("main", { name: "d" });
    fake.failNext("DELETE", "/api/clients/d", fail(502, "busy"), 1);
    await expect(panel.deleteClient("d")).rejects.toThrow(HostingApiError);
    expect(fake.count("DELETE", "/api/clients/d")).toBe(1);
  });

  it("no answer in time -> HostingTimeoutError", async () => {
    const slow = client({ timeoutMs: 50, retry: { attempts: 1, baseDelayMs: 5, maxDelayMs: 20 } });
    fake.delayNext("GET", "/api/fed/lagg", 300);
    const err = await slow.federation().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HostingTimeoutError);
    expect((err as HostingTimeoutError).timeoutMs).toBe(50);
  });

  it("a GET that timed out is retried", async () => {
    const slow = client({ timeoutMs: 50 });
    fake.delayNext("GET", "/api/fed/lagg", 300);
    await expect(slow.federation()).resolves.toHaveLength(2);
    expect(fake.count("GET", "/api/fed/lagg")).toBe(2);
  });

  it("parses leniently: missing optional fields get defaults, extra fields are ignored", async () => {
    fake.failNext("GET", "/api/clients/lean", {
      status: 200,
      body: {
        ok: true,
        client: { uuid: UUID, expires_at: null, subscription_url: "https://s/1", extra: { x: 1 } },
      },
    });
    const c = await panel.getClient("lean");
    expect(c).toEqual({
      name: "lean",
      uuid: UUID,
      expiresAt: 0,
      deviceLimit: 0,
      devicesCount: 0,
      trafficUsedGb: 0,
      trafficLimitGb: 0,
      subscriptionUrl: "https://s/1",
      inboundIds: undefined,
      channels: undefined,
      wg: undefined,
    });
  });

  it("prefers sub_url over subscription_url", async () => {
    fake.failNext("GET", "/api/clients/both", {
      status: 200,
      body: {
        ok: true,
        client: { uuid: UUID, expires_at: 0, subscription_url: "https://old", sub_url: "https://new" },
      },
    });
    expect((await panel.getClient("both")).subscriptionUrl).toBe("https://new");
  });

  it("a client without uuid is a schema error", async () => {
    fake.failNext("GET", "/api/clients/odd", { status: 200, body: { ok: true, client: { expires_at: 0 } } });
    await expect(panel.getClient("odd")).rejects.toThrow(HostingSchemaError);
  });

  it("ok:false with 200 is a refusal", async () => {
    fake.failNext("GET", "/api/inbounds", { status: 200, body: { ok: false, error: "panel says no" } });
    const err = await apiError(panel.inbounds());
    expect(err.detail).toBe("panel says no");
  });
});
