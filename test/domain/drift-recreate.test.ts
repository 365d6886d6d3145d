import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DriftFindings, findingId, findingKey, pendingKey } from "../../src/domain/drift/index.js";
import { DAY } from "../../src/runtime/clock.js";
import { fail } from "../fakes/http-fake.js";
import { type DriftWorld, driftWorld, NODE_SUB, provisioned, queuedFor } from "../helpers/drift-actions.js";

/*
 * Issue 13, "recreate with the same term": the hosting client of an active subscription is gone;
 * the admin's one tap makes it again with the shop's term, traffic and devices, under the same
 * name (panel: the same UUID), once, and the customer gets new links only when they changed.
 */

let w: DriftWorld;

beforeAll(async () => {
  w = await driftWorld();
});
afterAll(async () => {
  await w.close();
});

describe("recreate", () => {
  it("xui: made again on its server with the shop's term and traffic; new links stored and sent once", async () => {
    const server = w.servers[0];
    const sub = await provisioned(w, 101, "xui", { serverId: server.id });
    if (sub.ref.kind !== "xui") throw new Error("xui expected");
    const name = sub.ref.name;
    server.clients = server.clients.filter((c) => c.email !== name);

    const first = await w.actions.recreate(sub.id);
    expect(first).toEqual({ status: "done", subscriptionId: sub.id, linksChanged: true });
    const made = w.account.client(server.id, name);
    expect(made?.totalGb).toBe(100);
    // xui counts whole days from now: never before the shop's expiry, less than a day after it.
    expect(made?.expiryMs).toBeGreaterThanOrEqual(sub.expiresAt);
    expect(made?.expiryMs).toBeLessThan(sub.expiresAt + DAY);
    const after = await w.rooms.books.subscriptions.get(sub.id);
    expect(after?.ref).toMatchObject({ kind: "xui", serverId: server.id, name, uuid: made?.uuid });
    expect(after?.links.some((l) => l.includes(made?.uuid ?? "?"))).toBe(true);
    expect(after?.expiresAt).toBe(sub.expiresAt);

    // Repeated: the client is there, nothing is made or sent again.
    expect(await w.actions.recreate(sub.id)).toEqual({ status: "already", subscriptionId: sub.id });
    expect(server.clients.filter((c) => c.email.startsWith(name))).toHaveLength(1);
    const sent = await queuedFor(w, 101);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain("set up again");
    expect(sent[0]?.text).toContain(made?.uuid);
    expect(await w.redis.exists(pendingKey(sub.id))).toBe(0);
  });

  it("panel: the same UUID and absolute term on every location; the link does not change, nothing is sent", async () => {
    const sub = await provisioned(w, 102, "multi");
    if (sub.ref.kind !== "panel") throw new Error("panel expected");
    const { name, uuid } = sub.ref;
    w.panel.putClient("main", { name: "keep-me" });
    // Gone on both locations (deleted in the provider's panel).
    await w.deps.hosting.panel?.deleteClient(name);
    await w.deps.hosting.panel?.at("2").deleteClient(name);

    expect(await w.actions.recreate(sub.id)).toEqual({
      status: "done",
      subscriptionId: sub.id,
      linksChanged: false,
    });
    for (const location of ["main", "2"]) {
      const c = w.panel.clientAt(location, name);
      expect(c?.uuid).toBe(uuid);
      expect(c?.expiresAt).toBe(Math.ceil(sub.expiresAt / 1000));
      expect(c?.trafficLimitGb).toBe(50);
      expect(c?.deviceLimit).toBe(3);
    }
    expect(w.panel.clientAt("2", name)?.inboundIds).toEqual(["201"]);
    expect((await w.rooms.books.subscriptions.get(sub.id))?.subscriptionUrl).toBe(sub.subscriptionUrl);
    expect(await queuedFor(w, 102)).toEqual([]);
  });

  it("panel: missing on one location only is completed there; present everywhere is 'already'", async () => {
    const sub = await provisioned(w, 103, "multi");
    await w.deps.hosting.panel?.at("2").deleteClient(sub.ref.name);
    expect((await w.actions.recreate(sub.id)).status).toBe("done");
    expect(w.panel.clientAt("2", sub.ref.name)?.uuid).toBe(sub.ref.uuid);
    expect(await w.actions.recreate(sub.id)).toEqual({ status: "already", subscriptionId: sub.id });
  });

  it("node: made again under its name with the term and limits; the node's new UUID means new links, sent once", async () => {
    const sub = await provisioned(w, 104, "node");
    const old = w.node.clients.get(sub.ref.name);
    w.node.clients.delete(sub.ref.name);

    expect(await w.actions.recreate(sub.id)).toEqual({
      status: "done",
      subscriptionId: sub.id,
      linksChanged: true,
    });
    const made = w.node.clients.get(sub.ref.name);
    expect(made?.uuid).not.toBe(old?.uuid);
    expect(made?.expires_at).toBe(old?.expires_at);
    expect(made?.traffic_limit_gb).toBe(40);
    expect(made?.device_limit).toBe(2);
    const after = await w.rooms.books.subscriptions.get(sub.id);
    expect(after?.ref).toEqual({ kind: "node", name: sub.ref.name, uuid: made?.uuid });
    expect(after?.subscriptionUrl).toBe(`${NODE_SUB}/sub/${made?.uuid}`);
    expect(await w.actions.recreate(sub.id)).toEqual({ status: "already", subscriptionId: sub.id });
    expect(await queuedFor(w, 104)).toHaveLength(1);
  });

  it("two recreates at once make one client (the other is told the subscription is busy)", async () => {
    const server = w.servers[1];
    const sub = await provisioned(w, 105, "xui", { serverId: server.id });
    server.clients = server.clients.filter((c) => c.email !== sub.ref.name);
    // The first is held inside (its server read) while the second comes: no timing involved.
    const gate = w.account.holdNext("GET", `/api/v1/servers/${server.id}`);
    const first = w.actions.recreate(sub.id);
    await gate.reached;
    expect(await w.actions.recreate(sub.id)).toMatchObject({ status: "refused", reason: "busy" });
    gate.release();
    expect((await first).status).toBe("done");
    expect(server.clients.filter((c) => c.email.startsWith(sub.ref.name))).toHaveLength(1);
  });

  it("a create whose answer was lost is looked up by name: one client, links from a fresh make", async () => {
    const server = w.servers[2];
    const sub = await provisioned(w, 106, "xui", { serverId: server.id });
    server.clients = server.clients.filter((c) => c.email !== sub.ref.name);
    w.account.loseAnswerNext("POST", `/api/v1/servers/${server.id}/clients`);
    expect((await w.actions.recreate(sub.id)).status).toBe("done");
    const mine = server.clients.filter((c) => c.email.startsWith(sub.ref.name));
    expect(mine).toHaveLength(1);
    const after = await w.rooms.books.subscriptions.get(sub.id);
    expect(after?.links.some((l) => l.includes(mine[0]?.uuid ?? "?"))).toBe(true);
  });

  it("a hosting side that does not answer is 'unavailable', and nothing is stored", async () => {
    const server = w.servers[0];
    const sub = await provisioned(w, 107, "xui", { serverId: server.id });
    server.clients = server.clients.filter((c) => c.email !== sub.ref.name);
    w.account.failNext("GET", `/api/v1/servers/${server.id}`, fail(503, "Service Unavailable"));
    expect(await w.actions.recreate(sub.id)).toMatchObject({ status: "unavailable" });
    expect(await w.redis.exists(pendingKey(sub.id))).toBe(0);
    expect(w.account.client(server.id, sub.ref.name)).toBeUndefined();
  });

  it("an xui server that expired is refused (move it instead); an expired or unknown subscription too", async () => {
    const server = w.account.addServer("shop", { daysLeft: 90 });
    const sub = await provisioned(w, 108, "xui", { serverId: server.id });
    server.status = "expired";
    expect(await w.actions.recreate(sub.id)).toMatchObject({ status: "refused", reason: "server-unfit" });
    expect(await w.actions.recreate("s-nope")).toMatchObject({ status: "refused", reason: "not-found" });
    const old = await provisioned(w, 108, "node", { days: -1 });
    expect(await w.actions.recreate(old.id)).toMatchObject({ status: "refused", reason: "expired" });
  });

  it("marks the 'missing' finding resolved", async () => {
    const sub = await provisioned(w, 109, "node");
    const detail = { kind: "missing", subscriptionId: sub.id, customerId: 109, ref: sub.ref } as const;
    const store = new DriftFindings(w.redis, w.clock);
    await store.record(detail, "waiting", "node");
    w.node.clients.delete(sub.ref.name);
    expect((await w.actions.recreate(sub.id)).status).toBe("done");
    expect((await store.get(findingId(findingKey(detail))))?.status).toBe("resolved");
    expect(await store.problemOf(sub.id)).toBeUndefined();
  });
});
