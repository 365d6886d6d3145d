import { RailError } from "../http.js";
import type { Rail, RailCharge, RailChoice, RailNotification, RailPayment } from "../rail.js";
import {
  CRYPTOPAY_RAIL_ID,
  type CreateInvoiceParams,
  CryptoPayClient,
  type CryptoPayClientOptions,
} from "./client.js";
import { acceptedAssets, CRYPTOPAY_ASSETS, DEFAULT_ASSETS, isCryptoPayFiat } from "./currencies.js";
import { payloadOf, paymentOf } from "./payment.js";
import { paidUpdateSchema } from "./schemas.js";
import { isSignedBy, SIGNATURE_HEADER } from "./signature.js";

/** createInvoice's bounds (API reference): description length, expires_in in seconds. */
const MAX_DESCRIPTION_CHARS = 1024;
const MAX_EXPIRES_IN = 2_678_400;
/** getInvoices takes `count` up to 1000; the poll stops after this many pages whatever it finds. */
const PAGE_SIZE = 1000;
const MAX_PAGES = 10;

export interface CryptoPayRailOptions extends CryptoPayClientOptions {
  /** The clock an active invoice's expiration_date is compared with (epoch ms). */
  now?: () => number;
}

/** The admin picks which crypto assets a payer may pay with. */
const ASSET_CHOICE: RailChoice = {
  key: "assets",
  kind: "set",
  values: CRYPTOPAY_ASSETS,
  defaults: DEFAULT_ASSETS,
};

/** CryptoBot's Crypto Pay: invoices priced in fiat, paid in crypto inside Telegram. No refunds. */
export class CryptoPayRail implements Rail {
  readonly id = CRYPTOPAY_RAIL_ID;
  readonly name = "CryptoBot";
  readonly choices: readonly RailChoice[] = [ASSET_CHOICE];
  private readonly client: CryptoPayClient;
  private readonly token: string;
  private readonly now: () => number;

  constructor(options: CryptoPayRailOptions) {
    this.client = new CryptoPayClient(options);
    this.token = options.token;
    this.now = options.now ?? Date.now;
  }

  accepts(currency: string): boolean {
    return isCryptoPayFiat(currency);
  }

  needsEmail(): boolean {
    return false;
  }

  /**
   * Crypto Pay has no idempotence key: each call makes a new invoice, so `charge.key` is not sent
   * and the shop's own idempotence (one payment per order, read back before another) is what holds.
   */
  async create(charge: RailCharge): Promise<RailPayment> {
    // "callback" is the button the API labels "Return to the bot": it takes the payer back to us.
    const button = charge.returnUrl
      ? { paid_btn_name: "callback" as const, paid_btn_url: charge.returnUrl }
      : {};
    const params: CreateInvoiceParams = {
      currency_type: "fiat",
      fiat: charge.currency,
      accepted_assets: acceptedAssets(charge.prefs.assets).join(","),
      amount: charge.amount,
      description: Array.from(charge.description).slice(0, MAX_DESCRIPTION_CHARS).join(""),
      payload: payloadOf(charge.ref),
      expires_in: expiresIn(charge.lifeSeconds),
      allow_comments: false,
      ...button,
    };
    return paymentOf(await this.client.createInvoice(params), this.now());
  }

  async get(id: string): Promise<RailPayment | undefined> {
    if (!/^\d{1,15}$/.test(id)) return undefined; // not an invoice id this API could have made
    const found = await this.client.getInvoices({ invoice_ids: id });
    const match = found.find((received) => String(received.invoice.invoice_id) === id);
    return match && paymentOf(match, this.now());
  }

  /**
   * Pages through getInvoices (newest first, as the API lists them) until a page reaches past
   * `sinceMs` or runs out. An invoice made meanwhile shifts the pages by one, so an invoice may
   * come twice: each id is kept once.
   */
  async recent(sinceMs: number): Promise<RailPayment[]> {
    const byId = new Map<string, RailPayment>();
    for (let page = 0; page < MAX_PAGES; page++) {
      const batch = await this.client.getInvoices({ offset: page * PAGE_SIZE, count: PAGE_SIZE });
      const now = this.now();
      for (const received of batch) {
        if (received.invoice.created_at >= sinceMs)
          byId.set(String(received.invoice.invoice_id), paymentOf(received, now));
      }
      const reachedPast = batch.some((received) => received.invoice.created_at < sinceMs);
      if (batch.length < PAGE_SIZE || reachedPast) break;
    }
    return [...byId.values()].sort((a, b) => b.createdAt - a.createdAt || Number(b.id) - Number(a.id));
  }

  /**
   * Deletes the invoice. When the API refuses and the invoice is gone or no longer active (paid or
   * expired), there is nothing left to close and that is no error: a paid one is the shop's to
   * settle through `get`. Still active after a refusal, the refusal is thrown.
   */
  async close(id: string): Promise<void> {
    if (!/^\d{1,15}$/.test(id)) return;
    try {
      await this.client.deleteInvoice(Number(id));
    } catch (err) {
      if (!(err instanceof RailError) || err.kind !== "refused") throw err;
      const current = await this.get(id);
      if (current?.status === "pending") throw err;
    }
  }

  verify(notification: RailNotification): string[] | undefined {
    if (!isSignedBy(this.token, notification.body, notification.headers[SIGNATURE_HEADER])) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(notification.body);
    } catch {
      return undefined;
    }
    const update = paidUpdateSchema.safeParse(json);
    return update.success ? [String(update.data.payload.invoice_id)] : undefined;
  }

  /** getMe answers: the API is up and takes the token. Any RailError is a `false`, never thrown. */
  async probe(): Promise<boolean> {
    try {
      await this.client.getMe();
      return true;
    } catch (err) {
      if (err instanceof RailError) return false;
      throw err;
    }
  }
}

/** The shop's life of a payment within the API's 1..2678400 seconds (31 days). */
function expiresIn(lifeSeconds: number): number {
  if (!Number.isFinite(lifeSeconds)) return MAX_EXPIRES_IN;
  return Math.min(MAX_EXPIRES_IN, Math.max(1, Math.floor(lifeSeconds)));
}
