import { HostingInputError } from "../errors.js";

/* Input checks of the Account API client: a call that breaks a rule is refused before sending. */

export function checkServerId(id: unknown): number {
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) {
    throw new HostingInputError("id", "server id must be a positive integer");
  }
  return id;
}

export function checkText(field: string, value: unknown): string {
  if (typeof value !== "string" || value.trim().length === 0) {
    throw new HostingInputError(field, "must be a non-empty string");
  }
  return value;
}

export function checkGb(gb: unknown): number | undefined {
  if (gb === undefined) return undefined;
  if (typeof gb !== "number" || !Number.isFinite(gb) || gb < 0) {
    throw new HostingInputError("gb", "must be a finite number >= 0 (0 = unlimited)");
  }
  return gb;
}

export function checkDays(days: unknown): number | undefined {
  if (days === undefined) return undefined;
  if (typeof days !== "number" || !Number.isSafeInteger(days) || days < 0) {
    throw new HostingInputError("days", "must be an integer >= 0 (0 = no expiry)");
  }
  return days;
}

export function checkOneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw new HostingInputError(field, `must be one of ${allowed.join(", ")}`);
  }
  return value as T;
}
