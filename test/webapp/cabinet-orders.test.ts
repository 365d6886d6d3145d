import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePromo } from "../helpers/promo.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "./harness.js";

// Issue 25: the confirmation step, promo codes, paying and cancelling an open order, the trial and
// typed top-up amounts, through the cabinet's API over real HTTP (real Redis, the shop's own rules).

let h: WebappHarness;
let nextId = 73_000;

beforeAll(async () => {
  h = await createWebappHarness({ guard: { perUser: 1000, ordersPerUser: 100, perAddress: 1000 } });
});
afterAll(async () => {
  await h.close();
});

type Body = Record<string, unknown>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Body });
const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

/** A new English-speaking customer, known to the shop, with `balance` in the wallet. */
async function customer(balance = 0): Promise<{ id: number; first_name: string; language_code: string }> {
  const id = nextId++;
  await seedCustomer(h.t.deps, id, "en");
  if (balance > 0)
    await h.t.deps.books.wallet.credit(id, balance, `test:seed-${id}`, { kind: "topup", ref: "test" });
  return { id, first_name: `C${id}`, language_code: "en" };
}

const orderOf = (body: Body) => body.order as { id: string; status: string; kind: string };
const summaryOf = (body: Body) => body.summary as Record<string, unknown>;
const balance = (id: number) => h.t.deps.books.wallet.balance(id);

describe("the confirmation: an order opened, nothing paid", () => {
  it("opens the order, charges nothing and makes no invoice; a second one hands back the same order", async () => {
    const c = await customer(100);
    h.t.telegram.clear();
    const first = await json(await h.api("/app/api/orders", c, post({ plan_id: "de-xui" })));
    expect(first.status).toBe(200);
    expect(orderOf(first.body)).toMatchObject({ kind: "purchase", status: "awaiting_payment" });
    expect(first.body).toMatchObject({
      paid_from_wallet: false,
      invoice_link: null,
      invoice_amount_text: null,
    });
    expect(summaryOf(first.body)).toEqual({
      title: "Germany, 30 days, 100 GB",
      gift: false,
      days_text: "30 days",
      list_price_text: null,
      price: 150,
      price_text: "150 ⭐",
      promo_text: null,
      promo_refused_text: null,
      referral_text: null,
      pack_text: null,
      pack_note_text: null,
      switch_text: null,
      switch_value_lines: null,
      balance: 100,
      balance_text: "100 ⭐",
      covered: false,
      balance_after_text: null,
      // The balance pays 100 of it: the invoice would ask the rest, as in the chat.
      invoice_amount_text: "50 ⭐",
    });
    const again = await json(await h.api("/app/api/orders", c, post({ plan_id: "de-xui" })));
    expect(orderOf(again.body).id).toBe(orderOf(first.body).id);
    expect(await balance(c.id)).toBe(100);
    expect(h.t.telegram.callsOf("createInvoiceLink")).toHaveLength(0);
    expect(h.t.enqueued).not.toContain(orderOf(first.body).id);
  });

  it("says when the balance covers it, and what is left after", async () => {
    const c = await customer(200);
    const { body } = await json(await h.api("/app/api/orders", c, post({ plan_id: "de-xui" })));
    expect(summaryOf(body)).toMatchObject({ covered: true, balance_after_text: "50 ⭐", balance: 200 });
  });

  it("confirms a renewal of the caller's own subscription under its title", async () => {
    const c = await customer();
    const sub = await h.t.deps.books.subscriptions.create(`o-ren-${c.id}`, {
      customerId: c.id,
      planId: "de-xui",
      ref: { kind: "xui", serverId: 1, name: `ren-${c.id}` },
      links: { links: ["vless://x"], subscriptionUrl: undefined },
      expiresAt: h.t.deps.clock.now() + 86_400_000,
      trafficGb: 100,
      devices: 0,
      trial: false,
    });
    const { status, body } = await json(await h.api("/app/api/orders", c, post({ subscription_id: sub.id })));
    expect(status).toBe(200);
    expect(orderOf(body)).toMatchObject({ kind: "renewal", status: "awaiting_payment" });
    expect(summaryOf(body)).toMatchObject({ title: "Germany, 30 days, 100 GB", price: 150 });
  });
});

