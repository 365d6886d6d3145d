import { HostingApiError, HostingError, isHostingError, isTransient } from "../errors.js";
import { HostingHttp, seg } from "../request.js";
import { createBody, patchBody, patchIsIdempotent, requireName } from "./input.js";
import {
  clientEnvelope,
  federationEnvelope,
  inboundsEnvelope,
  listEnvelope,
  okEnvelope,
  toClient,
  toFederationNode,
  toInbound,
} from "./schemas.js";
import {
  MAIN_LOCATION,
  type PanelApiOptions,
  type PanelClient,
  type PanelClientOps,
  type PanelClientPatch,
  type PanelCreateInput,
  type PanelFederationNode,
  type PanelInbound,
  type PanelLocation,
} from "./types.js";

/** Answers of a route the panel does not serve: 404, 405 and 501 (HTTP says so for each). */
const LIST_ROUTE_MISSING = new Set([404, 405, 501]);

/*
 * Typed client of the Panel API (spec section B): a node panel, or a main panel that
 * federates connected panels. One logical client may span several locations: the same
 * uuid on every chosen panel, each with that panel's own inbound_ids, and one combined
 * subscription link read back from the main panel.
 */

/**
 * A `fed/lproxy/{node_id}` call for a node_id the main panel does not list in `fed/lagg`. The
 * panel answers it 404 like a missing client; this error keeps it from being read as "absent"
 * (deliberately not a HostingApiError: `isHostingError(err, "not_found")` is false for it).
 */
export class PanelUnknownNodeError extends HostingError {
  readonly nodeId: string;
  constructor(nodeId: string, cause: HostingApiError) {
    super(
      `panel ${cause.endpoint}: unknown node_id ${nodeId} (not a connected panel of the main panel)`,
      { api: cause.api, method: cause.method, endpoint: cause.endpoint },
      { cause },
    );
    this.nodeId = nodeId;
  }
}

/**
 * Client operations at one location; `prefix` is "" for the main panel or `/fed/lproxy/{node_id}`.
 * `nodeListed` (connected panels only) asks the main panel whether it knows the node.
 */
class LocationClients implements PanelClientOps {
  constructor(
    readonly location: PanelLocation,
    private readonly http: HostingHttp,
    private readonly now: () => number,
    private readonly prefix: { path: string; endpoint: string },
    private readonly nodeListed?: () => Promise<boolean>,
  ) {}

  async createClient(input: PanelCreateInput): Promise<PanelClient> {
    const body = createBody(input, this.now());
    try {
      const res = await this.http.call({
        method: "POST",
        path: `${this.prefix.path}/create`,
        endpoint: `POST ${this.prefix.endpoint}/create`,
        body,
        schema: clientEnvelope,
      });
      return toClient(res.client, input.name);
    } catch (err) {
      // A create has no client to miss: a 404 through fed/lproxy can only be the node_id.
      if (this.nodeListed && isHostingError(err, "not_found")) {
        throw new PanelUnknownNodeError(this.location, err);
      }
      throw err;
    }
  }

  async findClient(name: string): Promise<PanelClient | undefined> {
    try {
      return await this.getClient(name);
    } catch (err) {
      await this.absentOrThrow(err);
      return undefined;
    }
  }

  async deleteClientIfPresent(name: string): Promise<boolean> {
    try {
      await this.deleteClient(name);
      return true;
    } catch (err) {
      // No answer: the DELETE may have happened; read back instead of sending it again.
      if (isTransient(err)) {
        if (await this.findClient(name)) throw err;
        return true;
      }
      await this.absentOrThrow(err);
      return false;
    }
  }

  /**
   * Returns when `err` means "no such client here"; rethrows anything else. A 404 through
   * fed/lproxy counts as "absent" only when the main panel lists the node.
   */
  private async absentOrThrow(err: unknown): Promise<void> {
    if (!isHostingError(err, "not_found")) throw err;
    if (this.nodeListed && !(await this.nodeListed())) throw new PanelUnknownNodeError(this.location, err);
  }

  async getClient(name: string): Promise<PanelClient> {
    const res = await this.http.call({
      method: "GET",
      path: this.clientPath(name),
      endpoint: `GET ${this.prefix.endpoint}/clients/{name}`,
      schema: clientEnvelope,
    });
    return toClient(res.client, name);
  }

  async updateClient(name: string, patch: PanelClientPatch): Promise<PanelClient> {
    const path = this.clientPath(name);
    const body = patchBody(patch, this.now());
    const res = await this.http.call({
      method: "PATCH",
      path,
      endpoint: `PATCH ${this.prefix.endpoint}/clients/{name}`,
      body,
      schema: clientEnvelope,
      idempotent: patchIsIdempotent(body),
    });
    return toClient(res.client, patch.newName ?? name);
  }

  async deleteClient(name: string): Promise<void> {
    await this.http.call({
      method: "DELETE",
      path: this.clientPath(name),
      endpoint: `DELETE ${this.prefix.endpoint}/clients/{name}`,
      schema: okEnvelope,
      // Not retried: after a lost answer the second attempt would 404.
    });
  }

  private clientPath(name: string): string {
    return `${this.prefix.path}/clients/${seg(requireName("name", name))}`;
  }
}

/**
 * The Panel API of one (main) panel. Client operations without a location act on this
 * panel; `at(nodeId)` gives the same operations on a connected panel through `fed/lproxy`.
 *
 * Multi-location: create with the same `uuid` on every chosen location (each with its own
 * `inboundIds`), then `getClient(name)` here and hand out its `subscriptionUrl`. Creation
 * on several panels is not atomic: after a partial failure check by name and repeat only
 * the missing ones.
 */
