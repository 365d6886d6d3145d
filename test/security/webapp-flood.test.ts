import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY } from "../../src/runtime/clock.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "../webapp/harness.js";

/**
 * Issue 23, finding 1: the cabinet's API turned every request into calls to Telegram and the
 * hosting side, with no limit. Each attack here ran unchecked before: 300 top-ups made 300
 * invoice links, renewals read the hosting side and asked Telegram again on every press, and a
 * flood of forged initData was verified request after request.
 */

const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

/** A stand-in Account API that counts the requests it gets (and answers each with a 500). */
async function countingHosting(): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    req.resume();
    res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ ok: false, error: { code: "internal", message: "counting stand-in" } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let h: WebappHarness;
let hosting: Awaited<ReturnType<typeof countingHosting>>;

beforeAll(async () => {
  hosting = await countingHosting();
  // Every request here comes from 127.0.0.1: the address budget is opened wide (its own tests
  // below use the default), so what these tests meet is the customer's budgets, as shipped.
  h = await createWebappHarness({
    accountUrl: hosting.url,
    accountApiKey: "key-for-the-counting-stand-in",
    guard: { perAddress: 10_000 },
  });
});
afterAll(async () => {
  await h.close();
  await hosting.close();
});

/** Statuses of `n` requests sent one after another (each with a freshly signed initData). */
async function statuses(n: number, send: (i: number) => Promise<Response>): Promise<Response[]> {
  const answers: Response[] = [];
  for (let i = 0; i < n; i++) {
    const res = await send(i);
    await res.arrayBuffer();
    answers.push(res);
  }
  return answers;
}

function expectTooMany(res: Response, maxSeconds: number): void {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe("a customer flooding the cabinet's API", () => {
  it("300 top-ups make at most the orders budget's invoice links; the rest are 429 with Retry-After", async () => {
    const who = { id: 73_001 };
    h.t.telegram.clear();
    // Each a different amount, so no top-up (or link) could be reused: only the budget holds.
    const answers = await statuses(300, (i) => h.api("/app/api/topups", who, post({ amount: 50 + i })));
    const made = answers.filter((r) => r.status === 200).length;
    const links = h.t.telegram.callsOf("createInvoiceLink").length;
    // WEBAPP_ORDER_RATE_LIMIT: 6 per minute (one more may have come back while the test ran).
    expect(made).toBeGreaterThanOrEqual(6);
    expect(made).toBeLessThanOrEqual(7);
    expect(links).toBe(made);
    for (const res of answers.filter((r) => r.status !== 200)) expectTooMany(res, 60);
    expect(answers.length - made).toBeGreaterThanOrEqual(293);
  });

  it("asking again for the same top-up hands back the same link: Telegram is asked once", async () => {
    const who = { id: 73_002 };
    h.t.telegram.clear();
    const links: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await h.api("/app/api/topups", who, post({ amount: 100 }));
      expect(res.status).toBe(200);
      links.push(((await res.json()) as { invoice_link: string }).invoice_link);
    }
    expect(new Set(links).size).toBe(1);
    expect(h.t.telegram.callsOf("createInvoiceLink")).toHaveLength(1);
  });

  it("repeated renewal orders make one hosting read and one invoice link; a new amount due a new one", async () => {
    const who = { id: 73_003 };
    const now = h.t.deps.clock.now();
    await seedCustomer(h.t.deps, who.id, "en");
    const sub = await seedSubscription(h.t.deps, "o-flood-renew", {
      customerId: who.id,
      planId: "de-xui",
      ref: { kind: "xui", serverId: 1, name: "flood-1" },
      links: { links: ["vless://flood@host:443"], subscriptionUrl: "https://sub.example/s/flood" },
      expiresAt: now + 5 * DAY,
      trafficGb: 100,
    });
    h.t.telegram.clear();
    const order = async () => {
      const res = await h.api("/app/api/orders", who, post({ subscription_id: sub.id, pay: "invoice" }));
      expect(res.status).toBe(200);
      return (await res.json()) as { order: { id: string }; invoice_link: string };
    };
    let before = hosting.hits();
    const answers = [await order()];
    // The first order read the hosting side (a banned access is not sold a renewal).
    expect(hosting.hits() - before).toBeGreaterThan(0);
    before = hosting.hits();
    for (let i = 0; i < 3; i++) answers.push(await order());
    // The others were handed the open order before anything was read, and its link.
    expect(hosting.hits() - before).toBe(0);
    expect(new Set(answers.map((a) => a.order.id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.invoice_link)).size).toBe(1);
    expect(h.t.telegram.callsOf("createInvoiceLink")).toHaveLength(1);

    // Money came into the wallet: what the invoice asks changed, so it is a new link.
    await h.t.deps.books.wallet.credit(who.id, 40, `seed:${who.id}`, { kind: "admin-credit" });
    const after = await order();
    expect(after.order.id).toBe(answers[0]?.order.id);
    expect(after.invoice_link).not.toBe(answers[0]?.invoice_link);
    const calls = h.t.telegram.callsOf("createInvoiceLink");
    expect(calls).toHaveLength(2);
    expect(JSON.stringify(calls[1]?.params.prices)).toContain('"amount":110');
  });
});

