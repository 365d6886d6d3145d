import { HostingInputError } from "../../hosting/errors.js";
import {
  NAME_RE,
  type NodeApi,
  type NodePeer,
  type NodeStatus,
  type NodeTraffic,
  peerUrlProblem,
} from "../../hosting/node/index.js";
import { HostingActs, type StaffActor } from "./staff-acts.js";

/**
 * The master node as the admin runs it (spec C): status and health, its name, the peers of the
 * shared subscription, the upstream federation, backups, traffic and the log. The node's answers
 * whose shape the spec leaves open (peers and federation in the status, backups, log entries) are
 * read here into plain values. The federation token goes to the node and nowhere else: it is
 * neither stored nor handed back, only a short hint of it.
 */

/** Thrown by the node services when no node is configured (NODE_API_URL / NODE_API_TOKEN). */
export class NodeNotConfiguredError extends Error {
  constructor() {
    super("no node is configured");
    this.name = "NodeNotConfiguredError";
  }
}

/** The node client, read per call (so a relinked node, or a test's swapped client, is used at once). */
export interface NodeHosting {
  readonly node: NodeApi | undefined;
}

/** The configured node client; NodeNotConfiguredError when there is none. */
export function nodeOf(hosting: NodeHosting): NodeApi {
  const node = hosting.node;
  if (!node) throw new NodeNotConfiguredError();
  return node;
}

// ---------------------------------------------------------------------------------------------
// Rules of the admin's input (checked in the dialogs, and again here before anything is sent)
// ---------------------------------------------------------------------------------------------

export const NODE_NAME_MAX = 64;

/** A node name: at most 64 characters, no control characters. */
export function isNodeName(text: string): boolean {
  return text.length > 0 && text.length <= NODE_NAME_MAX && !/\p{Cc}/u.test(text);
}

/** A client or peer name the node accepts (spec C leaves the rule open; the client's NAME_RE). */
export function isClientName(text: string): boolean {
  return NAME_RE.test(text);
}

/** An upstream API address: http(s), its path ending in /api. */
export function isUpstreamApiUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      (url.protocol === "https:" || url.protocol === "http:") &&
      url.pathname.replace(/\/+$/, "").endsWith("/api")
    );
  } catch {
    return false;
  }
}

/** A federation token: 1..512 characters, no spaces. */
export function isFederationToken(text: string): boolean {
  return /^\S{1,512}$/.test(text);
}

/** At most a short prefix of a token, so a screenshot of the chat does not leak it. */
export function tokenHint(token: string | undefined): string {
  if (!token) return "—";
  return token.length >= 12 ? `${token.slice(0, 4)}…` : "…";
}

// ---------------------------------------------------------------------------------------------
// What the services hand out
// ---------------------------------------------------------------------------------------------

/** The status as the home view shows it, with the open-shaped parts read. */
export interface NodeOverview {
  nodeName: string;
  domain?: string | undefined;
  ports: NodeStatus["ports"];
  clients: NodeStatus["clients"];
  /** How many peers the status names, when it says. */
  peerCount?: number | undefined;
  /** Whether an upstream is set, and its API address when the status gives it. */
  federation: { on: boolean; url?: string | undefined };
}

/** The upstream as the admin sees it: its address and a hint of the token, never the token. */
export interface FederationSummary {
  apiUrl: string;
  tokenHint: string;
}

/** One backup, from whatever the node lists: a bare name, an entry with its fields, or anything else. */
export type NodeBackup =
  | { kind: "name"; name: string }
  | { kind: "entry"; label: string; sizeBytes?: number | undefined; createdAtMs?: number | undefined }
  | { kind: "raw"; text: string };

export interface NodeTrafficLine extends NodeTraffic {
  totalBytes: number;
}

/** Entries shown by the Logs view (`GET /logs?count=20`). */
export const NODE_LOG_COUNT = 20;
/** Clients shown by the Traffic view. */
export const NODE_TRAFFIC_TOP = 20;
/** Backups listed (the newest ones, as the node orders them). */
export const NODE_BACKUPS_SHOWN = 20;
/** One log entry is cut to this many characters. */
export const NODE_LOG_LINE_MAX = 600;