describe("promo codes on the confirmation", () => {
  it("prices the order by a code that applies; the same confirmation again keeps the same order", async () => {
    await makePromo(h.t.deps.sales.promos, "SPRING25");
    const c = await customer();
    const first = await json(
      await h.api("/app/api/orders", c, post({ plan_id: "de-xui", promo_code: "spring25" })),
    );
    expect(first.status).toBe(200);
    expect(summaryOf(first.body)).toMatchObject({
      price: 120,
      price_text: "120 ⭐",
      list_price_text: "150 ⭐",
      promo_text: "Promo code SPRING25: −20 %",
      promo_refused_text: null,
    });
    const again = await json(
      await h.api("/app/api/orders", c, post({ plan_id: "de-xui", promo_code: "SPRING25" })),
    );
    expect(orderOf(again.body).id).toBe(orderOf(first.body).id);
    expect(summaryOf(again.body)).toMatchObject({ price: 120, promo_refused_text: null });
  });

  it("adds a code's bonus days to the term", async () => {
    await makePromo(h.t.deps.sales.promos, "DAYS3", { kind: "days", value: 3 });
    const c = await customer();
    const { body } = await json(
      await h.api("/app/api/orders", c, post({ plan_id: "de-xui", promo_code: "DAYS3" })),
    );
    expect(summaryOf(body)).toMatchObject({
      days_text: "30 days + 3 bonus days",
      promo_text: "Promo code DAYS3: +3 bonus days",
      price: 150,
      list_price_text: null,
    });
  });

  it("opens a refused code's order at the plan's price and says why, in the chat's words", async () => {
    await makePromo(h.t.deps.sales.promos, "NODEONLY", { plans: ["node"] });
    const c = await customer();
    const cases: [unknown, string][] = [
      ["NOSUCHCODE", "❌ There is no promo code NOSUCHCODE. Please check the spelling."],
      ["NODEONLY", "Promo code NODEONLY is not valid for this plan."],
      // Not a code at all: refused as the chat refuses it, the text it was typed as.
      ["<b>no way</b>", "❌ There is no promo code <b>no way</b>. Please check the spelling."],
    ];
    for (const [code, why] of cases) {
      const { status, body } = await json(
        await h.api("/app/api/orders", c, post({ plan_id: "de-xui", promo_code: code })),
      );
      expect(status, String(code)).toBe(200);
      expect(summaryOf(body), String(code)).toMatchObject({
        price: 150,
        promo_text: null,
        promo_refused_text: why,
      });
    }
  });

  it("gives the use back when the order is cancelled: the code applies to the next order", async () => {
    await makePromo(h.t.deps.sales.promos, "ONCE10", { value: 10 });
    const c = await customer();
    const opened = await json(
      await h.api("/app/api/orders", c, post({ plan_id: "de-xui", promo_code: "ONCE10" })),
    );
    const id = orderOf(opened.body).id;
    const cancelled = await json(await h.api(`/app/api/orders/${id}/cancel`, c, post({})));
    expect(cancelled).toEqual({
      status: 200,
      body: { ok: true, order: { id, kind: "purchase", status: "cancelled", subscription_id: null } },
    });
    const next = await json(
      await h.api("/app/api/orders", c, post({ plan_id: "multi", promo_code: "ONCE10" })),
    );
    expect(summaryOf(next.body)).toMatchObject({ price: 270, promo_refused_text: null });
  });
});

describe("paying an open order: POST orders/:id/pay", () => {
  it("charges once when pressed twice at once", async () => {
    const c = await customer(300);
    const opened = await json(await h.api("/app/api/orders", c, post({ plan_id: "de-xui" })));
    const id = orderOf(opened.body).id;
    const both = await Promise.all(
      [0, 1].map(async () => json(await h.api(`/app/api/orders/${id}/pay`, c, post({ pay: "wallet" })))),
    );
    const paid = both.filter((r) => r.status === 200);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    for (const r of both) expect([200, 409]).toContain(r.status);
    for (const r of paid)
      expect(r.body).toMatchObject({ paid_from_wallet: true, order: { id, status: "paid" } });
    expect(await balance(c.id)).toBe(150);
    const { items } = await h.t.deps.books.wallet.historyPage(c.id, 0, 10);
    expect(items.filter((i) => i.entry.kind === "purchase")).toHaveLength(1);
    expect(h.t.enqueued.filter((x) => x === id)).toHaveLength(1);
    // Paid: it cannot be paid again, nor cancelled.
    const again = await json(await h.api(`/app/api/orders/${id}/pay`, c, post({ pay: "wallet" })));
    expect(again).toEqual({ status: 409, body: { ok: false, error: "order-not-payable" } });
    const cancel = await json(await h.api(`/app/api/orders/${id}/cancel`, c, post({})));
    expect(cancel).toEqual({ status: 409, body: { ok: false, error: "order-not-payable" } });
  });

  it("says the balance is short (402), and makes one invoice link for what it does not cover", async () => {
    const c = await customer(100);
    const opened = await json(await h.api("/app/api/orders", c, post({ plan_id: "de-xui" })));
    const id = orderOf(opened.body).id;
    const short = await json(await h.api(`/app/api/orders/${id}/pay`, c, post({ pay: "wallet" })));
    expect(short).toEqual({ status: 402, body: { ok: false, error: "insufficient" } });
    h.t.telegram.clear();
    const links = await Promise.all(
      [0, 1].map(async () => json(await h.api(`/app/api/orders/${id}/pay`, c, post({ pay: "invoice" })))),
    );
    for (const r of links) {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ paid_from_wallet: false, invoice_amount_text: "50 ⭐" });
      expect(r.body.invoice_link).toMatch(/^https:\/\/t\.me\//);
    }
    expect(h.t.telegram.last("createInvoiceLink")?.params).toMatchObject({ prices: [{ amount: 50 }] });
    expect(await balance(c.id)).toBe(100);
  });

  it("pays nothing and cancels nothing of another customer's order (404)", async () => {
    const owner = await customer(500);
    const other = await customer(500);
    const opened = await json(await h.api("/app/api/orders", owner, post({ plan_id: "de-xui" })));
    const id = orderOf(opened.body).id;
    for (const [path, body] of [
      [`/app/api/orders/${id}/pay`, { pay: "wallet" }],
      [`/app/api/orders/${id}/pay`, { pay: "invoice" }],
      [`/app/api/orders/${id}/cancel`, {}],
    ] as const) {
      expect(await json(await h.api(path, other, post(body)))).toEqual({
        status: 404,
        body: { ok: false, error: "unknown-order" },
      });
    }
    expect((await h.t.deps.books.orders.get(id))?.status).toBe("awaiting_payment");
    expect(await balance(owner.id)).toBe(500);
    expect(await balance(other.id)).toBe(500);
  });

  it("buys at once with `pay`, as before", async () => {
    const c = await customer(150);
    const { status, body } = await json(
      await h.api("/app/api/orders", c, post({ plan_id: "de-xui", pay: "wallet" })),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ paid_from_wallet: true, order: { status: "paid" } });
    expect(summaryOf(body)).toMatchObject({ balance: 0, price: 150 });
  });
});

