import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptionKeys } from "../../src/domain/books/index.js";
import type { OrphanRef } from "../../src/domain/drift/index.js";
import { adoptedSubscriptionId } from "../../src/domain/drift/index.js";
import { DAY } from "../../src/runtime/clock.js";
import { type DriftWorld, driftWorld, NODE_SUB, provisioned } from "../helpers/drift-actions.js";

/*
 * Issue 13, orphans: a client with the shop's naming that belongs to no subscription is deleted
 * (the admin confirmed it) or adopted for a customer (a subscription from its live state, reminded
 * and renewable). Both idempotent; a client made by hand or one a subscription owns is refused.
 */

const GB = 1024 ** 3;
let w: DriftWorld;

beforeAll(async () => {
  w = await driftWorld();
});
afterAll(async () => {
  await w.close();
});

describe("orphans", () => {
  it("delete: gone on the hosting side, a repeat is 'already'", async () => {
    const server = w.servers[0];
    w.account.addClient(server.id, { email: "c301-0badc0de", expiryMs: Date.now() + 5 * DAY });
    const ref = { kind: "xui", serverId: server.id, name: "c301-0badc0de" } as const;
    expect(await w.actions.deleteOrphan(ref)).toEqual({ status: "done" });
    expect(w.account.client(server.id, "c301-0badc0de")).toBeUndefined();
    expect(await w.actions.deleteOrphan(ref)).toEqual({ status: "already" });

    w.panel.putClient("main", { name: "c301-12345678" });
    w.panel.putClient("2", { name: "c301-12345678" });
    const panelRef: OrphanRef = { kind: "panel", name: "c301-12345678", locations: ["main", "2"] };
    expect(await w.actions.deleteOrphan(panelRef)).toEqual({ status: "done" });
    expect(w.panel.clientAt("main", "c301-12345678")).toBeUndefined();
    expect(w.panel.clientAt("2", "c301-12345678")).toBeUndefined();
    expect(await w.actions.deleteOrphan(panelRef)).toEqual({ status: "already" });
  });

  it("refuses a client made by hand and one a subscription owns, and deletes nothing", async () => {
    const server = w.servers[1];
    w.account.addClient(server.id, { email: "alice" });
    expect(await w.actions.deleteOrphan({ kind: "xui", serverId: server.id, name: "alice" })).toMatchObject({
      status: "refused",
      reason: "not-shop-client",
    });
    expect(w.account.client(server.id, "alice")).toBeDefined();
    const sub = await provisioned(w, 302, "node");
    expect(await w.actions.deleteOrphan({ kind: "node", name: sub.ref.name })).toEqual({
      status: "refused",
      reason: "owned",
      detail: sub.id,
    });
    expect(w.node.clients.has(sub.ref.name)).toBe(true);
    expect(await w.actions.adoptOrphan({ kind: "node", name: sub.ref.name }, 302)).toMatchObject({
      status: "refused",
      reason: "owned",
    });
  });

  it("adopt a node client: a subscription with its expiry, limits and links, found by its owner index; idempotent", async () => {
    await w.rooms.books.customers.seen({ id: 303, firstName: "C303", locale: "ru" });
    const seeded = w.node.seedClient("c303-aabbccdd", 12, { traffic_limit_gb: 25, device_limit: 2 });
    const ref = { kind: "node", name: "c303-aabbccdd" } as const;
    const id = adoptedSubscriptionId(ref);
    expect(await w.actions.adoptOrphan(ref, 303)).toEqual({
      status: "done",
      subscriptionId: id,
      linksKnown: true,
    });
    const sub = await w.rooms.books.subscriptions.get(id);
    expect(sub).toMatchObject({
      customerId: 303,
      planId: "node",
      ref: { kind: "node", name: "c303-aabbccdd", uuid: seeded.uuid },
      expiresAt: seeded.expires_at * 1000,
      trafficGb: 25,
      devices: 2,
      subscriptionUrl: `${NODE_SUB}/sub/${seeded.uuid}`,
    });
    expect(sub?.links[0]).toContain(seeded.uuid);
    // Reminded: it is in the expiry index; owned: the client now belongs to it.
    expect(Number(await w.redis.zscore(subscriptionKeys.byExpiry, id))).toBe(seeded.expires_at * 1000);
    expect((await w.rooms.books.owners.of(ref)).map((o) => o.subscription.id)).toEqual([id]);
    expect(await w.actions.adoptOrphan(ref, 303)).toEqual({ status: "already", subscriptionId: id });
    await w.rooms.books.customers.seen({ id: 304, firstName: "C304", locale: "en" });
    expect(await w.actions.adoptOrphan(ref, 304)).toMatchObject({ status: "refused", reason: "owned" });
    expect(await w.rooms.books.subscriptions.ofCustomer(303)).toHaveLength(1);
  });

  it("adopt an unused xui client: made again under its name for links (nobody has them); a used one keeps its own", async () => {
    await w.rooms.books.customers.seen({ id: 305, firstName: "C305", locale: "en" });
    const server = w.servers[2];
    const until = Date.now() + 10 * DAY;
    w.account.addClient(server.id, { email: "c305-00000001", expiryMs: until, totalGb: 30 });
    const fresh = { kind: "xui", serverId: server.id, name: "c305-00000001" } as const;
    const done = await w.actions.adoptOrphan(fresh, 305);
    expect(done).toMatchObject({ status: "done", linksKnown: true });
    const made = w.account.client(server.id, "c305-00000001");
    const sub = await w.rooms.books.subscriptions.get(adoptedSubscriptionId(fresh));
    expect(sub?.links.length).toBeGreaterThan(0);
    expect(sub?.links.every((l) => l.includes(made?.uuid ?? "?"))).toBe(true);
    expect(sub?.ref).toMatchObject({ uuid: made?.uuid });
    expect(sub?.expiresAt).toBeGreaterThanOrEqual(until);
    expect(sub?.trafficGb).toBe(30);
    expect(server.clients.filter((c) => c.email.startsWith("c305-00000001"))).toHaveLength(1);

    const used = w.account.addClient(server.id, { email: "c305-00000002", expiryMs: until, totalGb: 30 });
    w.account.setUsage(server.id, used.email, GB, 0);
    const usedRef = { kind: "xui", serverId: server.id, name: used.email } as const;
    expect(await w.actions.adoptOrphan(usedRef, 305)).toMatchObject({ status: "done", linksKnown: false });
    expect(w.account.client(server.id, used.email)?.uuid).toBe(used.uuid);
    expect((await w.rooms.books.subscriptions.get(adoptedSubscriptionId(usedRef)))?.expiresAt).toBe(until);
  });

  it("refuses an unknown customer and a client that is gone", async () => {
    const ref = { kind: "node", name: "c306-deadbeef" } as const;
    expect(await w.actions.adoptOrphan(ref, 999_999)).toMatchObject({
      status: "refused",
      reason: "unknown-customer",
    });
    await w.rooms.books.customers.seen({ id: 306, firstName: "C306", locale: "en" });
    expect(await w.actions.adoptOrphan(ref, 306)).toMatchObject({ status: "refused", reason: "not-found" });
  });
});
