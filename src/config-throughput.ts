import { z } from "zod";
import { ConfigError, optional } from "./config.js";

/** How much the bot does at once: operator settings for a small VPS or a raised Telegram limit. */
export interface Throughput {
  /** ORDER_CONCURRENCY: paid orders fulfilled at once per worker process (32). */
  orderConcurrency: number;
  /** TELEGRAM_SEND_LIMIT: messages a second the bot sends at most, all processes together (29). */
  telegramSendLimit: number;
}

const settings = z.object({
  // An order mostly waits on the hosting API: many at once cost little memory; 1 serializes them.
  ORDER_CONCURRENCY: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(256, "must be at most 256")
    .default(32),
  // Telegram's overall limit is about 30 a second (one kept in hand); paid broadcasts raise it to 1000.
  TELEGRAM_SEND_LIMIT: z.coerce
    .number({ error: "must be a number of messages a second" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(1_000, "must be at most 1000 (Telegram's paid broadcast limit)")
    .default(29),
});

/** ORDER_CONCURRENCY and TELEGRAM_SEND_LIMIT, checked (defaults: 32 and 29). */
export function throughputOf(env: Record<string, string | undefined>): Throughput {
  const parsed = settings.safeParse({
    ORDER_CONCURRENCY: optional(env.ORDER_CONCURRENCY),
    TELEGRAM_SEND_LIMIT: optional(env.TELEGRAM_SEND_LIMIT),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `${String(issue?.path[0] ?? "a throughput setting")} ${issue?.message ?? "is invalid"}`,
    );
  }
  return {
    orderConcurrency: parsed.data.ORDER_CONCURRENCY,
    telegramSendLimit: parsed.data.TELEGRAM_SEND_LIMIT,
  };
}
