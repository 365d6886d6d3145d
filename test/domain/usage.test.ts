import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccessRef } from "../../src/domain/books/index.js";
import { BackendNotConfigured, UsageReader, usageKeys } from "../../src/domain/provisioning/index.js";
import { createLogger } from "../../src/runtime/logger.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { fail } from "../fakes/http-fake.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { type FakeHostingClients, hostingClientsFor } from "../helpers/fake-hosting.js";
import { seedSubscription } from "../helpers/shop-seed.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/** Usage reads: one subscription's live state (cached a minute) and bulk listings per backend. */
const GB = 1024 ** 3;
const accountFake = new FakeAccountApi();
const panelFake = new FakePanelApi({ token: "panel-token", nodes: [{ id: "2" }] });
const nodeFake = new FakeNodeApi();

let h: WorkerHarness;
let hosting: FakeHostingClients;
let server1 = 0;
let server2 = 0;
let seq = 0;

beforeAll(async () => {
  await Promise.all([accountFake.start(), panelFake.start(), nodeFake.start()]);
  accountFake.addAccount({ login: "shop", password: "pw" });
  const key = accountFake.addKey("shop");
  server1 = accountFake.addServer("shop", { type: "xui" }).id;
  server2 = accountFake.addServer("shop", { type: "xui" }).id;
  hosting = hostingClientsFor({ account: accountFake, accountKey: key, panel: panelFake, node: nodeFake });
  h = await createWorkerHarness({ hosting });
});
afterAll(async () => {
  await h.close();
  await hosting.node.close();
  await Promise.all([accountFake.stop(), panelFake.stop(), nodeFake.stop()]);
});

const usage = () => h.rooms.provisioning.usage;
const clientReads = (serverId: number, name: string) =>
  accountFake.count("GET", `/api/v1/servers/${serverId}/clients/${name}`);
const listReads = (serverId: number) => accountFake.count("GET", `/api/v1/servers/${serverId}/clients`);

function xuiClient(serverId: number, gbUp: number, gbDown: number, totalGb = 10): AccessRef {
  const name = `u${++seq}`;
  accountFake.addClient(serverId, { email: name, totalGb, expiryMs: Date.now() + 30 * 86_400_000 });
  accountFake.setUsage(serverId, name, gbUp * GB, gbDown * GB);
  return { kind: "xui", serverId, name };
}

function subscriptionOn(ref: AccessRef) {
  return seedSubscription(h.rooms, `o-usage${++seq}`, {
    customerId: 70_000 + seq,
    ref,
    expiresAt: Date.now() + 30 * 86_400_000,
    trafficGb: 10,
  });
}

describe("one subscription's usage", () => {
  it("is read from the hosting API once a minute, the value cached for every process", async () => {
    const ref = xuiClient(server1, 1, 2);
    const sub = await subscriptionOn(ref);
    expect(await usage().cached(sub.id)).toBeUndefined();
    const first = await usage().of(sub);
    expect(first).toMatchObject({ usedBytes: 3 * GB, limitBytes: 10 * GB, enabled: true });
    accountFake.setUsage(server1, ref.name, 5 * GB, 0);
    expect(await usage().of(sub)).toEqual(first);
    expect(await usage().cached(sub.id)).toEqual(first);
    expect(clientReads(server1, ref.name)).toBe(1);
    const ttl = await h.redis.ttl(usageKeys.of(sub.id));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);

    // Another reader over the same Redis (another process) sees the cached value.
    const other = new UsageReader({
      redis: h.redis,
      hosting,
      provisioner: h.rooms.provisioning.provisioner,
      logger: createLogger("silent"),
    });
    expect(await other.of(sub)).toEqual(first);
    expect(clientReads(server1, ref.name)).toBe(1);

    await h.redis.del(usageKeys.of(sub.id));
    expect(await usage().of(sub)).toMatchObject({ usedBytes: 5 * GB });
    expect(clientReads(server1, ref.name)).toBe(2);
  });

  it("is read again once the shop's record of the term changed (a renewal landed): no old term for a minute", async () => {
    const ref = xuiClient(server1, 1, 0);
    const sub = await subscriptionOn(ref);
    await usage().of(sub);
    expect(clientReads(server1, ref.name)).toBe(1);
    await usage().of(sub);
    expect(clientReads(server1, ref.name)).toBe(1);
    await h.rooms.books.subscriptions.setTerm(sub.id, sub.expiresAt + 30 * 86_400_000, { trafficGb: 10 });
    const renewed = await h.rooms.books.subscriptions.get(sub.id);
    if (!renewed) throw new Error("the subscription is gone");
    await usage().of(renewed);
    expect(clientReads(server1, ref.name)).toBe(2);
    // Cached again under the new term.
    await usage().of(renewed);
    expect(clientReads(server1, ref.name)).toBe(2);
  });

  it("is undefined, and not cached, when the hosting side cannot be read; garbage in the cache is ignored", async () => {
    const sub = await subscriptionOn({ kind: "xui", serverId: server1, name: `ghost${++seq}` });
    expect(await usage().of(sub)).toBeUndefined();
    expect(await h.redis.exists(usageKeys.of(sub.id))).toBe(0);

    await h.redis.set(usageKeys.of(sub.id), "{not json");
    expect(await usage().cached(sub.id)).toBeUndefined();
    await h.redis.set(usageKeys.of(sub.id), JSON.stringify({ usedBytes: "many" }));
    expect(await usage().cached(sub.id)).toBeUndefined();
  });
});

