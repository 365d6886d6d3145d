import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cryptoPayRail } from "../../src/rails/cryptopay/index.js";
import { type Rail, type RailCharge, RailError } from "../../src/rails/index.js";
import { FakeCryptoPay } from "../fakes/cryptopay-api.js";
import { rejectionOf } from "../helpers/errors.js";

/** How the CryptoBot rail fails: every failure a RailError, `down` or `refused`; probe and close. */

const fake = new FakeCryptoPay();

function railWith(token: string, timeoutMs?: number): Rail {
  const configured = cryptoPayRail.configure({ CRYPTOPAY_TOKEN: token, CRYPTOPAY_API_URL: fake.apiUrl });
  return configured!.build(timeoutMs === undefined ? undefined : { timeoutMs });
}

let rail: Rail;

const charge: RailCharge = {
  key: "order-1",
  ref: { payload: "o:ord-1", payerId: 4242 },
  amount: "150.00",
  currency: "USD",
  description: "VPN",
  lifeSeconds: 900,
  returnUrl: "https://t.me/shop_bot",
  prefs: {},
};

const railError = (promise: Promise<unknown>) => rejectionOf(promise, RailError);

beforeAll(async () => {
  await fake.start();
  rail = railWith(fake.token);
});

afterAll(async () => {
  await fake.stop();
});

beforeEach(() => {
  fake.invoices.clear();
  fake.disarm();
});

describe("failures", () => {
  it("a 5xx is `down`, with its status", async () => {
    fake.failNext("POST", "/api/createInvoice", { status: 503, body: { ok: false } });
    const err = await railError(rail.create(charge));
    expect([err.rail, err.kind, err.status]).toEqual(["cryptopay", "down", 503]);
    expect(fake.invoices.size).toBe(0);
  });

  it("a dropped connection is `down` (status 0), though the invoice may have been made", async () => {
    fake.loseAnswerNext("POST", "/api/createInvoice", "drop");
    const err = await railError(rail.create(charge));
    expect([err.kind, err.status]).toEqual(["down", 0]);
    expect(fake.invoices.size).toBe(1); // why `down` means "read back before trying again"
  });

  it("no answer within the timeout is `down`", async () => {
    fake.delayNext("GET", "/api/getInvoices", 400);
    const err = await railError(railWith(fake.token, 100).get("1000"));
    expect([err.kind, err.status]).toEqual(["down", 0]);
    expect(err.detail).toMatch(/no answer within 100 ms/);
    await fake.idle();
  });

  it("{ok:false} is `refused`, with the API's error name", async () => {
    const err = await railError(rail.create({ ...charge, currency: "XTR" }));
    expect([err.kind, err.status, err.detail]).toEqual(["refused", 400, "FIAT_INVALID"]);
    const wrongToken = await railError(railWith("1:wrong").recent(0));
    expect([wrongToken.kind, wrongToken.status, wrongToken.detail]).toEqual(["refused", 401, "UNAUTHORIZED"]);
  });

  it("a 4xx without the API's envelope is `refused`, named by its status", async () => {
    fake.failNext("GET", "/api/getInvoices", { status: 404, body: "no such page" });
    const err = await railError(rail.get("1000"));
    expect([err.kind, err.status, err.detail]).toEqual(["refused", 404, "HTTP 404"]);
  });

  it("an answer not in the documented shape is `down` (a write may have happened)", async () => {
    fake.failNext("POST", "/api/createInvoice", {
      status: 200,
      body: { ok: true, result: { invoice_id: "1", status: "active" } },
    });
    const err = await railError(rail.create(charge));
    expect([err.kind, err.status]).toEqual(["down", 200]);
    expect(err.detail).toMatch(/createInvoice answered an unexpected shape/);

    const invoice = fake.addInvoice();
    fake.failNext("GET", "/api/getInvoices", {
      status: 200,
      body: { ok: true, result: { items: [{ ...invoice, status: "refunded" }] } },
    });
    expect((await railError(rail.get(String(invoice.invoice_id)))).detail).toMatch(/status/);

    fake.failNext("GET", "/api/getInvoices", {
      status: 200,
      body: { ok: true, result: { items: [{ ...invoice, fiat: undefined }] } },
    });
    expect((await railError(rail.get(String(invoice.invoice_id)))).detail).toMatch(/fiat/);
  });
});

describe("probe", () => {
  it("is true when getMe answers to our token", async () => {
    expect(await rail.probe()).toBe(true);
    expect(fake.seen.at(-1)?.path).toBe("/api/getMe");
  });

  it("is false, never thrown, with a wrong token or the API down", async () => {
    expect(await railWith("1:wrong").probe()).toBe(false);
    fake.failNext("GET", "/api/getMe", { status: 502, body: {} });
    expect(await rail.probe()).toBe(false);
    fake.loseAnswerNext("GET", "/api/getMe", "drop");
    expect(await rail.probe()).toBe(false);
    expect(await rail.probe()).toBe(true);
  });
});

describe("close", () => {
  it("throws a refusal while the invoice is still active", async () => {
    const invoice = fake.addInvoice();
    fake.failNext("POST", "/api/deleteInvoice", {
      status: 400,
      body: { ok: false, error: { code: 400, name: "INVOICE_LOCKED" } },
    });
    const err = await railError(rail.close(String(invoice.invoice_id)));
    expect([err.kind, err.detail]).toEqual(["refused", "INVOICE_LOCKED"]);
    expect(fake.invoices.has(invoice.invoice_id)).toBe(true);
  });

  it("throws `down` when the API cannot be reached", async () => {
    const invoice = fake.addInvoice();
    fake.failNext("POST", "/api/deleteInvoice", { status: 503, body: {} });
    expect((await railError(rail.close(String(invoice.invoice_id)))).kind).toBe("down");
  });

  it("with a wrong token, throws the refusal rather than taking the invoice as closed", async () => {
    const invoice = fake.addInvoice();
    const err = await railError(railWith("1:wrong").close(String(invoice.invoice_id)));
    expect(err.detail).toBe("UNAUTHORIZED");
    expect(fake.invoices.has(invoice.invoice_id)).toBe(true);
  });
});
