import type { Agent } from "undici";
import type { z } from "zod";
import { HostingInputError } from "../errors.js";
import { type CallSpec, HostingHttp } from "../request.js";
import {
  checkDays,
  checkHttpUrl,
  checkLimits,
  checkName,
  checkNonEmpty,
  limitsBody,
  PEER_URL_RULES,
  peerUrlProblem,
  subscriptionUrl,
} from "./input.js";
import {
  anyOk,
  bodies,
  PATHS,
  rest,
  toClient,
  toFederation,
  toPeer,
  toStatus,
  toTraffic,
} from "./schemas.js";
import { createNodeDispatcher, createVerifyingNodeDispatcher } from "./tls.js";
import {
  type CreateNodeClientInput,
  type EditNodeClientInput,
  NODE_LOGS_DEFAULT,
  NODE_LOGS_MAX,
  type NodeApiOptions,
  type NodeClient,
  type NodeFederation,
  type NodeKeys,
  type NodeLogs,
  type NodePeer,
  type NodeRegistry,
  type NodeStatus,
  type NodeTraffic,
} from "./types.js";

/**
 * Typed client of a node's HTTPS API (spec C). GETs are retried on transient failures;
 * nothing that changes state is (an edit adds days again on every repeat).
 */
export class NodeApi {
  private readonly http: HostingHttp;
  private readonly dispatcher: Agent;

  constructor(options: NodeApiOptions) {
    checkHttpUrl("baseUrl", options.baseUrl);
    const origin = options.baseUrl.replace(/\/+$/, "");
    this.dispatcher = createNodeDispatcher(options.certSha256) ?? createVerifyingNodeDispatcher();
    this.http = new HostingHttp({
      api: "node",
      baseUrl: origin.endsWith("/api") ? origin : `${origin}/api`,
      credential: options.token,
      timeoutMs: options.timeoutMs,
      retry: options.retry,
      dispatcher: this.dispatcher,
      observe: options.observe,
    });
  }

  /** Closes the connection pool. */
  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  /** GET /health without a token: the API is up; the body (method list) is not fixed. */
  async health(): Promise<Record<string, unknown>> {
    const body = await this.call("GET /health", PATHS.health, anyOk, { auth: false });
    return rest(body);
  }

  /** GET /status: node name, domain, ports, client counts, peers, federation. */
  async status(): Promise<NodeStatus> {
    const w = await this.call("GET /status", PATHS.status, bodies.status);
    return toStatus(w);
  }

  /** GET /clients: all clients of the node. */
  async listClients(): Promise<NodeClient[]> {
    const w = await this.call("GET /clients", PATHS.clients, bodies.clients);
    return w.clients.map(toClient);
  }

  /** GET /clients/{name}: one client; 404 `user_not_found` when absent. */
  async getClient(name: string): Promise<NodeClient> {
    checkName("name", name);
    const w = await this.call("GET /clients/{name}", PATHS.client(name), bodies.client);
    return toClient(w.client);
  }

  /** POST /create: a client for `days` days from now; 409 `user_already_exists` when taken. Not retried. */
  async createClient(input: CreateNodeClientInput): Promise<NodeClient> {
    checkName("name", input.name);
    checkDays("days", input.days);
    checkLimits(input);
    const w = await this.call("POST /create", PATHS.create, bodies.client, {
      body: { name: input.name, days: input.days, ...limitsBody(input) },
    });
    return toClient(w.client);
  }

  /**
   * PATCH /edit: renews and/or changes limits. `days` are ADDED to the client's current expiry
   * date (not counted from now), so every repeat adds them again: never retried.
   */
  async editClient(input: EditNodeClientInput): Promise<NodeClient> {
    checkName("name", input.name);
    if (input.days !== undefined) checkDays("days", input.days);
    checkLimits(input);
    if (input.days === undefined && input.trafficLimitGb === undefined && input.deviceLimit === undefined) {
      throw new HostingInputError("edit", "nothing to change: give days, trafficLimitGb or deviceLimit");
    }
    const body: Record<string, unknown> = { name: input.name, ...limitsBody(input) };
    if (input.days !== undefined) body.days = input.days;
    const w = await this.call("PATCH /edit", PATHS.edit, bodies.client, { body });
    return toClient(w.client);
  }

