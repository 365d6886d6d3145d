import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccessRef } from "../../src/domain/books/index.js";
import type { Plan } from "../../src/domain/catalog/index.js";
import { createProvisioners, type ProvisionerFor } from "../../src/domain/provisioning/index.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { hostingClientsFor } from "../helpers/fake-hosting.js";

/**
 * Issue 26: each backend's traffic limit read and set as an absolute value, and nothing else
 * sent with it (spec: xui PATCH `gb` is the new limit, `days` would set a new term from now and
 * `enable` would lift a ban; the panel's PATCH keeps unsent settings; the node's `/edit` adds any
 * `days` it is sent).
 */

const clock = new ManualClock(Date.now());
const account = new FakeAccountApi();
const panel = new FakePanelApi({ token: "panel-token", nodes: [{ id: "2" }], now: () => clock.now() });
const node = new FakeNodeApi({ domain: "node.test" });
let provisioner: ProvisionerFor;
let serverId = 0;

beforeAll(async () => {
  await Promise.all([account.start(), panel.start(), node.start()]);
  account.addAccount({ login: "shop", password: "pw" });
  const key = account.addKey("shop");
  serverId = account.addServer("shop", { type: "xui", daysLeft: 400 }).id;
  const hosting = hostingClientsFor({ account, accountKey: key, panel, node });
  provisioner = createProvisioners({ ...hosting, clock });
});
afterAll(async () => {
  await Promise.all([account.stop(), panel.stop(), node.stop()]);
});

const lastBody = (fake: { seen: { method: string; body: unknown }[] }) =>
  fake.seen.filter((r) => r.method === "PATCH").at(-1)?.body;

describe("traffic limits, absolute", () => {
  it("xui: PATCH gb alone; the term and a ban stay as they are; a repeat sets the same", async () => {
    const expiryMs = clock.now() + 12 * DAY;
    account.addClient(serverId, { email: "banned-one", totalGb: 100.37, expiryMs, enable: false });
    const ref: AccessRef = { kind: "xui", serverId, name: "banned-one" };
    const xui = provisioner("xui");
    expect(await xui.trafficLimits(ref)).toEqual({ "": 100.37 });
    await xui.setTrafficLimits(ref, { "": 150.37 });
    await xui.setTrafficLimits(ref, { "": 150.37 });
    expect(lastBody(account)).toEqual({ gb: 150.37 });
    expect(account.client(serverId, "banned-one")).toMatchObject({
      totalGb: 150.37,
      expiryMs,
      enable: false,
    });
  });

  it("panel: each location's own limit, traffic_limit_gb alone on each, read back", async () => {
    const plan = {
      id: "duo",
      title: { en: "Duo", ru: "Дуо" },
      days: 30,
      traffic_gb: 100,
      devices: 0,
      price: 1,
      backend: {
        kind: "panel",
        locations: [
          { node: "main", inbound_ids: ["1"] },
          { node: "2", inbound_ids: ["201"] },
        ],
      },
    } as Plan;
    const p = provisioner("panel");
    const request = {
      name: "duo-client",
      uuid: "0f8fad5b-d9cb-469f-a165-70867728950e",
      expiresAt: clock.now() + 30 * DAY,
      trafficGb: 100,
      devices: 0,
    };
    const { ref } = await p.ensure(await p.place(plan, request), plan, request);
    panel.setUsage("2", "duo-client", { trafficUsedGb: 3 });
    await p.renew(ref, request.expiresAt + DAY, 100);
    expect(await p.trafficLimits(ref)).toEqual({ main: 100, "2": 103 });
    const terms = ["main", "2"].map((l) => panel.clientAt(l, "duo-client")?.expiresAt);
    await p.setTrafficLimits(ref, { main: 150, "2": 153 });
    expect(lastBody(panel)).toEqual({ traffic_limit_gb: 153 });
    expect(await p.trafficLimits(ref)).toEqual({ main: 150, "2": 153 });
    expect(["main", "2"].map((l) => panel.clientAt(l, "duo-client")?.expiresAt)).toEqual(terms);
  });

  it("node: /edit with traffic_limit_gb alone (no days: they would be added); no limit reads 0", async () => {
    const client = node.seedClient("node-one", 20);
    const ref: AccessRef = { kind: "node", name: "node-one" };
    const n = provisioner("node");
    expect(await n.trafficLimits(ref)).toEqual({ "": 0 });
    await n.setTrafficLimits(ref, { "": 90 });
    await n.setTrafficLimits(ref, { "": 90 });
    expect(lastBody(node)).toEqual({ name: "node-one", traffic_limit_gb: 90 });
    expect(await n.trafficLimits(ref)).toEqual({ "": 90 });
    expect(node.clients.get("node-one")?.expires_at).toBe(client.expires_at);
  });
});
