import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AccessRef, GB_BYTES } from "../../src/domain/books/index.js";
import type { Plan } from "../../src/domain/catalog/index.js";
import {
  createProvisioners,
  type ProvisionerFor,
  ProvisioningError,
  type ProvisionRequest,
  type XuiProvisioner,
} from "../../src/domain/provisioning/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { HostingApiError, isTransient } from "../../src/hosting/errors.js";
import { NodeApi } from "../../src/hosting/node/index.js";
import { PanelApi } from "../../src/hosting/panel/index.js";
import { DAY, HOUR, ManualClock } from "../../src/runtime/clock.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { fail, ok } from "../fakes/http-fake.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { rejection, rejectionOf } from "../helpers/errors.js";

const FAST = { attempts: 3, baseDelayMs: 2, maxDelayMs: 10 };
const GB = GB_BYTES;
const UUID = "0f8fad5b-d9cb-469f-a165-70867728950e";
const OTHER_UUID = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const THIRD_UUID = "16fd2706-8baf-433b-82eb-8c7fada847da";

const clock = new ManualClock();

const accountFake = new FakeAccountApi();
const panelFake = new FakePanelApi({
  token: "panel-token",
  now: () => clock.now(),
  nodes: [
    { id: "2", inbounds: [{ id: "21", remark: "fra-ws", protocol: "vless", port: 443, network: "ws" }] },
    { id: "3" },
  ],
});
const nodeFake = new FakeNodeApi({ domain: "node.test" });

let panelApi: PanelApi;
let nodeApi: NodeApi;
let nodeApiWithSubUrl: NodeApi;
let accountSeq = 0;

beforeAll(async () => {
  await Promise.all([accountFake.start(), panelFake.start(), nodeFake.start()]);
  nodeFake.now = () => Math.floor(clock.now() / 1000);
  panelApi = new PanelApi({
    baseUrl: panelFake.url,
    token: () => "panel-token",
    retry: FAST,
    now: () => clock.now(),
  });
  const nodeOptions = {
    baseUrl: nodeFake.url,
    token: () => nodeFake.token,
    certSha256: nodeFake.certificate?.fingerprint256,
    retry: FAST,
  };
  nodeApi = new NodeApi(nodeOptions);
  nodeApiWithSubUrl = new NodeApi(nodeOptions);
});

afterAll(async () => {
  await Promise.all([nodeApi.close(), nodeApiWithSubUrl.close()]);
  await Promise.all([accountFake.stop(), panelFake.stop(), nodeFake.stop()]);
});

beforeEach(() => {
  // The account fake keeps time with Date.now, so the manual clock starts at the real time.
  clock.set(Date.now());
  panelFake.reset();
  nodeFake.clients.clear();
  nodeFake.traffic.clear();
  nodeFake.seen.length = 0;
  accountFake.seen.length = 0;
});

/** A fresh Account API account (own servers) and the provisioners over it. */
function freshAccount(): { login: string; account: AccountApi; provisioners: ProvisionerFor } {
  const login = `reseller${++accountSeq}`;
  accountFake.addAccount({ login, password: "pw" });
  const key = accountFake.addKey(login);
  const account = new AccountApi({ baseUrl: accountFake.url, apiKey: () => key, retry: FAST });
  return {
    login,
    account,
    provisioners: createProvisioners({ account, panel: panelApi, node: nodeApi, clock }),
  };
}

function plan(backend: Plan["backend"], extra: Partial<Plan> = {}): Plan {
  return {
    id: `p-${backend.kind}`,
    title: { en: "Plan", ru: "Тариф" },
    days: 30,
    traffic_gb: 50,
    devices: 3,
    price: 100,
    backend,
    ...extra,
  };
}

function request(name: string, extra: Partial<ProvisionRequest> = {}): ProvisionRequest {
  return { name, uuid: UUID, expiresAt: clock.now() + 30 * DAY, trafficGb: 50, devices: 3, ...extra };
}