  /** PATCH /edit with `new_name`: renames a client; 409 when the new name is taken. */
  async renameClient(name: string, newName: string): Promise<NodeClient> {
    checkName("name", name);
    checkName("newName", newName);
    if (name === newName) throw new HostingInputError("newName", "equals the current name");
    const w = await this.call("PATCH /edit", PATHS.edit, bodies.client, {
      body: { name, new_name: newName },
    });
    return toClient(w.client);
  }

  /** PATCH /clients/{name}/ban: keeps the record but drops the client from config, key.txt and subscriptions. */
  async banClient(name: string, reason?: string): Promise<NodeClient | undefined> {
    checkName("name", name);
    const w = await this.call("PATCH /clients/{name}/ban", PATHS.ban(name), bodies.maybeClient, {
      body: reason === undefined ? {} : { reason },
    });
    return w.client ? toClient(w.client) : undefined;
  }

  /** PATCH /clients/{name}/unban: returns the client to configs and subscriptions. */
  async unbanClient(name: string): Promise<NodeClient | undefined> {
    checkName("name", name);
    const w = await this.call("PATCH /clients/{name}/unban", PATHS.unban(name), bodies.maybeClient, {
      body: {},
    });
    return w.client ? toClient(w.client) : undefined;
  }

  /** DELETE /clients/{name}: removes the client. */
  async deleteClient(name: string): Promise<void> {
    checkName("name", name);
    await this.call("DELETE /clients/{name}", PATHS.client(name), anyOk);
  }

  /** GET /keys: all clients with VLESS links (refreshes key.txt on the node). */
  async keys(): Promise<NodeKeys> {
    const w = await this.call("GET /keys", PATHS.keys, bodies.keys);
    return { keys: w.keys, count: w.count };
  }

  /** GET /logs?count=: the last `count` (1..1000, default 100) entries of logs.txt. */
  async logs(count: number = NODE_LOGS_DEFAULT): Promise<NodeLogs> {
    if (!Number.isSafeInteger(count) || count < 1 || count > NODE_LOGS_MAX) {
      throw new HostingInputError("count", `must be an integer from 1 to ${NODE_LOGS_MAX}`);
    }
    const w = await this.call("GET /logs", PATHS.logs, bodies.logs, { query: { count } });
    return { logs: w.logs, count: w.count };
  }

  /** GET /node: the node (location) name used in link tags. */
  async nodeName(): Promise<string> {
    const w = await this.call("GET /node", PATHS.node, bodies.nodeName);
    return w.node_name;
  }

  /** PATCH /node: renames the node; links are rebuilt with the new tag. */
  async setNodeName(name: string): Promise<string> {
    checkNonEmpty("nodeName", name);
    const w = await this.call("PATCH /node", PATHS.node, bodies.renamedNode, { body: { node_name: name } });
    return w.node_name ?? name;
  }

  /** GET /peers: remote nodes of the shared subscription. */
  async peers(): Promise<NodePeer[]> {
    const w = await this.call("GET /peers", PATHS.peers, bodies.peers);
    return w.peers.map(toPeer);
  }

  /**
   * POST /peers: adds or updates a remote node. `url` must contain the literal `{uuid}`
   * (the master substitutes the client's UUID) and end with `/local`, the peer's own links,
   * e.g. `https://node2:2096/sub/{uuid}/local` (see peerUrlProblem).
   */
  async addPeer(peer: NodePeer): Promise<NodePeer> {
    checkNonEmpty("name", peer.name);
    const problem = peerUrlProblem(peer.url);
    if (problem) throw new HostingInputError("url", PEER_URL_RULES[problem]);
    const w = await this.call("POST /peers", PATHS.peers, bodies.addedPeer, {
      body: { name: peer.name, url: peer.url },
    });
    return w.peer ? toPeer(w.peer) : { name: peer.name, url: peer.url };
  }

