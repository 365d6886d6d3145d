import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import type { DriftRunSummary, Finding } from "../../src/domain/drift/index.js";
import { DAY, MINUTE } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { createReminderTask } from "../../src/workers/reminders.js";
import { fail } from "../fakes/http-fake.js";
import { type DriftWorld, driftWorld, provisioned, queuedFor, xuiClient } from "../helpers/drift-actions.js";

/*
 * Issue 13, the detection side: one test per rule against the fake hosting APIs on real Redis,
 * plus a backend down, 10 000 subscriptions in bounded calls, two runs in a row, one run at a
 * time, and reminders that follow the hosting side without repeating themselves.
 */

let w: DriftWorld;
let reported: Finding[];

beforeEach(async () => {
  w = await driftWorld();
  reported = [];
});
afterEach(async () => {
  await w.close();
});

/** One reconciliation a minute later (records made "now" are left for the next run). */
async function run(): Promise<DriftRunSummary> {
  w.clock.advance(MINUTE);
  const summary = await w.rooms.drift.sync.reconciler.run({
    report: async (fresh) => void reported.push(...fresh),
  });
  if (!summary) throw new Error("the run did not take the lease");
  return summary;
}

const record = (id: string) => w.rooms.books.subscriptions.get(id);

describe("one rule per kind", () => {
  it("expiry_changed: an admin's extension on the hosting side moves the record and its expiry index", async () => {
    const sub = await provisioned(w, 201, "xui", { days: 10 });
    const { client } = xuiClient(w, sub);
    client.expiryMs += 30 * DAY;

    const summary = await run();
    expect(summary.repaired.expiry_changed).toBe(1);
    expect((await record(sub.id))?.expiresAt).toBe(client.expiryMs);
    const due = await w.rooms.books.subscriptions.expiringBetween(client.expiryMs, client.expiryMs);
    expect(due.map((d) => d.id)).toEqual([sub.id]);
  });

  it("expiry_changed, panel: a term set on every location moves the customer's next reminder", async () => {
    const sub = await provisioned(w, 202, "multi", { days: 5 });
    const name = sub.ref.name;
    const later = Math.ceil((sub.expiresAt + 30 * DAY) / 1000);
    for (const location of ["main", "2"]) {
      await w.deps.hosting.panel?.at(location).updateClient(name, { term: { expiresAt: later } });
    }
    await run();
    expect((await record(sub.id))?.expiresAt).toBe(later * 1000);

    // A day before the old expiry: no "expires in 1 day" any more.
    w.clock.set(sub.expiresAt - DAY + MINUTE);
    const reminders = reminderTask();
    const result = await reminders.run();
    expect(result.queued["1d"]).toBe(0);
    expect(await queuedFor(w, 202)).toEqual([]);
  });

  it("traffic_changed: a limit set on the hosting side becomes the record's allowance", async () => {
    const sub = await provisioned(w, 203, "xui");
    xuiClient(w, sub).client.totalGb = 300;
    const summary = await run();
    expect(summary.repaired.traffic_changed).toBe(1);
    expect((await record(sub.id))?.trafficGb).toBe(300);
  });

  it("missing: reported to the admins once, waits for a decision, shown as a problem; the record stays", async () => {
    const sub = await provisioned(w, 204, "xui");
    const { server } = xuiClient(w, sub);
    server.clients = server.clients.filter((c) => c.email !== sub.ref.name);

    const first = await run();
    expect(first.found.missing).toBe(1);
    expect(reported.map((f) => [f.kind, "subscriptionId" in f && f.subscriptionId])).toEqual([
      ["missing", sub.id],
    ]);
    expect(await w.rooms.drift.sync.findings.problemOf(sub.id)).toBe("missing");
    expect((await w.rooms.drift.sync.findings.waiting()).map((f) => f.kind)).toEqual(["missing"]);
    expect(await record(sub.id)).toEqual(sub);

    await run();
    expect(reported).toHaveLength(1);
  });

  it("location_drift: a location without the client gets it back with the same UUID and the shop's term", async () => {
    const sub = await provisioned(w, 205, "multi");
    if (sub.ref.kind !== "panel") throw new Error("panel expected");
    await w.deps.hosting.panel?.at("2").deleteClient(sub.ref.name);

    const summary = await run();
    expect(summary.repaired.location_drift).toBe(1);
    const back = w.panel.clientAt("2", sub.ref.name);
    expect(back?.uuid).toBe(sub.ref.uuid);
    expect(back?.inboundIds).toEqual(["201"]);
    expect(Math.abs((back?.expiresAt ?? 0) * 1000 - sub.expiresAt)).toBeLessThan(MINUTE);
    expect(reported.map((f) => f.kind)).toEqual(["location_drift"]);
  });

  it("location_drift: one location with another term is set back to the shop's term", async () => {
    const sub = await provisioned(w, 206, "multi");
    const name = sub.ref.name;
    const other = Math.ceil((sub.expiresAt + 7 * DAY) / 1000);
    await w.deps.hosting.panel?.at("2").updateClient(name, { term: { expiresAt: other } });

    const summary = await run();
    expect(summary.repaired.location_drift).toBe(1);
    expect(summary.repaired.expiry_changed).toBe(0);
    expect(Math.abs((w.panel.clientAt("2", name)?.expiresAt ?? 0) * 1000 - sub.expiresAt)).toBeLessThan(
      MINUTE,
    );
    expect((await record(sub.id))?.expiresAt).toBe(sub.expiresAt);
  });

  it("orphan: a client with the shop's naming and no subscription is listed, never deleted; hand-made ones are not counted", async () => {
    const server = w.servers[1];
    w.account.addClient(server.id, { email: "c777-0a1b2c3d", expiryMs: Date.now() + DAY });
    w.account.addClient(server.id, { email: "alice", expiryMs: Date.now() + DAY });
    w.panel.putClient("main", { name: "bob-by-hand" });
    w.node.seedClient("carol", 10);

    const summary = await run();
    expect(summary.found).toMatchObject({ orphan: 1, missing: 0 });
    const [orphan] = reported;
    expect(orphan).toMatchObject({
      kind: "orphan",
      status: "waiting",
      ref: { kind: "xui", serverId: server.id },
    });
    expect(server.clients.map((c) => c.email).sort()).toEqual(["alice", "c777-0a1b2c3d"]);
  });

  it("server_gone: an expired server's customers are reported with the move, not as missing", async () => {
    const sub = await provisioned(w, 208, "xui");
    xuiClient(w, sub).server.status = "expired";
    const summary = await run();
    expect(summary.found).toMatchObject({ server_gone: 1, missing: 0 });
    expect(reported[0]).toMatchObject({ kind: "server_gone", reason: "expired", subscriptionId: sub.id });
    expect(await w.rooms.drift.sync.findings.problemOf(sub.id)).toBe("server_gone");
  });

  it("server_gone: a regenerated xui server's customers are reported as such", async () => {
    const sub = await provisioned(w, 209, "xui");
    const { server } = xuiClient(w, sub);
    await run();
    await w.deps.hosting.account.regenerate(server.id);
    const summary = await run();
    expect(summary.found).toMatchObject({ server_gone: 1, missing: 0 });
    expect(reported[0]).toMatchObject({ kind: "server_gone", reason: "regenerated" });
  });
});

