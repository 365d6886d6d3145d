import type { CallObservation, RetryPolicy } from "../request.js";

/*
 * The Node API's answers as the client hands them out (camelCase), and the inputs it takes.
 * The wire forms (snake_case) and their mapping are in schemas.ts.
 */

export const NODE_LOGS_DEFAULT = 100;
export const NODE_LOGS_MAX = 1000;

/** A client of the node, camelCased from the wire. */
export interface NodeClient {
  name: string;
  uuid: string;
  /** Expiry as a Unix timestamp in seconds. */
  expiresAt: number;
  leftDays: number;
  /** VLESS link. */
  link: string;
  trafficLimitGb?: number;
  deviceLimit?: number;
  banned?: boolean;
  status?: string;
  banReason?: string;
}

export interface NodePeer {
  name: string;
  /** Contains the literal `{uuid}` placeholder. */
  url: string;
}

export interface NodeFederation {
  /** Master API address including `/api`. */
  apiUrl?: string;
  token?: string;
}

export interface NodeTraffic {
  name: string;
  upBytes: number;
  downBytes: number;
}

export interface NodeStatus {
  nodeName: string;
  domain?: string;
  ports: { api?: number; sub?: number; ws?: number; reality?: number };
  clients: { total: number; active: number; banned: number };
  /** Shape not fixed by the spec. */
  peers: unknown;
  /** Shape not fixed by the spec. */
  federation: unknown;
}

export interface NodeKeys {
  keys: unknown[];
  count: number;
}

export interface NodeLogs {
  logs: unknown[];
  count: number;
}

export interface NodeRegistry {
  nodes: unknown[];
  peers: NodePeer[];
}

export interface CreateNodeClientInput {
  name: string;
  /** Term in days from now, integer >= 1. */
  days: number;
  /** GB, >= 0. */
  trafficLimitGb?: number;
  /** Integer >= 0. */
  deviceLimit?: number;
}

export interface EditNodeClientInput {
  name: string;
  /** ADDED to the current expiry date (not counted from now); integer >= 1. Not idempotent. */
  days?: number;
  trafficLimitGb?: number;
  deviceLimit?: number;
}

export interface NodeApiOptions {
  /** Node origin, e.g. `https://node:8443`; the client appends `/api`. */
  baseUrl: string;
  /** The node API token (api_token.txt), read per call. */
  token: () => string | undefined | Promise<string | undefined>;
  /** SHA-256 fingerprint of the node's certificate (`AB:CD:...` or hex). Set: only that certificate is accepted. */
  certSha256?: string;
  timeoutMs?: number;
  retry?: RetryPolicy;
  observe?: (call: CallObservation) => void;
}

/** What is wrong with a peer URL: no `{uuid}`, not an http(s) URL, or its path not ending in `/{uuid}/local`. */
export type PeerUrlProblem = "uuid" | "url" | "local";
