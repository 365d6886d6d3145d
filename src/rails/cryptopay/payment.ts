import { z } from "zod";
import type { RailPayment, RailPaymentStatus, RailRef } from "../rail.js";
import type { ReceivedInvoice } from "./client.js";
import type { Invoice } from "./schemas.js";

/** What `create` puts in an invoice's `payload`: the shop's ref, as JSON. */
const refSchema = z.object({
  payload: z.string().min(1),
  payerId: z.number().int().positive(),
});

export const payloadOf = (ref: RailRef): string =>
  JSON.stringify({ payload: ref.payload, payerId: ref.payerId });

/** The ref an invoice carries; undefined when it has none or it is not this shop's JSON. */
export function refOf(payload: string | undefined): RailRef | undefined {
  if (payload === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const parsed = refSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Crypto Pay marks an unpaid invoice `expired` some time after its expiration_date; until it
 * does, one past that date is already expired (it can no longer be paid).
 */
function statusOf(invoice: Invoice, nowMs: number): RailPaymentStatus {
  if (invoice.status === "paid") return "paid";
  if (invoice.status === "expired") return "expired";
  const expiresAt = invoice.expiration_date;
  return expiresAt !== undefined && expiresAt <= nowMs ? "expired" : "pending";
}

/**
 * An invoice as a RailPayment. A fiat-priced invoice (all the shop makes) reports its fiat amount
 * and code; one priced in crypto (made elsewhere with the same app) reports its asset instead,
 * which matches no shop currency and carries no ref.
 */
export function paymentOf({ invoice, raw }: ReceivedInvoice, nowMs: number): RailPayment {
  const status = statusOf(invoice, nowMs);
  const payUrl =
    invoice.bot_invoice_url ?? invoice.mini_app_invoice_url ?? invoice.web_app_invoice_url ?? invoice.pay_url;
  return {
    id: String(invoice.invoice_id),
    status,
    amount: invoice.amount,
    currency: invoice.currency,
    ref: refOf(invoice.payload),
    payUrl: status === "pending" ? payUrl : undefined,
    createdAt: invoice.created_at,
    paidAt: invoice.paid_at,
    raw,
  };
}
