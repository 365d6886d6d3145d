import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Catalog, formatMoney } from "../../src/domain/catalog/index.js";
import { TEST_CATALOG } from "../helpers/bot-harness.js";
import { MemoryRail } from "../helpers/memory-rail.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "./harness.js";

// Issue 27: the outside payment rails in the cabinet's API over real HTTP (real Redis, the shop's
// own RailPayments on in-memory rails): what is offered, a payment link for an order and for a
// top-up (the same one on a second press), the e-mail receipts need, "I paid" before and after
// the rail says paid, a rail that is down, and a fiat shop without a provider token (no invoice).

const RUB: Catalog = { ...TEST_CATALOG, currency: "RUB" };

let h: WebappHarness;
let rail: MemoryRail;
let receipts: MemoryRail;
let nextId = 91_000;

beforeAll(async () => {
  rail = new MemoryRail();
  receipts = new MemoryRail({
    id: "receipts",
    name: "ReceiptPay",
    emailFlag: "receipts",
    choices: [{ key: "receipts", kind: "flag", default: true }],
  });
  h = await createWebappHarness({
    catalog: RUB,
    rails: [rail, receipts],
    guard: { perUser: 1000, ordersPerUser: 1000, perAddress: 10_000 },
  });
});
afterAll(async () => {
  await h.close();
});

type Body = Record<string, unknown>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Body });
const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

async function customer(balance = 0): Promise<{ id: number; first_name: string; language_code: string }> {
  const id = nextId++;
  await seedCustomer(h.t.deps, id, "en");
  if (balance > 0)
    await h.t.deps.books.wallet.credit(id, balance, `test:seed-${id}`, { kind: "topup", ref: "test" });
  return { id, first_name: `C${id}`, language_code: "en" };
}

async function openOrder(c: { id: number }, planId = "de-xui"): Promise<{ id: string; body: Body }> {
  const { status, body } = await json(await h.api("/app/api/orders", c, post({ plan_id: planId })));
  expect(status).toBe(200);
  return { id: (body.order as { id: string }).id, body };
}

const payRail = async (c: { id: number }, orderId: string, railId: string) =>
  json(await h.api(`/app/api/orders/${orderId}/pay-rail`, c, post({ rail: railId })));
const check = async (c: { id: number }, railId: string, paymentId: string) =>
  json(await h.api("/app/api/payments/check", c, post({ rail: railId, payment_id: paymentId })));
const orderStatus = async (id: string) => (await h.t.deps.books.orders.get(id))?.status;
const balance = (id: number) => h.t.deps.books.wallet.balance(id);

describe("what the cabinet offers in a fiat shop paid on its rails", () => {
  it("lists each rail beside no invoice in the confirmation and the wallet", async () => {
    const c = await customer();
    const { body } = await openOrder(c);
    const options = {
      invoice: false,
      rails: [
        { id: "memrail", name: "MemRail", available: true, needs_email: false },
        { id: "receipts", name: "ReceiptPay", available: true, needs_email: true },
      ],
    };
    expect(body.pay_options).toEqual(options);
    const wallet = await json(await h.api("/app/api/wallet", c));
    expect(wallet.body.pay_options).toEqual(options);
  });

  it("refuses a Telegram invoice for an order or a top-up (no provider token): nothing asked of Telegram", async () => {
    const c = await customer();
    const { id } = await openOrder(c);
    h.t.telegram.clear();
    expect(await json(await h.api(`/app/api/orders/${id}/pay`, c, post({ pay: "invoice" })))).toEqual({
      status: 409,
      body: { ok: false, error: "invoice-unavailable" },
    });
    expect(await json(await h.api("/app/api/orders", c, post({ plan_id: "node", pay: "invoice" })))).toEqual({
      status: 409,
      body: { ok: false, error: "invoice-unavailable" },
    });
    expect(await json(await h.api("/app/api/topups", c, post({ amount: 50_000 })))).toEqual({
      status: 409,
      body: { ok: false, error: "invoice-unavailable" },
    });
    expect(h.t.telegram.callsOf("createInvoiceLink")).toHaveLength(0);
    expect(await orderStatus(id)).toBe("awaiting_payment");
  });
});

