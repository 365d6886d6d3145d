import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderKeys } from "../../src/domain/books/index.js";
import { INVOICE_TTL_MS } from "../../src/domain/sales/index.js";
import { DAY, HOUR, ManualClock } from "../../src/runtime/clock.js";
import { callback, successfulPayment } from "../fakes/telegram-api.js";
import { createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { buttonsOf } from "../helpers/telegram-views.js";

const clock = new ManualClock(Date.UTC(2026, 0, 1, 12, 0));
let t: TestBot;

beforeAll(async () => {
  // No per-user rate limit here: these tests are about what many presses that get through do.
  t = await createTestBot({ clock, rateLimit: false });
});
afterAll(() => t.close());
beforeEach(() => {
  t.telegram.clear();
});

const customer = newUsers(8900);
const press = (from: User, data: string) => t.send(callback(from, data));

async function orderIdsOf(id: number): Promise<string[]> {
  return t.redis.zrange(orderKeys.byCustomer(id), "0", "-1");
}

/** The order id on the Cancel button of the last confirmation shown. */
function shownOrderId(): string {
  const call = [...t.telegram.calls]
    .reverse()
    .find((c) => c.method === "editMessageText" || c.method === "sendMessage");
  const cancel = buttonsOf(call?.params.reply_markup).find((b) => b.data.startsWith("ord:cancel:"));
  if (!cancel) throw new Error("no order confirmation shown");
  return cancel.data.split(":")[2] ?? "";
}

function invoices() {
  return t.telegram.callsOf("sendInvoice");
}

function alerts(): string[] {
  return t.telegram.callsOf("answerCallbackQuery").map((c) => String(c.params.text ?? ""));
}

describe("one open order per customer and plan", () => {
  it("300 Buy presses make one order, shown every time", async () => {
    const ann = customer();
    const shown = new Set<string>();
    for (let i = 0; i < 300; i++) {
      await press(ann, "buy:go:de-xui");
      shown.add(shownOrderId());
    }
    const ids = await orderIdsOf(ann.id);
    expect(ids.length).toBe(1);
    expect([...shown]).toEqual(ids);
    expect((await t.deps.books.orders.get(ids[0] ?? ""))?.status).toBe("awaiting_payment");
    expect(await t.redis.keys(`order:*`)).not.toHaveLength(0);
  });

  it("another plan is another order; a cancelled order is not reused", async () => {
    const bob = customer();
    await press(bob, "buy:go:de-xui");
    const first = shownOrderId();
    await press(bob, "buy:go:node");
    expect(shownOrderId()).not.toBe(first);
    await press(bob, `ord:cancel:${first}`);
    await press(bob, "buy:go:de-xui");
    const again = shownOrderId();
    expect(again).not.toBe(first);
    expect((await orderIdsOf(bob.id)).length).toBe(3);
  });

  it("Renew pressed again and again makes one renewal order", async () => {
    const cid = customer().id;
    const cal: User = { id: cid, is_bot: false, first_name: "Cal", language_code: "en" };
    await seedCustomer(t.deps, cid);
    const sub = await seedSubscription(t.deps, `seed-${cid}`, {
      customerId: cid,
      expiresAt: clock.now() + 5 * DAY,
      // The hosting side cannot be read here (closed port): the renewal is sold all the same.
      ref: { kind: "xui", serverId: 1, name: `c${cid}` },
    });
    for (let i = 0; i < 5; i++) await press(cal, `my:renew:${sub.id}`);
    const orders = await t.deps.books.orders.ofCustomer(cid, 100);
    expect(orders.filter((o) => o.kind === "renewal").length).toBe(1);
  });

  it("an order older than half an invoice's life is replaced (the old one cancelled), not reused", async () => {
    const dan = customer();
    await press(dan, "buy:go:de-xui");
    const old = shownOrderId();
    clock.advance(INVOICE_TTL_MS / 2 + 1);
    await press(dan, "buy:go:de-xui");
    const fresh = shownOrderId();
    expect(fresh).not.toBe(old);
    expect((await t.deps.books.orders.get(old))?.status).toBe("cancelled");
  });
});

describe("unpaid orders expire and their data is removed", () => {
  it("an unpaid order's record expires in Redis; a paid one is kept", async () => {
    const eve = customer();
    await press(eve, "buy:go:de-xui");
    const id = shownOrderId();
    const ttl = await t.redis.pttl(orderKeys.order(id));
    expect(ttl).toBeGreaterThan(INVOICE_TTL_MS);
    expect(ttl).toBeLessThanOrEqual(INVOICE_TTL_MS + HOUR);

    await t.deps.books.wallet.credit(eve.id, 150, `test:flood:${eve.id}`, { kind: "admin-credit" });
    await press(eve, `ord:bal:${id}`);
    expect((await t.deps.books.orders.get(id))?.status).toBe("paid");
    expect(await t.redis.pttl(orderKeys.order(id))).toBe(-1);
  });

  it("an expired unpaid order is removed with its index entries", async () => {
    const fay = customer();
    await press(fay, "buy:go:de-xui");
    const id = shownOrderId();
    clock.advance(INVOICE_TTL_MS + HOUR + 1);
    // Any later purchase cleans up what has expired (here the same customer's).
    await press(fay, "buy:go:node");
    expect(await t.redis.exists(orderKeys.order(id))).toBe(0);
    expect(await orderIdsOf(fay.id)).not.toContain(id);
    expect((await t.deps.books.orders.ofCustomer(fay.id)).map((o) => o.id)).not.toContain(id);
  });

  it("a payment arriving for an expired (removed) order still ends in the wallet", async () => {
    const gus = customer();
    await press(gus, "buy:go:de-xui");
    const id = shownOrderId();
    await press(gus, `ord:inv:${id}`);
    const invoice = invoices().at(-1);
    expect(invoice?.params.payload).toBe(`o:${id}`);
    clock.advance(INVOICE_TTL_MS + HOUR + 1);
    await press(customer(), "buy:go:de-xui"); // someone else's purchase sweeps the expired order
    expect(await t.redis.exists(orderKeys.order(id))).toBe(0);

    await t.send(successfulPayment(gus, `o:${id}`, 150, "XTR", `charge-expired-${gus.id}`));
    expect(await t.deps.books.wallet.balance(gus.id)).toBe(150);
    expect(await t.redis.exists(orderKeys.order(id))).toBe(0);
  });
});

describe("one live invoice per order and top-up amount", () => {
  it("50 top-up presses of one amount send one invoice; after it is paid a new one can be had", async () => {
    const hal = customer();
    for (let i = 0; i < 50; i++) await press(hal, "wallet:top:100");
    expect(invoices().length).toBe(1);
    expect(alerts().filter((a) => a.includes("invoice")).length).toBe(49);
    const payload = String(invoices()[0]?.params.payload);
    expect(await t.redis.keys("topup:*")).toContain(`topup:${payload.slice(2)}`);

    await t.send(successfulPayment(hal, payload, 100, "XTR", `charge-topup-${hal.id}`));
    expect(await t.deps.books.wallet.balance(hal.id)).toBe(100);
    await press(hal, "wallet:top:100");
    expect(invoices().length).toBe(2);
    expect(invoices()[1]?.params.payload).not.toBe(payload);
  });

  it("another amount gets its own invoice", async () => {
    const ian = customer();
    await press(ian, "wallet:top:100");
    await press(ian, "wallet:top:250");
    await press(ian, "wallet:top:100");
    expect(invoices().map((c) => c.params.prices)).toEqual([
      [{ label: "100 ⭐", amount: 100 }],
      [{ label: "250 ⭐", amount: 250 }],
    ]);
  });

  it("50 'Pay by invoice' presses send one invoice for the order", async () => {
    const jo = customer();
    await press(jo, "buy:go:de-xui");
    const id = shownOrderId();
    for (let i = 0; i < 50; i++) await press(jo, `ord:inv:${id}`);
    expect(invoices().length).toBe(1);
  });
});
