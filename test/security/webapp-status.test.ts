import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zeroPerKind } from "../../src/domain/drift/index.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "../webapp/harness.js";

/**
 * Issue 31, point 3: the cabinet's status (now with each location's last check) attacked from a
 * customer's own session: it tells only the caller's locations, notices and checks, whatever the
 * request carries, and nothing without a valid session.
 */

const VICTIM = { id: 79_001, first_name: "Vera", language_code: "en" };
const MALLORY = { id: 79_002, first_name: "Mallory", language_code: "en" };
let h: WebappHarness;

beforeAll(async () => {
  h = await createWebappHarness({ clock: new ManualClock(), guard: { perUser: 1000, perAddress: 10_000 } });
  const { deps } = h.t;
  for (const who of [VICTIM, MALLORY]) await seedCustomer(deps, who.id, "en");
  const sub = await seedSubscription(deps, "o-sec-status", {
    customerId: VICTIM.id,
    ref: { kind: "node", name: "vera-node" },
    planId: "node",
    expiresAt: deps.clock.now() + 10 * DAY,
  });
  // What the watch keeps of a notice it sent her, and a drift run that read the node.
  await deps.fleet.notices.record("outage:off:1:1", "outage-offline", [
    { customerId: VICTIM.id, subscriptions: [sub.id] },
  ]);
  const at = deps.clock.now();
  await deps.drift.sync.findings.saveRun({
    ...{ startedAt: at, finishedAt: at, durationMs: 0, read: ["node"], skipped: [], waiting: 0 },
    ...{ found: zeroPerKind(), fresh: zeroPerKind(), repaired: zeroPerKind() },
  });
});
afterAll(async () => {
  await h.close();
});

describe("the cabinet's status under attack", () => {
  it("tells the victim her own location, its last check and her notice (the baseline)", async () => {
    const body = (await (await h.api("/app/api/status", VICTIM)).json()) as {
      locations: { name: string; checked_text: string }[];
      notices: unknown[];
    };
    expect(body.locations).toEqual([
      expect.objectContaining({ name: "Own node, 30 days", checked_text: "checked just now" }),
    ]);
    expect(body.notices).toHaveLength(1);
  });

  it("gives another customer none of hers, whatever the query names", async () => {
    for (const path of [
      "/app/api/status",
      `/app/api/status?customer=${VICTIM.id}`,
      `/app/api/status?id=${VICTIM.id}&user=${VICTIM.id}`,
    ]) {
      const res = await h.api(path, MALLORY);
      expect(res.status, path).toBe(200);
      expect(await res.json()).toEqual({ ok: true, locations: [], notices: [] });
    }
  });

  it("answers nothing without a valid session, and 405 to a write", async () => {
    expect((await h.api("/app/api/status", { auth: undefined })).status).toBe(401);
    expect((await h.api("/app/api/status", { auth: "tma user=%7B%22id%22%3A79001%7D&hash=00" })).status).toBe(
      401,
    );
    const forged = h.initData(VICTIM, { token: "999:not-the-bot" });
    expect((await h.api("/app/api/status", { auth: `tma ${forged}` })).status).toBe(401);
    expect((await h.api("/app/api/status", VICTIM, { method: "POST", body: "{}" })).status).toBe(405);
  });
});
