import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerKeys } from "../../src/domain/books/index.js";
import { DriftActions, pendingKey, readPending } from "../../src/domain/drift/index.js";
import { DAY } from "../../src/runtime/clock.js";
import type { FakeServer } from "../fakes/account-api.js";
import { type DriftWorld, driftWorld, provisioned, queuedFor } from "../helpers/drift-actions.js";

/*
 * Issue 13, "move to another eligible server": the xui server of a subscription expired, was
 * suspended or regenerated. One new client on the chosen server with the same expiry and the
 * traffic left, the subscription's links and owner index moved, the customer told once, the old
 * client removed; safe under a repeat, an overlap, a lost answer and a crash.
 */

const GB = 1024 ** 3;
let w: DriftWorld;

beforeAll(async () => {
  w = await driftWorld();
});
afterAll(async () => {
  await w.close();
});

/** Three fresh servers of one plan, so each test counts its own clients. */
function servers(): [FakeServer, FakeServer, FakeServer] {
  const three = [0, 1, 2].map(() => w.account.addServer("shop", { daysLeft: 90 })) as [
    FakeServer,
    FakeServer,
    FakeServer,
  ];
  const plan = w.catalog.plans.find((p) => p.id === "xui");
  if (plan?.backend.kind === "xui") plan.backend.servers.push(...three.map((s) => s.id));
  return three;
}

class CrashAfterStore extends DriftActions {
  protected override async afterStore(): Promise<void> {
    throw new Error("crash right after the target was stored");
  }
}

