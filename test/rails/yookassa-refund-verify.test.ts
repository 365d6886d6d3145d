import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Rail, RailPayment } from "../../src/rails/rail.js";
import { readBody } from "../fakes/http-fake.js";
import { FakeYooKassa } from "../fakes/yookassa-api.js";
import { charge, failureOf, railAgainst } from "./yookassa-kit.js";

let fake: FakeYooKassa;
let rail: Rail;

beforeEach(async () => {
  fake = await new FakeYooKassa().start();
  rail = railAgainst(fake);
});
afterEach(() => fake.stop());

async function paidPayment(key = "order-41"): Promise<RailPayment> {
  const created = await rail.create(charge({ key }));
  fake.pay(created.id);
  return (await rail.get(created.id)) as RailPayment;
}

describe("YooKassa rail: refund", () => {
  it("refunds a paid payment once per key", async () => {
    const payment = await paidPayment();
    const first = await rail.refund?.(payment, "150.00", "refund-order-41");
    expect(first).toEqual({ status: "refunded", id: fake.refunds[0]?.id });
    const sent = fake.seen.find((r) => r.method === "POST" && r.path === "/v3/refunds");
    expect(sent?.headers["idempotence-key"]).toBe("refund-order-41");
    expect(sent?.body).toEqual({ payment_id: payment.id, amount: { value: "150.00", currency: "RUB" } });

    const again = await rail.refund?.(payment, "150.00", "refund-order-41");
    expect(again).toEqual(first);
    expect(fake.refunds).toHaveLength(1);
  });

  it("counts a refund YooKassa has accepted but not finished as refunded", async () => {
    fake.refundStatus = "pending";
    const result = await rail.refund?.(await paidPayment(), "50", "r-1");
    expect(result).toEqual({ status: "refunded", id: fake.refunds[0]?.id });
    expect(fake.refunds[0]?.amount.value).toBe("50.00");
  });

  it("is refused for a pending payment, beyond what is left, and when YooKassa cancels the refund", async () => {
    const pending = await rail.create(charge());
    const early = await rail.refund?.(pending, "150.00", "r-early");
    expect(early?.status).toBe("refused");
    expect(early).toMatchObject({ reason: expect.stringMatching(/^invalid_request .*pending/) });

    const payment = await paidPayment("order-42");
    expect((await rail.refund?.(payment, "100.00", "r-1"))?.status).toBe("refunded");
    expect(await rail.refund?.(payment, "100.00", "r-2")).toMatchObject({
      status: "refused",
      reason: expect.stringContaining("(amount.value)"),
    });

    fake.refundStatus = "canceled";
    expect(await rail.refund?.(payment, "10.00", "r-3")).toEqual({
      status: "refused",
      reason: "general_decline",
    });
    expect(fake.refunds.map((r) => r.status)).toEqual(["succeeded", "canceled"]);
  });

  it("is unclear when YooKassa breaks or the answer is lost, and the retry with the key makes one refund", async () => {
    const payment = await paidPayment();
    fake.failNext("POST", "/v3/refunds", {
      status: 500,
      body: { type: "error", code: "internal_server_error" },
    });
    expect(await rail.refund?.(payment, "150.00", "r-1")).toMatchObject({ status: "unclear" });
    expect(fake.refunds).toHaveLength(0);

    fake.loseAnswerNext("POST", "/v3/refunds", "drop");
    expect(await rail.refund?.(payment, "150.00", "r-1")).toMatchObject({ status: "unclear" });
    expect(fake.refunds).toHaveLength(1);
    expect(await rail.refund?.(payment, "150.00", "r-1")).toEqual({
      status: "refunded",
      id: fake.refunds[0]?.id,
    });
    expect(fake.refunds).toHaveLength(1);
  });
});

