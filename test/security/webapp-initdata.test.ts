import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config.js";
import { DAY, HOUR, ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { BASE_ENV } from "../helpers/config-env.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "../webapp/harness.js";

/**
 * Issue 23, finding 7: a captured initData was a bearer token for an hour (up to a day), and a
 * customer's access to the cabinet must end the moment they are blocked. The cabinet here runs
 * with the shipped WEBAPP_INIT_DATA_MAX_AGE.
 */

const shipped = parseConfig(BASE_ENV);
const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });
const bearer = (session: string) => ({ auth: `Bearer ${session}` });

let h: WebappHarness;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock();
  h = await createWebappHarness({
    clock,
    initDataMaxAge: shipped.webappInitDataMaxAge,
    // The budgets are flood-test's (test/security/webapp-flood.test.ts): opened wide here, so
    // that every answer below is about who is asking.
    guard: { ...shipped.webappGuard, perAddress: 10_000, perUser: 1_000, ordersPerUser: 1_000 },
  });
});
afterAll(async () => {
  await h.close();
});

async function sessionOf(auth: string): Promise<Response> {
  return h.api("/app/api/session", { auth }, { method: "POST" });
}

describe("an initData captured on its way", () => {
  it("is refused a few minutes after Telegram signed it, on every route and for a session", async () => {
    const who = { id: 74_001 };
    expect(shipped.webappInitDataMaxAge).toBeLessThanOrEqual(10 * 60);
    const old = `tma ${h.initData(who, { authDate: clock.now() - 15 * MINUTE })}`;
    for (const path of ["/app/api/me", "/app/api/plans", "/app/api/wallet"]) {
      const res = await h.api(path, { auth: old });
      expect(res.status, path).toBe(401);
      expect(await res.json()).toEqual({ ok: false });
    }
    expect((await sessionOf(old)).status).toBe(401);
    expect(h.t.telegram.callsOf("createInvoiceLink")).toHaveLength(0);
    // A fresh one is good.
    expect((await h.api("/app/api/me", who)).status).toBe(200);
  });

  it("is exchanged for a session of its customer; the session is not a way to make more", async () => {
    const who = { id: 74_002 };
    const res = await sessionOf(`tma ${h.initData(who)}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: true; session: string; expires_in: number };
    expect(body).toEqual({
      ok: true,
      session: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expires_in: 900,
    });
    // The session answers for its customer, long after the initData itself went stale.
    clock.advance(2 * HOUR);
    const me = await h.api("/app/api/me", bearer(body.session));
    expect(me.status).toBe(200);
    expect(((await me.json()) as { customer: { id: number } }).customer.id).toBe(who.id);
    const stale = `tma ${h.initData(who, { authDate: clock.now() - 2 * HOUR })}`;
    expect((await h.api("/app/api/me", { auth: stale })).status).toBe(401);
    // A session cannot make another (only a fresh initData can); a made-up one is nobody.
    expect((await sessionOf(`Bearer ${body.session}`)).status).toBe(401);
    expect((await h.api("/app/api/me", bearer("A".repeat(43)))).status).toBe(401);
    // Only its hash is kept in Redis.
    expect(await h.t.redis.keys(`*${body.session}*`)).toEqual([]);
    // Never past its absolute life, however busy.
    clock.advance(11 * HOUR);
    expect((await h.api("/app/api/me", bearer(body.session))).status).toBe(401);
  });
});

describe("a customer blocked while holding a valid initData or session", () => {
  it("is refused at once on every route", async () => {
    const who = { id: 74_010 };
    await seedCustomer(h.t.deps, who.id, "en");
    const sub = await seedSubscription(h.t.deps, "o-blocked-1", {
      customerId: who.id,
      planId: "de-xui",
      ref: { kind: "xui", serverId: 1, name: "blocked-1" },
      links: { links: ["vless://b@host:443"], subscriptionUrl: "https://sub.example/s/b" },
      expiresAt: clock.now() + 5 * DAY,
      trafficGb: 100,
    });
    const initData = `tma ${h.initData(who)}`;
    const opened = (await (await sessionOf(initData)).json()) as { session: string };
    const session = `Bearer ${opened.session}`;
    const routes: [string, RequestInit?][] = [
      ["/app/api/me"],
      ["/app/api/plans"],
      [`/app/api/subscriptions/${sub.id}`],
      [`/app/api/subscriptions/${sub.id}/usage`],
      [`/app/api/subscriptions/${sub.id}/connect`],
      ["/app/api/orders/o-blocked-1"],
      ["/app/api/wallet"],
      ["/app/api/orders", post({ subscription_id: sub.id, pay: "invoice" })],
      ["/app/api/topups", post({ amount: 100 })],
      ["/app/api/session", { method: "POST" }],
    ];
    // Before the block both open the cabinet.
    expect((await h.api("/app/api/me", { auth: session })).status).toBe(200);
    await h.t.deps.books.customers.setBlocked(who.id, true);
    h.t.telegram.clear();
    for (const auth of [initData, session]) {
      for (const [path, init] of routes) {
        const res = await h.api(path, { auth }, init);
        expect(res.status, `${auth.slice(0, 6)} ${path}`).toBe(403);
        expect(await res.json()).toEqual({ ok: false, error: "blocked" });
      }
    }
    expect(h.t.telegram.callsOf("createInvoiceLink")).toHaveLength(0);
    // Unblocked, the same session works again at once.
    await h.t.deps.books.customers.setBlocked(who.id, false);
    expect((await h.api("/app/api/me", { auth: session })).status).toBe(200);
  });
});
