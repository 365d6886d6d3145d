import { fetch } from "undici";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cryptoPayRail } from "../../src/rails/cryptopay/index.js";
import { CryptoPayRail } from "../../src/rails/cryptopay/rail.js";
import type { Rail, RailCharge } from "../../src/rails/index.js";
import { FakeCryptoPay } from "../fakes/cryptopay-api.js";

/** The CryptoBot rail against FakeCryptoPay over real HTTP: creating, reading back, listing, closing. */

const fake = new FakeCryptoPay();
let rail: Rail;

const HOUR_MS = 3_600_000;

function charge(fields: Partial<RailCharge> = {}): RailCharge {
  return {
    key: "order-1",
    ref: { payload: "o:ord-1", payerId: 4242 },
    amount: "150.00",
    currency: "RUB",
    description: "VPN, 30 days",
    lifeSeconds: 900,
    returnUrl: "https://t.me/shop_bot",
    prefs: {},
    ...fields,
  };
}

/** The parameters of the last createInvoice the fake saw. */
const lastCreate = () => {
  const request = fake.seen.filter((r) => r.path === "/api/createInvoice").at(-1);
  return request?.body as Record<string, unknown>;
};

beforeAll(async () => {
  await fake.start();
  rail = cryptoPayRail.configure({ CRYPTOPAY_TOKEN: fake.token, CRYPTOPAY_API_URL: fake.apiUrl })!.build();
});

afterAll(async () => {
  await fake.stop();
});

beforeEach(() => {
  fake.invoices.clear();
  fake.seen.length = 0;
  fake.disarm();
});

describe("what the rail is", () => {
  it("is CryptoBot, takes Crypto Pay's fiat codes and never Stars, needs no e-mail, has no refunds", () => {
    expect([rail.id, rail.name]).toEqual(["cryptopay", "CryptoBot"]);
    for (const code of ["USD", "EUR", "RUB", "UAH", "KZT", "ILS"])
      expect(rail.accepts(code), code).toBe(true);
    for (const code of ["XTR", "JPY", "USDT", ""]) expect(rail.accepts(code), code).toBe(false);
    expect(rail.needsEmail({})).toBe(false);
    expect(rail.refund).toBeUndefined();
    expect(rail.choices).toEqual([
      {
        key: "assets",
        kind: "set",
        values: ["USDT", "TON", "BTC", "ETH", "LTC", "BNB", "TRX", "USDC"],
        defaults: ["USDT", "TON"],
      },
    ]);
  });
});

describe("create", () => {
  it("asks for a fiat invoice carrying the ref, with the token, and returns it pending", async () => {
    const payment = await rail.create(charge());
    const request = fake.seen.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.headers["crypto-pay-api-token"]).toBe(fake.token);
    expect(lastCreate()).toEqual({
      currency_type: "fiat",
      fiat: "RUB",
      accepted_assets: "USDT,TON",
      amount: "150.00",
      description: "VPN, 30 days",
      payload: JSON.stringify({ payload: "o:ord-1", payerId: 4242 }),
      expires_in: 900,
      allow_comments: false,
      paid_btn_name: "callback",
      paid_btn_url: "https://t.me/shop_bot",
    });
    const made = fake.invoice(payment.id);
    expect(payment).toEqual({
      id: String(made.invoice_id),
      status: "pending",
      amount: "150.00",
      currency: "RUB",
      ref: { payload: "o:ord-1", payerId: 4242 },
      payUrl: made.bot_invoice_url,
      createdAt: Date.parse(made.created_at),
      paidAt: undefined,
      raw: JSON.stringify(made),
    });
  });

  it("accepts the assets the admin chose, in the API's order; the defaults when none (known) is chosen", async () => {
    await rail.create(charge({ prefs: { assets: ["BTC", "USDT"] } }));
    expect(lastCreate().accepted_assets).toBe("USDT,BTC");
    await rail.create(charge({ prefs: { assets: ["DOGE", "LTC"] } }));
    expect(lastCreate().accepted_assets).toBe("LTC");
    for (const assets of [[], ["DOGE"], true]) {
      await rail.create(charge({ prefs: { assets } }));
      expect(lastCreate().accepted_assets, JSON.stringify(assets)).toBe("USDT,TON");
    }
  });

  it("keeps the life and the description within the API's bounds", async () => {
    await rail.create(charge({ lifeSeconds: 40 * 86_400, description: "é".repeat(1500) }));
    expect(lastCreate().expires_in).toBe(2_678_400);
    expect(lastCreate().description).toBe("é".repeat(1024));
    await rail.create(charge({ lifeSeconds: 0 }));
    expect(lastCreate().expires_in).toBe(1);
    await rail.create(charge({ lifeSeconds: 90.7 }));
    expect(lastCreate().expires_in).toBe(90);
    expect(fake.invoices.size).toBe(3); // the fake, which checks the bounds, took all three
  });

  it("adds no button without a return URL", async () => {
    await rail.create(charge({ returnUrl: "" }));
    expect(lastCreate()).not.toHaveProperty("paid_btn_name");
    expect(lastCreate()).not.toHaveProperty("paid_btn_url");
  });

  it("makes a new invoice on every call: Crypto Pay has no idempotence key", async () => {
    const [a, b] = [await rail.create(charge()), await rail.create(charge())];
    expect(a.id).not.toBe(b.id);
    expect(fake.invoices.size).toBe(2);
  });
});

