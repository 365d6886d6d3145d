import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Rail, RailPayment } from "../../src/rails/rail.js";
import { FakeYooKassa } from "../fakes/yookassa-api.js";
import { charge, failureOf, railAgainst } from "./yookassa-kit.js";

let fake: FakeYooKassa;
let rail: Rail;

const lastPost = (path: string) => fake.seen.filter((r) => r.method === "POST" && r.path === path).at(-1);

beforeEach(async () => {
  fake = await new FakeYooKassa().start();
  rail = railAgainst(fake);
});
afterEach(() => fake.stop());

describe("YooKassa rail: create", () => {
  it("creates a paid-at-once redirect payment carrying the shop's ref, with Basic auth and the key", async () => {
    const before = Date.now();
    const payment = await rail.create(charge());

    const sent = lastPost("/v3/payments");
    const basic = `Basic ${Buffer.from(`${fake.shopId}:${fake.secretKey}`).toString("base64")}`;
    expect(sent?.headers.authorization).toBe(basic);
    expect(sent?.headers["idempotence-key"]).toBe("order-41-try-1");
    expect(sent?.body).toEqual({
      amount: { value: "150.00", currency: "RUB" },
      capture: true,
      confirmation: { type: "redirect", return_url: "https://t.me/shop_bot" },
      description: "VPN, 30 days",
      metadata: { payload: "o:41", payer: "777000111" },
    });

    expect(payment).toMatchObject({
      status: "pending",
      amount: "150.00",
      currency: "RUB",
      ref: { payload: "o:41", payerId: 777_000_111 },
      paidAt: undefined,
    });
    expect(fake.payments.has(payment.id)).toBe(true);
    expect(payment.payUrl).toContain(payment.id);
    expect(payment.createdAt).toBeGreaterThanOrEqual(before - 1);
    expect(JSON.parse(payment.raw)).toMatchObject({ id: payment.id, recipient: { account_id: fake.shopId } });
  });

  it("adds a 54-FZ receipt only when the charge carries the customer's e-mail", async () => {
    await rail.create(charge({ prefs: { receipts: true } }));
    expect(lastPost("/v3/payments")?.body).not.toHaveProperty("receipt");

    await rail.create(
      charge({ key: "order-42", prefs: { receipts: true }, receipt: { email: "a@b.example", item: "VPN" } }),
    );
    expect(lastPost("/v3/payments")?.body).toMatchObject({
      receipt: {
        customer: { email: "a@b.example" },
        items: [
          {
            description: "VPN",
            quantity: 1,
            amount: { value: "150.00", currency: "RUB" },
            vat_code: 1,
            payment_mode: "full_payment",
            payment_subject: "service",
          },
        ],
      },
    });
  });

  it("cuts the description and the receipt line to 128 without splitting a character", async () => {
    const long = "😀".repeat(100);
    await rail.create(
      charge({ description: long, receipt: { email: "a@b.example", item: "x".repeat(300) } }),
    );
    const body = lastPost("/v3/payments")?.body as {
      description: string;
      receipt: { items: { description: string }[] };
    };
    expect(body.description).toBe("😀".repeat(64));
    expect(body.receipt.items[0]?.description).toBe("x".repeat(128));
  });

  it("writes the sum with two digits after the point", async () => {
    const payment = await rail.create(charge({ amount: "150" }));
    expect(payment.amount).toBe("150.00");
    expect(lastPost("/v3/payments")?.body).toMatchObject({ amount: { value: "150.00" } });
  });

  it.each(["drop", undefined] as const)(
    "a create whose answer is lost (%s) is down, and its retry with the same key gets the same payment",
    async (how) => {
      fake.loseAnswerNext("POST", "/v3/payments", how);
      const lost = await failureOf(rail.create(charge()));
      expect(lost.kind).toBe("down");
      expect(fake.payments.size).toBe(1);

      const again = await rail.create(charge());
      expect(fake.payments.size).toBe(1);
      expect(again.id).toBe([...fake.payments.keys()][0]);
    },
  );

  it("fits a key longer than YooKassa takes, the same way every time", async () => {
    const key = `order-41-${"k".repeat(100)}`;
    const first = await rail.create(charge({ key }));
    const second = await rail.create(charge({ key }));
    expect(second.id).toBe(first.id);
    expect(fake.payments.size).toBe(1);
    expect(lastPost("/v3/payments")?.headers["idempotence-key"]).toMatch(/^[0-9a-f]{64}$/);
  });

  it("is refused with YooKassa's code and description when the API says no", async () => {
    const refused = await failureOf(rail.create(charge({ currency: "USD" })));
    expect(refused).toMatchObject({ kind: "refused", status: 400 });
    expect(refused.detail).toMatch(/^invalid_request .*USD.*\(amount\.currency\)$/);

    const wrongKey = await failureOf(railAgainst(fake, { secretKey: "test_wrong" }).create(charge()));
    expect(wrongKey).toMatchObject({ kind: "refused", status: 401 });
    expect(wrongKey.detail).toMatch(/^invalid_credentials/);
  });
});