describe("paying an order on a rail", () => {
  it("asks the rail for what the balance does not cover, once, however often it is pressed", async () => {
    const c = await customer(5_000);
    const { id } = await openOrder(c);
    const before = rail.creates;
    const first = await payRail(c, id, "memrail");
    expect(first.status).toBe(200);
    const paymentId = String(first.body.payment_id);
    expect(first.body).toEqual({
      ok: true,
      rail: "memrail",
      payment_id: paymentId,
      pay_url: `https://pay.example/memrail/${paymentId}`,
      amount: 10_000,
      amount_text: formatMoney("RUB", 10_000, "en"),
    });
    const asked = rail.payments.get(paymentId)?.charge;
    expect(asked).toMatchObject({
      amount: "100.00",
      currency: "RUB",
      description: "Germany, 30 days, 100 GB",
      returnUrl: `https://t.me/${h.t.telegram.botInfo.username}`,
      ref: { payload: `o:${id}`, payerId: c.id },
    });
    const again = await payRail(c, id, "memrail");
    expect(again.body.payment_id).toBe(paymentId);
    expect(rail.creates).toBe(before + 1);
    expect(await orderStatus(id)).toBe("awaiting_payment");
  });

  it("'I paid' says pending until the rail has it paid, then pays the order once", async () => {
    const c = await customer(5_000);
    const { id } = await openOrder(c);
    const paymentId = String((await payRail(c, id, "memrail")).body.payment_id);
    expect(await check(c, "memrail", paymentId)).toEqual({
      status: 200,
      body: { ok: true, status: "pending" },
    });
    expect(await orderStatus(id)).toBe("awaiting_payment");
    expect(await balance(c.id)).toBe(5_000);

    rail.pay(paymentId);
    expect(await check(c, "memrail", paymentId)).toEqual({ status: 200, body: { ok: true, status: "paid" } });
    expect(await orderStatus(id)).toBe("paid");
    expect(h.t.enqueued).toContain(id);
    // The rail's 100 and the balance's 50 paid the 150.
    expect(await balance(c.id)).toBe(0);
    // Pressed again: paid before, nothing moves twice.
    expect((await check(c, "memrail", paymentId)).body).toEqual({ ok: true, status: "paid" });
    expect(await balance(c.id)).toBe(0);
    const polled = await json(await h.api(`/app/api/orders/${id}`, c));
    expect((polled.body.order as { status: string }).status).toBe("paid");
    // Once paid, no new link is handed out for it.
    expect(await payRail(c, id, "memrail")).toEqual({
      status: 409,
      body: { ok: false, error: "order-not-payable" },
    });
  });

  it("a payment closed unpaid says so", async () => {
    const c = await customer();
    const { id } = await openOrder(c, "node");
    const paymentId = String((await payRail(c, id, "memrail")).body.payment_id);
    await rail.close(paymentId);
    expect((await check(c, "memrail", paymentId)).body).toEqual({ ok: true, status: "cancelled" });
    expect(await orderStatus(id)).toBe("awaiting_payment");
  });
});

describe("a top-up on a rail", () => {
  it("hands back one payment per amount, as given or as typed, and credits it once after 'I paid'", async () => {
    const c = await customer();
    const first = await json(
      await h.api("/app/api/topups/rail", c, post({ rail: "memrail", amount: 50_000 })),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      rail: "memrail",
      amount: 50_000,
      amount_text: formatMoney("RUB", 50_000, "en"),
    });
    const paymentId = String(first.body.payment_id);
    const typed = await json(
      await h.api("/app/api/topups/rail", c, post({ rail: "memrail", amount_text: "500" })),
    );
    expect(typed.body.payment_id).toBe(paymentId);
    expect(rail.payments.get(paymentId)?.charge).toMatchObject({
      amount: "500.00",
      description: "Wallet top-up",
      ref: { payerId: c.id },
    });
    expect(String(rail.payments.get(paymentId)?.charge?.ref.payload)).toMatch(/^t:/);

    expect((await check(c, "memrail", paymentId)).body).toEqual({ ok: true, status: "pending" });
    expect(await balance(c.id)).toBe(0);
    rail.pay(paymentId);
    expect((await check(c, "memrail", paymentId)).body).toEqual({ ok: true, status: "paid" });
    expect(await balance(c.id)).toBe(50_000);
    expect((await check(c, "memrail", paymentId)).body).toEqual({ ok: true, status: "paid" });
    expect(await balance(c.id)).toBe(50_000);
    const wallet = await json(await h.api("/app/api/wallet", c));
    expect(wallet.body).toMatchObject({ balance: 50_000 });
  });

  it("refuses an amount out of the shop's bounds or not an amount (400 amount)", async () => {
    const c = await customer();
    for (const body of [
      { rail: "memrail", amount: 1 },
      { rail: "memrail", amount: 10_000_001 },
      { rail: "memrail", amount_text: "abc" },
    ]) {
      expect(await json(await h.api("/app/api/topups/rail", c, post(body))), JSON.stringify(body)).toEqual({
        status: 400,
        body: { ok: false, error: "amount" },
      });
    }
  });
});

