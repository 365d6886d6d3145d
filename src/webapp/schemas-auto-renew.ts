import { z } from "zod";

/** POST /app/api/subscriptions/:id/auto-renew: the customer's switch, `on` and nothing else. */
export const autoRenewRequest = z.strictObject({ on: z.boolean() });
export type AutoRenewRequest = z.output<typeof autoRenewRequest>;

/** Its answer: the state now, and what it means, in the customer's language (as the card says it). */
export const autoRenewResponse = z.strictObject({
  ok: z.literal(true),
  auto_renew: z.boolean(),
  auto_renew_text: z.string(),
});
export type AutoRenewResponse = z.output<typeof autoRenewResponse>;
