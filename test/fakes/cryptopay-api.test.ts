import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { fetch } from "undici";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeCryptoPay } from "./cryptopay-api.js";
import { readBody } from "./http-fake.js";

/** The fake's own behaviour, over raw HTTP: what the rail's tests lean on. */

const fake = new FakeCryptoPay();

interface Answer {
  status: number;
  json: { ok: boolean; result?: unknown; error?: { code: number; name: string } };
}

async function call(
  method: string,
  params: Record<string, unknown> = {},
  token = fake.token,
): Promise<Answer> {
  const response = await fetch(`${fake.apiUrl}/${method}`, {
    method: "POST",
    headers: { "content-type": "application/json", "crypto-pay-api-token": token },
    body: JSON.stringify(params),
  });
  return { status: response.status, json: (await response.json()) as Answer["json"] };
}

const errorName = async (method: string, params: Record<string, unknown>) => {
  const answer = await call(method, params);
  expect(answer.json.ok).toBe(false);
  expect(answer.status).toBe(answer.json.error?.code);
  return answer.json.error?.name;
};

const fiatInvoice = { currency_type: "fiat", fiat: "USD", amount: "12.50" };

beforeAll(async () => {
  await fake.start();
});

afterAll(async () => {
  await fake.stop();
});

beforeEach(() => {
  fake.invoices.clear();
});