describe("get", () => {
  it("reads one invoice back by id, with its status, amount and times", async () => {
    const invoice = fake.addInvoice({ amount: "150", fiat: "RUB", payload: '{"payload":"t:1","payerId":7}' });
    fake.pay(invoice.invoice_id, { at: Date.parse("2026-03-01T10:00:00Z") });
    const payment = await rail.get(String(invoice.invoice_id));
    expect(fake.seen.at(-1)?.query.get("invoice_ids")).toBe(String(invoice.invoice_id));
    expect(payment).toMatchObject({
      id: String(invoice.invoice_id),
      status: "paid",
      amount: "150",
      currency: "RUB",
      ref: { payload: "t:1", payerId: 7 },
      payUrl: undefined,
      paidAt: Date.parse("2026-03-01T10:00:00Z"),
    });
    expect(JSON.parse(payment!.raw)).toEqual(fake.invoice(invoice.invoice_id));
  });

  it("reports the price the API says was paid (a mismatch is the settlement's to see)", async () => {
    const invoice = fake.addInvoice({ amount: "150.00" });
    fake.pay(invoice.invoice_id, { amount: "149.00" });
    expect((await rail.get(String(invoice.invoice_id)))?.amount).toBe("149.00");
  });

  it("maps expired, and an active invoice past its expiration date, to expired", async () => {
    const expired = fake.expire(fake.addInvoice().invoice_id);
    expect((await rail.get(String(expired.invoice_id)))?.status).toBe("expired");

    const expiresAt = new Date(Date.now() + HOUR_MS).toISOString();
    const lingering = fake.addInvoice({ expiration_date: expiresAt });
    expect((await rail.get(String(lingering.invoice_id)))?.status).toBe("pending");
    const later = new CryptoPayRail({
      apiUrl: fake.apiUrl,
      token: fake.token,
      timeoutMs: 5_000,
      now: () => Date.now() + 2 * HOUR_MS,
    });
    expect(await later.get(String(lingering.invoice_id))).toMatchObject({
      status: "expired",
      payUrl: undefined,
    });
  });

  it("gives no ref for an invoice without the shop's JSON payload", async () => {
    for (const payload of [
      undefined,
      "o:ord-1",
      "{not json",
      '{"payload":"o:1"}',
      '{"payload":"","payerId":1}',
    ]) {
      const invoice = fake.addInvoice({ payload });
      const payment = await rail.get(String(invoice.invoice_id));
      expect(payment?.status, String(payload)).toBe("pending");
      expect(payment?.ref, String(payload)).toBeUndefined();
    }
  });

  it("reports a crypto-priced invoice (made elsewhere) in its asset", async () => {
    const invoice = fake.addInvoice({
      currency_type: "crypto",
      asset: "TON",
      fiat: undefined,
      amount: "2.5",
    });
    expect(await rail.get(String(invoice.invoice_id))).toMatchObject({ amount: "2.5", currency: "TON" });
  });

  it("answers undefined for an invoice it does not know, and asks nothing for an id it cannot have made", async () => {
    expect(await rail.get("999999")).toBeUndefined();
    const asked = fake.seen.length;
    expect(await rail.get("pay-1")).toBeUndefined();
    expect(fake.seen.length).toBe(asked);
  });

  it("reads an answer written as the reference says, a bare array", async () => {
    const invoice = fake.addInvoice();
    fake.failNext("GET", "/api/getInvoices", { status: 200, body: { ok: true, result: [invoice] } });
    expect((await rail.get(String(invoice.invoice_id)))?.id).toBe(String(invoice.invoice_id));
  });
});