function countOf(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (Array.isArray(value)) return value.length;
  return undefined;
}

function federationOf(federation: unknown): NodeOverview["federation"] {
  const on = federation !== null && federation !== undefined && federation !== false;
  if (!on) return { on };
  const url = typeof federation === "object" ? (federation as { api_url?: unknown }).api_url : undefined;
  return typeof url === "string" ? { on, url } : { on };
}

/** A backup entry read into a name, size and time (seconds or milliseconds, whichever the node sends). */
export function describeBackup(entry: unknown): NodeBackup {
  if (typeof entry === "string") return { kind: "name", name: entry };
  if (typeof entry !== "object" || entry === null) {
    return { kind: "raw", text: JSON.stringify(entry) ?? String(entry) };
  }
  const e = entry as Record<string, unknown>;
  const name = [e.name, e.file, e.filename, e.path].find((v) => typeof v === "string") as string | undefined;
  const size = [e.size, e.bytes, e.size_bytes].find((v) => typeof v === "number") as number | undefined;
  const at = [e.created_at, e.created, e.date, e.time].find((v) => typeof v === "number") as
    | number
    | undefined;
  return {
    kind: "entry",
    label: name ?? JSON.stringify(entry).slice(0, 200),
    sizeBytes: size,
    createdAtMs: at === undefined ? undefined : at < 1e12 ? at * 1000 : at,
  };
}

/** A log entry as one line of text, cut to NODE_LOG_LINE_MAX. */
export function logLine(entry: unknown): string {
  const text = typeof entry === "string" ? entry : (JSON.stringify(entry) ?? String(entry));
  const oneLine = text.replace(/\r?\n/g, " ");
  return oneLine.length > NODE_LOG_LINE_MAX ? `${oneLine.slice(0, NODE_LOG_LINE_MAX)}…` : oneLine;
}

// ---------------------------------------------------------------------------------------------
// The service
// ---------------------------------------------------------------------------------------------

/** The master node as the audit log names it (one node is configured: NODE_API_URL). */
export const NODE_SUBJECT = "node:master";

/**
 * Everything of the node section but its clients (see NodeClients). Failures are the client's
 * errors. Each change takes `by`, the staff member making it (checked and recorded; StaffActor).
 */
export class NodeAdmin {
  private readonly acts: HostingActs;

  constructor(
    private readonly hosting: NodeHosting,
    acts?: HostingActs,
  ) {
    this.acts = acts ?? new HostingActs(undefined);
  }

  get configured(): boolean {
    return this.hosting.node !== undefined;
  }

  /** Status and health, read together: the health is known even when the status fails. */
  async overview(): Promise<{
    healthy: boolean;
    status: { ok: true; value: NodeOverview } | { ok: false; error: unknown };
  }> {
    const node = nodeOf(this.hosting);
    const [status, health] = await Promise.allSettled([node.status(), node.health()]);
    const healthy = health.status === "fulfilled";
    if (status.status === "rejected") return { healthy, status: { ok: false, error: status.reason } };
    const s = status.value;
    return {
      healthy,
      status: {
        ok: true,
        value: {
          nodeName: s.nodeName,
          domain: s.domain,
          ports: s.ports,
          clients: s.clients,
          peerCount: countOf(s.peers),
          federation: federationOf(s.federation),
        },
      },
    };
  }

  async name(): Promise<string> {
    return nodeOf(this.hosting).nodeName();
  }

  /** Renames the node; the name the node now has. */
  async rename(name: string, by?: StaffActor): Promise<string> {
    if (!isNodeName(name))
      throw new HostingInputError("nodeName", "must be 1 to 64 characters, no control ones");
    return this.acts.run(
      by,
      { action: "node.rename", subject: NODE_SUBJECT },
      () => nodeOf(this.hosting).setNodeName(name),
      (now) => ({ after: now }),
    );
  }

  async peers(): Promise<NodePeer[]> {
    return nodeOf(this.hosting).peers();
  }

