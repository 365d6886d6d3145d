import { z } from "zod";
import { LOCALES } from "../config.js";
import { freezeCard } from "./schemas-freeze.js";
import { gateChannel } from "./schemas-gate.js";
import { payOptions } from "./schemas-rails.js";
import { seatsCard } from "./schemas-seats.js";

/**
 * The cabinet API's wire, both ways. Every answer is parsed by its schema before it is sent (a
 * field that does not belong is an error here, not a leak), and every request body on arrival.
 * Amounts are in minor units of the catalog currency (as Telegram invoices count them), with a
 * `*_text` beside them formatted in the customer's language; times are Unix seconds.
 */

/** "outage": active, but its server is down (a confirmed outage the server watch knows). */
export const SUBSCRIPTION_STATUSES = [
  "active",
  "expired",
  "disabled",
  "removed",
  "outage",
  "frozen",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const locale = z.enum(LOCALES);
export const unixSeconds = z.number().int().nonnegative();

export const meResponse = z.strictObject({
  ok: z.literal(true),
  customer: z.strictObject({ id: z.number().int().positive(), language: locale }),
  balance: z.number().int(),
  currency: z.string(),
  balance_text: z.string(),
  /** Every language the shop speaks, each named in itself. */
  languages: z.array(z.strictObject({ code: locale, name: z.string() })),
  /** The caller's language is written right to left. */
  rtl: z.boolean(),
  /** The free trial offered to the caller (the chat's rule, Shop.trialOffer), or null. */
  trial: z.strictObject({ title: z.string(), details: z.string() }).nullable(),
  /** The catalog pays referral rewards (GET invite has a link). */
  referrals: z.boolean(),
  /** SUPPORT_CONTACT as a link, or null when none is set. */
  support: z.strictObject({ url: z.string(), text: z.string() }).nullable(),
  subscriptions: z.array(
    z.strictObject({
      id: z.string(),
      plan: z.string(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      /** null: no expiry. */
      expires_at: unixSeconds.nullable(),
      /** null: the hosting side could not be read just now. */
      traffic_used_gb: z.number().nonnegative().nullable(),
      /** 0: unlimited. */
      traffic_limit_gb: z.number().nonnegative(),
      subscription_url: z.string().nullable(),
    }),
  ),
});
export type MeResponse = z.output<typeof meResponse>;

export const cardResponse = z.strictObject({
  ok: z.literal(true),
  subscription: z.strictObject({
    id: z.string(),
    short_id: z.string(),
    title: z.string(),
    trial: z.boolean(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    status_text: z.string(),
    expires_at: unixSeconds.nullable(),
    expires_text: z.string(),
    days_left: z.number().int().nonnegative().nullable(),
    days_left_text: z.string().nullable(),
    traffic_used_bytes: z.number().nonnegative().nullable(),
    traffic_limit_bytes: z.number().nonnegative(),
    traffic_text: z.string(),
    devices_text: z.string(),
    locations: z.array(z.string()),
    /** The renewal's price, when it can be renewed (not a trial, plan still sold, not removed). */
    renew_price: z.number().int().nonnegative().nullable(),
    renew_price_text: z.string().nullable(),
    /** Auto-renew from the balance: on or off, and what it means; null when it cannot have it. */
    auto_renew: z.boolean().nullable(),
    auto_renew_text: z.string().nullable(),
    /** "+12 GB carried over": the rollover the current term got; null: none. */
    carried_text: z.string().nullable(),
    /** The plan's freeze (schemas-freeze.ts); null when it has none (or a trial, a removed one). */
    freeze: freezeCard.nullable(),
    /** Traffic packs offered for the current term (POST orders `{ subscription_id, pack_id }`). */
    traffic_packs: z.array(
      z.strictObject({
        id: z.string(),
        gb: z.number().positive(),
        gb_text: z.string(),
        price: z.number().int().positive(),
        price_text: z.string(),
      }),
    ),
    /** The family's seats, for its owner (null: not a family's owner's card). */
    seats: seatsCard.nullable(),
    /** A member's seat: "Family seat of Anna: renewed by the owner" (null: not a seat). */
    family_seat_text: z.string().nullable(),
    /** Plans it may switch to (POST orders `{ subscription_id, switch_to }`), with their prices. */
    switch_plans: z.array(z.strictObject({ id: z.string(), title: z.string(), price_text: z.string() })),
  }),
});
export type CardResponse = z.output<typeof cardResponse>;

export const usageResponse = z.strictObject({
  ok: z.literal(true),
  days: z.array(
    z.strictObject({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      /** null: no reading that day (or nothing to count it from). */
      bytes: z.number().nonnegative().nullable(),
      label: z.string(),
      text: z.string().nullable(),
    }),
  ),
});

/** A QR code as `size` rows of '0'/'1' modules (the page draws it; no picture is sent). */
export const qrCode = z.strictObject({ size: z.number().int().positive(), modules: z.string() });

const app = z.strictObject({ name: z.string(), get_url: z.string(), add_url: z.string().nullable() });

export const connectResponse = z.strictObject({
  ok: z.literal(true),
  subscription_url: z.string().nullable(),
  links: z.array(z.string()),
  /** The QR code of the subscription URL (or the first link). */
  qr: qrCode.nullable(),
  platforms: z.array(z.strictObject({ id: z.string(), apps: z.array(app) })),
});
export type ConnectResponse = z.output<typeof connectResponse>;

export const plansResponse = z.strictObject({
  ok: z.literal(true),
  currency: z.string(),
  plans: z.array(
    z.strictObject({
      id: z.string(),
      title: z.string(),
      details: z.string(),
      price: z.number().int().nonnegative(),
      price_text: z.string(),
    }),
  ),
});

export const walletResponse = z.strictObject({
  ok: z.literal(true),
  currency: z.string(),
  balance: z.number().int(),
  balance_text: z.string(),
  page: z.number().int().nonnegative(),
  pages: z.number().int().positive(),
  page_text: z.string(),
  entries: z.array(
    z.strictObject({
      at: unixSeconds,
      at_text: z.string(),
      kind_text: z.string(),
      amount: z.number().int(),
      amount_text: z.string(),
      balance_text: z.string(),
    }),
  ),
  topup_presets: z.array(z.strictObject({ amount: z.number().int().positive(), text: z.string() })),
  /** The bounds of a typed top-up amount, in the caller's money. */
  topup_min_text: z.string(),
  topup_max_text: z.string(),
  /** How a top-up may be paid (an invoice, the outside rails). */
  pay_options: payOptions,
});

export const stringsResponse = z.record(z.string(), z.string());

/** A refusal the page can act on (`error` names it; the HTTP status says what kind it is). */
export const errorResponse = z.strictObject({
  ok: z.literal(false),
  error: z.string().optional(),
  /** With `channel-required`: the channels to join first. */
  channels: z.array(gateChannel).optional(),
});

/** POST /app/api/session: a session for the page's next requests (`Authorization: Bearer <session>`). */
export const sessionResponse = z.strictObject({
  ok: z.literal(true),
  session: z.string(),
  /** Seconds it lives after its last use. */
  expires_in: z.number().int().positive(),
});
