import { httpRequest, isAbort, textOf } from "../runtime/library-parts.js";

/** A provider call failed: it said no (`refused`, a 4xx) or could not be reached or broke (`down`). */
export class RailError extends Error {
  constructor(
    readonly rail: string,
    readonly kind: "refused" | "down",
    /** HTTP status; 0 for a network failure or a timeout. */
    readonly status: number,
    readonly detail: string,
  ) {
    super(`${rail}: ${kind} (${status || "no answer"}): ${detail}`);
    this.name = "RailError";
  }
}

export interface RailRequest {
  rail: string;
  method: "GET" | "POST" | "DELETE";
  url: URL;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  timeoutMs: number;
}

/** The provider's answer: its status and its JSON body (undefined when the body is not JSON). */
export interface RailResponse {
  status: number;
  json: unknown;
}

/**
 * The one HTTP seam of the rails: JSON in and out, a timeout, and every failure as a RailError.
 * A 4xx comes back as `refused` (the provider said no: nothing happened); a 5xx, a timeout or a
 * broken connection as `down` (the call may have happened: read back before trying again).
 */
export async function railRequest(req: RailRequest): Promise<RailResponse> {
  const headers: Record<string, string> = { accept: "application/json", ...req.headers };
  if (req.body !== undefined) headers["content-type"] = "application/json";
  let status: number;
  let text: string;
  try {
    const response = await httpRequest(req.url, {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: AbortSignal.timeout(req.timeoutMs),
    });
    status = response.status;
    text = await textOf(response.body);
  } catch (err) {
    throw new RailError(
      req.rail,
      "down",
      0,
      isAbort(err) ? `no answer within ${req.timeoutMs} ms` : "network",
    );
  }
  let json: unknown;
  try {
    json = text.length === 0 ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (status >= 500) throw new RailError(req.rail, "down", status, text.slice(0, 200));
  return { status, json };
}

/** `amount` minor units as a decimal string with `exponent` digits after the point ("15000", 2 -> "150.00"). */
export function decimalOf(minor: number, exponent: number): string {
  if (exponent === 0) return String(minor);
  const sign = minor < 0 ? "-" : "";
  const digits = String(Math.abs(minor)).padStart(exponent + 1, "0");
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/**
 * A provider's decimal string in minor units ("150.00", 2 -> 15000); undefined when it has more
 * digits after the point than the currency has (or is not a number): never rounded.
 */
export function minorOf(decimal: string, exponent: number): number | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return undefined;
  const [, sign, whole, fraction = ""] = match;
  const trimmed = fraction.replace(/0+$/, "");
  if (trimmed.length > exponent) return undefined;
  const value = Number(whole) * 10 ** exponent + Number(trimmed.padEnd(exponent, "0") || "0");
  return sign ? -value : value;
}
