import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fetch } from "undici";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readBody } from "./http-fake.js";
import { FakeYooKassa } from "./yookassa-api.js";

/** The fake as any YooKassa client would meet it: raw HTTP, not through the rail. */

let fake: FakeYooKassa;

beforeEach(async () => {
  fake = await new FakeYooKassa().start();
});
afterEach(() => fake.stop());

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function call(
  method: "GET" | "POST",
  path: string,
  opts: { body?: unknown; key?: string; auth?: string } = {},
): Promise<Answer> {
  const auth = opts.auth ?? `${fake.shopId}:${fake.secretKey}`;
  const headers: Record<string, string> = { authorization: `Basic ${Buffer.from(auth).toString("base64")}` };
  if (opts.key) headers["idempotence-key"] = opts.key;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${fake.url}/v3${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const newPayment = (over: Record<string, unknown> = {}) => ({
  amount: { value: "100.00", currency: "RUB" },
  capture: true,
  confirmation: { type: "redirect", return_url: "https://t.me/shop_bot" },
  ...over,
});

async function created(key: string, over: Record<string, unknown> = {}): Promise<string> {
  const answer = await call("POST", "/payments", { key, body: newPayment(over) });
  expect(answer.status).toBe(200);
  return String(answer.body.id);
}

describe("FakeYooKassa: the door", () => {
  it("answers 401 with an error body to wrong credentials", async () => {
    const answer = await call("GET", "/me", { auth: `${fake.shopId}:test_wrong` });
    expect(answer).toMatchObject({ status: 401, body: { type: "error", code: "invalid_credentials" } });
    expect(answer.body.id).toEqual(expect.any(String));
    expect((await call("GET", "/me")).body).toMatchObject({ account_id: fake.shopId, test: true });
  });

  it("asks an Idempotence-Key of every POST, of at most 64 characters", async () => {
    const bare = await call("POST", "/payments", { body: newPayment() });
    expect(bare).toMatchObject({
      status: 400,
      body: { code: "invalid_request", parameter: "Idempotence-Key" },
    });
    const long = await call("POST", "/payments", { key: "k".repeat(65), body: newPayment() });
    expect(long).toMatchObject({ status: 400, body: { parameter: "Idempotence-Key" } });
    expect(fake.payments.size).toBe(0);
  });

  it("answers the same request with the same key once, and refuses the key with another request", async () => {
    const first = await call("POST", "/payments", { key: "k1", body: newPayment() });
    fake.pay(String(first.body.id));
    const again = await call("POST", "/payments", { key: "k1", body: newPayment() });
    expect(again).toEqual(first);
    expect(fake.payments.size).toBe(1);

    const other = await call("POST", "/payments", {
      key: "k1",
      body: newPayment({ amount: { value: "200.00", currency: "RUB" } }),
    });
    expect(other).toMatchObject({
      status: 400,
      body: { code: "invalid_request", parameter: "Idempotence-Key" },
    });
    expect(fake.payments.size).toBe(1);
  });
});

describe("FakeYooKassa: payments", () => {
  it.each([
    ["100", "amount.value"],
    ["100.001", "amount.value"],
    ["0.00", "amount.value"],
    ["-1.00", "amount.value"],
  ])("refuses the sum %s", async (value, parameter) => {
    const answer = await call("POST", "/payments", {
      key: `k-${value}`,
      body: newPayment({ amount: { value, currency: "RUB" } }),
    });
    expect(answer).toMatchObject({ status: 400, body: { code: "invalid_request", parameter } });
  });

  it("refuses a currency the shop does not take, a missing return_url and oversized metadata", async () => {
    const usd = await call("POST", "/payments", {
      key: "a",
      body: newPayment({ amount: { value: "1.00", currency: "USD" } }),
    });
    expect(usd).toMatchObject({ status: 400, body: { parameter: "amount.currency" } });
    const noReturn = await call("POST", "/payments", {
      key: "b",
      body: newPayment({ confirmation: { type: "redirect" } }),
    });
    expect(noReturn).toMatchObject({ status: 400, body: { parameter: "confirmation.return_url" } });
    const metadata = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, "v"]));
    expect((await call("POST", "/payments", { key: "c", body: newPayment({ metadata }) })).status).toBe(400);
    expect(fake.payments.size).toBe(0);
  });

  it("checks a receipt: a customer to send it to, lines adding up to the payment", async () => {
    const line = {
      description: "VPN",
      quantity: 1,
      amount: { value: "100.00", currency: "RUB" },
      vat_code: 1,
    };
    const noCustomer = await call("POST", "/payments", {
      key: "a",
      body: newPayment({ receipt: { customer: {}, items: [line] } }),
    });
    expect(noCustomer).toMatchObject({ status: 400, body: { parameter: "receipt.customer" } });
    const short = await call("POST", "/payments", {
      key: "b",
      body: newPayment({
        receipt: {
          customer: { email: "a@b.example" },
          items: [{ ...line, amount: { value: "99.00", currency: "RUB" } }],
        },
      }),
    });
    expect(short).toMatchObject({ status: 400, body: { parameter: "receipt.items" } });
    const good = await call("POST", "/payments", {
      key: "c",
      body: newPayment({ receipt: { customer: { email: "a@b.example" }, items: [line] } }),
    });
    expect(good).toMatchObject({ status: 200, body: { receipt_registration: "pending" } });

    fake.fiscalization = true;
    expect(await call("POST", "/payments", { key: "d", body: newPayment() })).toMatchObject({
      status: 400,
      body: { parameter: "receipt" },
    });
  });

  it("shows the confirmation only while pending, and lets the shop cancel only a held payment", async () => {
    const id = await created("a");
    expect((await call("GET", `/payments/${id}`)).body).toMatchObject({
      status: "pending",
      confirmation: { type: "redirect", confirmation_url: expect.stringContaining(id) },
    });
    expect((await call("POST", `/payments/${id}/cancel`, { key: "c1", body: {} })).status).toBe(400);
    fake.hold(id);
    const held = await call("GET", `/payments/${id}`);
    expect(held.body).toMatchObject({
      status: "waiting_for_capture",
      paid: true,
      expires_at: expect.any(String),
    });
    expect(held.body).not.toHaveProperty("confirmation");
    const cancelled = await call("POST", `/payments/${id}/cancel`, { key: "c2", body: {} });
    expect(cancelled.body).toMatchObject({ status: "canceled", cancellation_details: { party: "merchant" } });
    expect((await call("GET", "/payments/nope")).status).toBe(404);
  });

  it("lists newest first, a page at a time, within the time asked", async () => {
    const base = Date.parse("2030-01-01T00:00:00.000Z");
    fake.addPayment({ createdAtMs: base - 1 });
    const ids = Array.from({ length: 5 }, (_, i) => fake.addPayment({ createdAtMs: base + (i % 3) }).id);
    const expected = [ids[2], ids[4], ids[1], ids[3], ids[0]];
    const gte = new Date(base).toISOString();

    const seenIds: unknown[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const query = `?created_at.gte=${gte}&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const answer = await call("GET", `/payments${query}`);
      expect(answer.body.type).toBe("list");
      seenIds.push(...(answer.body.items as { id: string }[]).map((p) => p.id));
      cursor = answer.body.next_cursor as string | undefined;
      if (!cursor) break;
    }
    expect(seenIds).toEqual(expected);

    expect((await call("GET", "/payments?limit=101")).status).toBe(400);
    expect((await call("GET", "/payments?cursor=junk")).status).toBe(400);
    expect((await call("GET", "/payments?created_at.gte=yesterday")).status).toBe(400);
  });
});

describe("FakeYooKassa: refunds", () => {
  it("refunds a succeeded payment up to its amount, once per key", async () => {
    const id = await created("p");
    const refund = (key: string, value: string) =>
      call("POST", "/refunds", { key, body: { payment_id: id, amount: { value, currency: "RUB" } } });

    expect(await refund("r0", "10.00")).toMatchObject({ status: 400, body: { parameter: "payment_id" } });
    fake.pay(id);
    const first = await refund("r1", "60.00");
    expect(first).toMatchObject({ status: 200, body: { payment_id: id, status: "succeeded" } });
    expect(await refund("r1", "60.00")).toEqual(first);
    expect(await refund("r2", "50.00")).toMatchObject({ status: 400, body: { parameter: "amount.value" } });

    fake.refundStatus = "canceled";
    expect((await refund("r3", "40.00")).body).toMatchObject({ status: "canceled" });
    fake.refundStatus = "succeeded";
    expect((await refund("r4", "40.00")).body).toMatchObject({ status: "succeeded" });
    expect((await call("GET", `/payments/${id}`)).body).toMatchObject({
      refundable: false,
      refunded_amount: { value: "100.00" },
    });
    expect(fake.refunds.map((r) => r.amount.value)).toEqual(["60.00", "40.00", "40.00"]);
  });
});

describe("FakeYooKassa: notifications", () => {
  it("posts a notification, a forged one claiming what the API does not say", async () => {
    const bodies: string[] = [];
    const shop = createServer((req, res) => {
      void readBody(req).then((body) => {
        bodies.push(body.toString("utf8"));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
    try {
      const id = await created("p");
      const url = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/payments/yookassa`;
      expect(await fake.notify(url, id, { forgedStatus: "succeeded" })).toBe(204);
      expect(JSON.parse(bodies[0] ?? "")).toMatchObject({
        type: "notification",
        event: "payment.succeeded",
        object: { id, status: "succeeded", paid: true },
      });
      expect((await call("GET", `/payments/${id}`)).body).toMatchObject({ status: "pending", paid: false });

      fake.cancel(id);
      await fake.notify(url, id);
      expect(JSON.parse(bodies[1] ?? "")).toMatchObject({
        event: "payment.canceled",
        object: { status: "canceled" },
      });
    } finally {
      await new Promise<void>((resolve) => shop.close(() => resolve()));
    }
  });
});
