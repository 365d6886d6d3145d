import type { Redis } from "ioredis";
import type { HostingClients } from "../../hosting/index.js";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { createProvisioners, type ProvisionerFor } from "./provisioners.js";
import { UsageReader } from "./usage.js";

/** Provisioning's services: a customer's access on the hosting side, and its usage. */
export interface ProvisioningServices {
  /** The provisioner of a backend (xui, panel, node). */
  provisioner: ProvisionerFor;
  /** Usage reads: one subscription's (cached a minute) and bulk listings per backend. */
  usage: UsageReader;
}

export interface ProvisioningServicesDeps {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  hosting: HostingClients;
  /** NODE_SUB_URL: public base of the node's subscription server. */
  nodeSubUrl?: string | undefined;
}

export function createProvisioningServices(deps: ProvisioningServicesDeps): ProvisioningServices {
  const { redis, clock, logger, hosting } = deps;
  const provisioner = createProvisioners({
    account: hosting.account,
    panel: hosting.panel,
    node: hosting.node,
    clock,
    nodeSubUrl: deps.nodeSubUrl,
  });
  return { provisioner, usage: new UsageReader({ redis, hosting, provisioner, logger }) };
}