export class PanelApi implements PanelClientOps {
  readonly location: PanelLocation = MAIN_LOCATION;
  private readonly http: HostingHttp;
  private readonly now: () => number;
  private readonly main: LocationClients;

  constructor(options: PanelApiOptions) {
    this.http = new HostingHttp({
      api: "panel",
      baseUrl: `${options.baseUrl.replace(/\/+$/, "")}/api`,
      credential: options.token,
      timeoutMs: options.timeoutMs,
      retry: options.retry,
      observe: options.observe,
    });
    this.now = options.now ?? Date.now;
    this.main = new LocationClients(MAIN_LOCATION, this.http, this.now, { path: "", endpoint: "" });
  }

  /** Client operations at a location: `"main"` is this panel, otherwise a federation `node_id`. */
  at(location: PanelLocation): PanelClientOps {
    if (location === MAIN_LOCATION) return this;
    const nodeId = requireName("nodeId", location);
    return new LocationClients(
      nodeId,
      this.http,
      this.now,
      { path: `/fed/lproxy/${seg(nodeId)}`, endpoint: "/fed/lproxy/{node_id}" },
      () => this.listsNode(nodeId),
    );
  }

  /** Whether `fed/lagg` lists the node; a main panel without federation (404) lists none. */
  private async listsNode(nodeId: string): Promise<boolean> {
    try {
      return (await this.federation()).some((n) => n.nodeId === nodeId);
    } catch (err) {
      if (isHostingError(err, "not_found")) return false;
      throw err;
    }
  }

  /** `GET /api/inbounds`: this panel's inbounds; their ids go into `inboundIds`. */
  async inbounds(): Promise<PanelInbound[]> {
    const res = await this.http.call({
      method: "GET",
      path: "/inbounds",
      endpoint: "GET /inbounds",
      schema: inboundsEnvelope,
    });
    return res.inbounds.map(toInbound);
  }

  /** `GET /api/clients`: all clients of this panel. */
  async listClients(): Promise<PanelClient[]> {
    const res = await this.http.call({
      method: "GET",
      path: "/clients",
      endpoint: "GET /clients",
      schema: listEnvelope,
    });
    return res.clients.map((c) => toClient(c, c.name));
  }

  /**
   * All clients of one location, where the panel serves a list there: `GET /api/clients` on the
   * main panel; `GET /api/fed/lproxy/{node_id}/clients` on a connected one, which the spec does NOT
   * show (under lproxy it shows only `/create` and `/clients/{name}`; we assume the main panel's
   * list shape). Undefined when a connected panel's list route is not there (404, 405 or 501): read
   * its clients one by one with `at(nodeId).findClient(name)` then. A 404 is also what an unknown
   * node_id gets, so ask only for nodes `fed/lagg` lists. Any other failure throws.
   */
  async listClientsAt(location: PanelLocation): Promise<PanelClient[] | undefined> {
    if (location === MAIN_LOCATION) return this.listClients();
    const nodeId = requireName("nodeId", location);
    try {
      const res = await this.http.call({
        method: "GET",
        path: `/fed/lproxy/${seg(nodeId)}/clients`,
        endpoint: "GET /fed/lproxy/{node_id}/clients",
        schema: listEnvelope,
      });
      return res.clients.map((c) => toClient(c, c.name));
    } catch (err) {
      if (err instanceof HostingApiError && LIST_ROUTE_MISSING.has(err.status)) return undefined;
      throw err;
    }
  }

  /** `GET /api/fed/lagg`: the connected panels; `nodeId` is what `at()` / `createOn()` take. */
  async federation(): Promise<PanelFederationNode[]> {
    const res = await this.http.call({
      method: "GET",
      path: "/fed/lagg",
      endpoint: "GET /fed/lagg",
      schema: federationEnvelope,
    });
    return res.nodes.map(toFederationNode);
  }

  /**
   * `POST /api/create`: creates a client here. `term.days` counts from now; prefer
   * `term.expiresAt`; no term = no expiry. 409 (kind "conflict") on a taken name or uuid.
   * Never retried.
   */
  createClient(input: PanelCreateInput): Promise<PanelClient> {
    return this.main.createClient(input);
  }

  /**
   * `POST /api/fed/lproxy/{node_id}/create`: creates the client on connected panel `nodeId`
   * with that panel's own `inboundIds`; same as `at(nodeId).createClient(input)`.
   */
  async createOn(nodeId: string, input: PanelCreateInput): Promise<PanelClient> {
    return this.at(nodeId).createClient(input);
  }

  /** `GET /api/clients/{name}`: one client with term, limits, usage and subscription link. Retried. */
  getClient(name: string): Promise<PanelClient> {
    return this.main.getClient(name);
  }

  /**
   * `PATCH /api/clients/{name}`: changes only the given fields. `term.days` is ADDED to
   * max(current expiry, now) and again on every repeat, so such a PATCH is never retried;
   * `term.setDays` sets the term anew from now; prefer `term.expiresAt` (absolute,
   * idempotent, retried on transient failures). `inboundIds: []` removes the client from all
   * user inbounds; `newName` renames (not retried).
   */
  updateClient(name: string, patch: PanelClientPatch): Promise<PanelClient> {
    return this.main.updateClient(name, patch);
  }

  /** `DELETE /api/clients/{name}`: deletes the client. Not retried (a repeat would 404). */
  deleteClient(name: string): Promise<void> {
    return this.main.deleteClient(name);
  }

  /** The client here, or undefined when this panel has none (404). */
  findClient(name: string): Promise<PanelClient | undefined> {
    return this.main.findClient(name);
  }

  /** Deletes the client here: true when deleted, false when there was none; a lost answer is read back. */
  deleteClientIfPresent(name: string): Promise<boolean> {
    return this.main.deleteClientIfPresent(name);
  }
}
