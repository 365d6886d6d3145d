import { z } from "zod";

/**
 * The channel gate on the cabinet's wire: a refusal names the channels still to join (403
 * `channel-required`, beside `error`), and POST channels/check asks Telegram again at once.
 */

/** A channel to join: its title, @username (if public) and the link to join it by (if any). */
export const gateChannel = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  username: z.string().nullable(),
  join_url: z.string().nullable(),
});
export type GateChannelOut = z.output<typeof gateChannel>;

/** POST channels/check: `joined` when none is left to join; `trial_resumed` when a paused trial runs again. */
export const channelCheckResponse = z.strictObject({
  ok: z.literal(true),
  joined: z.boolean(),
  channels: z.array(gateChannel),
  trial_resumed: z.boolean(),
});