describe("YooKassa rail: notifications", () => {
  const note = (body: string) => ({ headers: { "content-type": "application/json" }, body });

  it("names the payment of a payment event", async () => {
    const created = await rail.create(charge());
    fake.pay(created.id);
    expect(rail.verify(note(fake.notificationBody(created.id)))).toEqual([created.id]);
    expect(rail.verify(note(fake.notificationBody(created.id, "payment.canceled")))).toEqual([created.id]);
    expect(rail.verify(note(fake.notificationBody(created.id, "payment.waiting_for_capture")))).toEqual([
      created.id,
    ]);
  });

  it("names no payment for other events (acknowledged), and answers undefined for junk and non-JSON", async () => {
    const created = await rail.create(charge());
    const refundEvent = JSON.stringify({
      type: "notification",
      event: "refund.succeeded",
      object: { id: "216749f7-0016-50be-b000-078d43a63ae4", payment_id: created.id, status: "succeeded" },
    });
    expect(rail.verify(note(refundEvent))).toEqual([]);
    expect(rail.verify(note(fake.notificationBody(created.id, "payout.succeeded")))).toEqual([]);
    expect(rail.verify(note("not json"))).toBeUndefined();
    expect(rail.verify(note(""))).toBeUndefined();
    expect(rail.verify(note("[1,2]"))).toBeUndefined();
    expect(
      rail.verify(note(JSON.stringify({ type: "notification", event: "payment.succeeded" }))),
    ).toBeUndefined();
    expect(
      rail.verify(
        note(JSON.stringify({ type: "notification", event: "payment.succeeded", object: { id: 5 } })),
      ),
    ).toBeUndefined();
    expect(
      rail.verify(
        note(JSON.stringify({ type: "event", event: "payment.succeeded", object: { id: created.id } })),
      ),
    ).toBeUndefined();
  });

  it("takes a forged notification's id only: reading the payment back tells the truth", async () => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const shop: Server = createServer((req, res) => {
      void readBody(req).then((body) => {
        received.push({ headers: req.headers, body: body.toString("utf8") });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
    try {
      const created = await rail.create(charge());
      const url = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/payments/yookassa`;
      expect(await fake.notify(url, created.id, { forgedStatus: "succeeded" })).toBe(200);

      const arrived = received[0];
      expect(JSON.parse(arrived?.body ?? "")).toMatchObject({
        event: "payment.succeeded",
        object: { status: "succeeded" },
      });
      const headers = { "content-type": String(arrived?.headers["content-type"]) };
      const ids = rail.verify({ headers, body: arrived?.body ?? "" });
      expect(ids).toEqual([created.id]);
      expect((await rail.get(created.id))?.status).toBe("pending");
    } finally {
      await new Promise<void>((resolve) => shop.close(() => resolve()));
    }
  });
});

describe("YooKassa rail: probe and transport failures", () => {
  it("probes GET /me with the shop's credentials", async () => {
    expect(await rail.probe()).toBe(true);
    expect(fake.count("GET", "/v3/me")).toBe(1);
    expect(await railAgainst(fake, { secretKey: "test_wrong" }).probe()).toBe(false);
    fake.failNext("GET", "/v3/me", { status: 503, body: {} });
    expect(await rail.probe()).toBe(false);
    fake.failNext("GET", "/v3/me", { status: 200, body: { hello: "world" } });
    expect(await rail.probe()).toBe(false);
  });

  it("is down on a 5xx, a dropped connection, a timeout and an unreadable answer", async () => {
    const created = await rail.create(charge());
    const path = `/v3/payments/${created.id}`;

    fake.failNext("GET", path, { status: 502, body: { type: "error", code: "internal_server_error" } });
    expect(await failureOf(rail.get(created.id))).toMatchObject({ kind: "down", status: 502 });

    fake.loseAnswerNext("GET", path, "drop");
    expect(await failureOf(rail.get(created.id))).toMatchObject({ kind: "down", status: 0 });

    fake.delayNext("GET", path, 400);
    const slow = railAgainst(fake, { timeoutMs: 100 });
    expect(await failureOf(slow.get(created.id))).toMatchObject({ kind: "down", status: 0 });
    await fake.idle();

    fake.failNext("GET", path, { status: 200, body: { id: created.id, status: "paid-ish" } });
    const unreadable = await failureOf(rail.get(created.id));
    expect(unreadable).toMatchObject({ kind: "down", status: 200 });
    expect(unreadable.detail).toMatch(/^unreadable answer: status/);

    fake.failNext("GET", "/v3/payments", { status: 503, body: {} });
    expect(await failureOf(rail.recent(Date.now() - 60_000))).toMatchObject({ kind: "down" });
  });

  it("is refused on a 4xx other than a missing payment", async () => {
    const created = await rail.create(charge());
    fake.failNext("GET", `/v3/payments/${created.id}`, {
      status: 429,
      body: { type: "error", id: "e1", code: "too_many_requests", description: "Slow down" },
    });
    const refused = await failureOf(rail.get(created.id));
    expect(refused).toMatchObject({ kind: "refused", status: 429, detail: "too_many_requests Slow down" });

    fake.failNext("GET", `/v3/payments/${created.id}`, { status: 403, body: "no" });
    expect(await failureOf(rail.get(created.id))).toMatchObject({ kind: "refused", detail: "HTTP 403" });
  });
});

describe("YooKassa rail: what it offers", () => {
  it("takes roubles only, asks for an e-mail with receipts on", () => {
    expect(rail.id).toBe("yookassa");
    expect(rail.name).toBe("YooKassa");
    expect(rail.accepts("RUB")).toBe(true);
    expect(rail.accepts("XTR")).toBe(false);
    expect(rail.accepts("USD")).toBe(false);
    expect(rail.choices).toEqual([{ key: "receipts", kind: "flag", default: false }]);
    expect(rail.needsEmail({ receipts: true })).toBe(true);
    expect(rail.needsEmail({ receipts: false })).toBe(false);
    expect(rail.needsEmail({})).toBe(false);
  });
});
