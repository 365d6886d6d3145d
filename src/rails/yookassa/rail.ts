import { decimalOf, minorOf, RailError } from "../http.js";
import type {
  Rail,
  RailCharge,
  RailChoice,
  RailNotification,
  RailPayment,
  RailPrefs,
  RailRefundResult,
} from "../rail.js";
import type { NewPayment, YooKassaClient } from "./client.js";
import { metadataOf, railPaymentOf } from "./mapping.js";
import { notificationSchema } from "./schemas.js";

/** Longest payment description and receipt line YooKassa takes: it refuses longer ones, never cuts. */
const MAX_TEXT = 128;
/** The list endpoint's largest page. */
const PAGE_SIZE = 100;
/** Pages read per poll at most (2,000 payments): a poll over a longer window is cut short. */
const MAX_PAGES = 20;
/** Receipt line: VAT not charged (vat_code 1), paid in full, a service. */
const RECEIPT_LINE = { vat_code: 1, payment_mode: "full_payment", payment_subject: "service" } as const;

/**
 * YooKassa (API v3) as a Rail. Payments are created with `capture: true`, so a paid one goes
 * straight to `succeeded`; the payer pays on YooKassa's page (a redirect confirmation) and lands
 * on the bot's link afterwards.
 */
export class YooKassaRail implements Rail {
  readonly id = "yookassa";
  readonly name = "YooKassa";
  /** 54-FZ receipts: on, each payment carries a receipt and needs the customer's e-mail. */
  readonly choices: readonly RailChoice[] = [{ key: "receipts", kind: "flag", default: false }];

  constructor(
    private readonly client: YooKassaClient,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Roubles only: a shop registered in Russia takes payments in RUB (YooKassa refuses other
   * currencies there), and Telegram Stars are never a YooKassa currency.
   */
  accepts(currency: string): boolean {
    return currency === "RUB";
  }

  needsEmail(prefs: RailPrefs): boolean {
    return prefs.receipts === true;
  }

  /**
   * The shop's key is the Idempotence-Key, so retrying a create whose answer was lost gets the
   * same payment back. `lifeSeconds` has no counterpart: YooKassa sets no caller-chosen life on a
   * payment and cancels an unpaid one itself when the payer's time runs out.
   */
  async create(charge: RailCharge): Promise<RailPayment> {
    const amount = { value: twoDigits(charge.amount), currency: charge.currency };
    const description = cut(charge.description, MAX_TEXT);
    const body: NewPayment = {
      amount,
      capture: true,
      confirmation: { type: "redirect", return_url: charge.returnUrl },
      ...(description ? { description } : {}),
      metadata: metadataOf(charge.ref),
    };
    if (charge.receipt) {
      const item = { description: cut(charge.receipt.item, MAX_TEXT), quantity: 1, amount, ...RECEIPT_LINE };
      body.receipt = { customer: { email: charge.receipt.email }, items: [item] };
    }
    return railPaymentOf(await this.client.createPayment(body, charge.key), this.now());
  }

  async get(id: string): Promise<RailPayment | undefined> {
    const received = await this.client.getPayment(id);
    return received && railPaymentOf(received, this.now());
  }

  async recent(sinceMs: number): Promise<RailPayment[]> {
    const since = new Date(sinceMs);
    const found: RailPayment[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const { payments, nextCursor } = await this.client.listPayments(since, PAGE_SIZE, cursor);
      const now = this.now();
      found.push(...payments.map((received) => railPaymentOf(received, now)));
      if (!nextCursor) break;
      cursor = nextCursor;
    }
    // YooKassa lists newest first already; sorting keeps the promise whatever the pages were.
    return found.sort((a, b) => b.createdAt - a.createdAt);
  }

  /**
   * Only a payment held for capture can be cancelled by the shop. A pending one cannot (YooKassa
   * cancels it when the payer's time runs out), and a finished or unknown one is left alone.
   */
  async close(id: string): Promise<void> {
    const received = await this.client.getPayment(id);
    if (received?.payment.status !== "waiting_for_capture") return;
    await this.client.cancelPayment(id, `close-${id}`);
  }

  /**
   * A pending refund counts as done: YooKassa has accepted it and completes it on its side; the
   * same key never makes a second one.
   */
  async refund(payment: RailPayment, amount: string, key: string): Promise<RailRefundResult> {
    try {
      const refund = await this.client.createRefund(
        { payment_id: payment.id, amount: { value: twoDigits(amount), currency: payment.currency } },
        key,
      );
      if (refund.status === "canceled") {
        return { status: "refused", reason: refund.cancellation_details?.reason ?? "canceled" };
      }
      return { status: "refunded", id: refund.id };
    } catch (err) {
      if (!(err instanceof RailError)) throw err;
      return err.kind === "refused"
        ? { status: "refused", reason: err.detail }
        : { status: "unclear", reason: err.message };
    }
  }

  /**
   * YooKassa signs no notification, so nothing here tells a genuine one from a forged one: this
   * only reads which payment a `payment.*` event names. The shop must read that payment back
   * (get) and act on what the API says, never on the notification's own copy of it (YooKassa's
   * own advice is the same: check the object's status through the API).
   */
  verify(notification: RailNotification): string[] | undefined {
    let json: unknown;
    try {
      json = JSON.parse(notification.body);
    } catch {
      return undefined;
    }
    const parsed = notificationSchema.safeParse(json);
    if (!parsed.success) return undefined;
    // Another event the shop subscribed to (refund.succeeded, ...): acknowledged, nothing to read
    // back; refused, YooKassa would send it again for a day.
    return parsed.data.event.startsWith("payment.") ? [parsed.data.object.id] : [];
  }

  async probe(): Promise<boolean> {
    try {
      await this.client.me();
      return true;
    } catch (err) {
      if (err instanceof RailError) return false;
      throw err;
    }
  }
}

/**
 * A sum with the two digits after the point YooKassa asks for ("150" -> "150.00"); one it cannot
 * be written so (more digits) goes as it is, for the API to refuse rather than to be rounded.
 */
function twoDigits(decimal: string): string {
  const minor = minorOf(decimal, 2);
  return minor === undefined ? decimal : decimalOf(minor, 2);
}

/** At most `max` UTF-16 units (the stricter way to count), never splitting a character in two. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = "";
  for (const char of text) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out;
}
