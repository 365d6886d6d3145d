import { z } from "zod";

/** A card's freeze: the state line, and the buttons (unfreeze, or the days to pick with what each does). */
export const freezeCard = z.strictObject({
  frozen: z.boolean(),
  /** Frozen (or starting): until when, days kept, the end. */
  state_text: z.string().nullable(),
  /** The Unfreeze button's label when frozen. */
  unfreeze_text: z.string().nullable(),
  /** The days to pick when it can be frozen now, each with its confirmation text. */
  choices: z.array(
    z.strictObject({
      days: z.number().int().positive(),
      label: z.string(),
      confirm_text: z.string(),
      confirm_label: z.string(),
    }),
  ),
  /** "Freezes left for the next 365 days" and the range, as the chat says it. */
  pick_text: z.string().nullable(),
});
export type FreezeCard = z.output<typeof freezeCard>;

/** POST /app/api/subscriptions/:id/freeze: the days picked. */
export const freezeRequest = z.strictObject({ days: z.number().int().min(1).max(365) });

/** POST /app/api/subscriptions/:id/unfreeze: nothing. */
export const unfreezeRequest = z.strictObject({});

/** Their answer: whether it was done, and what it says, in the customer's language. */
export const freezeResponse = z.strictObject({ ok: z.literal(true), done: z.boolean(), text: z.string() });
export type FreezeResponse = z.output<typeof freezeResponse>;
