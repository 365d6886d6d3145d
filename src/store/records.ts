import type { Redis } from "ioredis";
import type { z } from "zod";

/**
 * What a stored record its schema refuses reads as: `undefined` (as if it were not there: a
 * record left by an older version, a hand edit) or `throw` (a record that must be right, whose
 * reader wants to hear it is not).
 */
export type Malformed = "undefined" | "throw";

export interface ReadOptions {
  /** `undefined` unless said. */
  malformed?: Malformed;
}

export interface HashReadOptions extends ReadOptions {
  /**
   * The field whose presence says the record is there: a hash holding only stray fields (one
   * set after the record expired, say) reads as missing. Any field when unset.
   */
  marker?: string;
}

function checked<S extends z.ZodType>(
  schema: S,
  value: unknown,
  malformed: Malformed,
): z.output<S> | undefined {
  if (malformed === "throw") return schema.parse(value);
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * A JSON record as read (`GET`, one of an `MGET`): null (missing) reads as undefined; text that
 * is not JSON is malformed like a value the schema refuses.
 */
export function parseJsonRecord<S extends z.ZodType>(
  raw: string | null | undefined,
  schema: S,
  options: ReadOptions = {},
): z.output<S> | undefined {
  if (!raw) return undefined;
  const malformed = options.malformed ?? "undefined";
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    if (malformed === "throw") throw err;
    return undefined;
  }
  return checked(schema, value, malformed);
}

/** The JSON record at `key`, checked by `schema`; undefined when there is none. */
export async function readJson<S extends z.ZodType>(
  redis: Redis,
  key: string,
  schema: S,
  options: ReadOptions = {},
): Promise<z.output<S> | undefined> {
  return parseJsonRecord(await redis.get(key), schema, options);
}

/** A hash record as read (`HGETALL`): none (no fields, or no marker) reads as undefined. */
export function parseHashRecord<S extends z.ZodType>(
  fields: Record<string, string>,
  schema: S,
  options: HashReadOptions = {},
): z.output<S> | undefined {
  const present =
    options.marker === undefined ? Object.keys(fields).length > 0 : Boolean(fields[options.marker]);
  return present ? checked(schema, fields, options.malformed ?? "undefined") : undefined;
}

/** The hash record at `key`, its fields checked by `schema`; undefined when there is none. */
export async function readHash<S extends z.ZodType>(
  redis: Redis,
  key: string,
  schema: S,
  options: HashReadOptions = {},
): Promise<z.output<S> | undefined> {
  return parseHashRecord(await redis.hgetall(key), schema, options);
}
