import { HostingInputError } from "../errors.js";
import { seg } from "../request.js";
import { NAME_RE } from "./schemas.js";
import type { PeerUrlProblem } from "./types.js";

/* Input checks of the Node API client: a call that breaks a rule is refused before sending. */

export function checkName(field: string, value: string): void {
  if (typeof value !== "string" || !NAME_RE.test(value)) {
    throw new HostingInputError(field, "must be 1 to 64 characters of A-Z a-z 0-9 _ . @ -");
  }
}

export function checkDays(field: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new HostingInputError(field, "must be an integer >= 1");
}

export function checkLimits(input: { trafficLimitGb?: number; deviceLimit?: number }): void {
  const gb = input.trafficLimitGb;
  if (gb !== undefined && (typeof gb !== "number" || !Number.isFinite(gb) || gb < 0)) {
    throw new HostingInputError("trafficLimitGb", "must be a number >= 0");
  }
  const dev = input.deviceLimit;
  if (dev !== undefined && (!Number.isSafeInteger(dev) || dev < 0)) {
    throw new HostingInputError("deviceLimit", "must be an integer >= 0");
  }
}

export function checkNonEmpty(field: string, value: string): void {
  if (typeof value !== "string" || value.trim().length === 0)
    throw new HostingInputError(field, "must not be empty");
}

export function checkHttpUrl(field: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new HostingInputError(field, "must be an absolute URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new HostingInputError(field, "must be an http(s) URL");
  }
  return url;
}

export function limitsBody(input: { trafficLimitGb?: number; deviceLimit?: number }): Record<string, number> {
  const body: Record<string, number> = {};
  if (input.trafficLimitGb !== undefined) body.traffic_limit_gb = input.trafficLimitGb;
  if (input.deviceLimit !== undefined) body.device_limit = input.deviceLimit;
  return body;
}

const SAMPLE_UUID = "00000000-0000-0000-0000-000000000000";

/**
 * Checks a peer URL (spec C, Peer): it contains the literal `{uuid}` (the master puts the
 * client's UUID there) and its path ends in `/{uuid}/local`, the peer's own links only
 * (`/sub/{uuid}/local`). A peer URL serving the whole shared subscription would make the master
 * collect recursively, so it is refused, not only warned about. A trailing slash is allowed.
 */
export function peerUrlProblem(url: string): PeerUrlProblem | undefined {
  if (typeof url !== "string" || !url.includes("{uuid}")) return "uuid";
  let parsed: URL;
  try {
    parsed = new URL(url.replaceAll("{uuid}", SAMPLE_UUID));
  } catch {
    return "url";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return "url";
  return parsed.pathname.replace(/\/$/, "").endsWith(`/${SAMPLE_UUID}/local`) ? undefined : "local";
}

export const PEER_URL_RULES: Record<PeerUrlProblem, string> = {
  uuid: "must contain the literal {uuid} placeholder",
  url: "must be an http(s) URL",
  local: "must end in /{uuid}/local (only the peer's own links, no recursive collection)",
};

/** `<subBase>/sub/<uuid>`: the client's subscription on the node's subscription server. */
export function subscriptionUrl(subBase: string, uuid: string): string {
  checkHttpUrl("subBase", subBase);
  checkNonEmpty("uuid", uuid);
  return `${subBase.replace(/\/+$/, "")}/sub/${seg(uuid)}`;
}