  /** DELETE /peers/{name}: removes a remote node from the shared subscription. */
  async deletePeer(name: string): Promise<void> {
    checkNonEmpty("name", name);
    await this.call("DELETE /peers/{name}", PATHS.peer(name), anyOk);
  }

  /** GET /nodes: registry of connected nodes plus peers. */
  async nodes(): Promise<NodeRegistry> {
    const w = await this.call("GET /nodes", PATHS.nodes, bodies.nodes);
    return { nodes: w.nodes, peers: (w.peers ?? []).map(toPeer) };
  }

  /** GET /nodes/health: subscription-server health of all peers (body not fixed by the spec). */
  async nodesHealth(): Promise<Record<string, unknown>> {
    const w = await this.call("GET /nodes/health", PATHS.nodesHealth, anyOk);
    return rest(w);
  }

  /** GET /federation: the upstream (master) config, or null when none is set. */
  async federation(): Promise<NodeFederation | null> {
    const w = await this.call("GET /federation", PATHS.federation, bodies.federation);
    return toFederation(w.federation);
  }

  /** PATCH /federation: saves the upstream; the node then pulls users from the master. */
  async setFederation(input: { apiUrl: string; token: string }): Promise<NodeFederation | null> {
    const url = checkHttpUrl("apiUrl", input.apiUrl);
    if (!url.pathname.replace(/\/+$/, "").endsWith("/api")) {
      throw new HostingInputError("apiUrl", "must be the master API address ending in /api");
    }
    checkNonEmpty("token", input.token);
    const w = await this.call("PATCH /federation", PATHS.federation, bodies.federation, {
      body: { api_url: input.apiUrl, token: input.token },
    });
    return toFederation(w.federation);
  }

  /** DELETE /federation: disables the upstream. */
  async deleteFederation(): Promise<void> {
    await this.call("DELETE /federation", PATHS.federation, anyOk);
  }

  /** GET /backups: the node's backups (entries not fixed by the spec). */
  async backups(): Promise<unknown[]> {
    const w = await this.call("GET /backups", PATHS.backups, bodies.backups);
    return w.backups;
  }

  /** POST /backups: creates a zip backup of users, tokens, peers, TLS and Reality settings. */
  async createBackup(): Promise<unknown> {
    const w = await this.call("POST /backups", PATHS.backups, bodies.backup);
    return w.backup;
  }

  /** GET /traffic: per-client traffic counters in bytes. */
  async traffic(): Promise<NodeTraffic[]> {
    const w = await this.call("GET /traffic", PATHS.traffic, bodies.traffic);
    return w.traffic.map(toTraffic);
  }

  /** POST /server/cdn-xhttp: configures XHTTP-CDN links (as `cdn xhttp`); body not shown, passed through. */
  async configureCdnXhttp(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const w = await this.call("POST /server/cdn-xhttp", PATHS.cdnXhttp, anyOk, { body });
    return rest(w);
  }

  /** `<subBase>/sub/<uuid>`: the client's subscription link (give the master's to customers). */
  subscriptionUrl(subBase: string, uuid: string): string {
    return subscriptionUrl(subBase, uuid);
  }

  /** One call; `endpoint` is "<METHOD> <path template>", the name metrics and errors use. */
  private call<S extends z.ZodType>(
    endpoint: `${CallSpec<S>["method"]} /${string}`,
    path: string,
    schema: S,
    more: Pick<CallSpec<S>, "body" | "query" | "auth"> = {},
  ): Promise<z.output<S>> {
    const method = endpoint.slice(0, endpoint.indexOf(" ")) as CallSpec<S>["method"];
    return this.http.call({ method, path, endpoint, schema, ...more });
  }
}
