import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/runtime/clock.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "../webapp/harness.js";

/**
 * Issue 25: the cabinet's new routes (orders confirmed, paid and cancelled by id, the trial, typed
 * top-up amounts, gifts cancelled by code, the language) attacked from a customer's own session:
 * bodies that carry more than they should, amounts that are not amounts, ids that are not ids,
 * and someone else's order or gift. Nothing is charged, refunded, made or changed by any of them.
 */

const VICTIM = { id: 77_001, first_name: "Vera", language_code: "en" };
const MALLORY = { id: 77_002, first_name: "Mallory", language_code: "en" };
let h: WebappHarness;
let victimOrder = "";
let victimGift = "";

beforeAll(async () => {
  h = await createWebappHarness({
    // A gift's record expires at an absolute time in Redis: the test clock runs at the real one.
    clock: new ManualClock(Date.now()),
    guard: { perUser: 1000, ordersPerUser: 1000, perAddress: 10_000 },
  });
  const { books, sales } = h.t.deps;
  for (const who of [VICTIM, MALLORY]) {
    await seedCustomer(h.t.deps, who.id, "en");
    await books.wallet.credit(who.id, 1000, `test:seed-${who.id}`, { kind: "topup", ref: "test" });
  }
  const opened = await h.api("/app/api/orders", VICTIM, post({ plan_id: "multi" }));
  victimOrder = ((await opened.json()) as { order: { id: string } }).order.id;
  const gift = await sales.shop.startPurchase(VICTIM.id, "de-xui", "en", undefined, true);
  if (!gift.ok) throw new Error("no gift order");
  await sales.cashier.payFromBalance(VICTIM.id, gift.order.id);
  const paid = await books.orders.get(gift.order.id);
  victimGift = (paid && (await sales.gifts.park(paid))) ?? "";
  expect(victimGift).toMatch(/^[A-Za-z0-9]{12}$/);
});
afterAll(async () => {
  await h.close();
});

const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });

/** Nothing moved: both wallets as seeded (the victim paid her gift), her order and gift untouched. */
async function nothingMoved(): Promise<void> {
  const { wallet, orders } = h.t.deps.books;
  expect(await wallet.balance(VICTIM.id)).toBe(850);
  expect(await wallet.balance(MALLORY.id)).toBe(1000);
  expect((await orders.get(victimOrder))?.status).toBe("awaiting_payment");
  expect((await h.t.deps.sales.gifts.get(victimGift))?.state).toBe("open");
  expect(await orders.ofCustomer(MALLORY.id)).toEqual([]);
  expect(h.t.telegram.callsOf("createInvoiceLink")).toHaveLength(0);
}

