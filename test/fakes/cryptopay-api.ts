import { createHash, createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { fetch } from "undici";
import { type FakeReply, HttpFake } from "./http-fake.js";

/**
 * A stateful fake of the Crypto Pay API (CryptoBot), written from its public reference
 * (help.send.tg, "Crypto Pay API"), not from the rail: the lists, the bounds and the signing are
 * spelled out here. Methods live at `<apiUrl>/<method>`, take their parameters from the query
 * (GET) or a JSON body (POST), and answer `{ok:true,result}` or `{ok:false,error:{code,name}}`
 * with the code as the HTTP status. The reference does not name its errors; the names below are
 * this fake's. Usable from tests and from the demo (no test-runner imports).
 */

const FIATS = new Set(
  "USD EUR RUB BYN UAH GBP CNY KZT UZS GEL TRY AMD THB INR BRL IDR AZN AED PLN ILS".split(" "),
);
/** One unit's price in the invoice's fiat (the fake pretends every fiat is worth a dollar). */
const RATES: Record<string, number> = {
  USDT: 1,
  USDC: 1,
  TON: 5,
  BTC: 60_000,
  ETH: 3_000,
  LTC: 80,
  BNB: 600,
  TRX: 0.125,
};
const ASSETS = new Set(Object.keys(RATES));
const BUTTONS = new Set(["viewItem", "openChannel", "openBot", "callback"]);
const MAX_EXPIRES_IN = 2_678_400;
const MAX_PAYLOAD_BYTES = 4096;

export const FAKE_CRYPTOPAY_TOKEN = "20417:AAfAkEcRyPtOpAyT0kEnF0rTeStS0nLy";

/** An invoice as the API writes it (fields left undefined are not sent). */
export interface FakeInvoice {
  invoice_id: number;
  hash: string;
  currency_type: "crypto" | "fiat";
  asset?: string | undefined;
  fiat?: string | undefined;
  accepted_assets?: string[] | undefined;
  amount: string;
  description?: string | undefined;
  hidden_message?: string | undefined;
  status: "active" | "paid" | "expired";
  bot_invoice_url: string;
  mini_app_invoice_url: string;
  web_app_invoice_url: string;
  created_at: string;
  expiration_date?: string | undefined;
  allow_comments: boolean;
  allow_anonymous: boolean;
  payload?: string | undefined;
  paid_btn_name?: string | undefined;
  paid_btn_url?: string | undefined;
  paid_at?: string | undefined;
  paid_asset?: string | undefined;
  paid_amount?: string | undefined;
  paid_fiat_rate?: string | undefined;
  paid_usd_rate?: string | undefined;
  fee_asset?: string | undefined;
  fee_amount?: string | undefined;
  paid_anonymously?: boolean | undefined;
}

export interface FakePayment {
  /** The asset paid with (default: the first accepted one). */
  asset?: string;
  /** The price the API reports as paid, when it should differ from the one asked (mismatch tests). */
  amount?: string;
  /** Epoch ms (default: the fake's clock). */
  at?: number;
}

type Params = Record<string, unknown>;

const result = (value: unknown): FakeReply => ({ status: 200, body: { ok: true, result: value } });
const apiError = (code: number, name: string): FakeReply => ({
  status: code,
  body: { ok: false, error: { code, name } },
});
const iso = (ms: number): string => new Date(ms).toISOString();
const isDecimal = (text: string): boolean => /^\d+(\.\d+)?$/.test(text) && Number(text) > 0;

export class FakeCryptoPay extends HttpFake {
  readonly invoices = new Map<number, FakeInvoice>();
  /** The fake's clock in ms (created_at, expiration_date, paid_at count from it); tests may replace it. */
  now: () => number = () => Date.now();
  private nextInvoiceId = 1000;
  private nextUpdateId = 1;

  constructor(readonly token: string = FAKE_CRYPTOPAY_TOKEN) {
    super();
    for (const verb of ["GET", "POST"]) {
      this.route(verb, "/api/:method", (ctx) => this.dispatch(ctx.params.method ?? "", paramsOf(ctx)));
    }
  }

  /** The base CRYPTOPAY_API_URL points at. */
  get apiUrl(): string {
    return `${this.url}/api`;
  }

  // -------------------------------------------------------------------------------------------
  // Test and demo helpers
  // -------------------------------------------------------------------------------------------

  /** An invoice put in directly (as if made by another tool with the same app): USD 10, active. */
  addInvoice(fields: Partial<FakeInvoice> = {}): FakeInvoice {
    const id = this.nextInvoiceId++;
    const hash = `IV${randomBytes(6).toString("hex")}`;
    const invoice: FakeInvoice = {
      invoice_id: id,
      hash,
      currency_type: "fiat",
      fiat: "USD",
      accepted_assets: ["USDT", "TON"],
      amount: "10",
      status: "active",
      bot_invoice_url: `https://t.me/CryptoBot?start=${hash}`,
      mini_app_invoice_url: `https://t.me/CryptoBot/app?startapp=invoice-${hash}`,
      web_app_invoice_url: `https://app.send.tg/invoices/${hash}`,
      created_at: iso(this.now()),
      allow_comments: true,
      allow_anonymous: true,
      ...fields,
    };
    this.invoices.set(id, invoice);
    return invoice;
  }

  invoice(id: number | string): FakeInvoice {
    const invoice = this.invoices.get(Number(id));
    if (!invoice) throw new Error(`no invoice ${id}`);
    return invoice;
  }

  /** The payer pays an active invoice: paid, with paid_at, the asset and the crypto amount. */
  pay(id: number | string, payment: FakePayment = {}): FakeInvoice {
    const invoice = this.invoice(id);
    if (invoice.status !== "active") throw new Error(`invoice ${id} is ${invoice.status}`);
    const asset = payment.asset ?? invoice.accepted_assets?.[0] ?? invoice.asset ?? "USDT";
    const rate = RATES[asset] ?? 1;
    const price = payment.amount ?? invoice.amount;
    Object.assign(invoice, {
      status: "paid",
      amount: price,
      paid_at: iso(payment.at ?? this.now()),
      paid_asset: asset,
      paid_amount: (Number(price) / rate).toFixed(8),
      paid_fiat_rate: String(rate),
      paid_usd_rate: String(rate),
      fee_asset: asset,
      fee_amount: ((Number(price) / rate) * 0.03).toFixed(8),
      paid_anonymously: false,
    });
    return invoice;
  }

  /** Crypto Pay closes an active invoice whose time ran out. */
  expire(id: number | string): FakeInvoice {
    const invoice = this.invoice(id);
    if (invoice.status !== "active") throw new Error(`invoice ${id} is ${invoice.status}`);
    invoice.status = "expired";
    return invoice;
  }

  /** The exact body of the `invoice_paid` webhook for an invoice, as the API would send it now. */
  webhookBody(id: number | string): string {
    return JSON.stringify({
      update_id: this.nextUpdateId++,
      update_type: "invoice_paid",
      request_date: iso(this.now()),
      payload: this.invoice(id),
    });
  }

  /** The `crypto-pay-api-signature` of a body: hex HMAC-SHA-256 keyed with SHA-256 of the token. */
  sign(body: string, token: string = this.token): string {
    const key = createHash("sha256").update(token).digest();
    return createHmac("sha256", key).update(body).digest("hex");
  }

  /**
   * POSTs the `invoice_paid` webhook of an invoice to `url` (the shop's /payments/cryptopay),
   * signed with the app's token, or with `forge` signed with another one; returns the HTTP status.
   */
  async deliverWebhook(url: string, id: number | string, options: { forge?: boolean } = {}): Promise<number> {
    const body = this.webhookBody(id);
    const signature = this.sign(body, options.forge ? `${this.token}-forged` : this.token);
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "crypto-pay-api-signature": signature },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  }

  // -------------------------------------------------------------------------------------------
  // The API
  // -------------------------------------------------------------------------------------------

  protected override guard(_method: string, path: string, headers: IncomingMessage["headers"]) {
    if (!path.startsWith("/api/")) return undefined;
    return headers["crypto-pay-api-token"] === this.token ? undefined : apiError(401, "UNAUTHORIZED");
  }

  private dispatch(method: string, params: Params): FakeReply {
    switch (method) {
      case "getMe":
        return result({ app_id: 20417, name: "Fake shop", payment_processing_bot_username: "CryptoBot" });
      case "createInvoice":
        return this.createInvoice(params);
      case "getInvoices":
        return this.getInvoices(params);
      case "deleteInvoice":
        return this.deleteInvoice(params);
      default:
        return apiError(405, "METHOD_NOT_FOUND");
    }
  }

  private createInvoice(p: Params): FakeReply {
    const refused = refusalOf(p);
    if (refused) return refused;
    const fiat = p.currency_type === "fiat";
    const expiresIn = p.expires_in === undefined ? undefined : Number(p.expires_in);
    const invoice = this.addInvoice({
      currency_type: fiat ? "fiat" : "crypto",
      fiat: fiat ? String(p.fiat) : undefined,
      asset: fiat ? undefined : String(p.asset),
      accepted_assets: fiat ? (assetList(p.accepted_assets) ?? [...ASSETS]) : undefined,
      amount: String(p.amount),
      description: optionalText(p.description),
      hidden_message: optionalText(p.hidden_message),
      payload: optionalText(p.payload),
      paid_btn_name: optionalText(p.paid_btn_name),
      paid_btn_url: optionalText(p.paid_btn_url),
      allow_comments: flag(p.allow_comments) ?? true,
      allow_anonymous: flag(p.allow_anonymous) ?? true,
      expiration_date: expiresIn === undefined ? undefined : iso(this.now() + expiresIn * 1000),
    });
    return result(invoice);
  }

  private getInvoices(p: Params): FakeReply {
    const ids = p.invoice_ids === undefined ? undefined : idList(p.invoice_ids);
    if (ids === null) return apiError(400, "INVOICE_IDS_INVALID");
    if (p.status !== undefined && !["active", "paid", "expired"].includes(String(p.status)))
      return apiError(400, "STATUS_INVALID");
    const offset = p.offset === undefined ? 0 : Number(p.offset);
    const count = p.count === undefined ? 100 : Number(p.count);
    if (!Number.isInteger(offset) || offset < 0) return apiError(400, "OFFSET_INVALID");
    if (!Number.isInteger(count) || count < 1 || count > 1000) return apiError(400, "COUNT_INVALID");
    const items = [...this.invoices.values()]
      .filter((i) => ids === undefined || ids.includes(i.invoice_id))
      .filter((i) => p.status === undefined || i.status === p.status)
      .sort((a, b) => b.invoice_id - a.invoice_id)
      .slice(offset, offset + count);
    return result({ items });
  }

  private deleteInvoice(p: Params): FakeReply {
    const invoice = this.invoices.get(Number(p.invoice_id));
    if (!invoice) return apiError(400, "INVOICE_NOT_FOUND");
    if (invoice.status === "paid") return apiError(400, "INVOICE_PAID");
    this.invoices.delete(invoice.invoice_id);
    return result(true);
  }
}

