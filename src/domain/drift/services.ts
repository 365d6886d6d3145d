import type { Redis } from "ioredis";
import type { HostingClients } from "../../hosting/index.js";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import type { BooksServices } from "../books/index.js";
import type { CatalogServices, Plan } from "../catalog/index.js";
import { type FleetServices, HostingActs } from "../fleet/index.js";
import type { ProvisioningServices } from "../provisioning/index.js";
import type { StaffServices } from "../staff/index.js";
import type { TermsServices } from "../terms/index.js";
import { DriftActions } from "./actions/decisions.js";
import type { AccessNotices } from "./actions/types.js";
import { DriftFindings } from "./findings.js";
import { ServiceStatus } from "./service-status.js";
import { type DriftRuns, DriftSync } from "./sync.js";

/** Drift's services: the reconciliation and the admins' decisions on what it found. */
export interface DriftServices {
  /** The shop and the hosting side compared: the reconciler, its findings, "Run now". */
  sync: DriftSync;
  /** The admins' decisions on drift: recreate a missing client, move off a gone server, orphans. */
  actions: DriftActions;
  /** A customer's service status (the watch's view and the drift's): the cabinet and /status. */
  status: ServiceStatus;
}

export interface DriftServicesDeps {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  hosting: HostingClients;
  catalog: Pick<CatalogServices, "current">;
  books: Pick<BooksServices, "customers" | "orders" | "subscriptions" | "owners">;
  provisioning: Pick<ProvisioningServices, "provisioner">;
  terms: Pick<TermsServices, "terms" | "changes">;
  /** What the server watch knows of the servers and the notices it sent (the customers' status). */
  fleet: Pick<FleetServices, "outages" | "notices">;
  /** A plan of the shop by id (the one the shop sells). */
  plan: (id: string) => Plan | undefined;
  /** Where the admins' "Run now" of the drift reconciliation goes (the worker's queue). */
  runs?: DriftRuns | undefined;
  /** Customer messages of the drift actions (new links); without it they are only logged. */
  notices?: AccessNotices | undefined;
  /** Who may decide on drift, and the audit log the decisions are recorded in. */
  staff: Pick<StaffServices, "roster" | "audit">;
}

export function createDriftServices(deps: DriftServicesDeps): DriftServices {
  const { redis, clock, logger, hosting } = deps;
  const { orders, customers, owners, subscriptions } = deps.books;
  const { provisioner } = deps.provisioning;
  const acts = new HostingActs(deps.staff);
  const sync = new DriftSync({
    ...{ redis, clock, logger, hosting, orders, subscriptions, provisioner },
    termChanges: deps.terms.changes,
    plan: deps.plan,
    runs: deps.runs,
    acts,
  });
  return {
    sync,
    actions: new DriftActions({
      ...{ redis, clock, catalog: deps.catalog.current, hosting, logger },
      ...{ orders, customers, owners, provisioner, subscriptions, chain: deps.terms.terms.chain },
      notices: deps.notices ?? unsentNotices(logger),
      findings: new DriftFindings(redis, clock),
      acts,
    }),
    status: new ServiceStatus({
      clock,
      subscriptions,
      outages: deps.fleet.outages,
      notices: deps.fleet.notices,
      findings: sync.findings,
    }),
  };
}

/** Where no outbox is wired (tests of other parts): the notice is logged, not sent. */
function unsentNotices(logger: Logger): AccessNotices {
  return {
    accessChanged: async (n) => {
      logger.warn({ customerId: n.customerId, once: n.once }, "access notice not sent: no outbox wired");
    },
  };
}