describe("the budgets hold across replicas and before authentication", () => {
  it("one customer's budget is shared by two API processes on one Redis", async () => {
    const who = { id: 73_010 };
    const other = await h.replica();
    const started = Date.now();
    const answers = await statuses(60, (i) =>
      i % 2 === 0
        ? h.api("/app/api/plans", who)
        : fetch(`${other}/app/api/plans`, { headers: { authorization: `tma ${h.initData(who)}` } }),
    );
    const elapsed = Date.now() - started;
    const ok = answers.filter((r) => r.status === 200).length;
    // WEBAPP_RATE_LIMIT: 20 per 10 s, one given back every 500 ms; two budgets of their own
    // would have let 40 through.
    expect(ok).toBeGreaterThanOrEqual(20);
    expect(ok).toBeLessThanOrEqual(20 + Math.ceil(elapsed / 500));
    expect(ok).toBeLessThan(40);
    const refused = answers.flatMap((res, i) => (res.status === 200 ? [] : [i]));
    for (const i of refused) expectTooMany(answers[i] as Response, 10);
    // Both replicas refused some: neither kept a budget of its own.
    expect(refused.some((i) => i % 2 === 0)).toBe(true);
    expect(refused.some((i) => i % 2 === 1)).toBe(true);
  });

  it("a flood from one address gets 429 before its initData is even checked", async () => {
    const fresh = await createWebappHarness();
    try {
      const flood = await statuses(70, () => fresh.api("/app/api/me", { auth: "tma auth_date=1&hash=00" }));
      expect(flood.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(60);
      expect(flood.filter((r) => r.status === 401).length).toBeLessThanOrEqual(62);
      const last = flood.at(-1) as Response;
      expectTooMany(last, 10);
      // Now even a valid initData from that address is turned away unread: its user's own
      // budget was never opened (nothing after the address budget ran).
      const valid = { id: 73_020 };
      expectTooMany(await fresh.api("/app/api/me", valid), 10);
      expect(await fresh.t.redis.exists("webapp:rate:u:73020")).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it("counts the client address, not a header anyone can send, unless a proxy is trusted", async () => {
    const direct = await createWebappHarness({ guard: { perAddress: 5 } });
    const proxied = await createWebappHarness({ guard: { perAddress: 5, trustProxy: 1 } });
    try {
      const spoofed = (i: number) => ({ headers: { "x-forwarded-for": `10.0.0.${i}` } });
      // Direct: a made-up X-Forwarded-For does not buy a new budget.
      const a = await statuses(8, (i) => direct.api("/app/api/me", { auth: "tma x" }, spoofed(i)));
      expect(a.filter((r) => r.status === 429)).toHaveLength(3);
      // Behind one trusted proxy: the hop it added is the client; what the client wrote before it is not.
      const sameClient = (i: number) => ({ headers: { "x-forwarded-for": `10.9.9.${i}, 203.0.113.7` } });
      const b = await statuses(8, (i) => proxied.api("/app/api/me", { auth: "tma x" }, sameClient(i)));
      expect(b.filter((r) => r.status === 429)).toHaveLength(3);
      const otherClient = { headers: { "x-forwarded-for": "203.0.113.8" } };
      expect((await proxied.api("/app/api/me", { auth: "tma x" }, otherClient)).status).toBe(401);
    } finally {
      await direct.close();
      await proxied.close();
    }
  });
});
