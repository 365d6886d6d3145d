import { type PanelClient, type PanelClientOps, PanelUnknownNodeError } from "../../hosting/panel/index.js";
import { ProvisioningError } from "./types.js";

/**
 * What every multi-location panel operation shares (spec B, multi-location rules), the shop's
 * provisioner and the admin's PanelClients alike: finding a client on one location, checking
 * that a client found under our name is ours (same UUID), the tolerance of a final term, and
 * waiting for every location before failing.
 */

/** Final terms may differ from the target by this much (seconds) without counting as a mismatch. */
export const TERM_TOLERANCE_S = 60;

/** Whether a final term (Unix seconds) is the target, within the tolerance. */
export function termMatches(expiresAt: number, target: number): boolean {
  return Math.abs(expiresAt - target) <= TERM_TOLERANCE_S;
}

/**
 * The client by name at one location; undefined when it is not there. A 404 for a node_id the
 * main panel does not know throws (PanelUnknownNodeError): it is not "not on this location".
 */
export function findAt(ops: PanelClientOps, name: string): Promise<PanelClient | undefined> {
  return ops.findClient(name);
}

/**
 * A client found under the name is ours only with our UUID; another UUID is a permanent error
 * (the name is held by another client there), never taken over.
 */
export class PanelUuidConflictError extends ProvisioningError {
  constructor(
    readonly location: string,
    readonly clientName: string,
    readonly found: string,
    readonly wanted: string,
  ) {
    super(
      `panel location ${location}: client ${clientName} exists with another uuid (${found}, want ${wanted})`,
      true,
    );
    this.name = "PanelUuidConflictError";
  }
}

/** Whether the client found carries `uuid` (UUIDs compare without case). */
export function sameUuid(client: PanelClient, uuid: string): boolean {
  return client.uuid.toLowerCase() === uuid.toLowerCase();
}

/** `client` when it carries `want.uuid`; else throws PanelUuidConflictError. */
export function checkUuid(
  client: PanelClient,
  want: { name: string; uuid: string },
  location: string,
): PanelClient {
  if (!sameUuid(client, want.uuid)) {
    throw new PanelUuidConflictError(location, want.name, client.uuid, want.uuid);
  }
  return client;
}

/** An unknown node_id is a setup error no retry heals: the plan or access names a wrong location. */
export function unknownNodeAsPermanent(err: unknown): never {
  if (err instanceof PanelUnknownNodeError) {
    throw new ProvisioningError(
      `panel location ${err.nodeId} is not a connected panel of the main panel (unknown node_id); check the plan's locations against the federation`,
      true,
    );
  }
  throw err;
}

/**
 * Waits for every promise, then throws: a permanent ProvisioningError first (a retry cannot fix
 * it), otherwise the first failure in location order. An unknown node_id counts as permanent.
 */
export async function settleAll(promises: Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(promises.map((p) => p.catch(unknownNodeAsPermanent)));
  const failures = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
  const permanent = failures.find((e) => e instanceof ProvisioningError && e.permanent);
  if (permanent !== undefined) throw permanent;
  if (failures.length) throw failures[0];
}
