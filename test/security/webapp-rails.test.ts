import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { RailStore } from "../../src/domain/settlement/index.js";
import { HOUR } from "../../src/runtime/clock.js";
import { TEST_CATALOG } from "../helpers/bot-harness.js";
import { MemoryRail } from "../helpers/memory-rail.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "../webapp/harness.js";

/**
 * Issue 27: the cabinet's rail routes (orders/:id/pay-rail, topups/rail, payments/check, email)
 * attacked from a customer's own session: someone else's order or payment, rails and payment ids
 * that are not the shop's or not ids at all, e-mails that are not addresses (header injection,
 * lists, overlong), bodies of the wrong shape or size, and a flood of payment links. No payment is
 * asked of a rail, credited or seen, and no e-mail is kept, by any of them.
 */

const RUB: Catalog = { ...TEST_CATALOG, currency: "RUB" };
const VICTIM = { id: 78_001, first_name: "Vera", language_code: "en" };
const MALLORY = { id: 78_002, first_name: "Mallory", language_code: "en" };

let h: WebappHarness;
let rail: MemoryRail;
let receipts: MemoryRail;
let victimOrder = "";
let victimPayment = "";
let victimTopUpPayment = "";
let store: RailStore;

const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });
const json = async (res: Response) => ({
  status: res.status,
  body: (await res.json()) as Record<string, unknown>,
});

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
    guard: { perUser: 10_000, ordersPerUser: 10_000, perAddress: 100_000 },
  });
  store = new RailStore(h.t.redis);
  for (const who of [VICTIM, MALLORY]) await seedCustomer(h.t.deps, who.id, "en");
  const opened = await json(await h.api("/app/api/orders", VICTIM, post({ plan_id: "de-xui" })));
  victimOrder = String((opened.body.order as { id: string }).id);
  const paid = await json(
    await h.api(`/app/api/orders/${victimOrder}/pay-rail`, VICTIM, post({ rail: "memrail" })),
  );
  victimPayment = String(paid.body.payment_id);
  const topUp = await json(
    await h.api("/app/api/topups/rail", VICTIM, post({ rail: "memrail", amount: 70_000 })),
  );
  victimTopUpPayment = String(topUp.body.payment_id);
  expect(rail.creates).toBe(2);
});
afterAll(async () => {
  await h.close();
});

/** Nothing moved: no new payment asked, the victim's unpaid, Mallory with nothing paid and no e-mail. */
async function nothingMoved(): Promise<void> {
  const { wallet, orders } = h.t.deps.books;
  expect(rail.creates).toBe(2);
  expect(receipts.creates).toBe(0);
  expect((await orders.get(victimOrder))?.status).toBe("awaiting_payment");
  expect(await wallet.balance(VICTIM.id)).toBe(0);
  expect(await wallet.balance(MALLORY.id)).toBe(0);
  // Mallory's own orders (opened to test with) are cancelled, never paid.
  expect((await orders.ofCustomer(MALLORY.id)).filter((o) => o.status !== "cancelled")).toEqual([]);
  expect(await store.email(MALLORY.id)).toBeUndefined();
}

describe("someone else's order or payment", () => {
  it("pay-rail on another customer's order is 404 on every rail, and asks no rail for anything", async () => {
    for (const id of ["memrail", "receipts", "nosuchrail"]) {
      expect(
        await json(await h.api(`/app/api/orders/${victimOrder}/pay-rail`, MALLORY, post({ rail: id }))),
        id,
      ).toEqual({ status: 404, body: { ok: false, error: "unknown-order" } });
    }
    await nothingMoved();
  });

  it("'I paid' on another customer's payment is 404 even once it is paid, and credits nothing", async () => {
    rail.pay(victimPayment);
    rail.pay(victimTopUpPayment);
    try {
      for (const paymentId of [victimPayment, victimTopUpPayment]) {
        expect(
          await json(
            await h.api("/app/api/payments/check", MALLORY, post({ rail: "memrail", payment_id: paymentId })),
          ),
        ).toEqual({ status: 404, body: { ok: false, error: "unknown-payment" } });
      }
      // Nothing was credited by Mallory's look; the victim's order stays unpaid until her own.
      await nothingMoved();
    } finally {
      for (const id of [victimPayment, victimTopUpPayment]) {
        const p = rail.payments.get(id);
        if (p) p.status = "pending";
      }
    }
  });
});

