import type { AccountApi } from "../../hosting/account/index.js";
import type { NodeApi } from "../../hosting/node/index.js";
import type { PanelApi } from "../../hosting/panel/index.js";
import type { Clock } from "../../runtime/clock.js";
import type { AccessRef } from "../books/index.js";
import { NodeProvisioner } from "./node.js";
import type { NodeEdits } from "./node-edits.js";
import { PanelProvisioner } from "./panel.js";
import { mayHealOnRetry, type Provisioner, ProvisioningError } from "./types.js";
import { XuiProvisioner } from "./xui.js";
import type { PlacementRunway } from "./xui-placement.js";

export { NodeProvisioner } from "./node.js";
export { PanelProvisioner } from "./panel.js";
export * from "./types.js";
export { XuiProvisioner } from "./xui.js";

export type BackendKind = AccessRef["kind"];

export interface ProvisionersDeps {
  account: AccountApi;
  /** The main panel; absent when PANEL_API_URL/PANEL_API_TOKEN are not set. */
  panel?: PanelApi | undefined;
  /** The master node; absent when NODE_API_URL/NODE_API_TOKEN are not set. */
  node?: NodeApi | undefined;
  clock: Clock;
  /** NODE_SUB_URL: base of the master's subscription server; else read from the node's /status. */
  nodeSubUrl?: string | undefined;
  /** The gate every node term change goes through (shared with the admin's node renewals). */
  nodeEdits?: NodeEdits | undefined;
  /** How long each xui server's traffic lasts, for a new sale's server (the fleet's forecast). */
  runway?: PlacementRunway | undefined;
}

/** The provisioner of a backend kind; throws a permanent ProvisioningError for one not configured. */
export type ProvisionerFor = (kind: BackendKind) => Provisioner;

const SETTINGS: Record<Exclude<BackendKind, "xui">, string> = {
  panel: "PANEL_API_URL and PANEL_API_TOKEN",
  node: "NODE_API_URL and NODE_API_TOKEN",
};

/**
 * One provisioner per configured backend, built once (the node's subscription base is cached
 * inside its provisioner). Use `provisionerFor(plan.backend.kind)` or `provisionerFor(ref.kind)`.
 */
export function createProvisioners(deps: ProvisionersDeps): ProvisionerFor {
  const xui = new XuiProvisioner({ account: deps.account, clock: deps.clock, runway: deps.runway });
  const panel = deps.panel ? new PanelProvisioner({ panel: deps.panel }) : undefined;
  const node = deps.node
    ? new NodeProvisioner({
        node: deps.node,
        clock: deps.clock,
        subUrl: deps.nodeSubUrl,
        edits: deps.nodeEdits,
      })
    : undefined;
  return (kind) => {
    switch (kind) {
      case "xui":
        return xui;
      case "panel":
        if (panel) return panel;
        break;
      case "node":
        if (node) return node;
        break;
      default:
        throw new ProvisioningError(`unknown backend kind ${String(kind)}`, true);
    }
    throw new ProvisioningError(
      `the ${kind} backend is not configured (set ${SETTINGS[kind]}); plans using it cannot be provisioned`,
      true,
    );
  };
}

/**
 * The expiry a client holds now, for a write given up on that may have landed: undefined when
 * nothing of it stands (the client is gone, or refused the read for good). While it cannot be
 * told (a node edit still in doubt, the client unreadable for now) `undecided(why)` is thrown:
 * the caller does not give up yet. The one look of orders, plan switches and admins' changes.
 */
export async function standingExpiry(
  deps: { provisioner: ProvisionerFor; nodeEdits?: Pick<NodeEdits, "doubts"> | undefined },
  ref: AccessRef,
  undecided: (why: string) => Error,
): Promise<number | undefined> {
  if (ref.kind === "node" && (await deps.nodeEdits?.doubts.inDoubt(ref.name)))
    throw undecided(`an edit of node client ${ref.name} may still land`);
  return deps
    .provisioner(ref.kind)
    .state(ref)
    .then(
      (s) => s.expiresAt,
      (err: unknown) => {
        if (!mayHealOnRetry(err)) return undefined; // gone, or refused: nothing of it stands
        throw undecided(`its client cannot be read now (${String(err)})`);
      },
    );
}