describe("YooKassa rail: reading payments back", () => {
  it("maps each YooKassa status", async () => {
    const now = Date.now();
    const paid = await rail.create(charge({ key: "a" }));
    fake.pay(paid.id);
    const cancelled = await rail.create(charge({ key: "b" }));
    fake.cancel(cancelled.id);
    const held = await rail.create(charge({ key: "c" }));
    fake.hold(held.id);
    const lapsed = fake.addPayment({ expiresAtMs: now - 1_000 });
    const lapsedHold = fake.addPayment({ status: "waiting_for_capture" });
    lapsedHold.expiresAtMs = now - 1_000;

    const gotPaid = await rail.get(paid.id);
    expect(gotPaid).toMatchObject({ status: "paid", payUrl: undefined });
    expect(gotPaid?.paidAt).toBe(fake.payments.get(paid.id)?.capturedAtMs);
    expect((await rail.get(cancelled.id))?.status).toBe("cancelled");
    expect((await rail.get(held.id))?.status).toBe("pending");
    expect((await rail.get(lapsed.id))?.status).toBe("expired");
    expect((await rail.get(lapsedHold.id))?.status).toBe("expired");
  });

  it("reports the sum actually paid and keeps the JSON as received", async () => {
    const created = await rail.create(charge());
    fake.pay(created.id, { amount: "1.00" });
    const got = (await rail.get(created.id)) as RailPayment;
    expect(got).toMatchObject({ status: "paid", amount: "1.00", currency: "RUB" });
    expect(JSON.parse(got.raw)).toMatchObject({ id: created.id, test: true, amount: { value: "1.00" } });
  });

  it("reads the ref back only when the metadata is the shop's and whole", async () => {
    const refOf = async (metadata: Record<string, unknown>) =>
      (await rail.get(fake.addPayment({ metadata }).id))?.ref;
    expect(await refOf({ payload: "t:9", payer: "42", other: "x" })).toEqual({ payload: "t:9", payerId: 42 });
    expect(await refOf({})).toBeUndefined();
    expect(await refOf({ payload: "t:9" })).toBeUndefined();
    expect(await refOf({ payload: "t:9", payer: "abc" })).toBeUndefined();
    expect(await refOf({ payload: "t:9", payer: "-5" })).toBeUndefined();
    expect(await refOf({ payload: "t:9", payer: "9999999999999999" })).toBeUndefined();
    expect(await refOf({ payload: 9, payer: "42" })).toBeUndefined();
    expect(await refOf({ payload: "", payer: "42" })).toBeUndefined();
  });

  it("answers undefined for a payment YooKassa does not know", async () => {
    expect(await rail.get("2f3b588d-000f-5000-8000-000000000000")).toBeUndefined();
  });

  it("lists the payments since a time, newest first, across pages", async () => {
    const since = Date.now() - 3_600_000;
    for (let i = 0; i < 3; i++) fake.addPayment({ createdAtMs: since - 86_400_000 - i });
    for (let i = 0; i < 250; i++) fake.addPayment({ createdAtMs: since + i * 1_000 });

    const found = await rail.recent(since);
    expect(found).toHaveLength(250);
    expect(new Set(found.map((p) => p.id)).size).toBe(250);
    expect(found[0]?.createdAt).toBe(since + 249_000);
    expect(found.at(-1)?.createdAt).toBe(since);
    expect(found.every((p, i) => i === 0 || (found[i - 1]?.createdAt ?? 0) > p.createdAt)).toBe(true);

    const lists = fake.seen.filter((r) => r.method === "GET" && r.path === "/v3/payments");
    expect(lists).toHaveLength(3);
    expect(lists.map((r) => r.query.get("limit"))).toEqual(["100", "100", "100"]);
    expect(lists[0]?.query.get("created_at.gte")).toBe(new Date(since).toISOString());
    expect(lists[0]?.query.has("cursor")).toBe(false);
    expect(lists[2]?.query.get("cursor")).toBeTruthy();
  });

  it("stops after 20 pages", async () => {
    const since = Date.now() - 3_600_000;
    for (let i = 0; i < 2_050; i++) fake.addPayment({ createdAtMs: since + i });
    expect(await rail.recent(since)).toHaveLength(2_000);
    expect(fake.count("GET", "/v3/payments")).toBe(20);
  });
});

describe("YooKassa rail: close", () => {
  it("cancels a payment held for capture, with an idempotence key", async () => {
    const created = await rail.create(charge());
    fake.hold(created.id);
    await rail.close(created.id);
    expect(fake.payments.get(created.id)?.status).toBe("canceled");
    expect(lastPost(`/v3/payments/${created.id}/cancel`)?.headers["idempotence-key"]).toBeTruthy();
    expect((await rail.get(created.id))?.status).toBe("cancelled");
  });

  it("leaves a pending, a paid and an unknown payment alone, without an error", async () => {
    const pending = await rail.create(charge({ key: "a" }));
    const paid = await rail.create(charge({ key: "b" }));
    fake.pay(paid.id);
    await rail.close(pending.id);
    await rail.close(paid.id);
    await rail.close("2f3b588d-000f-5000-8000-000000000000");
    expect(fake.payments.get(pending.id)?.status).toBe("pending");
    expect(fake.payments.get(paid.id)?.status).toBe("succeeded");
    expect(fake.seen.filter((r) => r.path.endsWith("/cancel"))).toEqual([]);
  });
});