describe("bulk listings", () => {
  it("list every client of one backend with its traffic, in one call each", async () => {
    const a = xuiClient(server2, 1, 3);
    const lists = listReads(server2);
    const xui = await usage().bulk({ kind: "xui", serverId: server2 });
    expect(listReads(server2) - lists).toBe(1);
    expect(xui.get(a.name)).toEqual({
      usedBytes: 4 * GB,
      limitBytes: 10 * GB,
      upBytes: GB,
      downBytes: 3 * GB,
    });

    const uuid = crypto.randomUUID();
    panelFake.putClient("main", { name: `pm${++seq}`, uuid, trafficLimitGb: 20 });
    panelFake.setUsage("main", `pm${seq}`, { trafficUsedGb: 1.5 });
    const panelLists = panelFake.count("GET", "/api/clients");
    const panel = await usage().bulk({ kind: "panel" });
    expect(panelFake.count("GET", "/api/clients") - panelLists).toBe(1);
    expect(panel.get(`pm${seq}`)).toEqual({ usedBytes: 1.5 * GB, limitBytes: 20 * GB });

    nodeFake.seedClient(`n${++seq}`, 30, { traffic_limit_gb: 5 });
    nodeFake.setTraffic(`n${seq}`, GB, 2 * GB);
    const [nodeLists, counters] = [
      nodeFake.countAny("GET", "/clients"),
      nodeFake.countAny("GET", "/traffic"),
    ];
    const node = await usage().bulk({ kind: "node" });
    expect(nodeFake.countAny("GET", "/clients") - nodeLists).toBe(1);
    expect(nodeFake.countAny("GET", "/traffic") - counters).toBe(1);
    expect(node.get(`n${seq}`)).toEqual({
      usedBytes: 3 * GB,
      limitBytes: 5 * GB,
      upBytes: GB,
      downBytes: 2 * GB,
    });
  });

  it("refuse a backend that is not configured", async () => {
    const bare = new UsageReader({
      redis: h.redis,
      hosting: { account: hosting.account },
      provisioner: h.rooms.provisioning.provisioner,
      logger: createLogger("silent"),
    });
    expect(bare.configured({ kind: "xui", serverId: server1 })).toBe(true);
    expect(bare.configured({ kind: "node" })).toBe(false);
    await expect(bare.bulk({ kind: "node" })).rejects.toBeInstanceOf(BackendNotConfigured);
    await expect(bare.bulk({ kind: "panel" })).rejects.toBeInstanceOf(BackendNotConfigured);
  });
});

describe("a round over many accesses", () => {
  it("lists each backend once, reads an access off the main panel on its own, and skips what fails", async () => {
    const one = xuiClient(server1, 0, 1);
    const two = xuiClient(server1, 0, 2);
    const elsewhere = xuiClient(server2, 0, 3);
    const offMain: AccessRef = {
      kind: "panel",
      name: `po${++seq}`,
      uuid: crypto.randomUUID(),
      locations: ["2"],
    };
    panelFake.putClient("2", { name: offMain.name, uuid: offMain.uuid, trafficLimitGb: 10 });
    panelFake.setUsage("2", offMain.name, { trafficUsedGb: 4 });
    const [lists1, lists2] = [listReads(server1), listReads(server2)];
    accountFake.failNext("GET", `/api/v1/servers/${server2}/clients`, fail(502, "Bad gateway"));

    const round = usage().round();
    const reads = await Promise.all([
      round.of(one),
      round.of(two),
      round.of(elsewhere),
      round.of({ kind: "xui", serverId: server1, name: "nobody" }),
      round.of(offMain),
    ]);
    expect(reads[0]).toMatchObject({ usedBytes: GB });
    expect(reads[1]).toMatchObject({ usedBytes: 2 * GB });
    expect(reads[2]).toBeUndefined();
    expect(reads[3]).toBe("unmatched");
    expect(reads[4]).toMatchObject({ usedBytes: 4 * GB, limitBytes: 10 * GB });
    expect(listReads(server1) - lists1).toBe(1);
    expect(listReads(server2) - lists2).toBe(1);
    expect(round.skipped).toEqual([`xui:${server2}`]);
    // Still skipped for the rest of the pass; the next pass reads it again.
    expect(await round.of(elsewhere)).toBeUndefined();
    expect(listReads(server2) - lists2).toBe(1);
    expect(await usage().round().of(elsewhere)).toMatchObject({ usedBytes: 3 * GB });
  });

  it("skips the accesses of a backend that is not configured, naming it once", async () => {
    const bare = new UsageReader({
      redis: h.redis,
      hosting: { account: hosting.account },
      provisioner: h.rooms.provisioning.provisioner,
      logger: createLogger("silent"),
    }).round();
    expect(await bare.of({ kind: "node", name: "a" })).toBeUndefined();
    expect(await bare.of({ kind: "node", name: "b" })).toBeUndefined();
    const off: AccessRef = { kind: "panel", name: "p", uuid: crypto.randomUUID(), locations: ["2"] };
    expect(await bare.of(off)).toBeUndefined();
    expect(await bare.of({ ...off, locations: ["main"] })).toBeUndefined();
    expect(bare.skipped).toEqual(["node", "panel"]);
  });
});
