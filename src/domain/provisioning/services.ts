import type { Redis } from "ioredis";
import type { HostingClients } from "../../hosting/index.js";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { NodeEdits } from "./node-edits.js";
import { createProvisioners, type ProvisionerFor } from "./provisioners.js";
import { UsageReader } from "./usage.js";
import type { PlacementRunway } from "./xui-placement.js";

/** Provisioning's services: a customer's access on the hosting side, and its usage. */
export interface ProvisioningServices {
  /** The provisioner of a backend (xui, panel, node). */
  provisioner: ProvisionerFor;
  /** Usage reads: one subscription's (cached a minute) and bulk listings per backend. */
  usage: UsageReader;
  /** The gate of every node term change: one per client at a time, none while an edit is in doubt. */
  nodeEdits: NodeEdits;
}

export interface ProvisioningServicesDeps {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  hosting: HostingClients;
  /** NODE_SUB_URL: public base of the node's subscription server. */
  nodeSubUrl?: string | undefined;
  /** NODE_EDIT_DOUBT_SECONDS in ms: how long a node edit the bot gave up on may still land. */
  nodeEditDoubtMs?: number | undefined;
  /** How long each xui server's traffic lasts (the fleet's forecast, wired late: the fleet is above). */
  runway?: PlacementRunway | undefined;
}

export function createProvisioningServices(deps: ProvisioningServicesDeps): ProvisioningServices {
  const { redis, clock, logger, hosting } = deps;
  const nodeEdits = new NodeEdits({ redis, clock, doubtMs: deps.nodeEditDoubtMs });
  const provisioner = createProvisioners({
    account: hosting.account,
    panel: hosting.panel,
    node: hosting.node,
    clock,
    nodeSubUrl: deps.nodeSubUrl,
    nodeEdits,
    runway: deps.runway,
  });
  return { provisioner, usage: new UsageReader({ redis, hosting, provisioner, logger }), nodeEdits };
}
