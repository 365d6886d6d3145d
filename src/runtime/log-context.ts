import { ScopedStorage } from "./scoped-storage.js";

/** Fields every log line written inside a scope carries (a job's queue and id, an order's id). */
export type LogFields = Record<string, string | number>;

/** Switched off while no scope runs (see ScopedStorage: a live one costs every promise). */
const scope = new ScopedStorage<LogFields>();

/**
 * Runs `fn` with `fields` added to every log line written inside it, through any logger: the
 * domain services log through the process logger they were built with, so a child logger handed
 * to the job alone would miss their lines. Nested scopes add to the outer one.
 */
export function withLogFields<T>(fields: LogFields, fn: () => T): T {
  return scope.run({ ...scope.getStore(), ...fields }, fn);
}

/** Adds fields to the current scope from here on (an order job binds its order id once it is read). */
export function bindLogFields(fields: LogFields): void {
  const current = scope.getStore();
  if (current) Object.assign(current, fields);
}

/** The current scope's fields, minus those the logger has bound itself (pino would print them twice). */
export function scopedLogFields(bound: () => Record<string, unknown>): LogFields {
  const fields = scope.getStore();
  if (!fields) return {};
  const own = bound();
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) if (!(key in own)) out[key] = value;
  return out;
}