describe("move an xui subscription", () => {
  it("new client on the target with the same expiry and the traffic left; links, index, message, old client", async () => {
    const [from, to, other] = servers();
    const sub = await provisioned(w, 201, "xui", { serverId: from.id });
    const oldName = sub.ref.name;
    w.account.setUsage(from.id, oldName, 20 * GB, 10 * GB);
    from.status = "expired";

    const eligible = await w.actions.eligibleServers(sub.id);
    expect(eligible.status).toBe("done");
    const ids = eligible.status === "done" ? eligible.servers.map((s) => s.serverId) : [];
    expect(ids).toEqual(expect.arrayContaining([to.id, other.id]));
    expect(ids).not.toContain(from.id);

    const moved = await w.actions.moveXui(sub.id, to.id);
    expect(moved).toEqual({
      status: "done",
      subscriptionId: sub.id,
      fromServerId: from.id,
      toServerId: to.id,
      oldRemoved: true,
    });
    expect(to.clients).toHaveLength(1);
    const made = to.clients[0];
    expect(made?.email).toMatch(/^c201-[0-9a-f]{8}$/);
    expect(made?.totalGb).toBe(70);
    expect(made?.expiryMs).toBeGreaterThanOrEqual(sub.expiresAt);
    expect(made?.expiryMs).toBeLessThan(sub.expiresAt + DAY);
    const after = await w.rooms.books.subscriptions.get(sub.id);
    expect(after?.ref).toMatchObject({ kind: "xui", serverId: to.id, name: made?.email, uuid: made?.uuid });
    expect(after?.expiresAt).toBe(sub.expiresAt);
    expect(after?.links.length).toBeGreaterThan(0);
    expect(after?.links.every((l) => l.includes(made?.uuid ?? "?"))).toBe(true);
    expect(
      (await w.rooms.books.owners.of({ kind: "xui", serverId: to.id, name: made?.email ?? "" })).length,
    ).toBe(1);
    expect(await w.rooms.books.owners.of({ kind: "xui", serverId: from.id, name: oldName })).toEqual([]);
    expect(await w.redis.sismember(ownerKeys.byServer(from.id), sub.id)).toBe(0);
    expect(w.account.client(from.id, oldName)).toBeUndefined();

    // Repeated: already there; nothing new made or sent.
    expect(await w.actions.moveXui(sub.id, to.id)).toEqual({
      status: "already",
      subscriptionId: sub.id,
      toServerId: to.id,
    });
    expect(to.clients).toHaveLength(1);
    const sent = await queuedFor(w, 201);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain("moved to another server");
    expect(sent[0]?.text).toContain(made?.uuid);
    expect(await w.redis.exists(pendingKey(sub.id))).toBe(0);
  });

  it("a server that no longer answers keeps the old client; traffic then comes from the plan", async () => {
    const [from, to] = servers();
    const sub = await provisioned(w, 202, "xui", { serverId: from.id });
    from.status = "suspended";
    // Regenerated: the old inbound's clients are gone, the old client cannot be read.
    from.clients = [];
    expect((await w.actions.moveXui(sub.id, to.id)).status).toBe("done");
    expect(to.clients[0]?.totalGb).toBe(100);
  });

  it("a create whose answer was lost is found by its stored name: one client on the target", async () => {
    const [from, to] = servers();
    const sub = await provisioned(w, 203, "xui", { serverId: from.id });
    from.status = "expired";
    w.account.loseAnswerNext("POST", `/api/v1/servers/${to.id}/clients`);
    expect((await w.actions.moveXui(sub.id, to.id)).status).toBe("done");
    expect(to.clients).toHaveLength(1);
    const after = await w.rooms.books.subscriptions.get(sub.id);
    expect(after?.ref).toMatchObject({ serverId: to.id, name: to.clients[0]?.email });
    expect(after?.links.length).toBeGreaterThan(0);
    expect(after?.links.every((l) => l.includes(to.clients[0]?.uuid ?? "?"))).toBe(true);
    expect(await queuedFor(w, 203)).toHaveLength(1);
  });

  it("two moves of one subscription at once end with one new client", async () => {
    const [from, to, other] = servers();
    const sub = await provisioned(w, 204, "xui", { serverId: from.id });
    from.status = "expired";
    w.account.delayNext("GET", "/api/v1/servers", 150);
    const both = await Promise.all([w.actions.moveXui(sub.id, to.id), w.actions.moveXui(sub.id, other.id)]);
    expect(both.map((o) => o.status).sort()).toEqual(["done", "refused"]);
    expect(both.find((o) => o.status === "refused")).toMatchObject({ reason: "busy" });
    expect(to.clients.length + other.clients.length).toBe(1);
    expect(await queuedFor(w, 204)).toHaveLength(1);
  });

  it("two moves of one subscription to the same server at once: one client, one message", async () => {
    const [from, to] = servers();
    const sub = await provisioned(w, 207, "xui", { serverId: from.id });
    from.status = "expired";
    w.account.delayNext("GET", "/api/v1/servers", 150);
    const both = await Promise.all([w.actions.moveXui(sub.id, to.id), w.actions.moveXui(sub.id, to.id)]);
    expect(both.map((o) => o.status).sort()).toEqual(["done", "refused"]);
    expect(to.clients).toHaveLength(1);
    expect(await w.actions.moveXui(sub.id, to.id)).toMatchObject({ status: "already" });
    expect(await queuedFor(w, 207)).toHaveLength(1);
  });

  it("a crash between storing the target and creating: the retry finishes the same move", async () => {
    const [from, to, other] = servers();
    const sub = await provisioned(w, 205, "xui", { serverId: from.id });
    from.status = "expired";
    await expect(new CrashAfterStore(w.deps).moveXui(sub.id, to.id)).rejects.toThrow(/crash/);
    const pending = await readPending(w.redis, sub.id);
    expect(pending).toMatchObject({ kind: "move", stage: "placed", to: { serverId: to.id } });
    expect(to.clients).toHaveLength(0);
    // Another target is refused while this move is unfinished.
    expect(await w.actions.moveXui(sub.id, other.id)).toMatchObject({
      status: "refused",
      reason: "other-move",
      detail: String(to.id),
    });
    expect((await w.actions.moveXui(sub.id, to.id)).status).toBe("done");
    expect(to.clients.map((c) => c.email)).toEqual([pending?.kind === "move" ? pending.to.name : "?"]);
    expect(other.clients).toHaveLength(0);
    expect(await queuedFor(w, 205)).toHaveLength(1);
  });

  it("refuses a server outside the plan's eligible ones, a non-xui subscription and a running renewal", async () => {
    const [from, to] = servers();
    const sub = await provisioned(w, 206, "xui", { serverId: from.id });
    to.status = "suspended";
    expect(await w.actions.moveXui(sub.id, to.id)).toMatchObject({
      status: "refused",
      reason: "not-eligible",
    });
    const node = await provisioned(w, 206, "node");
    expect(await w.actions.moveXui(node.id, to.id)).toMatchObject({ status: "refused", reason: "not-xui" });
    to.status = "active";
    const order = await w.rooms.books.orders.create({
      kind: "renewal",
      customerId: 206,
      planId: "xui",
      price: 10,
      currency: "XTR",
      locale: "en",
      subscriptionId: sub.id,
    });
    await w.redis.hset(`order:${order.id}`, "status", "paid");
    await w.rooms.terms.terms.chain.enter(sub.id, order.id);
    expect(await w.actions.moveXui(sub.id, to.id)).toMatchObject({
      status: "refused",
      reason: "renewal-running",
    });
    expect(to.clients).toHaveLength(0);
  });
});
