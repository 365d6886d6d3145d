import { z } from "zod";

/** Telegram's limit for callback_data. */
export const CALLBACK_DATA_LIMIT = 64;

export interface CallbackCodec<T> {
  readonly prefix: string;
  /** Matches this codec's callback data (for `bot.callbackQuery`). */
  readonly pattern: RegExp;
  pack(data: T): string;
  /** Validates raw callback data; undefined when it is not ours or malformed (e.g. forged). */
  unpack(raw: string | undefined): T | undefined;
}

/**
 * Small typed callback data: `prefix:v1:v2...` with fields in the order of `shape`, each value
 * percent-encoded, re-validated with zod on arrival. Never put secrets in it.
 */
export function callbackCodec<S extends z.ZodRawShape>(
  prefix: string,
  shape: S,
): CallbackCodec<z.output<z.ZodObject<S>>> {
  const keys = Object.keys(shape);
  const schema = z.object(shape);
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return {
    prefix,
    pattern: new RegExp(`^${escaped}(:|$)`),
    pack(data) {
      const values = keys.map((k) => encodeURIComponent(String((data as Record<string, unknown>)[k] ?? "")));
      const packed = [prefix, ...values].join(":");
      if (Buffer.byteLength(packed) > CALLBACK_DATA_LIMIT) {
        throw new Error(`callback data over ${CALLBACK_DATA_LIMIT} bytes: ${prefix}`);
      }
      return packed;
    },
    unpack(raw) {
      if (raw === undefined) return undefined;
      const parts = raw.split(":");
      if (parts[0] !== prefix || parts.length !== keys.length + 1) return undefined;
      let decoded: Record<string, string>;
      try {
        decoded = Object.fromEntries(keys.map((k, i) => [k, decodeURIComponent(parts[i + 1] ?? "")]));
      } catch {
        return undefined;
      }
      const parsed = schema.safeParse(decoded);
      return parsed.success ? parsed.data : undefined;
    },
  };
}

/**
 * A codec of richer typed data over a flat wire codec: `toWire` flattens an action for the wire,
 * `fromWire` reads it back (an argument that does not fit its action falls back as it decides).
 */
export function mappedCodec<T, W>(
  wire: CallbackCodec<W>,
  toWire: (data: T) => W,
  fromWire: (data: W) => T,
): CallbackCodec<T> {
  return {
    prefix: wire.prefix,
    pattern: wire.pattern,
    pack: (data) => wire.pack(toWire(data)),
    unpack: (raw) => {
      const data = wire.unpack(raw);
      return data === undefined ? undefined : fromWire(data);
    },
  };
}

/**
 * The mark of a button under a message that delivers something (links and instructions, a
 * receipt): navigation from it sends a new message instead of editing that one away. It leads the
 * callback data (`+my:list`); the bot takes it off on arrival (bot/views/show.ts), so every
 * handler sees the plain data, and `show` then replies instead of editing.
 */
export const KEEP_MARK = "+";

/** `data` for a button whose message must stay as it is (see KEEP_MARK). */
export function keepMessage(data: string): string {
  const kept = `${KEEP_MARK}${data}`;
  if (Buffer.byteLength(kept) > CALLBACK_DATA_LIMIT) {
    throw new Error(`callback data over ${CALLBACK_DATA_LIMIT} bytes: ${data}`);
  }
  return kept;
}

/** Field helpers for codecs. */
export const cbId = z.coerce.number().int().positive();
export const cbPage = z.coerce.number().int().min(0).max(10_000);
