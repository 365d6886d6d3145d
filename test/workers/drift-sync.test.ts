import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import type { DriftRunSummary } from "../../src/domain/drift/index.js";
import { Metrics } from "../../src/http/metrics.js";
import { SYNC_HOME } from "../../src/render/sync-callbacks.js";
import { DAY, MINUTE } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { createDriftSyncTask, DRIFT_SYNC_EVERY_MS } from "../../src/workers/drift-sync.js";
import { createReminderTask } from "../../src/workers/reminders.js";
import { type DriftWorld, driftWorld, provisioned, queuedFor } from "../helpers/drift-actions.js";

/*
 * The reconciliation as the worker runs it: every 15 minutes by default, new findings reported to
 * each admin once with the Sync button, and the drift metrics counted per kind. And issue 13's
 * "Done when", each through the job: an extension made in the panel moves the next reminder, a
 * client deleted in the panel reaches the admins within one run, the repairs are idempotent.
 */

const ADMIN = 42;
let w: DriftWorld;

beforeEach(async () => {
  w = await driftWorld();
});
afterEach(async () => {
  await w.close();
});

function task(metrics: Metrics) {
  return createDriftSyncTask({
    ...w.rooms,
    outbox: w.outbox,
    i18n: createI18n("en"),
    adminIds: [ADMIN],
    defaultLocale: "en",
    logger: createLogger("silent"),
    metrics,
  });
}

describe("drift-sync task", () => {
  it("runs every 15 minutes by default, reports new findings once and counts them per kind", async () => {
    const metrics = new Metrics();
    const sync = task(metrics);
    expect(sync.everyMs).toBe(DRIFT_SYNC_EVERY_MS);
    expect(DRIFT_SYNC_EVERY_MS).toBe(15 * MINUTE);

    const sub = await provisioned(w, 301, "xui");
    const server = w.servers.find((s) => sub.ref.kind === "xui" && s.id === sub.ref.serverId);
    if (!server) throw new Error("server expected");
    server.clients = [];
    w.clock.advance(MINUTE);
    await sync.run();
    w.clock.advance(MINUTE);
    await sync.run();

    const sent = await queuedFor(w, ADMIN);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain("The sync found 1 new thing to look at");
    expect(sent[0]?.text).toContain(`${sub.id} (customer 301): active, but its client is gone`);
    expect(sent[0]?.keyboard?.inline_keyboard[0]?.[0]).toMatchObject({ callback_data: SYNC_HOME });

    const text = await metrics.registry.metrics();
    expect(text).toContain('drift_found_total{kind="missing"} 1');
    expect(text).toMatch(/drift_reconciliation_duration_seconds_count 2/);
  });
});

function reminders() {
  return createReminderTask({
    ...w.rooms,
    outbox: w.outbox,
    i18n: createI18n("en"),
    clock: w.clock,
    logger: createLogger("silent"),
  });
}

/** The task's run as the maintenance worker makes it, a minute after the last change. */
async function runTask(sync: ReturnType<typeof task>) {
  w.clock.advance(MINUTE);
  return sync.run();
}

describe("issue 13 done when, through the job", () => {
  it("an admin's extension made in the panel moves the customer's next reminder", async () => {
    const sub = await provisioned(w, 311, "multi", { days: 5 });
    const later = Math.ceil((sub.expiresAt + 30 * DAY) / 1000);
    for (const location of ["main", "2"]) {
      await w.deps.hosting.panel?.at(location).updateClient(sub.ref.name, { term: { expiresAt: later } });
    }
    await runTask(task(new Metrics()));

    // A day before the old expiry: nothing. A day before the new one: the reminder, for that expiry.
    w.clock.set(sub.expiresAt - DAY + MINUTE);
    expect((await reminders().run()).queued["1d"]).toBe(0);
    expect(await queuedFor(w, 311)).toEqual([]);
    w.clock.set(later * 1000 - DAY + MINUTE);
    expect((await reminders().run()).queued["1d"]).toBe(1);
    const sent = await queuedFor(w, 311);
    expect(sent.map((m) => m.once)).toEqual([`remind:${sub.id}:${later * 1000}:1d`]);
  });

  it("a client deleted in the panel reaches the admins within one run", async () => {
    const sub = await provisioned(w, 312, "multi");
    for (const location of ["main", "2"]) await w.deps.hosting.panel?.at(location).deleteClient(sub.ref.name);
    const summary = await runTask(task(new Metrics()));
    expect(summary).toMatchObject({ found: { missing: 1 } });

    const sent = await queuedFor(w, ADMIN);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(`${sub.id} (customer 312): active, but its client is gone`);
  });

  it("the repairs are idempotent: a second run repairs, writes and reports nothing; a repeated recreate is 'already'", async () => {
    const metrics = new Metrics();
    const sync = task(metrics);
    const xui = await provisioned(w, 313, "xui", { days: 3 });
    const multi = await provisioned(w, 314, "multi");
    const node = await provisioned(w, 315, "node");
    const server = w.servers.find((s) => xui.ref.kind === "xui" && s.id === xui.ref.serverId);
    const client = server?.clients.find((c) => c.email === xui.ref.name);
    if (!server || !client) throw new Error("xui client expected");
    client.expiryMs += 9 * DAY;
    client.totalGb = 250;
    await w.deps.hosting.panel?.at("2").deleteClient(multi.ref.name);
    await w.deps.hosting.node?.deleteClient(node.ref.name);

    const first = await runTask(sync);
    expect(first).toMatchObject({
      repaired: { expiry_changed: 1, traffic_changed: 1, location_drift: 1 },
      found: { missing: 1 },
    });
    const after = await Promise.all([xui, multi].map((s) => w.rooms.books.subscriptions.get(s.id)));
    const writes = () =>
      [...w.account.seen, ...w.panel.seen, ...w.node.seen].filter((r) => r.method !== "GET");
    const writesBefore = writes().length;

    const second = await runTask(sync);
    expect(second).toMatchObject({
      found: { expiry_changed: 0, traffic_changed: 0, location_drift: 0, missing: 1 },
      repaired: { expiry_changed: 0, traffic_changed: 0, location_drift: 0 },
    });
    expect(writes()).toHaveLength(writesBefore);
    expect(await Promise.all([xui, multi].map((s) => w.rooms.books.subscriptions.get(s.id)))).toEqual(after);
    expect(await queuedFor(w, ADMIN)).toHaveLength(1);
    const text = await metrics.registry.metrics();
    expect(text).toContain('drift_repaired_total{kind="expiry_changed"} 1');
    expect(text).toContain('drift_repaired_total{kind="location_drift"} 1');

    // The admin's one tap, repeated: one client made, the next run finds nothing left.
    expect(await w.actions.recreate(node.id)).toMatchObject({ status: "done" });
    expect(await w.actions.recreate(node.id)).toMatchObject({ status: "already" });
    const third = (await runTask(sync)) as DriftRunSummary;
    expect(Object.values(third.found).every((n) => n === 0)).toBe(true);
  });
});
