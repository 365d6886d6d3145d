import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { MINUTE } from "../../src/domain/clock.js";
import { Metrics } from "../../src/http/metrics.js";
import { createLogger } from "../../src/logger.js";
import { SYNC_HOME } from "../../src/render/sync-callbacks.js";
import { createDriftSyncTask, DRIFT_SYNC_EVERY_MS } from "../../src/workers/drift-sync.js";
import { type DriftWorld, driftWorld, provisioned, queuedFor } from "../helpers/drift-actions.js";

/*
 * The reconciliation as the worker runs it: every 15 minutes by default, new findings reported to
 * each admin once with the Sync button, and the drift metrics counted per kind.
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
    services: w.shop,
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