describe("what a run may conclude", () => {
  it("a backend that does not answer changes nothing and settles nothing", async () => {
    const xui = await provisioned(w, 210, "xui");
    const multi = await provisioned(w, 211, "multi");
    const node = await provisioned(w, 212, "node");
    // First the xui client goes missing (a waiting finding), then every backend stops answering.
    const { server } = xuiClient(w, xui);
    server.clients = [];
    await run();
    w.panel.putClient("main", { name: "c999-deadbeef" });
    w.account.failNext("GET", "/api/v1/servers/\\d+/clients", fail(503, "busy"), 10);
    w.panel.failNext("GET", "/api/clients", fail(503, "busy"), 10);
    w.panel.failNext("GET", "/api/fed/lproxy/2/clients", fail(503, "busy"), 10);
    w.node.forceError("GET", "/clients", 503, "internal_error", 10);
    reported = [];

    const summary = await run();
    expect(summary.skipped.length).toBeGreaterThanOrEqual(3);
    expect(summary.found).toMatchObject({ missing: 0, orphan: 0, expiry_changed: 0, location_drift: 0 });
    expect(reported).toEqual([]);
    for (const sub of [multi, node]) expect(await record(sub.id)).toEqual(sub);
    // The missing client found before is still waiting: a silent backend settles nothing.
    expect((await w.rooms.drift.sync.findings.waiting()).map((f) => f.kind)).toEqual(["missing"]);
  });

  it("10 000 subscriptions are reconciled in a bounded number of hosting calls", async () => {
    const now = w.clock.now();
    const expiresAt = now + 20 * DAY;
    for (let i = 0; i < 10_000; i += 500) {
      await Promise.all(
        Array.from({ length: 500 }, async (_, j) => {
          const n = i + j;
          const server = w.servers[n % 3] as (typeof w.servers)[number];
          const name = `c${5000 + n}-${n.toString(16).padStart(8, "0")}`;
          w.account.addClient(server.id, { email: name, totalGb: 100, expiryMs: expiresAt });
          await w.rooms.books.subscriptions.create(`o${n.toString(16).padStart(12, "0")}`, {
            customerId: 5000 + n,
            planId: "xui",
            ref: { kind: "xui", serverId: server.id, name },
            links: { links: [], subscriptionUrl: undefined },
            expiresAt,
            trafficGb: 100,
            devices: 0,
            trial: false,
          });
        }),
      );
    }
    const before = { account: w.account.seen.length, panel: w.panel.seen.length, node: w.node.seen.length };
    const summary = await run();
    expect(summary.found).toMatchObject({ missing: 0, orphan: 0, expiry_changed: 0, traffic_changed: 0 });
    // One server list and one client list per xui server; the panel's federation and two lists; the node's list.
    expect(w.account.seen.length - before.account).toBe(1 + 3);
    expect(w.panel.seen.length - before.panel).toBe(3);
    expect(w.node.seen.length - before.node).toBe(1);
  }, 120_000);

  it("running twice in a row repairs nothing the second time", async () => {
    const a = await provisioned(w, 213, "xui");
    const b = await provisioned(w, 214, "multi");
    xuiClient(w, a).client.expiryMs += 9 * DAY;
    xuiClient(w, a).client.totalGb = 250;
    await w.deps.hosting.panel?.at("2").deleteClient(b.ref.name);
    const first = await run();
    expect(first.repaired).toMatchObject({ expiry_changed: 1, traffic_changed: 1, location_drift: 1 });

    const requests = w.panel.seen.length;
    reported = [];
    const second = await run();
    expect(Object.values(second.repaired).every((n) => n === 0)).toBe(true);
    expect(Object.values(second.found).every((n) => n === 0)).toBe(true);
    expect(reported).toEqual([]);
    // Only the reads: no write reached the panel.
    expect(w.panel.seen.slice(requests).every((r) => r.method === "GET")).toBe(true);
  });

  it("two runs at once: one takes the lease, the other does nothing", async () => {
    await provisioned(w, 215, "xui");
    w.account.delayNext("GET", "/api/v1/servers", 300);
    w.clock.advance(MINUTE);
    const [one, two] = await Promise.all([
      w.rooms.drift.sync.reconciler.run(),
      w.rooms.drift.sync.reconciler.run(),
    ]);
    expect([one, two].filter((s) => s === undefined)).toHaveLength(1);
    // The lease is given back: the next run goes ahead.
    expect(await w.rooms.drift.sync.reconciler.run()).toBeDefined();
  });
});