const provisioningError = (promise: Promise<unknown>) => rejectionOf(promise, ProvisioningError);

function bodies(
  fake: { seen: { method: string; path: string; body: unknown }[] },
  method: string,
  path: string,
) {
  return fake.seen.filter((r) => r.method === method && r.path === path).map((r) => r.body);
}

// ---------------------------------------------------------------------------------------------
// xui
// ---------------------------------------------------------------------------------------------

describe("xui provisioner", () => {
  it("places on the least loaded active xui server paid beyond the term; others are excluded", async () => {
    const { login, provisioners } = freshAccount();
    const busy = accountFake.addServer(login, { daysLeft: 90 });
    const light = accountFake.addServer(login, { daysLeft: 90 });
    const expired = accountFake.addServer(login, { daysLeft: 90, status: "expired" });
    const suspended = accountFake.addServer(login, { daysLeft: 90, status: "suspended" });
    const remna = accountFake.addServer(login, { daysLeft: 90, type: "remnanode" });
    const soon = accountFake.addServer(login, { daysLeft: 10 });
    const unlisted = accountFake.addServer(login, { daysLeft: 90 });
    for (const n of ["a", "b", "c"]) accountFake.addClient(busy.id, { email: n });
    accountFake.addClient(light.id, { email: "d" });

    const p = plan({
      kind: "xui",
      servers: [busy.id, expired.id, suspended.id, remna.id, soon.id, light.id],
    });
    const ref = await provisioners("xui").place(p, request("o-place"));
    expect(ref).toEqual({ kind: "xui", serverId: light.id, name: "o-place" });
    expect(unlisted.clients).toHaveLength(0);

    // Once `light` is as busy as `busy`, the tie goes to the server listed first.
    for (const n of ["e", "f"]) accountFake.addClient(light.id, { email: n });
    expect(await provisioners("xui").place(p, request("o-place"))).toMatchObject({ serverId: busy.id });

    // A server expiring before the term would end is chosen only for a term that fits.
    const onlySoon = plan({ kind: "xui", servers: [soon.id] });
    const short = await provisioners("xui").place(
      onlySoon,
      request("o-s", { expiresAt: clock.now() + 5 * DAY }),
    );
    expect(short).toMatchObject({ serverId: soon.id });
    const err = await provisioningError(provisioners("xui").place(onlySoon, request("o-s")));
    expect(err.permanent).toBe(true);
    expect(err.message).toMatch(/no server available/);
  });

  it("skips a server whose client list fails; a transient failure leaves no server -> temporary error", async () => {
    const { login, provisioners } = freshAccount();
    const a = accountFake.addServer(login, { daysLeft: 90 });
    const b = accountFake.addServer(login, { daysLeft: 90 });
    accountFake.addClient(b.id, { email: "x" });
    const p = plan({ kind: "xui", servers: [a.id, b.id] });

    accountFake.failNext("GET", `/api/v1/servers/${a.id}/clients`, fail(503, "busy"), 3);
    expect(await provisioners("xui").place(p, request("o-skip"))).toMatchObject({ serverId: b.id });

    accountFake.failNext("GET", `/api/v1/servers/${a.id}/clients`, fail(503, "busy"), 3);
    accountFake.failNext("GET", `/api/v1/servers/${b.id}/clients`, fail(503, "busy"), 3);
    const err = await provisioningError(provisioners("xui").place(p, request("o-skip")));
    expect(err.permanent).toBe(false);
  });

  it("ensure creates exactly one client with days and gb; a repeat (lost answer) creates nothing", async () => {
    const { login, provisioners } = freshAccount();
    const s = accountFake.addServer(login, { daysLeft: 90 });
    const p = plan({ kind: "xui", servers: [s.id] });
    const req = request("o-xui-1", { expiresAt: clock.now() + 30 * DAY - 5 * HOUR });
    const xui = provisioners("xui");
    const placed = await xui.place(p, req);

    const first = await xui.ensure(placed, p, req);
    const created = accountFake.client(s.id, "o-xui-1")!;
    expect(bodies(accountFake, "POST", `/api/v1/servers/${s.id}/clients`)).toEqual([
      { name: "o-xui-1", gb: 50, days: 30 },
    ]);
    expect(created.totalGb).toBe(50);
    expect(Math.abs(created.expiryMs - (clock.now() + 30 * DAY))).toBeLessThan(60_000);
    expect(first.ref).toEqual({
      kind: "xui",
      serverId: s.id,
      name: "o-xui-1",
      uuid: created.uuid,
      subId: created.subId,
    });
    expect(first.links.links.length).toBeGreaterThanOrEqual(1);
    expect(first.links.links[0]).toContain(created.uuid);

    // The create answer was lost: the retry starts from the placed ref again.
    const again = await xui.ensure(placed, p, req);
    expect(accountFake.count("POST", `/api/v1/servers/${s.id}/clients`)).toBe(1);
    expect(accountFake.serverState(s.id).clients).toHaveLength(1);
    expect(again.ref).toEqual(first.ref);
    // No link endpoint exists: a reused client comes back without links.
    expect(again.links).toEqual({ links: [], subscriptionUrl: undefined });

    // reissue recreates it to get links (one client still).
    const reissued = await (xui as XuiProvisioner).reissue(again.ref, req);
    expect(accountFake.serverState(s.id).clients).toHaveLength(1);
    expect(reissued.links.links[0]).toContain(accountFake.client(s.id, "o-xui-1")!.uuid);
  });

  it("when the wanted name was taken, keeps it and deletes the client the API made under a generated name", async () => {
    const { login, provisioners } = freshAccount();
    const s = accountFake.addServer(login, { daysLeft: 90 });
    accountFake.addClient(s.id, { email: "o-taken" });
    // The look-up misses (a race): the API then renames silently. The client under the wanted
    // name is this order's (names are per order): the generated-name twin would be an orphan.
    accountFake.failNext("GET", `/api/v1/servers/${s.id}/clients/o-taken`, fail(404, "Client not found"));
    const p = plan({ kind: "xui", servers: [s.id] });
    const { ref } = await provisioners("xui").ensure(
      { kind: "xui", serverId: s.id, name: "o-taken" },
      p,
      request("o-taken"),
    );
    const names = accountFake.serverState(s.id).clients.map((c) => c.email);
    expect(names).toHaveLength(1);
    expect(ref.name).toBe("o-taken");
    expect(names).toContain(ref.name);
  });

  it("renew sends days from now to the target (rounded up), used + plan GB, never enable; a repeat adds nothing", async () => {
    const { login, provisioners } = freshAccount();
    const s = accountFake.addServer(login, { daysLeft: 400 });
    const expiry = clock.now() + 5.3 * DAY;
    accountFake.addClient(s.id, {
      email: "o-ren",
      totalGb: 50,
      expiryMs: expiry,
      upBytes: 2 * GB,
      downBytes: 1 * GB,
    });
    const ref: AccessRef = { kind: "xui", serverId: s.id, name: "o-ren" };
    const target = Math.max(clock.now(), expiry) + 30 * DAY;
    const xui = provisioners("xui");
    const path = `/api/v1/servers/${s.id}/clients/o-ren`;

    const state = await xui.renew(ref, target, 50);
    expect(bodies(accountFake, "PATCH", path)).toEqual([{ days: 36, gb: 53 }]);
    const after = accountFake.client(s.id, "o-ren")!;
    expect(after.expiryMs).toBeGreaterThanOrEqual(target - 60_000);
    expect(after.expiryMs).toBeLessThan(target + DAY);
    expect(after.totalGb).toBe(53);
    expect(state).toMatchObject({
      expiresAt: after.expiryMs,
      limitBytes: 53 * GB,
      usedBytes: 3 * GB,
      enabled: true,
    });

    // Repeated (lost answer): the same days from now, not 36 more.
    await xui.renew(ref, target, 50);
    expect(bodies(accountFake, "PATCH", path).at(-1)).toEqual({ days: 36, gb: 53 });
    expect(accountFake.client(s.id, "o-ren")!.expiryMs).toBeLessThan(target + DAY);

    // Later in time the remaining days shrink (xui days count from now).
    clock.advance(0.6 * DAY);
    await xui.renew(ref, target, 0);
    expect(bodies(accountFake, "PATCH", path).at(-1)).toEqual({ days: 35, gb: 0 });
  });

  it("setLimits, setEnabled, state and remove", async () => {
    const { login, provisioners } = freshAccount();
    const s = accountFake.addServer(login, { daysLeft: 90 });
    const expiry = clock.now() + 10 * DAY;
    accountFake.addClient(s.id, { email: "o-ops", totalGb: 20, expiryMs: expiry, upBytes: 5, downBytes: 7 });
    const ref: AccessRef = { kind: "xui", serverId: s.id, name: "o-ops" };
    const xui = provisioners("xui");

    expect(await xui.state(ref)).toEqual({
      expiresAt: expiry,
      limitBytes: 20 * GB,
      usedBytes: 12,
      enabled: true,
    });
    await xui.setLimits(ref, { trafficGb: 70, devices: 2 });
    expect(accountFake.client(s.id, "o-ops")!.totalGb).toBe(70);
    await xui.setEnabled(ref, false);
    expect(accountFake.client(s.id, "o-ops")!.enable).toBe(false);
    expect((await xui.state(ref)).enabled).toBe(false);
    await xui.setEnabled(ref, true);
    expect(accountFake.client(s.id, "o-ops")!.enable).toBe(true);
    expect(await xui.links(ref)).toEqual({ links: [], subscriptionUrl: undefined });

    await xui.remove(ref);
    expect(accountFake.client(s.id, "o-ops")).toBeUndefined();
    await xui.remove(ref); // already gone: fine
    const err = await rejection(xui.state(ref));
    expect(err).toBeInstanceOf(HostingApiError);
    expect((err as HostingApiError).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------
// panel
// ---------------------------------------------------------------------------------------------

const panelPlan = plan({
  kind: "panel",
  locations: [
    { node: "main", inbound_ids: ["1"] },
    { node: "2", inbound_ids: ["21"] },
  ],
  channels: ["main", "bs"],
  wg: true,
});

describe("panel provisioner", () => {
  it("place + ensure: one client per location, same uuid, own inbound ids, absolute term, main sub URL", async () => {
    const { provisioners } = freshAccount();
    const panel = provisioners("panel");
    const req = request("o-pan-1");
    const placed = await panel.place(panelPlan, req);
    expect(placed).toMatchObject({ kind: "panel", name: "o-pan-1", uuid: UUID, locations: ["main", "2"] });

    const { ref, links } = await panel.ensure(placed, panelPlan, req);
    const expiresAt = Math.ceil(req.expiresAt / 1000);
    const mainBody = bodies(panelFake, "POST", "/api/create");
    const nodeBody = bodies(panelFake, "POST", "/api/fed/lproxy/2/create");
    expect(mainBody).toEqual([
      {
        name: "o-pan-1",
        uuid: UUID,
        expires_at: expiresAt,
        traffic_limit_gb: 50,
        device_limit: 3,
        inbound_ids: ["1"],
        channels: ["main", "bs"],
        wg: true,
        manual: true,
      },
    ]);
    expect(nodeBody).toHaveLength(1);
    expect(nodeBody[0]).toMatchObject({
      uuid: UUID,
      inbound_ids: ["21"],
      manual: true,
      expires_at: expiresAt,
    });
    expect(nodeBody[0]).not.toHaveProperty("days");

    for (const location of ["main", "2"]) {
      const clients = panelFake.clientsAt(location);
      expect(clients).toHaveLength(1);
      expect(clients[0]).toMatchObject({
        name: "o-pan-1",
        uuid: UUID,
        expiresAt,
        trafficLimitGb: 50,
        deviceLimit: 3,
        inboundIds: location === "main" ? ["1"] : ["21"],
      });
    }
    expect(panelFake.clientsAt("3")).toHaveLength(0);
    expect(links).toEqual({ links: [], subscriptionUrl: panelFake.combinedSubUrl(UUID) });
    expect(ref).toMatchObject({ inbounds: { main: ["1"], "2": ["21"] }, channels: ["main", "bs"], wg: true });

    // Repeated (lost answer): nothing new is created.
    const again = await panel.ensure(placed, panelPlan, req);
    expect(again.ref).toEqual(ref);
    expect(panelFake.count("POST", "/api/create")).toBe(1);
    expect(panelFake.count("POST", "/api/fed/lproxy/2/create")).toBe(1);
    expect(panelFake.clientsAt("main")).toHaveLength(1);
    expect(panelFake.clientsAt("2")).toHaveLength(1);
  });

  it("a create that fails on location 2 is completed by the retry: missing location only, same uuid", async () => {
    const { provisioners } = freshAccount();
    const panel = provisioners("panel");
    const req = request("o-pan-2");
    const placed = await panel.place(panelPlan, req);

    panelFake.setUnreachable("2", true);
    const err = await rejection(panel.ensure(placed, panelPlan, req));
    expect(err).toBeInstanceOf(HostingApiError);
    expect(isTransient(err)).toBe(true);
    expect(panelFake.clientsAt("main")).toHaveLength(1);
    expect(panelFake.clientsAt("2")).toHaveLength(0);

    panelFake.setUnreachable("2", false);
    const { links } = await panel.ensure(placed, panelPlan, req);
    expect(panelFake.count("POST", "/api/create")).toBe(1);
    expect(panelFake.count("POST", "/api/fed/lproxy/2/create")).toBe(1);
    expect(panelFake.clientsAt("main").map((c) => c.uuid)).toEqual([UUID]);
    expect(panelFake.clientsAt("2").map((c) => c.uuid)).toEqual([UUID]);
    expect(links.subscriptionUrl).toBe(panelFake.combinedSubUrl(UUID));
  });

  it("a 409 on create reads the existing client; a record with another uuid is a permanent error", async () => {
    const { provisioners } = freshAccount();
    const panel = provisioners("panel");
    const req = request("o-pan-3");
    const placed = await panel.place(panelPlan, req);

    // An earlier attempt created it at 2, but this look-up misses: the create answers 409.
    panelFake.putClient("2", { name: "o-pan-3", uuid: UUID, inboundIds: ["21"] });
    panelFake.failNext("GET", "/api/fed/lproxy/2/clients/o-pan-3", fail(404, "client not found"));
    await panel.ensure(placed, panelPlan, req);
    expect(panelFake.count("POST", "/api/fed/lproxy/2/create")).toBe(1);
    expect(panelFake.clientsAt("2")).toHaveLength(1);
    expect(panelFake.clientsAt("main")).toHaveLength(1);

    const other = request("o-pan-4", { uuid: THIRD_UUID });
    panelFake.putClient("2", { name: "o-pan-4", uuid: OTHER_UUID });
    const err = await provisioningError(panel.ensure(await panel.place(panelPlan, other), panelPlan, other));
    expect(err.permanent).toBe(true);
    expect(err.message).toMatch(/another uuid/);
    expect(panelFake.clientAt("2", "o-pan-4")?.uuid).toBe(OTHER_UUID);

    // The uuid is held by another name (o-pan-3): the 409 cannot be resolved by reading.
    const clash = request("o-pan-clash");
    const err2 = await provisioningError(panel.ensure(await panel.place(panelPlan, clash), panelPlan, clash));
    expect(err2.permanent).toBe(true);
    expect(err2.message).toMatch(/is used by another client/);
    expect(panelFake.clientAt("main", "o-pan-clash")).toBeUndefined();
  });

  it("renew PATCHes an absolute expires_at and used + plan GB per location; a repeat gives the same expiry", async () => {
    const { provisioners } = freshAccount();
    const panel = provisioners("panel");
    const req = request("o-pan-5");
    const { ref } = await panel.ensure(await panel.place(panelPlan, req), panelPlan, req);
    panelFake.setUsage("main", "o-pan-5", { trafficUsedGb: 7.5 });
    panelFake.setUsage("2", "o-pan-5", { trafficUsedGb: 2 });
    const target = req.expiresAt + 30 * DAY;
    const seconds = Math.ceil(target / 1000);

    const state = await panel.renew(ref, target, 50);
    expect(bodies(panelFake, "PATCH", "/api/clients/o-pan-5")).toEqual([
      { expires_at: seconds, traffic_limit_gb: 57.5 },
    ]);
    expect(bodies(panelFake, "PATCH", "/api/fed/lproxy/2/clients/o-pan-5")).toEqual([
      { expires_at: seconds, traffic_limit_gb: 52 },
    ]);
    expect(state).toEqual({
      expiresAt: seconds * 1000,
      limitBytes: 57.5 * GB,
      usedBytes: 7.5 * GB,
      enabled: true,
    });

    await panel.renew(ref, target, 50);
    expect(panelFake.clientAt("main", "o-pan-5")?.expiresAt).toBe(seconds);
    expect(panelFake.clientAt("2", "o-pan-5")?.expiresAt).toBe(seconds);
    expect(panelFake.clientAt("2", "o-pan-5")?.trafficLimitGb).toBe(52);
  });

  it("renew checks the final term on each location: a mismatch is a temporary error", async () => {
    const { provisioners } = freshAccount();
    const panel = provisioners("panel");
    const req = request("o-pan-6");
    const { ref } = await panel.ensure(await panel.place(panelPlan, req), panelPlan, req);
    // Location 2 acknowledges the PATCH without applying it.
    panelFake.failNext(
      "PATCH",
      "/api/fed/lproxy/2/clients/o-pan-6",
      ok({ client: { uuid: UUID, expires_at: 1 } }),
    );
    const err = await provisioningError(panel.renew(ref, req.expiresAt + 30 * DAY, 50));
    expect(err.permanent).toBe(false);
    expect(err.message).toMatch(/2: /);
  });

  it("setEnabled empties and restores each location's inbounds; setLimits, state, links and remove", async () => {
    const { provisioners } = freshAccount();
    const panel = provisioners("panel");
    const req = request("o-pan-7");
    const { ref } = await panel.ensure(await panel.place(panelPlan, req), panelPlan, req);
    panelFake.setUsage("main", "o-pan-7", { trafficUsedGb: 1 });

    await panel.setEnabled(ref, false);
    expect(panelFake.clientAt("main", "o-pan-7")).toMatchObject({ inboundIds: [], channels: [], wg: false });
    expect(panelFake.clientAt("2", "o-pan-7")).toMatchObject({ inboundIds: [], channels: [] });
    expect((await panel.state(ref)).enabled).toBe(false);

    await panel.setEnabled(ref, true);
    expect(panelFake.clientAt("main", "o-pan-7")).toMatchObject({
      inboundIds: ["1"],
      channels: ["main", "bs"],
      wg: true,
    });
    expect(panelFake.clientAt("2", "o-pan-7")?.inboundIds).toEqual(["21"]);
    const bare: AccessRef = { kind: "panel", name: "o-pan-7", uuid: UUID, locations: ["main", "2"] };
    expect((await provisioningError(panel.setEnabled(bare, true))).permanent).toBe(true);

    await panel.setLimits(ref, { trafficGb: 80, devices: 5 });
    expect(panelFake.clientAt("2", "o-pan-7")).toMatchObject({ trafficLimitGb: 80, deviceLimit: 5 });
    expect(await panel.state(ref)).toEqual({
      expiresAt: Math.ceil(req.expiresAt / 1000) * 1000,
      limitBytes: 80 * GB,
      usedBytes: 1 * GB,
      enabled: true,
    });
    expect(await panel.links(ref)).toEqual({ links: [], subscriptionUrl: panelFake.combinedSubUrl(UUID) });

    await panel.remove(ref);
    expect(panelFake.clientsAt("main")).toHaveLength(0);
    expect(panelFake.clientsAt("2")).toHaveLength(0);
    await panel.remove(ref); // already gone everywhere: fine
  });
});

// ---------------------------------------------------------------------------------------------
// node
// ---------------------------------------------------------------------------------------------

const nodePlan = plan({ kind: "node" });

describe("node provisioner", () => {
  it("ensure creates one client with days and limits on the master; a repeat creates nothing", async () => {
    const { provisioners } = freshAccount();
    const node = provisioners("node");
    const req = request("o-node-1", { expiresAt: clock.now() + 30 * DAY - 3 * HOUR });
    const placed = await node.place(nodePlan, req);
    expect(placed).toEqual({ kind: "node", name: "o-node-1" });

    const first = await node.ensure(placed, nodePlan, req);
    expect(bodies(nodeFake, "POST", "/api/create")).toEqual([
      { name: "o-node-1", days: 30, traffic_limit_gb: 50, device_limit: 3 },
    ]);
    const stored = nodeFake.clients.get("o-node-1")!;
    expect(stored.expires_at).toBe(Math.floor(clock.now() / 1000) + 30 * 86_400);
    expect(first.ref).toEqual({ kind: "node", name: "o-node-1", uuid: stored.uuid });
    expect(first.links.links).toHaveLength(1);
    expect(first.links.links[0]).toContain(stored.uuid);
    expect(first.links.subscriptionUrl).toBe(`https://node.test:2096/sub/${stored.uuid}`);

    const again = await node.ensure(placed, nodePlan, req);
    expect(nodeFake.countAny("POST", "/create")).toBe(1);
    expect(nodeFake.clients.size).toBe(1);
    expect(again).toEqual(first);
    // The subscription base was read from /status once.
    expect(nodeFake.countAny("GET", "/status")).toBe(1);
  });

  it("a 409 user_already_exists reads the client; NODE_SUB_URL is used when given", async () => {
    const { account } = freshAccount();
    const node = createProvisioners({
      account,
      node: nodeApiWithSubUrl,
      clock,
      nodeSubUrl: "https://sub.example.com",
    })("node");
    const existing = nodeFake.seedClient("o-node-2", 30);
    nodeFake.forceError("GET", "/clients/o-node-2", 404, "user_not_found");
    const { ref, links } = await node.ensure(
      { kind: "node", name: "o-node-2" },
      nodePlan,
      request("o-node-2"),
    );
    expect(nodeFake.countAny("POST", "/create")).toBe(1);
    expect(nodeFake.clients.size).toBe(1);
    expect(ref).toEqual({ kind: "node", name: "o-node-2", uuid: existing.uuid });
    expect(links.subscriptionUrl).toBe(`https://sub.example.com/sub/${existing.uuid}`);
    expect(nodeFake.countAny("GET", "/status")).toBe(0);
  });

  it("renew adds exactly the difference to the node's expiry; a repeat adds nothing; allowance restored", async () => {
    const { provisioners } = freshAccount();
    const node = provisioners("node");
    const seeded = nodeFake.seedClient("o-node-3", 5, { traffic_limit_gb: 50 });
    const before = seeded.expires_at;
    nodeFake.setTraffic("o-node-3", 1 * GB, 2 * GB);
    const ref: AccessRef = { kind: "node", name: "o-node-3" };
    const target = before * 1000 + 30 * DAY;

    const state = await node.renew(ref, target, 50);
    expect(bodies(nodeFake, "PATCH", "/api/edit")).toEqual([
      { name: "o-node-3", days: 30, traffic_limit_gb: 53 },
    ]);
    expect(nodeFake.clients.get("o-node-3")!.expires_at).toBe(before + 30 * 86_400);
    expect(state).toEqual({ expiresAt: target, limitBytes: 53 * GB, usedBytes: 3 * GB, enabled: true });

    // Repeated after a lost answer: the node already shows the target, so no days are sent.
    await node.renew(ref, target, 50);
    expect(bodies(nodeFake, "PATCH", "/api/edit").at(-1)).toEqual({ name: "o-node-3", traffic_limit_gb: 53 });
    expect(nodeFake.clients.get("o-node-3")!.expires_at).toBe(before + 30 * 86_400);

    // Nothing to change at all: no edit.
    await node.renew(ref, target, 0);
    expect(nodeFake.countAny("PATCH", "/edit")).toBe(2);
  });

  it("renew of an expired client sends the days from its old expiry to the target", async () => {
    const { provisioners } = freshAccount();
    const node = provisioners("node");
    const nowS = Math.floor(clock.now() / 1000);
    nodeFake.seedClient("o-node-4", 0, { expires_at: nowS - 3 * 86_400 - 600 });
    const target = clock.now() + 30 * DAY;
    await node.renew({ kind: "node", name: "o-node-4" }, target, 0);
    expect(bodies(nodeFake, "PATCH", "/api/edit")).toEqual([{ name: "o-node-4", days: 34 }]);
    const after = nodeFake.clients.get("o-node-4")!.expires_at * 1000;
    expect(after).toBeGreaterThanOrEqual(target);
    expect(after).toBeLessThan(target + DAY);
  });

  it("setEnabled bans and unbans; setLimits, state, links and remove", async () => {
    const { provisioners } = freshAccount();
    const node = provisioners("node");
    const seeded = nodeFake.seedClient("o-node-5", 10, { traffic_limit_gb: 20 });
    nodeFake.setTraffic("o-node-5", 100, 50);
    const ref: AccessRef = { kind: "node", name: "o-node-5", uuid: seeded.uuid };

    expect(await node.state(ref)).toEqual({
      expiresAt: seeded.expires_at * 1000,
      limitBytes: 20 * GB,
      usedBytes: 150,
      enabled: true,
    });
    await node.setEnabled(ref, false);
    expect(nodeFake.clients.get("o-node-5")!.banned).toBe(true);
    expect((await node.state(ref)).enabled).toBe(false);
    await node.setEnabled(ref, true);
    expect(nodeFake.clients.get("o-node-5")!.banned).toBe(false);

    await node.setLimits(ref, { trafficGb: 40, devices: 4 });
    expect(nodeFake.clients.get("o-node-5")).toMatchObject({ traffic_limit_gb: 40, device_limit: 4 });
    const links = await node.links(ref);
    expect(links.subscriptionUrl).toBe(`https://node.test:2096/sub/${seeded.uuid}`);

    await node.remove(ref);
    expect(nodeFake.clients.has("o-node-5")).toBe(false);
    await node.remove(ref); // already gone: fine
  });
});

// ---------------------------------------------------------------------------------------------
// createProvisioners
// ---------------------------------------------------------------------------------------------

describe("createProvisioners", () => {
  it("gives one provisioner per kind and refuses an unconfigured backend permanently", async () => {
    const { account } = freshAccount();
    const only = createProvisioners({ account, clock });
    expect(only("xui").kind).toBe("xui");
    for (const kind of ["panel", "node"] as const) {
      let err: unknown;
      try {
        only(kind);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ProvisioningError);
      expect((err as ProvisioningError).permanent).toBe(true);
      expect((err as ProvisioningError).message).toMatch(new RegExp(`${kind} backend is not configured`));
    }
    const all = createProvisioners({ account, panel: panelApi, node: nodeApi, clock });
    expect(all("panel").kind).toBe("panel");
    expect(all("node")).toBe(all("node"));
  });

  it("refuses an access or a plan of another kind permanently", async () => {
    const { provisioners } = freshAccount();
    const err = await provisioningError(provisioners("node").state({ kind: "xui", serverId: 1, name: "x" }));
    expect(err.permanent).toBe(true);
    const err2 = await provisioningError(provisioners("panel").place(nodePlan, request("o-x")));
    expect(err2.permanent).toBe(true);
  });
});
