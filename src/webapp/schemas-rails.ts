import { z } from "zod";

/**
 * The wire of the outside payment rails in the cabinet (CryptoBot, YooKassa, ...), both ways: how
 * an order or a top-up may be paid, a payment link asked on a rail, the customer's "I paid", and
 * the e-mail a rail's receipts need. Bodies are strict (a field that does not belong is a 400).
 */

/** A rail's id as the rails spell them (a lower-case word): anything else is a 400 before a lookup. */
export const railId = z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/);

/** A provider's payment id (CryptoBot's invoice_id, YooKassa's payment id): plain characters only. */
const paymentId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/);

/** A rail as the page offers it: one button each; a rail that is down shows disabled, not hidden. */
export const railOffer = z.strictObject({
  id: railId,
  /** The provider's brand as customers know it. */
  name: z.string(),
  available: z.boolean(),
  /** Pressing it asks the customer's e-mail first (receipts on, none kept yet). */
  needs_email: z.boolean(),
});
export type RailOfferOut = z.output<typeof railOffer>;

/** How what is due may be paid besides the balance: a Telegram invoice (when possible) and the rails. */
export const payOptions = z.strictObject({
  /** Telegram's own invoice (Stars, or a provider token for a fiat shop): false in a rails-only shop. */
  invoice: z.boolean(),
  rails: z.array(railOffer),
});
export type PayOptions = z.output<typeof payOptions>;

/** POST orders/:id/pay-rail. */
export const payRailRequest = z.strictObject({ rail: railId });

/** POST topups/rail: an amount in minor units or as typed (as POST topups), and the rail. */
export const topUpRailRequest = z.union([
  z.strictObject({ rail: railId, amount: z.number().int().positive() }),
  z.strictObject({ rail: railId, amount_text: z.string().min(1).max(64) }),
]);
export type TopUpRailRequest = z.output<typeof topUpRailRequest>;

/** POST orders/:id/pay-rail, POST topups/rail: the link to pay on (opened with `openLink`). */
export const railCheckoutResponse = z.strictObject({
  ok: z.literal(true),
  rail: railId,
  payment_id: z.string(),
  pay_url: z.url({ protocol: /^https$/ }),
  /** What the rail asks, in minor units of the shop's currency, and in the customer's words. */
  amount: z.number().int().positive(),
  amount_text: z.string(),
});
export type RailCheckoutResponse = z.output<typeof railCheckoutResponse>;

/** POST payments/check: the customer's "I paid". */
export const railCheckRequest = z.strictObject({ rail: railId, payment_id: paymentId });

/** Where the payment stands: `paid` (credited now or before), still `pending`, or closed unpaid. */
export const railCheckResponse = z.strictObject({
  ok: z.literal(true),
  status: z.enum(["paid", "pending", "cancelled", "expired"]),
});
export type RailCheckResponse = z.output<typeof railCheckResponse>;

/** POST email: the e-mail for the rails' receipts (checked by the shop: else 400 `bad-email`). */
export const emailRequest = z.strictObject({ email: z.string().max(1024) });
export const emailResponse = z.strictObject({ ok: z.literal(true) });
