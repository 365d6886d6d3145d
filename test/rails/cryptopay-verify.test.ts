import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cryptoPayRail } from "../../src/rails/cryptopay/index.js";
import type { Rail, RailNotification } from "../../src/rails/index.js";
import { FakeCryptoPay } from "../fakes/cryptopay-api.js";
import { readBody } from "../fakes/http-fake.js";

/** The CryptoBot rail tells a genuine webhook (signed with the app's token) from anything else. */

const fake = new FakeCryptoPay();
let rail: Rail;
let receiver: Server;
let receiverUrl: string;

/** A notification as the shop's server hands it over: lower-cased headers, the raw body. */
const notification = (body: string, signature: string | undefined): RailNotification => ({
  headers: { "content-type": "application/json", "crypto-pay-api-signature": signature },
  body,
});

const signed = (body: string) => notification(body, fake.sign(body));

const paidInvoice = () => fake.pay(fake.addInvoice().invoice_id);

beforeAll(async () => {
  await fake.start();
  rail = cryptoPayRail.configure({ CRYPTOPAY_TOKEN: fake.token, CRYPTOPAY_API_URL: fake.apiUrl })!.build();
  // A stand-in for POST /payments/cryptopay: 200 when the rail takes the notification, 401 when not.
  receiver = createServer(async (req: IncomingMessage, res) => {
    const body = (await readBody(req)).toString("utf8");
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
    );
    const ids = rail.verify({ headers, body });
    res.writeHead(ids ? 200 : 401, { "content-type": "application/json" }).end(JSON.stringify({ ids }));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/payments/cryptopay`;
});

afterAll(async () => {
  await fake.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

beforeEach(() => {
  fake.invoices.clear();
});

describe("verify", () => {
  it("names the paid invoice of a genuine invoice_paid update", () => {
    const invoice = paidInvoice();
    expect(rail.verify(signed(fake.webhookBody(invoice.invoice_id)))).toEqual([String(invoice.invoice_id)]);
  });

  it("takes a webhook the fake delivers over HTTP, and refuses a forged one", async () => {
    const invoice = paidInvoice();
    expect(await fake.deliverWebhook(receiverUrl, invoice.invoice_id)).toBe(200);
    expect(await fake.deliverWebhook(receiverUrl, invoice.invoice_id, { forge: true })).toBe(401);
  });

  it("refuses a signature made with another token", () => {
    const body = fake.webhookBody(paidInvoice().invoice_id);
    expect(rail.verify(notification(body, fake.sign(body, "20417:another-app")))).toBeUndefined();
  });

  it("refuses a notification without the signature header", () => {
    const body = fake.webhookBody(paidInvoice().invoice_id);
    expect(rail.verify({ headers: { "content-type": "application/json" }, body })).toBeUndefined();
    expect(rail.verify(notification(body, ""))).toBeUndefined();
  });

  it("refuses a body altered after signing, even by one character", () => {
    const body = fake.webhookBody(paidInvoice().invoice_id);
    const signature = fake.sign(body);
    const altered = body.replace('"amount":"10"', '"amount":"1000"');
    expect(altered).not.toBe(body);
    expect(rail.verify(notification(altered, signature))).toBeUndefined();
    expect(rail.verify(notification(`${body} `, signature))).toBeUndefined();
    expect(rail.verify(notification(body, signature))).toBeDefined();
  });

  it("refuses a malformed signature without throwing", () => {
    const body = fake.webhookBody(paidInvoice().invoice_id);
    const signature = fake.sign(body);
    for (const bad of [signature.slice(0, 63), `${signature}00`, "zz".repeat(32), "not a signature"]) {
      expect(rail.verify(notification(body, bad)), bad).toBeUndefined();
    }
  });

  it("refuses a genuinely signed body that is not an invoice_paid update", () => {
    const invoice = paidInvoice();
    const update = JSON.parse(fake.webhookBody(invoice.invoice_id));
    const otherType = JSON.stringify({ ...update, update_type: "invoice_created" });
    expect(rail.verify(signed(otherType))).toBeUndefined();
    expect(rail.verify(signed(JSON.stringify({ ...update, payload: { invoice_id: 1 } })))).toBeUndefined();
    expect(rail.verify(signed('{"update_id":1}'))).toBeUndefined();
    expect(rail.verify(signed("[]"))).toBeUndefined();
    expect(rail.verify(signed("not json at all"))).toBeUndefined();
    expect(rail.verify(signed(""))).toBeUndefined();
  });
});
