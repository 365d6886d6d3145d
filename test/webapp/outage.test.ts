import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outageKeys } from "../../src/domain/fleet/index.js";
import { DAY, MINUTE } from "../../src/runtime/clock.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "./harness.js";

// Issue 24, item 6: the cabinet, like /my, says a subscription is not working while its server
// has a confirmed outage (the server watch's state), not "active".

const CUSTOMER = { id: 72_451, first_name: "Ira", language_code: "en" };
let h: WebappHarness;
let subId = "";

beforeAll(async () => {
  h = await createWebappHarness();
  await seedCustomer(h.t.deps, CUSTOMER.id, "en");
  const now = h.t.deps.clock.now();
  subId = (
    await seedSubscription(h.t.deps, "o-outage-cab", {
      customerId: CUSTOMER.id,
      planId: "de-xui",
      ref: { kind: "xui", serverId: 77, name: "ira-77" },
      expiresAt: now + 10 * DAY,
    })
  ).id;
});
afterAll(async () => {
  await h.close();
});

/** The server watch's state of server 77: `checks` offline checks, the last one `agoMs` ago. */
async function watchSays(state: "offline" | "running", checks: number, agoMs = 0): Promise<void> {
  const now = h.t.deps.clock.now();
  await h.t.redis.hset(outageKeys.state(77), {
    state,
    since: String(now - 10 * MINUTE),
    checks: String(checks),
    lastAt: String(now - agoMs),
  });
}

async function statuses(): Promise<{ list: unknown; card: Record<string, unknown> }> {
  const me = (await (await h.api("/app/api/me", CUSTOMER)).json()) as {
    subscriptions: { id: string; status: string }[];
  };
  const card = (await (await h.api(`/app/api/subscriptions/${subId}`, CUSTOMER)).json()) as {
    subscription: Record<string, unknown>;
  };
  return { list: me.subscriptions.find((s) => s.id === subId)?.status, card: card.subscription };
}

describe("the cabinet while a subscription's server is down", () => {
  it("shows the confirmed outage instead of 'active', and not a blip or a stale state", async () => {
    await watchSays("running", 0);
    expect((await statuses()).list).toBe("active");

    await watchSays("offline", 1); // one failed check: a blip, not an outage yet
    expect((await statuses()).list).toBe("active");

    await watchSays("offline", 2);
    const down = await statuses();
    expect(down.list).toBe("outage");
    expect(down.card.status).toBe("outage");
    expect(down.card.status_text).toBe("🔴 not working: its server is down");

    await watchSays("offline", 5, 30 * MINUTE); // the watch stopped looking: not known any more
    expect((await statuses()).list).toBe("active");
  });
});