describe("forged rails and payment ids", () => {
  it("a rail the shop does not have is 404; one that is not a rail id is 400 before any lookup", async () => {
    const opened = await json(await h.api("/app/api/orders", MALLORY, post({ plan_id: "node" })));
    const own = String((opened.body.order as { id: string }).id);
    for (const id of ["cryptobot", "yookassa", "telegram", "stars", "wallet"]) {
      expect(
        await json(await h.api(`/app/api/orders/${own}/pay-rail`, MALLORY, post({ rail: id }))),
        id,
      ).toEqual({
        status: 404,
        body: { ok: false, error: "unknown-rail" },
      });
      expect(
        await json(await h.api("/app/api/topups/rail", MALLORY, post({ rail: id, amount: 10_000 }))),
        id,
      ).toEqual({ status: 404, body: { ok: false, error: "unknown-rail" } });
    }
    const malformed: unknown[] = [
      "",
      "MemRail",
      "memrail ",
      "memrail\n",
      "../memrail",
      "mem/rail",
      "mem rail",
      "__proto__",
      "constructor\u0000",
      "a".repeat(33),
      1,
      null,
      true,
      ["memrail"],
      { id: "memrail" },
    ];
    for (const id of malformed) {
      for (const [path, body] of [
        [`/app/api/orders/${own}/pay-rail`, { rail: id }],
        ["/app/api/topups/rail", { rail: id, amount: 10_000 }],
        ["/app/api/payments/check", { rail: id, payment_id: victimPayment }],
      ] as const) {
        expect(await json(await h.api(path, MALLORY, post(body))), `${path} ${JSON.stringify(id)}`).toEqual({
          status: 400,
          body: { ok: false, error: "bad-request" },
        });
      }
    }
    expect(rail.creates).toBe(2);
    await h.t.deps.sales.cashier.cancel(MALLORY.id, own);
  });

  it("a payment id the shop never made, or made on another rail, is 404; one that is not an id is 400", async () => {
    for (const [railId, paymentId] of [
      ["memrail", "00000000-0000-4000-8000-000000000000"],
      ["memrail", "12345"],
      ["receipts", victimPayment],
      ["nosuchrail", victimPayment],
    ]) {
      expect(
        await json(
          await h.api("/app/api/payments/check", MALLORY, post({ rail: railId, payment_id: paymentId })),
        ),
        `${railId} ${paymentId}`,
      ).toEqual({ status: 404, body: { ok: false, error: "unknown-payment" } });
    }
    const malformed: unknown[] = [
      "",
      "../../payments/x",
      "a b",
      "id\r\nx-signature: forged",
      "-leading-dash",
      "x".repeat(129),
      "😀",
      123,
      null,
      [victimPayment],
    ];
    for (const paymentId of malformed) {
      expect(
        await json(
          await h.api("/app/api/payments/check", MALLORY, post({ rail: "memrail", payment_id: paymentId })),
        ),
        JSON.stringify(paymentId),
      ).toEqual({ status: 400, body: { ok: false, error: "bad-request" } });
    }
    await nothingMoved();
  });
});