describe("a rail that needs the customer's e-mail (receipts)", () => {
  it("asks for it first; once given, the payment carries it on its receipt", async () => {
    const c = await customer();
    const { id } = await openOrder(c);
    const before = receipts.creates;
    expect(await payRail(c, id, "receipts")).toEqual({
      status: 409,
      body: { ok: false, error: "email-needed" },
    });
    expect(receipts.creates).toBe(before);

    expect(await json(await h.api("/app/api/email", c, post({ email: "not an address" })))).toEqual({
      status: 400,
      body: { ok: false, error: "bad-email" },
    });
    expect(await json(await h.api("/app/api/email", c, post({ email: "  Buyer@Example.COM " })))).toEqual({
      status: 200,
      body: { ok: true },
    });
    const wallet = await json(await h.api("/app/api/wallet", c));
    const offered = (wallet.body.pay_options as { rails: { id: string; needs_email: boolean }[] }).rails;
    expect(offered.find((r) => r.id === "receipts")?.needs_email).toBe(false);

    const paid = await payRail(c, id, "receipts");
    expect(paid.status).toBe(200);
    expect(receipts.payments.get(String(paid.body.payment_id))?.charge?.receipt).toEqual({
      email: "buyer@example.com",
      item: "Germany, 30 days, 100 GB",
    });
  });
});

describe("a rail that does not answer", () => {
  it("is refused as unavailable (nothing made), then offered disabled until it answers again", async () => {
    const c = await customer();
    const { id } = await openOrder(c, "multi");
    rail.down = true;
    try {
      expect(await payRail(c, id, "memrail")).toEqual({
        status: 503,
        body: { ok: false, error: "rail-unavailable" },
      });
      const wallet = await json(await h.api("/app/api/wallet", c));
      const offered = (wallet.body.pay_options as { rails: { id: string; available: boolean }[] }).rails;
      expect(offered.find((r) => r.id === "memrail")?.available).toBe(false);
      expect(offered.find((r) => r.id === "receipts")?.available).toBe(true);
    } finally {
      rail.down = false;
    }
    // The poll finds it up again.
    await h.t.deps.settlement.railPayments.poll("memrail");
    const back = await json(await h.api("/app/api/wallet", c));
    const offered = (back.body.pay_options as { rails: { id: string; available: boolean }[] }).rails;
    expect(offered.find((r) => r.id === "memrail")?.available).toBe(true);
    expect((await payRail(c, id, "memrail")).status).toBe(200);
  });

  it("'I paid' while its provider is down is 503 and credits nothing", async () => {
    const c = await customer();
    const { id } = await openOrder(c, "multi");
    const paymentId = String((await payRail(c, id, "memrail")).body.payment_id);
    rail.pay(paymentId);
    rail.down = true;
    try {
      expect(await check(c, "memrail", paymentId)).toEqual({
        status: 503,
        body: { ok: false, error: "rail-unavailable" },
      });
      expect(await orderStatus(id)).toBe("awaiting_payment");
    } finally {
      rail.down = false;
    }
    expect((await check(c, "memrail", paymentId)).body).toEqual({ ok: true, status: "paid" });
    expect(await orderStatus(id)).toBe("paid");
  });
});

describe("other shops", () => {
  it("a Stars shop offers its invoice and no rail that cannot take Stars", async () => {
    const stars = await createWebappHarness({ rails: [new MemoryRail()] });
    try {
      const c = { id: 91_900, first_name: "S", language_code: "en" };
      await seedCustomer(stars.t.deps, c.id, "en");
      const opened = await json(await stars.api("/app/api/orders", c, post({ plan_id: "de-xui" })));
      expect(opened.body.pay_options).toEqual({ invoice: true, rails: [] });
      const id = (opened.body.order as { id: string }).id;
      expect(
        await json(await stars.api(`/app/api/orders/${id}/pay-rail`, c, post({ rail: "memrail" }))),
      ).toEqual({ status: 404, body: { ok: false, error: "unknown-rail" } });
    } finally {
      await stars.close();
    }
  });

  it("a fiat shop with a provider token offers its invoice beside its rails", async () => {
    const fiat = await createWebappHarness({
      catalog: RUB,
      rails: [new MemoryRail()],
      paymentProviderToken: "284685063:TEST:provider",
    });
    try {
      const c = { id: 91_901, first_name: "F", language_code: "en" };
      await seedCustomer(fiat.t.deps, c.id, "en");
      const wallet = await json(await fiat.api("/app/api/wallet", c));
      expect(wallet.body.pay_options).toEqual({
        invoice: true,
        rails: [{ id: "memrail", name: "MemRail", available: true, needs_email: false }],
      });
      expect((await fiat.api("/app/api/topups", c, post({ amount: 50_000 }))).status).toBe(200);
    } finally {
      await fiat.close();
    }
  });
});
