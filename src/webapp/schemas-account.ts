import { z } from "zod";
import { LOCATION_STATES } from "../domain/drift/index.js";
import { locale, qrCode, unixSeconds } from "./schemas.js";

/** The wire of the caller's gifts, invitations, service status and language (see schemas.ts). */

export const GIFT_STATUSES = ["waiting", "claimed", "cancelled", "expired"] as const;

export const giftsResponse = z.strictObject({
  ok: z.literal(true),
  gifts: z.array(
    z.strictObject({
      code: z.string(),
      /** The plan's title. */
      title: z.string(),
      status: z.enum(GIFT_STATUSES),
      status_text: z.string(),
      /** The claim link while it waits (as the chat shows it). */
      link: z.string().nullable(),
      created_text: z.string(),
      expires_text: z.string().nullable(),
      /** Waiting: the buyer may cancel it (the money back to the balance). */
      cancellable: z.boolean(),
      refund_text: z.string().nullable(),
    }),
  ),
});
export type GiftsResponse = z.output<typeof giftsResponse>;

export const giftCancelResponse = z.strictObject({
  ok: z.literal(true),
  refunded_text: z.string(),
  balance: z.number().int(),
  balance_text: z.string(),
});

export const inviteResponse = z.strictObject({
  ok: z.literal(true),
  /** False: the catalog pays no referrals (everything else empty). */
  enabled: z.boolean(),
  link: z.string().nullable(),
  qr: qrCode.nullable(),
  terms_text: z.string().nullable(),
  invited: z.number().int().nonnegative(),
  invited_text: z.string(),
  /** Friends who paid. */
  paid: z.number().int().nonnegative(),
  paid_text: z.string(),
  earned: z.number().int().nonnegative(),
  earned_text: z.string(),
});
export type InviteResponse = z.output<typeof inviteResponse>;

export type { LocationState } from "../domain/drift/index.js";

export const statusResponse = z.strictObject({
  ok: z.literal(true),
  locations: z.array(
    z.strictObject({
      /** As the cards name it (never a host name). */
      name: z.string(),
      state: z.enum(LOCATION_STATES),
      state_text: z.string(),
      since_text: z.string().nullable(),
      /** When it was last checked (the server watch, or the drift sync that read it); null: never. */
      checked_at: unixSeconds.nullable(),
      /** "checked 2 min ago" (or "not checked yet"), as of the answer. */
      checked_text: z.string(),
    }),
  ),
  /** Newest first. */
  notices: z.array(z.strictObject({ at: unixSeconds, at_text: z.string(), text: z.string() })).max(20),
});
export type StatusResponse = z.output<typeof statusResponse>;

/** POST language: one of the shop's languages. */
export const languageRequest = z.strictObject({ locale });
export const languageResponse = z.strictObject({ ok: z.literal(true), language: locale });