describe("FakeCryptoPay", () => {
  it("answers 401 UNAUTHORIZED to a wrong or missing token", async () => {
    const wrong = await call("getMe", {}, "1:wrong");
    expect(wrong).toEqual({ status: 401, json: { ok: false, error: { code: 401, name: "UNAUTHORIZED" } } });
    const missing = await fetch(`${fake.apiUrl}/getMe`);
    expect(missing.status).toBe(401);
    expect((await call("getMe")).json.ok).toBe(true);
  });

  it("answers an unknown method with 405 METHOD_NOT_FOUND", async () => {
    expect(await errorName("getCoffee", {})).toBe("METHOD_NOT_FOUND");
  });

  it("creates a fiat invoice with the fields it was given and an expiration date", async () => {
    fake.now = () => Date.parse("2026-01-01T00:00:00Z");
    try {
      const answer = await call("createInvoice", {
        ...fiatInvoice,
        accepted_assets: "USDT,BTC",
        payload: "p",
        expires_in: 60,
        paid_btn_name: "callback",
        paid_btn_url: "https://t.me/shop_bot",
        allow_comments: false,
      });
      expect(answer.status).toBe(200);
      expect(answer.json.result).toMatchObject({
        status: "active",
        currency_type: "fiat",
        fiat: "USD",
        amount: "12.50",
        accepted_assets: ["USDT", "BTC"],
        payload: "p",
        allow_comments: false,
        created_at: "2026-01-01T00:00:00.000Z",
        expiration_date: "2026-01-01T00:01:00.000Z",
      });
    } finally {
      fake.now = () => Date.now();
    }
  });

  it("refuses what the reference does not allow", async () => {
    expect(await errorName("createInvoice", { ...fiatInvoice, amount: "-1" })).toBe("AMOUNT_INVALID");
    expect(await errorName("createInvoice", { ...fiatInvoice, amount: "0" })).toBe("AMOUNT_INVALID");
    expect(await errorName("createInvoice", { ...fiatInvoice, amount: "1e3" })).toBe("AMOUNT_INVALID");
    expect(await errorName("createInvoice", { ...fiatInvoice, fiat: "XTR" })).toBe("FIAT_INVALID");
    expect(await errorName("createInvoice", { ...fiatInvoice, accepted_assets: "USDT,DOGE" })).toBe(
      "ACCEPTED_ASSETS_INVALID",
    );
    expect(await errorName("createInvoice", { ...fiatInvoice, accepted_assets: ["USDT"] })).toBe(
      "ACCEPTED_ASSETS_INVALID",
    );
    expect(await errorName("createInvoice", { ...fiatInvoice, expires_in: 0 })).toBe("EXPIRES_IN_INVALID");
    expect(await errorName("createInvoice", { ...fiatInvoice, expires_in: 2_678_401 })).toBe(
      "EXPIRES_IN_INVALID",
    );
    expect(await errorName("createInvoice", { ...fiatInvoice, payload: "x".repeat(4097) })).toBe(
      "PAYLOAD_TOO_LONG",
    );
    expect(await errorName("createInvoice", { ...fiatInvoice, description: "d".repeat(1025) })).toBe(
      "DESCRIPTION_TOO_LONG",
    );
    expect(await errorName("createInvoice", { ...fiatInvoice, paid_btn_name: "returnHome" })).toBe(
      "PAID_BTN_NAME_INVALID",
    );
    expect(await errorName("createInvoice", { ...fiatInvoice, paid_btn_name: "callback" })).toBe(
      "PAID_BTN_URL_INVALID",
    );
    expect(await errorName("createInvoice", { amount: "1", asset: "DOGE" })).toBe("ASSET_INVALID");
    expect(fake.invoices.size).toBe(0);
    // At the bounds it takes them.
    const edge = await call("createInvoice", {
      ...fiatInvoice,
      payload: "x".repeat(4096),
      description: "d".repeat(1024),
      expires_in: 2_678_400,
    });
    expect(edge.json.ok).toBe(true);
  });

  it("lists invoices newest first, by ids, status, offset and count", async () => {
    const [a, b, c] = [fake.addInvoice(), fake.addInvoice(), fake.addInvoice()];
    fake.pay(b.invoice_id);
    const ids = (answer: Answer) =>
      (answer.json.result as { items: { invoice_id: number }[] }).items.map((i) => i.invoice_id);
    expect(ids(await call("getInvoices"))).toEqual([c.invoice_id, b.invoice_id, a.invoice_id]);
    expect(ids(await call("getInvoices", { invoice_ids: `${a.invoice_id},${c.invoice_id}` }))).toEqual([
      c.invoice_id,
      a.invoice_id,
    ]);
    expect(ids(await call("getInvoices", { status: "paid" }))).toEqual([b.invoice_id]);
    expect(ids(await call("getInvoices", { offset: 1, count: 1 }))).toEqual([b.invoice_id]);
    const byQuery = await fetch(`${fake.apiUrl}/getInvoices?invoice_ids=${b.invoice_id}`, {
      headers: { "crypto-pay-api-token": fake.token },
    });
    expect(ids({ status: byQuery.status, json: (await byQuery.json()) as Answer["json"] })).toEqual([
      b.invoice_id,
    ]);
    expect(await errorName("getInvoices", { count: 1001 })).toBe("COUNT_INVALID");
    expect(await errorName("getInvoices", { invoice_ids: "1,x" })).toBe("INVOICE_IDS_INVALID");
  });

  it("deletes an unpaid invoice, not a paid or an unknown one", async () => {
    const [open, paid] = [fake.addInvoice(), fake.addInvoice()];
    fake.pay(paid.invoice_id);
    expect((await call("deleteInvoice", { invoice_id: open.invoice_id })).json).toEqual({
      ok: true,
      result: true,
    });
    expect(fake.invoices.has(open.invoice_id)).toBe(false);
    expect(await errorName("deleteInvoice", { invoice_id: paid.invoice_id })).toBe("INVOICE_PAID");
    expect(await errorName("deleteInvoice", { invoice_id: open.invoice_id })).toBe("INVOICE_NOT_FOUND");
  });

  it("pays with the first accepted asset, or reports another price when told to", async () => {
    const invoice = fake.addInvoice({ amount: "10", accepted_assets: ["TON", "USDT"] });
    fake.pay(invoice.invoice_id, { amount: "9.99" });
    expect(fake.invoice(invoice.invoice_id)).toMatchObject({
      status: "paid",
      amount: "9.99",
      paid_asset: "TON",
      paid_amount: "1.99800000",
    });
    expect(() => fake.pay(invoice.invoice_id)).toThrow(/is paid/);
    expect(() => fake.expire(invoice.invoice_id)).toThrow(/is paid/);
  });

  it("signs as the reference says: HMAC-SHA-256 keyed with SHA-256 of the token (openssl's answer)", () => {
    // printf '%s' '{"update_id":1}' | openssl dgst -sha256 -mac HMAC -macopt hexkey:$(printf '%s' '1234:AAtest' | openssl dgst -sha256 -hex)
    expect(fake.sign('{"update_id":1}', "1234:AAtest")).toBe(
      "01effa9f98da90c8d5addfb20c6b885124ee4dc71a6ead7f07071cc9c288a068",
    );
  });

  it("delivers the invoice_paid update, signed or forged, and returns the receiver's status", async () => {
    const received: { body: string; signature: string | undefined }[] = [];
    const receiver = createServer(async (req: IncomingMessage, res) => {
      const body = (await readBody(req)).toString("utf8");
      const signature = req.headers["crypto-pay-api-signature"] as string | undefined;
      received.push({ body, signature });
      res.writeHead(signature === fake.sign(body) ? 200 : 401).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/payments/cryptopay`;
    try {
      const invoice = fake.pay(fake.addInvoice().invoice_id);
      expect(await fake.deliverWebhook(url, invoice.invoice_id)).toBe(200);
      expect(await fake.deliverWebhook(url, invoice.invoice_id, { forge: true })).toBe(401);
      const update = JSON.parse(received[0]?.body ?? "{}");
      expect(update).toMatchObject({
        update_type: "invoice_paid",
        payload: { invoice_id: invoice.invoice_id },
      });
      expect(received[1]?.body).not.toBe(received[0]?.body); // a new update_id each time
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
