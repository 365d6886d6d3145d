import { z } from "zod";

/**
 * What YooKassa's API v3 answers, as far as the rail reads it. Objects are loose (YooKassa adds
 * fields freely; the raw JSON is kept as received anyway) and strict about the fields the rail
 * uses: a payment without a known status or a readable amount is not a payment to act on.
 */

/** An ISO 8601 time, as epoch ms. */
const isoTime = z.string().transform((text, ctx) => {
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) {
    ctx.addIssue({ code: "custom", message: "is not an ISO 8601 time" });
    return z.NEVER;
  }
  return ms;
});

/** A sum as YooKassa writes it: a decimal string and an ISO 4217 code. */
export const amountSchema = z.object({
  value: z.string().regex(/^\d+(\.\d+)?$/, "is not a decimal sum"),
  currency: z.string().regex(/^[A-Z]{3}$/, "is not an ISO 4217 code"),
});

const cancellationSchema = z.looseObject({ party: z.string(), reason: z.string() });

export const paymentStatuses = ["pending", "waiting_for_capture", "succeeded", "canceled"] as const;

export const paymentSchema = z.looseObject({
  id: z.string().min(1),
  status: z.enum(paymentStatuses),
  paid: z.boolean().optional(),
  amount: amountSchema,
  /** Present while the payer still has to confirm (pay) it. */
  confirmation: z.looseObject({ type: z.string(), confirmation_url: z.string().optional() }).optional(),
  created_at: isoTime,
  captured_at: isoTime.optional(),
  /** Set on a payment held for capture: YooKassa cancels it at this time. */
  expires_at: isoTime.optional(),
  /** Read by the mapping with its own schema: a mangled one only loses the ref. */
  metadata: z.unknown().optional(),
  description: z.string().optional(),
  test: z.boolean().optional(),
  refundable: z.boolean().optional(),
  cancellation_details: cancellationSchema.optional(),
});
export type YooKassaPayment = z.output<typeof paymentSchema>;

export const refundSchema = z.looseObject({
  id: z.string().min(1),
  payment_id: z.string().min(1),
  status: z.enum(["pending", "succeeded", "canceled"]),
  amount: amountSchema,
  cancellation_details: cancellationSchema.optional(),
});
export type YooKassaRefund = z.output<typeof refundSchema>;

/** A page of a list; the items are read one by one, so each keeps its raw JSON. */
export const listSchema = z.looseObject({
  type: z.literal("list"),
  items: z.array(z.unknown()),
  next_cursor: z.string().min(1).optional(),
});

/** The body of every 4xx (and 500) YooKassa answers. */
export const errorSchema = z.looseObject({
  type: z.literal("error"),
  id: z.string().optional(),
  code: z.string(),
  description: z.string().optional(),
  parameter: z.string().optional(),
});

/** GET /me: the shop the credentials belong to. */
export const meSchema = z.looseObject({ account_id: z.string().min(1) });

/** An incoming notification: an event and the object it is about (a payment for `payment.*`). */
export const notificationSchema = z.looseObject({
  type: z.literal("notification"),
  event: z.string().min(1),
  object: z.looseObject({ id: z.string().min(1) }),
});