describe("the cabinet's new routes under attack", () => {
  it("refuse a body with a field that does not belong (400), before anything is done", async () => {
    const cases: [string, unknown][] = [
      ["/app/api/orders", { plan_id: "de-xui", pay: "wallet", price: 1 }],
      ["/app/api/orders", { plan_id: "de-xui", customer_id: VICTIM.id }],
      ["/app/api/orders", { subscription_id: "s1", gift: true }],
      ["/app/api/orders", { plan_id: "de-xui", subscription_id: "s1" }],
      ["/app/api/orders", { plan_id: "de-xui", gift: "yes" }],
      ["/app/api/orders", { plan_id: "de-xui", promo_code: "A".repeat(65) }],
      ["/app/api/orders", { plan_id: "de-xui", promo_code: ["SPRING"] }],
      [`/app/api/orders/${victimOrder}/pay`, { pay: "wallet", amount: 1 }],
      [`/app/api/orders/${victimOrder}/pay`, {}],
      [`/app/api/orders/${victimOrder}/cancel`, { refund: true }],
      ["/app/api/trial", { days: 365 }],
      [`/app/api/gifts/${victimGift}/cancel`, { to: MALLORY.id }],
      ["/app/api/language", { locale: "en", admin: true }],
      ["/app/api/topups", { amount: 100, amount_text: "100" }],
      ["/app/api/topups", { amount_text: 100 }],
      ["/app/api/topups", { amount: 1.5 }],
      ["/app/api/topups", { amount: Number.MAX_SAFE_INTEGER + 2 }],
    ];
    for (const [path, body] of cases) {
      expect(await json(await h.api(path, MALLORY, post(body))), `${path} ${JSON.stringify(body)}`).toEqual({
        status: 400,
        body: { ok: false, error: "bad-request" },
      });
    }
    for (const path of ["/app/api/trial", `/app/api/orders/${victimOrder}/cancel`, "/app/api/language"]) {
      expect((await h.api(path, MALLORY, { method: "POST", body: "[]" })).status, path).toBe(400);
      expect((await h.api(path, MALLORY, { method: "POST", body: "" })).status, path).toBe(400);
    }
    expect(await h.t.deps.books.customers.trialUsed(MALLORY.id)).toBe(false);
    await nothingMoved();
  });

  it("refuse a typed amount that is not one of the shop's amounts, oversized or malformed", async () => {
    const bad = [
      "",
      " ",
      "1e5",
      "-100",
      "100.5",
      "0x64",
      "１００",
      "100 ⭐",
      "NaN",
      "Infinity",
      "99999999999",
      "1,000,000",
    ];
    for (const text of bad) {
      const res = await json(await h.api("/app/api/topups", MALLORY, post({ amount_text: text })));
      expect(res.status, JSON.stringify(text)).toBe(400);
    }
    expect((await h.api("/app/api/topups", MALLORY, post({ amount_text: "9".repeat(65) }))).status).toBe(400);
    // Past the body limit: refused before it is read whole.
    const huge = await h.api("/app/api/topups", MALLORY, post({ amount_text: "1".repeat(5_000) }));
    expect(await json(huge)).toEqual({ status: 413, body: { ok: false, error: "too-large" } });
    await nothingMoved();
  });

  it("pay, cancel or read nothing of another customer's order, nor cancel her gift (404)", async () => {
    for (const pay of ["wallet", "invoice"]) {
      expect(await json(await h.api(`/app/api/orders/${victimOrder}/pay`, MALLORY, post({ pay })))).toEqual({
        status: 404,
        body: { ok: false, error: "unknown-order" },
      });
    }
    expect((await h.api(`/app/api/orders/${victimOrder}/cancel`, MALLORY, post({}))).status).toBe(404);
    expect((await h.api(`/app/api/orders/${victimOrder}`, MALLORY)).status).toBe(404);
    expect(await json(await h.api(`/app/api/gifts/${victimGift}/cancel`, MALLORY, post({})))).toEqual({
      status: 404,
      body: { ok: false, error: "unknown-gift" },
    });
    const gifts = await json(await h.api("/app/api/gifts", MALLORY));
    expect(gifts.body).toEqual({ ok: true, gifts: [] });
    expect(JSON.stringify(await json(await h.api("/app/api/status", MALLORY)))).not.toContain(victimGift);
    await nothingMoved();
  });

  it("answer 404 to path ids with odd characters, and 405 to the wrong method", async () => {
    const odd = [
      "..%2F..%2Fme",
      "a.b",
      "%00",
      "x%20y",
      "%E2%80%AE",
      "o'1",
      "A".repeat(65),
      `${victimOrder}%0A`,
      `${victimGift}%2Fcancel`,
    ];
    for (const id of odd) {
      for (const path of [
        `/app/api/orders/${id}/pay`,
        `/app/api/orders/${id}/cancel`,
        `/app/api/gifts/${id}/cancel`,
      ]) {
        const res = await h.api(path, MALLORY, post(path.endsWith("/pay") ? { pay: "wallet" } : {}));
        expect(res.status, path).toBe(404);
      }
    }
    expect((await h.api(`/app/api/orders/${victimOrder}/pay`, MALLORY)).status).toBe(405);
    expect((await h.api(`/app/api/gifts/${victimGift}/cancel`, MALLORY)).status).toBe(405);
    expect((await h.api("/app/api/status", MALLORY, post({}))).status).toBe(405);
    await nothingMoved();
  });

  it("take no language that is not in the list", async () => {
    for (const locale of [
      "de",
      "RU",
      "ru-RU",
      "en ",
      "../en",
      "__proto__",
      "constructor",
      true,
      {},
      ["en"],
    ]) {
      const res = await h.api("/app/api/language", MALLORY, post({ locale }));
      expect(res.status, JSON.stringify(locale)).toBe(400);
    }
    expect((await h.t.deps.books.customers.get(MALLORY.id))?.chosenLocale).toBeUndefined();
    expect(
      (await h.api("/app/api/language", MALLORY, { method: "POST", body: '{"locale":"ru","locale":"xx"}' }))
        .status,
    ).toBe(400);
  });
});