/** The query's parameters, overlaid by a JSON body's. */
function paramsOf(ctx: { query: URLSearchParams; body: unknown }): Params {
  const params: Params = Object.fromEntries(ctx.query.entries());
  if (ctx.body && typeof ctx.body === "object" && !Array.isArray(ctx.body)) Object.assign(params, ctx.body);
  return params;
}

/** createInvoice's checks, in the reference's words; undefined when the request is valid. */
function refusalOf(p: Params): FakeReply | undefined {
  const fiat = p.currency_type === "fiat";
  if (p.currency_type !== undefined && p.currency_type !== "crypto" && !fiat)
    return apiError(400, "CURRENCY_TYPE_INVALID");
  if (fiat && !FIATS.has(String(p.fiat))) return apiError(400, "FIAT_INVALID");
  if (!fiat && !ASSETS.has(String(p.asset))) return apiError(400, "ASSET_INVALID");
  if (p.accepted_assets !== undefined && (!fiat || assetList(p.accepted_assets) === null))
    return apiError(400, "ACCEPTED_ASSETS_INVALID");
  if (typeof p.amount !== "string" && typeof p.amount !== "number") return apiError(400, "AMOUNT_INVALID");
  if (!isDecimal(String(p.amount))) return apiError(400, "AMOUNT_INVALID");
  if (!textWithin(p.description, 1024)) return apiError(400, "DESCRIPTION_TOO_LONG");
  if (!textWithin(p.hidden_message, 2048)) return apiError(400, "HIDDEN_MESSAGE_TOO_LONG");
  if (
    p.payload !== undefined &&
    (typeof p.payload !== "string" || Buffer.byteLength(p.payload) > MAX_PAYLOAD_BYTES)
  )
    return apiError(400, "PAYLOAD_TOO_LONG");
  if (p.paid_btn_name !== undefined) {
    if (!BUTTONS.has(String(p.paid_btn_name))) return apiError(400, "PAID_BTN_NAME_INVALID");
    if (typeof p.paid_btn_url !== "string" || !/^https?:\/\/\S+$/.test(p.paid_btn_url))
      return apiError(400, "PAID_BTN_URL_INVALID");
  }
  const expiresIn = Number(p.expires_in);
  if (
    p.expires_in !== undefined &&
    (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_EXPIRES_IN)
  )
    return apiError(400, "EXPIRES_IN_INVALID");
  if (flag(p.allow_comments) === null || flag(p.allow_anonymous) === null)
    return apiError(400, "FLAG_INVALID");
  return undefined;
}

/** A comma-separated asset list: the codes, null when one is unknown or none is given. */
function assetList(value: unknown): string[] | null | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") return null;
  const codes = value.split(",").map((s) => s.trim());
  return codes.length > 0 && codes.every((c) => ASSETS.has(c)) ? codes : null;
}

/** invoice_ids: comma-separated ids (or one number in a JSON body); null when malformed. */
function idList(value: unknown): number[] | null {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^\d+(,\d+)*$/.test(text)) return null;
  return text.split(",").map(Number);
}

/** A boolean from JSON or a query ("true"/"false"); undefined when absent, null when neither. */
function flag(value: unknown): boolean | null | undefined {
  if (value === undefined) return undefined;
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  return null;
}

const textWithin = (value: unknown, max: number): boolean =>
  value === undefined || (typeof value === "string" && Array.from(value).length <= max);

const optionalText = (value: unknown): string | undefined =>
  value === undefined ? undefined : String(value);