describe("recent", () => {
  /** `n` invoices one second apart from `startMs`, oldest first. */
  const addMany = (n: number, startMs: number) =>
    Array.from({ length: n }, (_, i) =>
      fake.addInvoice({ created_at: new Date(startMs + i * 1000).toISOString() }),
    );

  it("lists the invoices created since a moment, newest first, with their statuses", async () => {
    const start = Date.now() - HOUR_MS;
    const [old, paid, open, expired] = addMany(4, start);
    fake.pay(paid!.invoice_id);
    fake.expire(expired!.invoice_id);
    const payments = await rail.recent(start + 500);
    expect(payments.map((p) => [p.id, p.status])).toEqual([
      [String(expired!.invoice_id), "expired"],
      [String(open!.invoice_id), "pending"],
      [String(paid!.invoice_id), "paid"],
    ]);
    expect(payments.map((p) => p.id)).not.toContain(String(old!.invoice_id));
  });

  it("pages by 1000 until a page reaches past the moment", async () => {
    const start = Date.now() - 10 * HOUR_MS;
    addMany(2500, start);
    const payments = await rail.recent(start + 1300 * 1000);
    expect(payments).toHaveLength(1200);
    expect(payments.map((p) => p.createdAt)).toEqual(
      [...payments.map((p) => p.createdAt)].sort((a, b) => b - a),
    );
    const pages = fake.seen.filter((r) => r.path === "/api/getInvoices");
    expect(pages.map((r) => [r.query.get("offset"), r.query.get("count")])).toEqual([
      ["0", "1000"],
      ["1000", "1000"],
    ]);
  });

  it("stops at the last page when everything is recent", async () => {
    addMany(2500, Date.now() - HOUR_MS);
    expect(await rail.recent(0)).toHaveLength(2500);
    expect(fake.count("GET", "/api/getInvoices")).toBe(3);
  });

  it("keeps an invoice once when a new one shifts the pages between two calls", async () => {
    addMany(1500, Date.now() - HOUR_MS);
    const response = await fetch(`${fake.apiUrl}/getInvoices?count=1000`, {
      headers: { "crypto-pay-api-token": fake.token },
    });
    const firstPage = await response.json();
    fake.addInvoice(); // shifts the second page by one: its first item is the first page's last
    fake.failNext("GET", "/api/getInvoices", { status: 200, body: firstPage });
    const payments = await rail.recent(0);
    expect(new Set(payments.map((p) => p.id)).size).toBe(payments.length);
    expect(payments).toHaveLength(1500);
  });
});

describe("close", () => {
  it("deletes an active invoice", async () => {
    const invoice = fake.addInvoice();
    await rail.close(String(invoice.invoice_id));
    expect(fake.invoices.has(invoice.invoice_id)).toBe(false);
    expect(fake.seen.find((r) => r.path === "/api/deleteInvoice")?.body).toEqual({
      invoice_id: invoice.invoice_id,
    });
  });

  it("takes an invoice already paid or gone as closed", async () => {
    const paid = fake.pay(fake.addInvoice().invoice_id);
    await expect(rail.close(String(paid.invoice_id))).resolves.toBeUndefined();
    await expect(rail.close("999999")).resolves.toBeUndefined();
    expect(fake.count("POST", "/api/deleteInvoice")).toBe(2);
  });
});
