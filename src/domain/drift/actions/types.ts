import type { Locale } from "#src/config.js";
import type { AccessLinks } from "../../books/index.js";
import type { Plan } from "../../catalog/index.js";

/**
 * What the admins' decisions on drift (DriftActions) answer: a typed outcome the Sync view renders,
 * never an exception for something expected (a refusal, a hosting side that does not answer).
 */

/** Why an action was not taken. `detail` (when present) names the thing refused, for the view. */
export type Refusal =
  /** No such subscription (or the orphan's client is gone for an adoption). */
  | "not-found"
  /** The subscription was removed by an admin (its client deleted on purpose). */
  | "removed"
  /** The subscription's term is over: nothing to recreate or move. */
  | "expired"
  /** A move of a subscription that is not on an xui server. */
  | "not-xui"
  /** Another action on the same subscription or client is running right now. */
  | "busy"
  /** A paid renewal of the subscription is being applied: try again when it is done. */
  | "renewal-running"
  /** A move to another server is under way (detail: its server id); finish that one first. */
  | "other-move"
  /** A recreate is under way on the subscription; finish it first. */
  | "recreate-pending"
  /** The target server is not an active xui server of the plan paid beyond the term. */
  | "not-eligible"
  /** Recreate on an xui server that is expired or suspended: move the subscription instead. */
  | "server-unfit"
  /** The client's name is not the shop's naming (clients made by hand are left alone). */
  | "not-shop-client"
  /** The client belongs to a subscription (detail: its id). */
  | "owned"
  /** No customer with that id. */
  | "unknown-customer"
  /** No catalog plan fits (the subscription's plan is gone, or none matches the orphan). */
  | "no-plan"
  /** The hosting API refused (4xx, a setting missing); detail: its message. */
  | "hosting-refused";

export type Refused = { status: "refused"; reason: Refusal; detail?: string };
/** The hosting side did not answer (timeout, 502/503, network): nothing is lost, try again. */
export type Unavailable = { status: "unavailable"; detail: string };
export type NotDone = Refused | Unavailable;

export type RecreateOutcome =
  | {
      status: "done";
      subscriptionId: string;
      /** The customer's links changed (new UUID or new xui client) and they were sent the new ones. */
      linksChanged: boolean;
    }
  /** The client is there (a repeat, or it came back): nothing was created. */
  | { status: "already"; subscriptionId: string }
  | NotDone;

export interface ServerChoice {
  serverId: number;
  name: string;
  /** Paid until (ms). */
  expiresAt: number;
  /** Clients on its inbound now. */
  clients: number;
}

export type EligibleOutcome =
  | { status: "done"; subscriptionId: string; currentServerId: number; servers: ServerChoice[] }
  | NotDone;

export type MoveOutcome =
  | {
      status: "done";
      subscriptionId: string;
      fromServerId: number;
      toServerId: number;
      /** The old client was deleted (false: the old server did not answer; it is left there). */
      oldRemoved: boolean;
    }
  /** The subscription already lives on that server. */
  | { status: "already"; subscriptionId: string; toServerId: number }
  | NotDone;

export type DeleteOrphanOutcome = { status: "done" } | { status: "already" } | NotDone;

export type AdoptOutcome =
  | {
      status: "done";
      subscriptionId: string;
      /**
       * False for an xui client already in use: the Account API gives links only when a client is
       * made, so the subscription holds none (the customer keeps the links they have).
       */
      linksKnown: boolean;
    }
  | { status: "already"; subscriptionId: string }
  | NotDone;

/** New access details for a customer after an admin's repair. */
export interface AccessNotice {
  customerId: number;
  /** The customer's language; undefined when the shop does not know them (the default is used). */
  locale: Locale | undefined;
  planId: string;
  plan: Plan | undefined;
  reason: "recreated" | "moved";
  links: AccessLinks;
  expiresAt: number;
  trafficGb: number;
  devices: number;
  /** Sent at most once per key (a repeated or resumed action queues it once). */
  once: string;
}

/** Where customer messages go (the outbox, wired by the composition root; the domain sends none itself). */
export interface AccessNotices {
  accessChanged(notice: AccessNotice): Promise<void>;
}
