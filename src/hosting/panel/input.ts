import { HostingInputError } from "../errors.js";
import {
  PANEL_CHANNELS,
  type PanelClientPatch,
  type PanelClientSettings,
  type PanelCreateInput,
  type PanelTerm,
} from "./types.js";

/* Input checks and request bodies of the Panel API client: nothing is sent when a rule of the spec is broken. */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Unix seconds this large are really milliseconds (year ~5138). */
const MAX_SECONDS = 1e11;

export function requireName(field: string, value: unknown): string {
  if (typeof value !== "string" || value.trim() === "")
    throw new HostingInputError(field, "must be a non-empty string");
  return value;
}

function positiveInt(field: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) {
    throw new HostingInputError(field, "must be an integer > 0");
  }
  return value;
}

function termBody(term: PanelTerm, nowMs: number, allowSetDays: boolean): Record<string, number> {
  const ways = (["days", "setDays", "expiresAt"] as const).filter((k) => term[k] !== undefined);
  if (ways.length !== 1) {
    throw new HostingInputError("term", `give exactly one of days, setDays, expiresAt (got ${ways.length})`);
  }
  if (term.days !== undefined) return { days: positiveInt("term.days", term.days) };
  if (term.setDays !== undefined) {
    if (!allowSetDays) throw new HostingInputError("term.setDays", "only for updates; use days or expiresAt");
    return { set_days: positiveInt("term.setDays", term.setDays) };
  }
  const at = term.expiresAt;
  const seconds = at instanceof Date ? Math.floor(at.getTime() / 1000) : at;
  if (typeof seconds !== "number" || !Number.isSafeInteger(seconds)) {
    throw new HostingInputError("term.expiresAt", "must be a valid Date or integer Unix seconds");
  }
  if (seconds >= MAX_SECONDS)
    throw new HostingInputError("term.expiresAt", "looks like milliseconds; give seconds");
  if (seconds * 1000 <= nowMs) throw new HostingInputError("term.expiresAt", "must be in the future");
  return { expires_at: seconds };
}

function settingsBody(input: PanelClientSettings): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (input.trafficLimitGb !== undefined) {
    const gb = input.trafficLimitGb;
    if (typeof gb !== "number" || !Number.isFinite(gb) || gb < 0) {
      throw new HostingInputError("trafficLimitGb", "must be a number >= 0");
    }
    body.traffic_limit_gb = gb;
  }
  if (input.deviceLimit !== undefined) {
    const n = input.deviceLimit;
    if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0) {
      throw new HostingInputError("deviceLimit", "must be an integer >= 0");
    }
    body.device_limit = n;
  }
  if (input.inboundIds !== undefined) {
    const ids = input.inboundIds;
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== "string" || id === "")) {
      throw new HostingInputError("inboundIds", "must be an array of non-empty strings");
    }
    body.inbound_ids = [...ids];
  }
  if (input.channels !== undefined) {
    const chans = input.channels;
    const known: readonly string[] = PANEL_CHANNELS;
    if (!Array.isArray(chans) || chans.some((c) => !known.includes(c))) {
      throw new HostingInputError("channels", `must be a subset of ${PANEL_CHANNELS.join(", ")}`);
    }
    body.channels = [...new Set(chans)];
  }
  if (input.wg !== undefined) {
    if (typeof input.wg !== "boolean") throw new HostingInputError("wg", "must be a boolean");
    body.wg = input.wg;
  }
  return body;
}

/** Builds the POST body; throws `HostingInputError` before anything is sent. */
export function createBody(input: PanelCreateInput, nowMs: number): Record<string, unknown> {
  const body: Record<string, unknown> = { name: requireName("name", input.name) };
  if (input.uuid !== undefined) {
    if (typeof input.uuid !== "string" || !UUID_RE.test(input.uuid)) {
      throw new HostingInputError("uuid", "must be a UUID");
    }
    body.uuid = input.uuid;
  }
  if (input.term !== undefined) Object.assign(body, termBody(input.term, nowMs, false));
  Object.assign(body, settingsBody(input));
  if (input.manual !== undefined) {
    if (typeof input.manual !== "boolean") throw new HostingInputError("manual", "must be a boolean");
    body.manual = input.manual;
  }
  return body;
}

/** Builds the PATCH body (only the fields to change); throws `HostingInputError` before sending. */
export function patchBody(patch: PanelClientPatch, nowMs: number): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (patch.newName !== undefined) body.new_name = requireName("newName", patch.newName);
  if (patch.term !== undefined) Object.assign(body, termBody(patch.term, nowMs, true));
  Object.assign(body, settingsBody(patch));
  if (Object.keys(body).length === 0) throw new HostingInputError("patch", "nothing to change");
  return body;
}

/**
 * A PATCH may be repeated safely unless it adds `days` (added again on every repeat) or
 * renames (the repeat would address the old name). `expiresAt`/`setDays` and absolute
 * settings give the same result when repeated.
 */
export function patchIsIdempotent(body: Record<string, unknown>): boolean {
  return body.days === undefined && body.new_name === undefined;
}
