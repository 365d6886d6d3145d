import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAINTENANCE_KEY } from "../../src/domain/catalog/index.js";
import { DAY, HOUR, type ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "./harness.js";

// Issue 26: the cabinet while the shop is closed for maintenance. What sells or moves money
// answers 503 `maintenance` with the message and the end time (the page shows them); what the
// customer has stays readable (their subscriptions, links and QR codes: the access keeps
// working and a new device needs them), and cancelling an unpaid order still works.

let h: WebappHarness;
let nextId = 74_000;
let subId = "";
const SUB_OWNER = { id: 73_999, first_name: "Sub", language_code: "en" };

beforeAll(async () => {
  h = await createWebappHarness({ guard: { perUser: 1000, ordersPerUser: 3, perAddress: 1000 } });
  await seedCustomer(h.t.deps, SUB_OWNER.id, "en");
  subId = (
    await seedSubscription(h.t.deps, "o-maint-cab", {
      customerId: SUB_OWNER.id,
      planId: "de-xui",
      ref: { kind: "xui", serverId: 77, name: "sub-77" },
      expiresAt: h.t.deps.clock.now() + 10 * DAY,
    })
  ).id;
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.t.redis.del(MAINTENANCE_KEY, "settings:shop");
});

type Body = Record<string, unknown>;
const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });
const clock = () => h.t.deps.clock as ManualClock;

async function customer(locale = "en", balance = 0) {
  const id = nextId++;
  await seedCustomer(h.t.deps, id, locale as "en");
  if (balance > 0)
    await h.t.deps.books.wallet.credit(id, balance, `seed-${id}`, { kind: "topup", ref: "test" });
  return { id, first_name: `C${id}`, language_code: locale };
}

async function call(path: string, who: { id: number }, init?: RequestInit) {
  const res = await h.api(`/app/api/${path}`, who, init);
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: (await res.json()) as Body };
}

describe("while the shop is closed by the admins", () => {
  it("refuses what sells with 503 maintenance, its message and end time; nothing is made or charged", async () => {
    const c = await customer("en", 1000);
    const endsAt = clock().now() + 2 * HOUR;
    await h.t.deps.catalog.maintenance.close({ message: "New servers tonight", endsAt, by: 1 });
    h.t.telegram.clear();
    const attempts: [string, RequestInit | undefined][] = [
      ["plans", undefined],
      ["orders", post({ plan_id: "de-xui" })],
      ["trial", post({})],
      ["topups", post({ amount: 100 })],
      ["orders/o-none/pay", post({ pay: "wallet" })],
      ["gifts/ABCDEFGHJKLM/cancel", post({})],
    ];
    for (const [path, init] of attempts) {
      const res = await call(path, c, init);
      expect(res.status, path).toBe(503);
      expect(res.body).toEqual({
        ok: false,
        error: "maintenance",
        title: "🛠 The shop is closed for maintenance.",
        message: "New servers tonight",
        ends_at: Math.floor(endsAt / 1000),
        ends_at_text: expect.stringContaining("Expected back:"),
      });
      expect(res.retryAfter).toBe(String(2 * 3600));
    }
    expect(await h.t.deps.books.wallet.balance(c.id)).toBe(1000);
    expect(await h.t.deps.books.orders.ofCustomer(c.id)).toEqual([]);
    expect(h.t.telegram.callsOf("createInvoiceLink")).toHaveLength(0);
    // Refused before the orders budget (3 a minute): the budget is whole once the shop opens.
    await h.t.deps.catalog.maintenance.open();
    for (let i = 0; i < 3; i++)
      expect((await call("orders", c, post({ plan_id: "de-xui" }))).status).toBe(200);
  });

  it("keeps the customer's own things readable: me, card, connect, wallet, gifts, invite, status, language", async () => {
    await h.t.deps.catalog.maintenance.close({ by: 1 });
    for (const path of [
      "me",
      `subscriptions/${subId}`,
      `subscriptions/${subId}/connect`,
      "wallet",
      "gifts",
      "invite",
      "status",
    ]) {
      const res = await call(path, SUB_OWNER);
      expect(res.status, path).toBe(200);
      expect(res.body.ok).toBe(true);
    }
    expect((await call("language", SUB_OWNER, post({ locale: "en" }))).status).toBe(200);
  });

  it("still cancels an order opened before (nothing is charged by it)", async () => {
    const c = await customer();
    const opened = await call("orders", c, post({ plan_id: "de-xui" }));
    const orderId = (opened.body.order as { id: string }).id;
    await h.t.deps.catalog.maintenance.close({ by: 1 });
    const cancelled = await call(`orders/${orderId}/cancel`, c, post({}));
    expect(cancelled.status).toBe(200);
    expect((cancelled.body.order as { status: string }).status).toBe("cancelled");
  });

  it("speaks the customer's language", async () => {
    const c = await customer("fa");
    await h.t.deps.catalog.maintenance.close({ endsAt: clock().now() + HOUR, by: 1 });
    const res = await call("plans", c);
    expect(res.body.title).toBe("🛠 فروشگاه برای تعمیر و نگهداری بسته است.");
    expect(res.body.ends_at_text).toContain("زمان تقریبی بازگشایی");
  });

  it("opens by itself when the end time passes", async () => {
    const c = await customer();
    const endsAt = clock().now() + HOUR;
    await h.t.deps.catalog.maintenance.close({ endsAt, by: 1 });
    expect((await call("plans", c)).status).toBe(503);
    clock().set(endsAt);
    expect((await call("plans", c)).status).toBe(200);
  });
});

describe("while the shop closed by itself", () => {
  it("says why, with no end time and no Retry-After", async () => {
    const c = await customer();
    for (let i = 0; i <= 5; i++) {
      await h.t.deps.catalog.maintenance.observeAccount(false, 5 * MINUTE);
      clock().advance(MINUTE);
    }
    const res = await call("plans", c);
    expect(res.status).toBe(503);
    expect(res.retryAfter).toBeNull();
    expect(res.body).toMatchObject({
      error: "maintenance",
      message: expect.stringContaining("hosting provider is not answering"),
      ends_at: null,
      ends_at_text: null,
    });
    await h.t.deps.catalog.maintenance.observeAccount(true, 5 * MINUTE);
    expect((await call("plans", c)).status).toBe(200);
  });
});
