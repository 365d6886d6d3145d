import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import {
  CLIENT_READS_PER_LOCATION,
  type DriftRunSummary,
  driftKeys,
  NO_LIST_TTL_S,
} from "../../src/domain/drift/index.js";
import { DAY, MINUTE } from "../../src/runtime/clock.js";
import { fail } from "../fakes/http-fake.js";
import { type DriftWorld, driftWorld, provisioned } from "../helpers/drift-actions.js";

/*
 * Issue 22, finding 7: the reconciliation of a connected panel location (node "2" behind the main
 * panel) when the main panel does not serve `GET /api/fed/lproxy/{node}/clients`, a list the spec
 * does not show. The shop's clients there are read one by one (`.../clients/{name}`), a bounded
 * number per run; the list stays the fast path where it is served.
 */

let w: DriftWorld;

beforeEach(async () => {
  w = await driftWorld();
});
afterEach(async () => {
  await w.close();
});

async function run(): Promise<DriftRunSummary> {
  w.clock.advance(MINUTE);
  const summary = await w.rooms.drift.sync.reconciler.run();
  if (!summary) throw new Error("the run did not take the lease");
  return summary;
}

const LIST = "/api/fed/lproxy/2/clients";
const ONE = /^\/api\/fed\/lproxy\/2\/clients\/([^/]+)$/;

/** The names read one by one at location 2 since request `from` of the fake's log. */
function readOneByOne(from = 0): string[] {
  return w.panel.seen
    .slice(from)
    .filter((r) => r.method === "GET" && ONE.test(r.path))
    .map((r) => decodeURIComponent(ONE.exec(r.path)?.[1] ?? ""));
}

const record = (id: string) => w.rooms.books.subscriptions.get(id);

describe("a connected location whose panel serves no client list", () => {
  beforeEach(() => w.panel.setLproxyList(404));

  it("a client missing there and a term off there are found and set back, as on the main panel", async () => {
    const gone = await provisioned(w, 301, "multi");
    const off = await provisioned(w, 302, "multi");
    await w.deps.hosting.panel?.at("2").deleteClient(gone.ref.name);
    const other = Math.ceil((off.expiresAt + 7 * DAY) / 1000);
    await w.deps.hosting.panel?.at("2").updateClient(off.ref.name, { term: { expiresAt: other } });

    const summary = await run();
    expect(summary.repaired.location_drift).toBe(2);
    expect(summary.skipped).toEqual([]);
    expect(summary.panelGaps).toEqual([
      { location: "2", name: "node 2", reason: "no_list", read: 2, total: 2 },
    ]);
    expect(w.panel.clientAt("2", gone.ref.name)?.uuid).toBe(gone.ref.kind === "panel" && gone.ref.uuid);
    for (const sub of [gone, off]) {
      const there = w.panel.clientAt("2", sub.ref.name)?.expiresAt ?? 0;
      expect(Math.abs(there * 1000 - sub.expiresAt)).toBeLessThan(MINUTE);
    }
  });

  it("a term set on every location is followed by the record; the missing route is asked for once a day", async () => {
    const sub = await provisioned(w, 303, "multi", { days: 5 });
    const later = Math.ceil((sub.expiresAt + 30 * DAY) / 1000);
    for (const location of ["main", "2"]) {
      await w.deps.hosting.panel?.at(location).updateClient(sub.ref.name, { term: { expiresAt: later } });
    }
    const first = await run();
    expect(first.repaired.expiry_changed).toBe(1);
    expect((await record(sub.id))?.expiresAt).toBe(later * 1000);

    // Remembered with a TTL: the next run does not ask for the list again...
    const ttl = await w.redis.ttl(driftKeys.noList("2"));
    expect(ttl).toBeGreaterThan(NO_LIST_TTL_S - 60);
    expect(ttl).toBeLessThanOrEqual(NO_LIST_TTL_S);
    await run();
    expect(w.panel.count("GET", LIST)).toBe(1);
    // ...and once it expired, a panel that gained the route is read through it again.
    await w.redis.del(driftKeys.noList("2"));
    w.panel.setLproxyList("served");
    const from = w.panel.seen.length;
    const third = await run();
    expect(w.panel.count("GET", LIST)).toBe(2);
    expect(readOneByOne(from)).toEqual([]);
    expect(third.panelGaps).toEqual([]);
  });

  it("the shop's clients there are read at most CLIENT_READS_PER_LOCATION a run; the rest the next run", async () => {
    const count = CLIENT_READS_PER_LOCATION + 50;
    const subs = await panelSubscriptions(count);
    const last = subs.at(-1) as Subscription;
    // The one the first run does not reach (names are read in order) lacks its client at 2.
    await w.deps.hosting.panel?.at("2").deleteClient(last.ref.name);

    const first = await run();
    const firstReads = readOneByOne();
    expect(firstReads).toHaveLength(CLIENT_READS_PER_LOCATION);
    expect(firstReads).not.toContain(last.ref.name);
    expect(first.repaired.location_drift).toBe(0);
    expect(first.found).toMatchObject({ missing: 0, orphan: 0, location_drift: 0 });
    expect(first.panelGaps).toEqual([
      { location: "2", name: "node 2", reason: "read_limit", read: CLIENT_READS_PER_LOCATION, total: count },
    ]);

    const from = w.panel.seen.length;
    const second = await run();
    expect(second.repaired.location_drift).toBe(1);
    expect(w.panel.clientAt("2", last.ref.name)).toBeDefined();
    const both = new Set([...firstReads, ...readOneByOne(from)]);
    expect(both.size).toBe(count);
  }, 60_000);

  it("per-client reads that fail leave the location unreconciled and say so; a waiting finding there stays", async () => {
    const sub = await provisioned(w, 304, "multi");
    for (const location of ["main", "2"]) await w.deps.hosting.panel?.at(location).deleteClient(sub.ref.name);
    expect((await run()).found.missing).toBe(1);

    w.panel.failNext("GET", `${LIST}/.+`, fail(503, "busy"), 20);
    const summary = await run();
    expect(summary.panelGaps).toEqual([
      { location: "2", name: "node 2", reason: "reads_failed", read: 0, total: 1 },
    ]);
    expect(summary.skipped).toEqual(["panel:2"]);
    expect((await w.rooms.drift.sync.findings.waiting()).map((f) => f.kind)).toEqual(["missing"]);
  });
});

