import { type Logger, pino } from "pino";

export type { Logger } from "pino";

/**
 * Paths pino blanks out wherever they appear (one level of nesting is covered by `*.`):
 * tokens, keys, passwords and auth headers never reach a log.
 */
export const REDACT_PATHS: readonly string[] = [
  "token",
  "key",
  "apiKey",
  "password",
  "code",
  "secret",
  "authorization",
  "headers.authorization",
  'headers["x-api-key"]',
  "*.token",
  "*.key",
  "*.apiKey",
  "*.password",
  "*.secret",
  "*.authorization",
  "*.headers.authorization",
  '*.headers["x-api-key"]',
  "config.botToken",
  "config.secretKey",
];

/** Builds the process logger; `destination` lets tests capture the output. */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      redact: { paths: [...REDACT_PATHS], censor: "[redacted]" },
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination ?? process.stdout,
  );
}
