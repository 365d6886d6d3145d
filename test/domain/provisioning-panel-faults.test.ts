import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AccessRef } from "../../src/domain/books/index.js";
import type { Plan } from "../../src/domain/catalog/index.js";
import {
  PanelProvisioner,
  ProvisioningError,
  type ProvisionRequest,
} from "../../src/domain/provisioning/index.js";
import { PanelApi } from "../../src/hosting/panel/index.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { type FakeReply, fail, ok } from "../fakes/http-fake.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { rejectionOf } from "../helpers/errors.js";

/*
 * Issue 8, panel items: a write applied but its answer lost (no second client, no double days),
 * multi-location plans need the main panel (its link is the combined one), every location's term
 * is checked after a create, and an unknown node_id is never read as "client absent".
 */

const FAST = { attempts: 3, baseDelayMs: 2, maxDelayMs: 10 };
const UUID = "0f8fad5b-d9cb-469f-a165-70867728950e";

const clock = new ManualClock();
const fake = new FakePanelApi({
  token: "panel-token",
  now: () => clock.now(),
  nodes: [
    { id: "2", inbounds: [{ id: "21", remark: "fra-ws", protocol: "vless", port: 443, network: "ws" }] },
    { id: "3", inbounds: [{ id: "31", remark: "hel-ws", protocol: "vless", port: 443, network: "ws" }] },
  ],
});

let panel: PanelProvisioner;
/** Over a client that gives up after 100 ms and never retries (for "slow, then applied"). */
let impatient: PanelProvisioner;
let seq = 0;

beforeAll(async () => {
  await fake.start();
  const options = { baseUrl: fake.url, token: () => "panel-token", now: () => clock.now() };
  panel = new PanelProvisioner({ panel: new PanelApi({ ...options, retry: FAST }) });
  impatient = new PanelProvisioner({
    panel: new PanelApi({ ...options, retry: { ...FAST, attempts: 1 }, timeoutMs: 100 }),
  });
});

afterAll(async () => {
  await fake.stop();
});

beforeEach(() => {
  clock.set(Date.now());
  fake.reset();
});

function planOf(locations: { node: string; inbound_ids: string[] }[]): Plan {
  return {
    id: "multi",
    title: { en: "Multi", ru: "Мульти" },
    days: 30,
    traffic_gb: 50,
    devices: 3,
    price: 1,
    backend: { kind: "panel", locations },
  };
}

const MAIN_AND_2 = planOf([
  { node: "main", inbound_ids: ["1"] },
  { node: "2", inbound_ids: ["21"] },
]);

function request(): ProvisionRequest {
  return {
    name: `o-pf-${++seq}`,
    uuid: UUID,
    expiresAt: clock.now() + 30 * DAY,
    trafficGb: 50,
    devices: 3,
  };
}

const seconds = (ms: number) => Math.ceil(ms / 1000);

async function until(check: () => boolean, ms = 2_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Repeats ensure as the order job would, until it succeeds. */
async function ensureWithRetries(p: PanelProvisioner, plan: Plan, req: ProvisionRequest, attempts = 4) {
  const placed = await p.place(plan, req);
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      return await p.ensure(placed, plan, req);
    } catch (err) {
      last = err;
    }
  }
  throw last;
}

function expectOneClientEverywhere(name: string, expiresAtMs: number): void {
  for (const location of ["main", "2"]) {
    const clients = fake.clientsAt(location);
    expect(clients.map((c) => [c.name, c.uuid])).toEqual([[name, UUID]]);
    expect(clients[0]?.expiresAt).toBe(seconds(expiresAtMs));
  }
}

describe("panel: a write applied but its answer lost", () => {
  const lost: [string, FakeReply | "drop"][] = [
    ["answered 503", fail(503, "Service Unavailable")],
    ["connection cut", "drop"],
  ];
  for (const [label, answer] of lost) {
    it(`create at a connected panel ${label}: one client per location, same uuid, the term once`, async () => {
      const req = request();
      fake.loseAnswerNext("POST", "/api/fed/lproxy/2/create", answer);
      const { links } = await ensureWithRetries(panel, MAIN_AND_2, req);
      expectOneClientEverywhere(req.name, req.expiresAt);
      expect(links.subscriptionUrl).toBe(fake.combinedSubUrl(UUID));
    });

    it(`renewal ${label}: repeated, the term is the target (no double days)`, async () => {
      const req = request();
      const { ref } = await ensureWithRetries(panel, MAIN_AND_2, req);
      const target = req.expiresAt + 30 * DAY;
      fake.loseAnswerNext("PATCH", `/api/fed/lproxy/2/clients/${req.name}`, answer);
      fake.loseAnswerNext("PATCH", `/api/clients/${req.name}`, answer);
      const state = await panel.renew(ref, target, 50).catch(() => panel.renew(ref, target, 50));
      expect(state.expiresAt).toBe(seconds(target) * 1000);
      for (const location of ["main", "2"]) {
        expect(fake.clientAt(location, req.name)?.expiresAt).toBe(seconds(target));
      }
    });
  }

  it("create slow, then applied (before or after the retry's create): one client per location", async () => {
    for (const landsFirst of [true, false]) {
      fake.reset();
      const req = request();
      fake.delayNext("POST", "/api/fed/lproxy/2/create", 300);
      await expect(
        impatient.ensure(await impatient.place(MAIN_AND_2, req), MAIN_AND_2, req),
      ).rejects.toThrow();
      if (landsFirst) await until(() => fake.clientsAt("2").length > 0);
      await ensureWithRetries(panel, MAIN_AND_2, req);
      // Whichever create came second met a taken name/uuid (409): nothing twice.
      await new Promise((r) => setTimeout(r, 350));
      expectOneClientEverywhere(req.name, req.expiresAt);
    }
  });
});