describe("e-mails that are not addresses", () => {
  it("are refused (400 bad-email) and nothing is kept: header injection, lists, quotes, overlong", async () => {
    const bad = [
      "",
      " ",
      "buyer",
      "buyer@",
      "@example.com",
      "buyer@example",
      "buyer@@example.com",
      "buyer@example.com\r\nBcc: victim@example.com",
      "buyer@example.com\nSubject: free VPN",
      "buyer@example.com%0d%0aBcc:victim@example.com",
      "Buyer <buyer@example.com>",
      "buyer@example.com, victim@example.com",
      "buyer@example.com;victim@example.com",
      '"buyer"@example.com',
      "buyer@example.com\u0000",
      "buyer@exa mple.com",
      "<script>@example.com",
      "javascript:alert(1)//@example.com",
      `${"a".repeat(64)}@${"b".repeat(186)}.com`,
      `${"a".repeat(300)}@example.com`,
    ];
    for (const email of bad) {
      expect(
        await json(await h.api("/app/api/email", MALLORY, post({ email }))),
        JSON.stringify(email),
      ).toEqual({
        status: 400,
        body: { ok: false, error: "bad-email" },
      });
    }
    expect(await store.email(MALLORY.id)).toBeUndefined();
    // The receipts rail still asks for one.
    const opened = await json(await h.api("/app/api/orders", MALLORY, post({ plan_id: "multi" })));
    const own = String((opened.body.order as { id: string }).id);
    expect(
      await json(await h.api(`/app/api/orders/${own}/pay-rail`, MALLORY, post({ rail: "receipts" }))),
    ).toEqual({ status: 409, body: { ok: false, error: "email-needed" } });
    await h.t.deps.sales.cashier.cancel(MALLORY.id, own);
    await nothingMoved();
  });

  it("refuses bodies of the wrong shape or size (400, 413, 415) before anything is kept", async () => {
    const cases: [string, unknown][] = [
      ["/app/api/email", { email: 1 }],
      ["/app/api/email", { email: ["a@example.com"] }],
      ["/app/api/email", { email: "a@example.com", customer_id: VICTIM.id }],
      ["/app/api/email", {}],
      ["/app/api/email", { email: "a".repeat(1025) }],
      [`/app/api/orders/${victimOrder}/pay-rail`, {}],
      [`/app/api/orders/${victimOrder}/pay-rail`, { rail: "memrail", amount: 1 }],
      ["/app/api/topups/rail", { rail: "memrail" }],
      ["/app/api/topups/rail", { amount: 10_000 }],
      ["/app/api/topups/rail", { rail: "memrail", amount: "10000" }],
      ["/app/api/topups/rail", { rail: "memrail", amount: 100.5 }],
      ["/app/api/topups/rail", { rail: "memrail", amount: -10_000 }],
      ["/app/api/topups/rail", { rail: "memrail", amount: 10_000, amount_text: "100" }],
      ["/app/api/topups/rail", { rail: "memrail", amount: 10_000, payer_id: VICTIM.id }],
      ["/app/api/payments/check", { rail: "memrail" }],
      ["/app/api/payments/check", { payment_id: victimPayment }],
      ["/app/api/payments/check", { rail: "memrail", payment_id: victimPayment, payer_id: VICTIM.id }],
    ];
    for (const [path, body] of cases) {
      expect(await json(await h.api(path, MALLORY, post(body))), `${path} ${JSON.stringify(body)}`).toEqual({
        status: 400,
        body: { ok: false, error: "bad-request" },
      });
    }
    for (const path of [
      "/app/api/email",
      "/app/api/topups/rail",
      "/app/api/payments/check",
      `/app/api/orders/${victimOrder}/pay-rail`,
    ]) {
      for (const raw of ["", "[]", "null", "{", '"a@example.com"'])
        expect((await h.api(path, MALLORY, { method: "POST", body: raw })).status, `${path} ${raw}`).toBe(
          400,
        );
      const huge = await h.api(path, MALLORY, post({ email: `${"a".repeat(5_000)}@example.com` }));
      expect(await json(huge), path).toEqual({ status: 413, body: { ok: false, error: "too-large" } });
      const form = await h.api(path, MALLORY, {
        method: "POST",
        body: "email=a%40example.com",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(form.status, path).toBe(415);
      expect((await h.api(path, MALLORY)).status, `GET ${path}`).toBe(405);
    }
    await nothingMoved();
  });
});

describe("the rail routes while the shop is closed", () => {
  it("hand out no payment link, but a payment already made is still credited on 'I paid'", async () => {
    const opened = await json(await h.api("/app/api/orders", VICTIM, post({ plan_id: "multi" })));
    const own = String((opened.body.order as { id: string }).id);
    const made = await json(
      await h.api(`/app/api/orders/${own}/pay-rail`, VICTIM, post({ rail: "memrail" })),
    );
    const paymentId = String(made.body.payment_id);
    await h.t.deps.catalog.maintenance.close({ message: "", endsAt: h.t.deps.clock.now() + HOUR, by: 1 });
    try {
      for (const [path, body] of [
        [`/app/api/orders/${own}/pay-rail`, { rail: "memrail" }],
        ["/app/api/topups/rail", { rail: "memrail", amount: 20_000 }],
      ] as const) {
        const res = await json(await h.api(path, VICTIM, post(body)));
        expect(res.status, path).toBe(503);
        expect(res.body.error, path).toBe("maintenance");
      }
      rail.pay(paymentId);
      expect(
        await json(
          await h.api("/app/api/payments/check", VICTIM, post({ rail: "memrail", payment_id: paymentId })),
        ),
      ).toEqual({ status: 200, body: { ok: true, status: "paid" } });
      expect((await h.t.deps.books.orders.get(own))?.status).toBe("paid");
    } finally {
      await h.t.deps.catalog.maintenance.open();
    }
    expect(rail.creates).toBe(3);
  });
});

describe("a flood of payment links", () => {
  it("pay-rail, topups/rail and payments/check spend the orders budget: 429 with Retry-After past it", async () => {
    const rail2 = new MemoryRail();
    const tight = await createWebappHarness({
      catalog: RUB,
      rails: [rail2],
      guard: { ordersPerUser: 6, perUser: 10_000, perAddress: 100_000 },
    });
    try {
      const who = { id: 78_100, first_name: "F", language_code: "en" };
      await seedCustomer(tight.t.deps, who.id, "en");
      const order = await tight.t.deps.sales.shop.startPurchase(who.id, "de-xui", "en");
      if (!order.ok) throw new Error("no order");
      const statuses: number[] = [];
      const answers: Response[] = [];
      for (let i = 0; i < 30; i++) {
        const path =
          i % 3 === 0
            ? `/app/api/orders/${order.order.id}/pay-rail`
            : i % 3 === 1
              ? "/app/api/topups/rail"
              : "/app/api/payments/check";
        const body =
          i % 3 === 0
            ? { rail: "memrail" }
            : i % 3 === 1
              ? { rail: "memrail", amount: 10_000 + i * 100 }
              : { rail: "memrail", payment_id: "00000000-0000-4000-8000-000000000000" };
        const res = await tight.api(path, who, post(body));
        await res.arrayBuffer();
        statuses.push(res.status);
        answers.push(res);
      }
      const served = statuses.filter((s) => s !== 429).length;
      // WEBAPP_ORDER_RATE_LIMIT 6 a minute (one more may have come back while the test ran).
      expect(served).toBeGreaterThanOrEqual(6);
      expect(served).toBeLessThanOrEqual(7);
      for (const res of answers.filter((r) => r.status === 429)) {
        const retryAfter = Number(res.headers.get("retry-after"));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
      // The order's presses got one payment; each top-up amount served at most one.
      expect(rail2.creates).toBeLessThanOrEqual(served);
      const forOrder = [...rail2.payments.values()].filter((p) => p.ref?.payload === `o:${order.order.id}`);
      expect(forOrder).toHaveLength(1);
      // The e-mail is not in the orders budget: it answers past it.
      const email = await tight.api("/app/api/email", who, post({ email: "f@example.com" }));
      expect(email.status).toBe(200);
    } finally {
      await tight.close();
    }
  });
});
