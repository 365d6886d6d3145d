import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import type { Subscription } from "../../src/domain/books/index.js";
import type { PlaceStatus } from "../../src/domain/drift/index.js";
import { agoText, statusRows } from "../../src/render/service-status.js";
import { DAY, HOUR, MINUTE } from "../../src/runtime/clock.js";
import { fail } from "../fakes/http-fake.js";
import { type DriftWorld, driftWorld, provisioned } from "../helpers/drift-actions.js";

// Issue 31, point 3: the customers' status (the drift room's ServiceStatus) learns when a panel
// location or the node was last checked from the real drift sync's runs, on the fake hosting APIs.

let w: DriftWorld;
let multi: Subscription;
let node: Subscription;
const CUSTOMER = 78_001;

beforeAll(async () => {
  w = await driftWorld();
  multi = await provisioned(w, CUSTOMER, "multi");
  node = await provisioned(w, CUSTOMER, "node");
});
afterAll(async () => {
  await w.close();
});

async function syncRun(): Promise<number> {
  w.clock.advance(MINUTE);
  const startedAt = w.clock.now();
  if (!(await w.rooms.drift.sync.reconciler.run())) throw new Error("the run did not take the lease");
  return startedAt;
}

const byScope = (places: PlaceStatus[]) =>
  Object.fromEntries(
    places.map((p) => [
      p.subscription.ref.kind === "panel"
        ? `panel:${p.subscription.ref.locations[p.index]}`
        : p.subscription.ref.kind,
      { state: p.state, checkedAt: p.checkedAt },
    ]),
  );

describe("the customers' status from the drift sync", () => {
  it("has nothing checked before any run, every location up", async () => {
    const s = await w.rooms.drift.status.of(CUSTOMER);
    // Two places of the panel access (one per location), one of the node's.
    expect(s.places.map((p) => p.subscription.id).sort()).toEqual([multi.id, multi.id, node.id].sort());
    expect(s.places.every((p) => p.state === "up" && p.checkedAt === undefined)).toBe(true);
  });

  it("takes each location's last check from the run that read it; one a run could not read keeps its older one, degraded", async () => {
    const first = await syncRun();
    expect(byScope((await w.rooms.drift.status.of(CUSTOMER)).places)).toEqual({
      "panel:main": { state: "up", checkedAt: first },
      "panel:2": { state: "up", checkedAt: first },
      node: { state: "up", checkedAt: first },
    });
    w.node.forceError("GET", "/clients", 503, "internal_error", 10);
    w.panel.failNext("GET", "/api/fed/lproxy/2/clients", fail(503, "busy"), 10);
    const second = await syncRun();
    expect(byScope((await w.rooms.drift.status.of(CUSTOMER)).places)).toEqual({
      "panel:main": { state: "up", checkedAt: second },
      "panel:2": { state: "degraded", checkedAt: first },
      node: { state: "degraded", checkedAt: first },
    });
    // The sync stops: its last word grows old and says nothing of now (not degraded), but the
    // last check stays what it was.
    w.clock.advance(4 * HOUR);
    expect(byScope((await w.rooms.drift.status.of(CUSTOMER)).places).node).toEqual({
      state: "up",
      checkedAt: first,
    });
  });

  it("leaves out subscriptions that ended or were removed", async () => {
    const other = 78_002;
    const ended = await provisioned(w, other, "node", { days: 1 });
    w.clock.advance(2 * DAY);
    expect((await w.rooms.drift.status.of(other)).places).toEqual([]);
    expect((await w.rooms.drift.status.of(other)).subscriptions.map((s) => s.id)).toEqual([ended.id]);
  });
});

describe("the rows the customer reads (render/service-status.ts)", () => {
  const t = (key: string, vars?: Record<string, string | number>) => createI18n("en").t("en", key, vars);
  const place = (id: string, state: PlaceStatus["state"], checkedAt: number | undefined): PlaceStatus => ({
    subscription: { ...multi, id, planId: "node", ref: { kind: "node", name: id } },
    index: 0,
    state,
    since: state === "up" ? undefined : 1_000,
    checkedAt,
  });
  const reader = { t, locale: "en" as const, plan: () => undefined, quote: (x: string) => x };

  it("shows one row per name: the worse state, and the older check (never checked is oldest)", () => {
    const rows = statusRows([place("a", "up", 5_000), place("b", "degraded", 9_000)], reader);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: "degraded", since: 1_000, checkedAt: 5_000 });
    const unknown = statusRows([place("a", "up", 5_000), place("b", "up", undefined)], reader);
    expect(unknown[0]?.checkedAt).toBeUndefined();
  });

  it("says how long ago in words", () => {
    const now = 10 * DAY;
    expect(agoText(t, now, now - 30_000)).toBe("just now");
    expect(agoText(t, now, now - 2 * MINUTE)).toBe("2 min ago");
    expect(agoText(t, now, now - 3 * HOUR - 5 * MINUTE)).toBe("3 h ago");
    expect(agoText(t, now, now - 2 * DAY)).toBe("2 d ago");
    // A clock behind the check (another process's) is not "in the future".
    expect(agoText(t, now, now + MINUTE)).toBe("just now");
  });
});
