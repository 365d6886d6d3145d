import { type Logger, pino } from "pino";
import { scopedLogFields } from "./log-context.js";
import { Masker } from "./redact.js";

export type { Logger } from "pino";

export interface LoggerOptions {
  /** Exact values masked wherever they appear (the bot token, API tokens, the webhook secret). */
  secrets?: readonly (string | undefined)[];
}

/**
 * Builds the process logger; `destination` lets tests capture the output. Every logged object is
 * sanitized at any depth (secret keys censored, message texts dropped, bot tokens and `secrets`
 * masked in every string, errors serialized with their causes but without request payloads).
 */
export function createLogger(
  level: string,
  destination?: NodeJS.WritableStream,
  options: LoggerOptions = {},
): Logger {
  const masker = new Masker(options.secrets);
  const sanitize = (value: object) => masker.sanitize(value) as Record<string, unknown>;
  const logger = pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { log: sanitize },
      // A job's queue and id, an order's id (see log-context.ts), on lines of any logger.
      mixin: (_obj, _level, log) => scopedLogFields(() => log.bindings()),
      // `log.error(err)` puts the error under `err` after the formatter, and its message into `msg`.
      serializers: {
        err: (err: unknown) => (err instanceof Error ? masker.serializeError(err) : err),
        msg: (msg: unknown) => (typeof msg === "string" ? masker.mask(msg) : msg),
      },
    },
    destination ?? process.stdout,
  );
  // Pino skips the bindings formatter for children; children inherit this `child` through their prototype.
  const pinoChild = logger.child;
  logger.child = function (this: Logger, bindings, childOptions) {
    return pinoChild.call(this, sanitize(bindings), childOptions);
  } as Logger["child"];
  return logger;
}
