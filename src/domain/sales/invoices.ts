import type { Redis } from "ioredis";
import { DAY } from "../../runtime/clock.js";
import { currencyExponent } from "../catalog/index.js";
import { invoiceLinksKey, invoiceSentKey } from "./keys.js";

/**
 * What every invoice of the shop has in common, whichever surface sends it (the chat's
 * `replyWithInvoice`, the cabinet's `createInvoiceLink`): its life, its payload, the rail it is
 * paid on and the amount an order's invoice asks. The texts are composed in render/invoices.ts.
 */

/** An unpaid order or a top-up invoice older than this is refused at pre-checkout. */
export const INVOICE_TTL_MS = DAY;
/** A repeated press within this time after an invoice went out points at it instead of sending another. */
export const INVOICE_RESEND_MS = 5 * 60_000;

/** What an invoice payload refers to. */
export type InvoiceTarget = { kind: "order"; orderId: string } | { kind: "topup"; id: string };

/** The payload an invoice carries back in its pre-checkout query and its payment. */
export function invoicePayload(target: InvoiceTarget): string {
  return target.kind === "order" ? `o:${target.orderId}` : `t:${target.id}`;
}

export function parsePayload(payload: string): InvoiceTarget | undefined {
  const [kind, id] = payload.split(":");
  if (!id || !/^[A-Za-z0-9_-]{4,40}$/.test(id)) return undefined;
  if (kind === "o") return { kind: "order", orderId: id };
  if (kind === "t") return { kind: "topup", id };
  return undefined;
}

/** How the shop's invoices are paid: Stars (`XTR`, no provider token) or a provider's currency. */
export interface InvoiceRail {
  currency: string;
  providerToken: string;
}

export function invoiceRail(currency: string, paymentProviderToken: string | undefined): InvoiceRail {
  return { currency, providerToken: currency === "XTR" ? "" : (paymentProviderToken ?? "") };
}

/**
 * Whether Telegram's own invoices can take the shop's money: Stars always, a fiat currency only
 * with a provider token (without one, a fiat shop is paid on its outside rails and the balance).
 */
export function telegramInvoices(currency: string, paymentProviderToken: string | undefined): boolean {
  return currency === "XTR" || Boolean(paymentProviderToken);
}

/** The smallest invoice Telegram takes in `currency`: one Star, or one whole unit of a provider currency. */
export function minimumInvoice(currency: string): number {
  return currency === "XTR" ? 1 : 10 ** currencyExponent(currency);
}

/**
 * The one home of "what an order's invoice asks": what the balance does not cover of `price`,
 * and at least the smallest invoice Telegram takes (the balance then pays the rest).
 */
export function amountDue(price: number, balance: number, currency: string): number {
  return Math.max(price - balance, minimumInvoice(currency));
}

/**
 * One invoice message per subject (an order and amount, a top-up amount) within a short time:
 * the first press sends it, presses right after are pointed at it. Kept in Redis, so it holds
 * across processes.
 */
export class InvoiceGate {
  constructor(
    private readonly redis: Redis,
    private readonly windowMs = INVOICE_RESEND_MS,
  ) {}

  /** True when an invoice for `subject` may go out now (and holds back the next ones for a while). */
  async claim(customerId: number, subject: string): Promise<boolean> {
    const key = invoiceSentKey(customerId, subject);
    return (await this.redis.set(key, "1", "PX", this.windowMs, "NX")) === "OK";
  }
}

/**
 * The invoice links of open orders and top-ups: one per amount (and language) while its subject
 * is open, so asking again hands back the link made before instead of asking Telegram for
 * another. A new amount due gets a new link (the old one is refused at pre-checkout). Kept in
 * Redis for the subject's remaining invoice life, so it holds across processes.
 */
export class InvoiceLinks {
  constructor(private readonly redis: Redis) {}

  /** The link of `target` for `amount` in `language`, made by `make` when there is none yet. */
  async linkFor(
    target: InvoiceTarget,
    amount: number,
    language: string,
    lifeMs: number,
    make: () => Promise<string>,
  ): Promise<string> {
    const key = invoiceLinksKey(invoicePayload(target));
    const field = `${amount}:${language}`;
    const known = await this.redis.hget(key, field);
    if (known !== null) return known;
    const link = await make();
    if (lifeMs > 0) await this.redis.multi().hset(key, field, link).pexpire(key, lifeMs).exec();
    return link;
  }
}