describe("the free trial: POST trial", () => {
  it("claims it once for someone the shop did not know yet; the second is 409 and me offers it no more", async () => {
    const c = { id: nextId++, first_name: "Newcomer", language_code: "uk" };
    const before = await json(await h.api("/app/api/me", c));
    expect(before.body.trial).toEqual({ title: "Безкоштовний пробний період", details: expect.any(String) });
    const first = await json(await h.api("/app/api/trial", c, post({})));
    expect(first.status).toBe(200);
    expect(orderOf(first.body)).toMatchObject({ kind: "trial", status: "paid" });
    expect(h.t.enqueued).toContain(orderOf(first.body).id);
    expect((await h.t.deps.books.customers.get(c.id))?.locale).toBe("uk");
    const second = await json(await h.api("/app/api/trial", c, post({})));
    expect(second).toEqual({ status: 409, body: { ok: false, error: "trial-used" } });
    expect((await json(await h.api("/app/api/me", c))).body.trial).toBeNull();
  });

  it("gives one trial to two claims at once", async () => {
    const c = await customer();
    const both = await Promise.all(
      [0, 1].map(async () => (await h.api("/app/api/trial", c, post({}))).status),
    );
    expect(both.sort()).toEqual([200, 409]);
    const trials = (await h.t.deps.books.orders.ofCustomer(c.id)).filter((o) => o.kind === "trial");
    expect(trials).toHaveLength(1);
  });
});

describe("top-ups and the wallet", () => {
  it("reads a typed amount as the chat does, and refuses one out of bounds or not a number", async () => {
    const c = await customer();
    for (const [text, amount] of [
      ["100", 100],
      ["1 000", 1000],
      ["۲۵۰", 250],
    ] as const) {
      h.t.telegram.clear();
      const { status, body } = await json(await h.api("/app/api/topups", c, post({ amount_text: text })));
      expect(status, text).toBe(200);
      expect(body.invoice_link).toMatch(/^https:\/\/t\.me\//);
      expect(h.t.telegram.last("createInvoiceLink")?.params, text).toMatchObject({ prices: [{ amount }] });
    }
    for (const text of ["4,99", "abc", "0", "100001", "-5", "1e3"]) {
      const res = await json(await h.api("/app/api/topups", c, post({ amount_text: text })));
      expect(res, text).toEqual({ status: 400, body: { ok: false, error: "amount" } });
    }
  });

  it("gives the top-up bounds in the caller's money, and the invite view is off without referrals", async () => {
    const c = await customer();
    const { body } = await json(await h.api("/app/api/wallet", c));
    expect(body).toMatchObject({ topup_min_text: "1 ⭐", topup_max_text: "100,000 ⭐" });
    const invite = await json(await h.api("/app/api/invite", c));
    expect(invite.body).toMatchObject({ enabled: false, link: null, qr: null, terms_text: null });
  });
});