describe("panel: a plan with several locations needs the main panel", () => {
  it("refuses (permanent) to place or create a multi-location access off the main panel", async () => {
    const plan = planOf([
      { node: "2", inbound_ids: ["21"] },
      { node: "3", inbound_ids: ["31"] },
    ]);
    const req = request();
    const err = await rejectionOf(panel.place(plan, req), ProvisioningError);
    expect(err.permanent).toBe(true);
    expect(err.message).toContain("multi");
    expect(err.message).toMatch(/main/);
    const ref: AccessRef = { kind: "panel", name: req.name, uuid: UUID, locations: ["2", "3"] };
    const err2 = await rejectionOf(panel.ensure(ref, plan, req), ProvisioningError);
    expect(err2.permanent).toBe(true);
    expect(fake.clientsAt("2")).toEqual([]);
    expect(fake.clientsAt("3")).toEqual([]);
    // Nothing hands out one location's link as if it were the whole access.
    expect((await rejectionOf(panel.links(ref), ProvisioningError)).permanent).toBe(true);
  });

  it("a single location off the main panel still works: its own link covers the whole access", async () => {
    const plan = planOf([{ node: "2", inbound_ids: ["21"] }]);
    const req = request();
    const { links } = await panel.ensure(await panel.place(plan, req), plan, req);
    expect(fake.clientAt("2", req.name)?.uuid).toBe(UUID);
    expect(links.subscriptionUrl).toBe(`https://panel-2.example/sub/${UUID}`);
  });
});

describe("panel: after a create, every location's term is checked (rule 6)", () => {
  it("a record found with another term (an earlier write, a replica) is set to the target", async () => {
    const req = request();
    fake.putClient("2", {
      name: req.name,
      uuid: UUID,
      inboundIds: ["21"],
      expiresAt: seconds(req.expiresAt) - 5 * 86_400,
    });
    await panel.ensure(await panel.place(MAIN_AND_2, req), MAIN_AND_2, req);
    expectOneClientEverywhere(req.name, req.expiresAt);
  });

  it("a location that does not take the term: a temporary error naming it", async () => {
    const req = request();
    const off = seconds(req.expiresAt) - 5 * 86_400;
    fake.putClient("2", { name: req.name, uuid: UUID, inboundIds: ["21"], expiresAt: off });
    // Location 2 acknowledges the term without applying it.
    fake.failNext(
      "PATCH",
      `/api/fed/lproxy/2/clients/${req.name}`,
      ok({ client: { uuid: UUID, expires_at: off } }),
    );
    const err = await rejectionOf(
      panel.ensure(await panel.place(MAIN_AND_2, req), MAIN_AND_2, req),
      ProvisioningError,
    );
    expect(err.permanent).toBe(false);
    expect(err.message).toMatch(/2: /);
  });

  it("a create acknowledged but not applied is caught by the read-back; the retry makes it", async () => {
    const req = request();
    fake.failNext(
      "POST",
      "/api/fed/lproxy/2/create",
      ok({ client: { uuid: UUID, expires_at: seconds(req.expiresAt) } }),
    );
    const placed = await panel.place(MAIN_AND_2, req);
    const err = await rejectionOf(panel.ensure(placed, MAIN_AND_2, req), ProvisioningError);
    expect(err.permanent).toBe(false);
    expect(err.message).toMatch(/2: /);
    await panel.ensure(placed, MAIN_AND_2, req);
    expectOneClientEverywhere(req.name, req.expiresAt);
  });
});

describe("panel: an unknown node_id is not 'client absent'", () => {
  const withUnknown = planOf([
    { node: "main", inbound_ids: ["1"] },
    { node: "9", inbound_ids: ["91"] },
  ]);

  it("remove fails loudly (permanent) instead of reporting success", async () => {
    const req = request();
    fake.putClient("main", { name: req.name, uuid: UUID });
    const ref: AccessRef = { kind: "panel", name: req.name, uuid: UUID, locations: ["main", "9"] };
    const err = await rejectionOf(panel.remove(ref), ProvisioningError);
    expect(err.permanent).toBe(true);
    expect(err.message).toMatch(/9/);
    expect(err.message).toMatch(/unknown|not a connected/);
  });

  it("ensure does not take the unknown node for a missing client: a permanent error naming it", async () => {
    const req = request();
    const err = await rejectionOf(
      panel.ensure(await panel.place(withUnknown, req), withUnknown, req),
      ProvisioningError,
    );
    expect(err.permanent).toBe(true);
    expect(err.message).toMatch(/9/);
    expect(fake.count("POST", "/api/fed/lproxy/9/create")).toBe(0);
  });

  it("a connected panel that just lacks the client is still 'absent': remove is fine", async () => {
    const req = request();
    fake.putClient("main", { name: req.name, uuid: UUID });
    const ref: AccessRef = { kind: "panel", name: req.name, uuid: UUID, locations: ["main", "2"] };
    await panel.remove(ref);
    expect(fake.clientsAt("main")).toEqual([]);
  });
});
