import { HostingApiError, isTransient } from "../../hosting/errors.js";
import type { AccessLinks, AccessRef, AccessState } from "../books/index.js";
import type { Plan } from "../catalog/index.js";

export interface ProvisionRequest {
  /** Deterministic per order, so a retry looks up the same client before creating. */
  name: string;
  /** Deterministic per order (panel and node use it; xui generates its own). */
  uuid: string;
  /** Absolute expiry wanted, ms since the epoch. */
  expiresAt: number;
  /** Plan traffic in GB; 0 = unlimited. */
  trafficGb: number;
  /** Device limit; 0 = unlimited. */
  devices: number;
}

/**
 * A client's traffic limit on each place it lives, in GB (0 = unlimited): one entry `""` for an
 * xui or node client, one per location for a panel client (each location keeps its own limit).
 */
export type TrafficLimits = Record<string, number>;

/**
 * One interface over the three backends. Every method is safe to repeat: create looks before
 * it creates, renew takes an absolute target and never adds twice.
 */
export interface Provisioner {
  readonly kind: AccessRef["kind"];

  /**
   * Picks where the access will live (xui: the server) without creating anything, so the
   * choice can be stored on the order before the first hosting write.
   */
  place(plan: Plan, request: ProvisionRequest): Promise<AccessRef>;

  /** Creates the client at `ref`, or finds the one a previous attempt created. */
  ensure(
    ref: AccessRef,
    plan: Plan,
    request: ProvisionRequest,
  ): Promise<{ ref: AccessRef; links: AccessLinks }>;

  /**
   * Moves the expiry to `expiresAt` (absolute) and gives a fresh traffic allowance of
   * `trafficGb` for the new term (the limit becomes what was used plus the plan's GB, since
   * the APIs cannot reset counters). Repeating it with the same target changes nothing more.
   */
  renew(ref: AccessRef, expiresAt: number, trafficGb: number): Promise<AccessState>;

  /**
   * Optional: makes the access again to get links that a lost create answer took with it
   * (xui has no link endpoint). Changes its identity, so only for an access never handed out.
   */
  reissue?(ref: AccessRef, request: ProvisionRequest): Promise<{ ref: AccessRef; links: AccessLinks }>;

  /**
   * Sets the expiry to the absolute `expiresAt` and nothing else (an admin's term change; the
   * traffic allowance stays). Repeating it changes nothing more. A node can only add days: a
   * term earlier than the node's stays as it is.
   */
  setTerm(ref: AccessRef, expiresAt: number): Promise<AccessState>;

  setLimits(ref: AccessRef, limits: { trafficGb?: number; devices?: number }): Promise<void>;
  /** The traffic limit on each place the access lives, as the hosting side holds it now. */
  trafficLimits(ref: AccessRef): Promise<TrafficLimits>;
  /**
   * Sets each place's traffic limit to the ABSOLUTE value given (a traffic pack's target, fixed
   * once): a repeat, or a retry after a lost answer, sets the same limit and adds nothing. The
   * term, the devices and a ban are left as they are.
   */
  setTrafficLimits(ref: AccessRef, limits: TrafficLimits): Promise<void>;
  setEnabled(ref: AccessRef, enabled: boolean): Promise<void>;
  /** Deletes the client; a client already gone is not an error. */
  remove(ref: AccessRef): Promise<void>;
  /** Live usage and expiry as the hosting side sees it. */
  state(ref: AccessRef): Promise<AccessState>;
  links(ref: AccessRef): Promise<AccessLinks>;
}

/** The provider's refusal that another attempt cannot fix (e.g. no server fits the plan). */
export class ProvisioningError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "ProvisioningError";
  }
}

/**
 * An xui server paid for less time than the term it is to hold (the provisioner refuses it): what
 * the admins need to extend it, kept apart from the text so the alert can show it in their words.
 */
export class ServerPaidTooBriefly extends ProvisioningError {
  constructor(
    readonly server: { id: number; name: string; paidUntil: number; status: string; kind: string },
    /** The term's end it was to hold (ms). */
    readonly needed: number,
  ) {
    super(
      `server ${server.id} (${server.name}) is ${server.kind === "xui" ? server.status : `not of xui type (${server.kind})`}, paid until ${new Date(server.paidUntil).toISOString()}: extend the server beyond ${new Date(needed).toISOString()} first, then renew`,
      true,
    );
    this.name = "ServerPaidTooBriefly";
  }
}

/**
 * Whether another attempt may heal what failed: the hosting side may recover (a timeout, a
 * 5xx), an admin may re-link the key (401); a refusal (4xx, a permanent provisioning error) or
 * a malformed record will not. The one rule of the order worker and of admins' term changes.
 * Our own infrastructure (Redis, Telegram) failing is not the order's fault: it is retried.
 */
export function mayHealOnRetry(err: unknown): boolean {
  if (isTransient(err)) return true;
  if (err instanceof ProvisioningError) return !err.permanent;
  if (err instanceof HostingApiError) return err.kind === "unauthorized" || err.kind === "internal";
  return !(err instanceof Error && err.name === "ZodError");
}