describe("reminders after the record follows the hosting side", () => {
  it("a reminder sent for an expiry is not sent again for the same moment", async () => {
    const sub = await provisioned(w, 216, "xui", { days: 3 });
    const { client } = xuiClient(w, sub);
    const hosting = client.expiryMs;
    w.clock.set(sub.expiresAt - DAY + MINUTE);
    expect((await reminderTask().run()).queued["1d"]).toBe(1);

    // The hosting side rounds to whole days: the same moment; nothing follows, nothing is sent.
    await run();
    expect((await record(sub.id))?.expiresAt).toBe(sub.expiresAt);
    // An admin extends by a month, then takes it back: the record comes back to the very expiry.
    client.expiryMs = hosting + 30 * DAY;
    await run();
    client.expiryMs = hosting;
    await run();
    expect((await record(sub.id))?.expiresAt).toBe(sub.expiresAt);
    await reminderTask().run();
    const once = (await queuedFor(w, 216)).map((m) => m.once);
    expect(new Set(once)).toEqual(new Set([`remind:${sub.id}:${sub.expiresAt}:1d`]));
  });
});

function reminderTask() {
  return createReminderTask({
    ...w.rooms,
    outbox: w.outbox,
    i18n: createI18n("en"),
    clock: w.clock,
    logger: createLogger("silent"),
  });
}
