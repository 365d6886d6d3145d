import { z } from "zod";

/** A family subscription's seats on its card (the owner's view), texts in the caller's language. */
export const seatsCard = z.strictObject({
  count: z.number().int().min(2),
  max: z.number().int().min(2),
  title_text: z.string(),
  items: z.array(
    z.strictObject({
      n: z.number().int().min(2),
      taken: z.boolean(),
      /** A free seat's invite link (copy or share it); null when taken. */
      link: z.string().nullable(),
      /** "Anna · 1.2 GB used" (taken) or "free" (free). */
      text: z.string(),
    }),
  ),
  /** One seat more, for the days left (POST orders `{ subscription_id, add_seats: 1 }`); null: none. */
  add_price: z.number().int().nonnegative().nullable(),
  add_text: z.string().nullable(),
});
export type SeatsCard = z.output<typeof seatsCard>;

/** POST /app/api/subscriptions/:id/seats/free: the seat to free. */
export const freeSeatRequest = z.strictObject({ n: z.number().int().min(2).max(50) });

/** Its answer: the seats now (the freed one with its new invite link), and what was done. */
export const freeSeatResponse = z.strictObject({ ok: z.literal(true), seats: seatsCard, text: z.string() });
