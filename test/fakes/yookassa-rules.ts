import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { FakeReply } from "./http-fake.js";

/**
 * What the fake YooKassa asks of a request body, written from the public API reference (not from
 * the rail's code): sums with exactly two digits after the point, a redirect confirmation with
 * its return_url, string metadata within YooKassa's limits, a receipt's customer and lines.
 */

/** YooKassa's error body, with the HTTP status it goes with. */
export function apiError(status: number, code: string, description: string, parameter?: string): FakeReply {
  return {
    status,
    body: { type: "error", id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) },
  };
}

export const invalidRequest = (description: string, parameter?: string): FakeReply =>
  apiError(400, "invalid_request", description, parameter);

/** A zod failure as YooKassa words it: the first bad parameter, dotted. */
export function refusalOf(error: z.ZodError): FakeReply {
  const issue = error.issues[0];
  const parameter = issue?.path.join(".") || undefined;
  return invalidRequest(issue?.message ?? "Invalid request", parameter);
}

export const sumSchema = z.object({
  value: z
    .string()
    .regex(/^\d+\.\d{2}$/, "Amount value must be a decimal with two digits after the point")
    .refine((value) => kopecksOf(value) > 0, "Amount value must be greater than zero"),
  currency: z.string().regex(/^[A-Z]{3}$/, "Currency must be an ISO 4217 code"),
});
export type FakeSum = z.output<typeof sumSchema>;

const receiptItemSchema = z.object({
  description: z.string().min(1).max(128),
  quantity: z.number().positive(),
  amount: sumSchema,
  vat_code: z.number().int().min(1).max(12),
  payment_mode: z.string().min(1).optional(),
  payment_subject: z.string().min(1).optional(),
});

export const receiptSchema = z.object({
  customer: z
    .object({ email: z.email().optional(), phone: z.string().min(1).optional() })
    .refine((customer) => customer.email || customer.phone, "Receipt needs the customer's email or phone"),
  items: z.array(receiptItemSchema).min(1).max(100),
});

const metadataSchema = z
  .record(z.string().max(32), z.string().max(512))
  .refine((metadata) => Object.keys(metadata).length <= 16, "Metadata takes at most 16 keys");

export const newPaymentSchema = z.object({
  amount: sumSchema,
  capture: z.boolean().optional(),
  // The fake knows the redirect scenario only (the one the rail uses).
  confirmation: z.object({ type: z.literal("redirect"), return_url: z.url() }),
  description: z.string().max(128).optional(),
  metadata: metadataSchema.optional(),
  receipt: receiptSchema.optional(),
});
export type FakeNewPayment = z.output<typeof newPaymentSchema>;

export const newRefundSchema = z.object({
  payment_id: z.string().min(1),
  amount: sumSchema,
  description: z.string().max(250).optional(),
});

/** "150.00" -> 15000 (the schemas let only two-digit sums through). */
export function kopecksOf(value: string): number {
  return Number(value.replace(".", ""));
}

/** 15000 -> "150.00". */
export function sumText(kopecks: number): string {
  return `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, "0")}`;
}

/** The receipt's lines must add up to the payment, in its currency. */
export function receiptMismatch(payment: FakeNewPayment): FakeReply | undefined {
  const receipt = payment.receipt;
  if (!receipt) return undefined;
  if (receipt.items.some((item) => item.amount.currency !== payment.amount.currency)) {
    return invalidRequest("Receipt items must be in the payment's currency", "receipt.items");
  }
  const total = receipt.items.reduce(
    (sum, item) => sum + Math.round(kopecksOf(item.amount.value) * item.quantity),
    0,
  );
  if (total !== kopecksOf(payment.amount.value)) {
    return invalidRequest("The sum of the receipt items differs from the payment amount", "receipt.items");
  }
  return undefined;
}

/** JSON with keys sorted at every depth: two bodies that say the same thing print the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
