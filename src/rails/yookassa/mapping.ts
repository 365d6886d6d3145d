import { z } from "zod";
import type { RailPayment, RailPaymentStatus, RailRef } from "../rail.js";
import type { ReceivedPayment } from "./client.js";
import type { YooKassaPayment } from "./schemas.js";

/**
 * How the shop's ref rides on a YooKassa payment: metadata values are strings (at most 16 keys of
 * up to 32 characters, values up to 512), so the payer's id is written as digits.
 */
export function metadataOf(ref: RailRef): Record<string, string> {
  return { payload: ref.payload, payer: String(ref.payerId) };
}

const refSchema = z
  .looseObject({
    payload: z.string().min(1),
    payer: z.string().regex(/^[1-9]\d{0,15}$/),
  })
  .transform(({ payload, payer }) => ({ payload, payerId: Number(payer) }))
  .refine((ref) => Number.isSafeInteger(ref.payerId));

/** The shop's ref read back from metadata; undefined when it has none or it is mangled. */
export function refOf(metadata: unknown): RailRef | undefined {
  const parsed = refSchema.safeParse(metadata);
  return parsed.success ? parsed.data : undefined;
}

/**
 * YooKassa's four statuses in the rail's words. A payment still open past its `expires_at` is
 * expired: YooKassa cancels it at that time, the cancellation may only not have landed yet.
 */
export function statusOf(payment: YooKassaPayment, nowMs: number): RailPaymentStatus {
  switch (payment.status) {
    case "succeeded":
      return "paid";
    case "canceled":
      return "cancelled";
    case "pending":
    case "waiting_for_capture":
      return payment.expires_at !== undefined && payment.expires_at <= nowMs ? "expired" : "pending";
  }
}

export function railPaymentOf({ payment, raw }: ReceivedPayment, nowMs: number): RailPayment {
  const status = statusOf(payment, nowMs);
  return {
    id: payment.id,
    status,
    amount: payment.amount.value,
    currency: payment.amount.currency,
    ref: refOf(payment.metadata),
    // Only an open payment can still be paid there.
    payUrl: status === "pending" ? payment.confirmation?.confirmation_url : undefined,
    createdAt: payment.created_at,
    paidAt: payment.captured_at,
    raw,
  };
}
