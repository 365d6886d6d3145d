import type { Redis } from "ioredis";
import type { HostingClients } from "../../hosting/index.js";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import type { BooksServices } from "../books/index.js";
import type { CatalogServices } from "../catalog/index.js";
import type { ProvisioningServices } from "../provisioning/index.js";
import type { StaffServices } from "../staff/index.js";
import type { TermsServices } from "../terms/index.js";
import type { AccountKeyStore } from "./account-key.js";
import { BulkMoves } from "./bulk-move.js";
import { type MoveNotices, MoveOne } from "./bulk-move-one.js";
import { BulkMoveRecords } from "./bulk-move-records.js";
import type { MoveRuns, MoveTargetRunway } from "./bulk-move-types.js";
import { daysWithMore } from "./forecast.js";
import { Forecasts, TrafficPackages } from "./forecasts.js";
import { HostingAccount } from "./hosting-account.js";
import { HostingServers } from "./hosting-servers.js";
import { NodeAdmin } from "./node-admin.js";
import { NodeClients } from "./node-clients.js";
import { PanelClients } from "./panel-clients.js";
import { RunwaySales } from "./runway-sales.js";
import { RunwayTally } from "./runway-tally.js";
import { ServerExtension } from "./server-extension.js";
import { ServerOutages } from "./server-outages.js";
import { ServiceNotices } from "./service-notices.js";
import { HostingActs } from "./staff-acts.js";
import { XuiClients } from "./xui-clients.js";

/** The fleet's services: the hosting account and what the admins run on it. */
export interface FleetServices {
  /** The hosting account: its linked key, the account behind it, linking and unlinking it. */
  account: HostingAccount;
  /** The account's servers: list, card with live stats, power, config, regenerate, core version. */
  servers: HostingServers;
  /** Extends hosting servers (the admin's button and the worker's auto-extension). */
  serverExtension: ServerExtension;
  /** What the server watch knows of the servers' outages (read only). */
  outages: ServerOutages;
  /** The service notices each customer was sent (the server watch writes, the cabinet reads). */
  notices: ServiceNotices;
  /** The master node as the admin runs it: status, name, peers, federation, backups, traffic, logs. */
  node: NodeAdmin;
  /** The node's clients as the admin manages them (renewals to a fixed target; subscriptions follow). */
  nodeClients: NodeClients;
  /** xui users of the servers as the admins manage them (their subscriptions follow). */
  xuiClients: XuiClients;
  /** Panel clients across the main panel and its connected panels (create, extend, term, limits, delete). */
  panelClients: PanelClients;
  /** The runway of each server, location and the balance (the screens, the alerts, the sales). */
  forecasts: Forecasts;
  /** The servers' traffic packages the admins set on the server card. */
  packages: TrafficPackages;
  /** The hourly pass that adds each server's subscriptions' daily use up (the forecast reads it). */
  tally: RunwayTally;
  /** Sales placed short of traffic runway, until the runway alerts tell the staff. */
  runwaySales: RunwaySales;
  /** Admins' bulk moves of customers off a server or a panel location. */
  bulkMoves: BulkMoves;
}

/** What bulk moves are wired with by the composition root (all optional). */
export interface BulkMoveWiring {
  /** The moved customers' messages (the outbox); without it they are only logged. */
  notices?: MoveNotices | undefined;
  /** Where a move's job goes (the worker's queue). */
  runs?: MoveRuns | undefined;
  /** The runway forecast of a target server; default: its paid term (paidTermRunway). */
  targetRunway?: MoveTargetRunway | undefined;
  /** The runway floor in days that pauses a move (the setting). */
  floorDays?: (() => Promise<number>) | undefined;
}