describe("a connected location whose panel serves the list", () => {
  it("is read with one list call per location and no per-client reads", async () => {
    await provisioned(w, 311, "multi");
    await provisioned(w, 312, "multi");
    const from = w.panel.seen.length;
    const summary = await run();
    expect(w.panel.seen.slice(from).filter((r) => r.path === LIST)).toHaveLength(1);
    expect(w.panel.seen.slice(from).filter((r) => r.path === "/api/clients")).toHaveLength(1);
    expect(readOneByOne(from)).toEqual([]);
    expect(summary.panelGaps).toEqual([]);
    expect(summary.read).toEqual(expect.arrayContaining(["panel:main", "panel:2"]));
  });

  it("a list that does not answer (5xx) names the location as not answering; nothing is remembered", async () => {
    w.panel.failNext("GET", LIST, fail(503, "busy"), 10);
    const summary = await run();
    expect(summary.panelGaps).toEqual([{ location: "2", name: "node 2", reason: "unreachable" }]);
    expect(summary.skipped).toEqual(["panel:2"]);
    expect(await w.redis.exists(driftKeys.noList("2"))).toBe(0);
  });

  it("a missing client's waiting finding is not settled by a run that could not read one of its locations", async () => {
    const sub = await provisioned(w, 313, "multi");
    for (const location of ["main", "2"]) await w.deps.hosting.panel?.at(location).deleteClient(sub.ref.name);
    expect((await run()).found.missing).toBe(1);

    w.panel.setUnreachable("2", true);
    await run();
    expect((await w.rooms.drift.sync.findings.waiting()).map((f) => f.kind)).toEqual(["missing"]);
  });
});

/** `count` subscriptions of plan `multi` made directly (no hosting calls), each with its client on both locations. */
async function panelSubscriptions(count: number): Promise<Subscription[]> {
  const expiresAt = Math.floor((w.clock.now() + 20 * DAY) / 1000) * 1000;
  const out: Subscription[] = [];
  for (let n = 0; n < count; n++) {
    const name = `c${6000 + n}-${n.toString(16).padStart(8, "0")}`;
    const uuid = crypto.randomUUID();
    for (const location of ["main", "2"])
      w.panel.putClient(location, { name, uuid, expiresAt: expiresAt / 1000, trafficLimitGb: 50 });
    out.push(
      await w.rooms.books.subscriptions.create(`o${n.toString(16).padStart(12, "0")}`, {
        customerId: 6000 + n,
        planId: "multi",
        ref: { kind: "panel", name, uuid, locations: ["main", "2"] },
        links: { links: [], subscriptionUrl: undefined },
        expiresAt,
        trafficGb: 50,
        devices: 3,
        trial: false,
      }),
    );
  }
  return out;
}