  /** Adds a peer: a client-style name and a URL ending in `/{uuid}/local` (the peer's own links). */
  async addPeer(peer: NodePeer, by?: StaffActor): Promise<NodePeer> {
    if (!isClientName(peer.name))
      throw new HostingInputError("name", "must be 1 to 64 of A-Z a-z 0-9 _ . @ -");
    if (peerUrlProblem(peer.url)) throw new HostingInputError("url", "must end in /{uuid}/local");
    return this.acts.run(
      by,
      { action: "node.peer.add", subject: NODE_SUBJECT },
      () => nodeOf(this.hosting).addPeer(peer),
      (added) => ({ after: `peer ${added.name}: ${added.url}` }),
    );
  }

  async deletePeer(name: string, by?: StaffActor): Promise<void> {
    return this.acts.run(
      by,
      { action: "node.peer.delete", subject: NODE_SUBJECT, before: `peer ${name}` },
      () => nodeOf(this.hosting).deletePeer(name),
      () => ({ after: "deleted" }),
    );
  }

  /** The upstream, or undefined when none is set. */
  async federation(): Promise<FederationSummary | undefined> {
    const fed = await nodeOf(this.hosting).federation();
    return fed?.apiUrl ? { apiUrl: fed.apiUrl, tokenHint: tokenHint(fed.token) } : undefined;
  }

  /** Sets the upstream; the token is passed to the node only (the audit log gets its hint). */
  async setFederation(apiUrl: string, token: string, by?: StaffActor): Promise<FederationSummary> {
    if (!isUpstreamApiUrl(apiUrl))
      throw new HostingInputError("apiUrl", "must be an http(s) URL ending in /api");
    if (!isFederationToken(token))
      throw new HostingInputError("token", "must be 1 to 512 characters, no spaces");
    return this.acts.run(
      by,
      { action: "node.federation.set", subject: NODE_SUBJECT },
      async () => {
        const fed = await nodeOf(this.hosting).setFederation({ apiUrl, token });
        return { apiUrl: fed?.apiUrl ?? apiUrl, tokenHint: tokenHint(token) };
      },
      (set) => ({ after: set.apiUrl }),
    );
  }

  async removeFederation(by?: StaffActor): Promise<void> {
    return this.acts.run(
      by,
      { action: "node.federation.remove", subject: NODE_SUBJECT },
      () => nodeOf(this.hosting).deleteFederation(),
      () => ({ after: "no upstream" }),
    );
  }

  /** How many backups there are, and the newest NODE_BACKUPS_SHOWN of them. */
  async backups(): Promise<{ total: number; shown: NodeBackup[] }> {
    const all = await nodeOf(this.hosting).backups();
    return { total: all.length, shown: all.slice(-NODE_BACKUPS_SHOWN).map(describeBackup) };
  }

  /** Creates a backup; what the node says of it, when it says anything. */
  async createBackup(by?: StaffActor): Promise<NodeBackup | undefined> {
    return this.acts.run(
      by,
      { action: "node.backup.create", subject: NODE_SUBJECT },
      async () => {
        const backup = await nodeOf(this.hosting).createBackup();
        return backup === undefined || backup === null ? undefined : describeBackup(backup);
      },
      (made) => ({
        after: made?.kind === "name" ? made.name : made?.kind === "entry" ? made.label : "created",
      }),
    );
  }

  /** The `top` clients by total traffic (then by name), and how many there are. */
  async traffic(top = NODE_TRAFFIC_TOP): Promise<{ count: number; top: NodeTrafficLine[] }> {
    const traffic = await nodeOf(this.hosting).traffic();
    const lines = traffic.map((t) => ({ ...t, totalBytes: t.upBytes + t.downBytes }));
    lines.sort((a, b) => b.totalBytes - a.totalBytes || a.name.localeCompare(b.name));
    return { count: traffic.length, top: lines.slice(0, top) };
  }

  /** The newest `count` log entries, oldest first, each as one line. */
  async logs(count = NODE_LOG_COUNT): Promise<string[]> {
    const { logs } = await nodeOf(this.hosting).logs(count);
    return logs.slice(-count).map(logLine);
  }
}