export interface FleetServicesDeps {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  hosting: HostingClients;
  /** Where the Account API key comes from (ACCOUNT_API_KEY or the key an admin linked). */
  accountKey: AccountKeyStore;
  catalog: Pick<CatalogServices, "current" | "settings">;
  books: Pick<BooksServices, "owners" | "subscriptions" | "orders" | "customers">;
  provisioning: Pick<ProvisioningServices, "nodeEdits" | "usage" | "provisioner">;
  terms: Pick<TermsServices, "terms" | "changes" | "freezes">;
  moves?: BulkMoveWiring | undefined;
  /** Who may act on the hosting side, and the audit log the staff's actions are recorded in. */
  staff: Pick<StaffServices, "roster" | "audit">;
}

export function createFleetServices(deps: FleetServicesDeps): FleetServices {
  const { redis, clock, logger, hosting } = deps;
  const { owners } = deps.books;
  // One gate for every staff action on the hosting side: the role checked now, the action recorded.
  const acts = new HostingActs(deps.staff);
  const account = new HostingAccount({ hosting, keys: deps.accountKey, clock, logger, acts });
  const servers = new HostingServers({ hosting, redis, acts });
  const packages = new TrafficPackages(redis, acts);
  const forecasts = new Forecasts({
    ...{ redis, clock, account, servers, packages },
    settings: deps.catalog.settings,
    catalog: deps.catalog.current,
  });
  return {
    account,
    servers,
    forecasts,
    packages,
    runwaySales: new RunwaySales(redis, clock),
    tally: new RunwayTally({
      ...{ redis, clock, logger, servers, owners },
      usage: deps.provisioning.usage.history,
    }),
    serverExtension: new ServerExtension({ hosting, redis, clock, logger, acts }),
    outages: new ServerOutages({ redis, clock }),
    notices: new ServiceNotices({ redis, clock }),
    node: new NodeAdmin(hosting, acts),
    nodeClients: new NodeClients({
      hosting,
      edits: deps.provisioning.nodeEdits,
      clock,
      owners,
      logger,
      acts,
    }),
    xuiClients: new XuiClients({ hosting, owners, clock, logger, acts }),
    bulkMoves: bulkMovesOf(deps, acts, forecasts),
    panelClients: new PanelClients({
      hosting,
      redis,
      clock,
      catalog: deps.catalog.current,
      owners,
      logger,
      acts,
    }),
  };
}

/** The runway of a move's target with the customers it takes: the forecast's (traffic and term). */
function forecastRunway(forecasts: Forecasts, clock: Clock): MoveTargetRunway {
  return async (serverId, adding) => {
    const runway = await forecasts.ofServer(serverId, clock.now());
    return { days: runway ? daysWithMore(runway, adding, clock.now()) : undefined };
  };
}

function bulkMovesOf(deps: FleetServicesDeps, acts: HostingActs, forecasts: Forecasts): BulkMoves {
  const { redis, clock, logger, hosting } = deps;
  const { subscriptions, orders, customers, owners } = deps.books;
  const records = new BulkMoveRecords(redis, clock);
  const notices: MoveNotices = deps.moves?.notices ?? {
    moved: async (n) =>
      logger.info({ customerId: n.customerId, subscriptionId: n.subscriptionId }, "moved; no notice wired"),
  };
  const one = new MoveOne({
    ...{ redis, clock, logger, records, subscriptions, orders, notices },
    provisioner: deps.provisioning.provisioner,
    chain: deps.terms.terms.chain,
    changes: deps.terms.changes,
    freezes: deps.terms.freezes,
    catalog: deps.catalog.current,
  });
  return new BulkMoves({
    acts,
    ...{ clock, logger, records, one, account: hosting.account, panel: hosting.panel },
    ...{ owners, subscriptions, customers, catalog: deps.catalog.current },
    targetRunway: deps.moves?.targetRunway ?? forecastRunway(forecasts, clock),
    floorDays: deps.moves?.floorDays ?? (() => deps.catalog.settings.moveRunwayFloorDays()),
    runs: deps.moves?.runs,
    quickSkip: (sub) => one.recordSkip(sub),
  });
}
