import { z } from "zod";
import { ORDER_KINDS, ORDER_STATUSES } from "../domain/books/index.js";
import { payOptions } from "./schemas-rails.js";

/**
 * The wire of what moves money in the cabinet (orders, the trial, top-ups), both ways: answers
 * parsed by their schema before they are sent, bodies on arrival (a field that does not belong
 * is a 400).
 */

// The order's own states, as the domain keeps them (awaiting_claim: a gift waiting for its link).
const order = z.strictObject({
  id: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  subscription_id: z.string().nullable(),
  /** Paid while its subscription is frozen: "applies when the freeze ends (<date>)" (GET orders/:id). */
  frozen_text: z.string().optional(),
});

/** GET orders/:id, POST orders/:id/cancel, POST trial. */
export const orderResponse = z.strictObject({ ok: z.literal(true), order });

/** What the confirmation shows of an order before it is paid, in the caller's words. */
const summary = z.strictObject({
  /** The plan's title (a renewal: the subscription's). */
  title: z.string(),
  gift: z.boolean(),
  /** "30 days", or with a promo code's bonus days "30 days + 3 bonus days". */
  days_text: z.string(),
  /** The plan's price when a promo code lowered it. */
  list_price_text: z.string().nullable(),
  price: z.number().int().nonnegative(),
  price_text: z.string(),
  promo_text: z.string().nullable(),
  /** Why the promo code asked for does not apply (the chat's words); the order is at the plan's price. */
  promo_refused_text: z.string().nullable(),
  /** An invited customer's first purchase: the bonus days it would get (the chat's words). */
  referral_text: z.string().nullable(),
  /** A traffic pack: what it adds and the term's traffic with it ("+50 GB: 150 GB this term"). */
  pack_text: z.string().nullable(),
  /** A traffic pack: that a renewal gives the plan's traffic afresh (unused pack traffic ends). */
  pack_note_text: z.string().nullable(),
  /** A plan switch: the new plan's price, the credit fixed on the order, what is left to pay. */
  switch_text: z.string().nullable(),
  /** A plan switch waiting for payment: the arithmetic of its credit (days left x price a day, or GB left). */
  switch_value_lines: z.array(z.string()).nullable(),
  balance: z.number().int(),
  balance_text: z.string(),
  /** The balance pays it all. */
  covered: z.boolean(),
  balance_after_text: z.string().nullable(),
  /** What an invoice would ask: what the balance does not cover (at least Telegram's minimum). */
  invoice_amount_text: z.string(),
});

/** POST orders, POST orders/:id/pay. */
export const createdOrderResponse = z.strictObject({
  ok: z.literal(true),
  order,
  /** How it is paid: from the balance now, or by the invoice link for `Telegram.WebApp.openInvoice`. */
  paid_from_wallet: z.boolean(),
  invoice_link: z.string().nullable(),
  invoice_amount_text: z.string().nullable(),
  summary,
  /** How what the balance does not cover may be paid (an invoice, the outside rails). */
  pay_options: payOptions,
});
export type CreatedOrderResponse = z.output<typeof createdOrderResponse>;

const pay = z.enum(["wallet", "invoice"]);
const id = z.string().min(1).max(64);
/** As typed: the shop reads it (a malformed one is refused as the chat refuses it). */
const promoCode = z.string().min(1).max(64);

/** A traffic pack's id, as the catalog spells them. */
const packId = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/);

/**
 * POST orders: buy a plan (for oneself, or as a gift), renew one of the caller's subscriptions
 * (with a promo code maybe), or buy one of its traffic packs (`pack_id`: at the pack's price, no
 * promo code); with `pay` it is paid at once, without it only opened (the confirmation).
 */
export const createOrderRequest = z.union([
  z.strictObject({
    plan_id: id,
    promo_code: promoCode.optional(),
    gift: z.boolean().optional(),
    /** A family plan priced per seat: how many seats (2 up to its max). */
    seats: z.number().int().min(2).max(50).optional(),
    pay: pay.optional(),
  }),
  z.strictObject({ subscription_id: id, promo_code: promoCode.optional(), pay: pay.optional() }),
  z.strictObject({ subscription_id: id, pack_id: packId, pay: pay.optional() }),
  /** Seats added to the caller's family mid-term, at the per-seat price for the days left. */
  z.strictObject({ subscription_id: id, add_seats: z.number().int().min(1).max(10), pay: pay.optional() }),
  /** A plan switch (`switch_to`: the plan), its credit fixed on the order (SwitchSales). */
  z.strictObject({ subscription_id: id, switch_to: packId, pay: pay.optional() }),
]);
export type CreateOrderRequest = z.output<typeof createOrderRequest>;

/** POST orders/:id/pay. */
export const payOrderRequest = z.strictObject({ pay });
export type PayWith = z.output<typeof pay>;

/** A POST that takes nothing (orders/:id/cancel, trial, gifts/:code/cancel). */
export const emptyRequest = z.strictObject({});

/** POST topups: an amount in minor units, or as the customer typed it ("4,99", "1 000", "۲۵۰"). */
export const topUpRequest = z.union([
  z.strictObject({ amount: z.number().int().positive() }),
  z.strictObject({ amount_text: z.string().min(1).max(64) }),
]);
export type TopUpRequest = z.output<typeof topUpRequest>;

export const invoiceResponse = z.strictObject({ ok: z.literal(true), invoice_link: z.string() });
