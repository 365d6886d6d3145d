import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { TEST_TOKEN } from "../helpers/bot-harness.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "../webapp/harness.js";

/**
 * Issue 26: the cabinet's auto-renew switch (POST subscriptions/:id/auto-renew) attacked: without a
 * valid initData or session, with bodies that carry more than `on` or something else than a boolean,
 * on ids that are not ids, on someone else's subscription, by a blocked customer, with another
 * method. Nothing is switched, opened or charged by any of them.
 */

const VICTIM = { id: 78_001, first_name: "Vera", language_code: "en" };
const MALLORY = { id: 78_002, first_name: "Mallory", language_code: "en" };
const BLOCKED = { id: 78_003, first_name: "Bob", language_code: "en" };
let h: WebappHarness;
let victimSub: Subscription;
let malloryTrial: Subscription;
let blockedSub: Subscription;

beforeAll(async () => {
  h = await createWebappHarness({
    clock: new ManualClock(Date.now()),
    guard: { perUser: 1000, ordersPerUser: 1000, perAddress: 10_000 },
  });
  const { books } = h.t.deps;
  for (const who of [VICTIM, MALLORY, BLOCKED]) {
    await seedCustomer(h.t.deps, who.id, "en");
    await books.wallet.credit(who.id, 1000, `test:seed-${who.id}`, { kind: "topup", ref: "test" });
  }
  const soon = h.t.deps.clock.now() + DAY / 2;
  victimSub = await seedSubscription(h.t.deps, "oar-victim", { customerId: VICTIM.id, expiresAt: soon });
  malloryTrial = await seedSubscription(h.t.deps, "oar-trial", {
    customerId: MALLORY.id,
    expiresAt: soon,
    trial: true,
  });
  blockedSub = await seedSubscription(h.t.deps, "oar-blocked", { customerId: BLOCKED.id, expiresAt: soon });
  await books.customers.setBlocked(BLOCKED.id, true);
});
afterAll(async () => {
  await h.close();
});

const path = (id: string) => `/app/api/subscriptions/${id}/auto-renew`;
const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });

/** Nothing switched on, no order opened, no money moved. */
async function nothingMoved(): Promise<void> {
  const { autoRenew } = h.t.deps.sales;
  for (const sub of [victimSub, malloryTrial, blockedSub]) expect(await autoRenew.isOn(sub.id)).toBe(false);
  for (const who of [VICTIM, MALLORY, BLOCKED]) {
    expect(await h.t.deps.books.wallet.balance(who.id)).toBe(1000);
    expect(await h.t.deps.books.orders.ofCustomer(who.id)).toEqual([]);
  }
}

describe("the cabinet's auto-renew switch under attack", () => {
  it("is refused without a valid initData or session (401), whoever the body names", async () => {
    const forged = h.initData(VICTIM, { token: "999:not-the-bot-token" });
    const old = h.initData(VICTIM, { authDate: h.t.deps.clock.now() - 2 * DAY });
    for (const auth of [
      undefined,
      "",
      "tma ",
      `tma ${forged}`,
      `tma ${old}`,
      "Bearer nope",
      `tma ${TEST_TOKEN}`,
    ]) {
      const res = await h.api(path(victimSub.id), { auth }, post({ on: true }));
      expect(res.status, String(auth)).toBe(401);
    }
    await nothingMoved();
  });

  it("refuses a body that is not exactly { on: boolean } (400), before anything is looked at", async () => {
    const bodies: unknown[] = [
      {},
      { on: "true" },
      { on: 1 },
      { on: null },
      { on: true, customer_id: VICTIM.id },
      { on: true, subscription_id: victimSub.id },
      { on: true, days: 30 },
      [true],
      "on",
      true,
    ];
    for (const body of bodies) {
      expect(await json(await h.api(path(victimSub.id), VICTIM, post(body))), JSON.stringify(body)).toEqual({
        status: 400,
        body: { ok: false, error: "bad-request" },
      });
    }
    expect((await h.api(path(victimSub.id), VICTIM, { method: "POST", body: "{on:true}" })).status).toBe(400);
    expect((await h.api(path(victimSub.id), VICTIM, { method: "POST", body: "" })).status).toBe(400);
    const text = { method: "POST", body: "on=true", headers: { "content-type": "text/plain" } };
    expect((await h.api(path(victimSub.id), VICTIM, text)).status).toBe(415);
    const huge = await h.api(path(victimSub.id), VICTIM, post({ on: true, pad: "x".repeat(5_000) }));
    expect(await json(huge)).toEqual({ status: 413, body: { ok: false, error: "too-large" } });
    await nothingMoved();
  });

  it("switches nothing of another customer's (404, the same as a subscription that does not exist)", async () => {
    for (const on of [true, false]) {
      expect(await json(await h.api(path(victimSub.id), MALLORY, post({ on })))).toEqual({
        status: 404,
        body: { ok: false, error: "unknown-subscription" },
      });
    }
    expect(await json(await h.api(path("s-no-such-subscription"), MALLORY, post({ on: true })))).toEqual({
      status: 404,
      body: { ok: false, error: "unknown-subscription" },
    });
    // Nor reads her card.
    expect((await h.api(`/app/api/subscriptions/${victimSub.id}`, MALLORY)).status).toBe(404);
    await nothingMoved();
  });

  it("takes no id that is not an id, and no other method", async () => {
    for (const id of ["..%2F..%2Fme", "a%00b", "x".repeat(65), "%2e%2e", "s1;DROP", "s1%0aSET"]) {
      const res = await h.api(path(id), VICTIM, post({ on: true }));
      expect(res.status, id).toBe(404);
    }
    expect(
      (await h.api(`/app/api/subscriptions/${victimSub.id}/auto-renew/x`, VICTIM, post({ on: true }))).status,
    ).toBe(404);
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await h.api(path(victimSub.id), VICTIM, { method });
      expect(res.status, method).toBe(405);
    }
    await nothingMoved();
  });

  it("refuses a trial (409) and a blocked customer (403) even on their own subscription", async () => {
    expect(await json(await h.api(path(malloryTrial.id), MALLORY, post({ on: true })))).toEqual({
      status: 409,
      body: { ok: false, error: "auto-renew-unavailable" },
    });
    expect(await json(await h.api(path(blockedSub.id), BLOCKED, post({ on: true })))).toEqual({
      status: 403,
      body: { ok: false, error: "blocked" },
    });
    await nothingMoved();
  });
});
