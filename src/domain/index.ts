import type { Redis } from "ioredis";
import type { HostingClients } from "../hosting/index.js";
import type { Rail } from "../rails/index.js";
import type { Clock } from "../runtime/clock.js";
import type { Logger } from "../runtime/logger.js";
import type { TelegramChats } from "../runtime/telegram-chats.js";
import type { ArchiveFiles } from "../store/archive-files.js";
import {
  type BackofficeServices,
  type CustomerMessenger,
  createBackofficeServices,
  type ReportRuns,
  type TicketDesk,
} from "./backoffice/index.js";
import { type BooksServices, createBooksServices, type FamilyEnds, type OrderJobs } from "./books/index.js";
import { type Catalog, type CatalogServices, createCatalogServices } from "./catalog/index.js";
import {
  type AccessNotices,
  createDriftServices,
  type DriftRuns,
  type DriftServices,
} from "./drift/index.js";
import {
  type AccountKeyStore,
  type BulkMoveWiring,
  createFleetServices,
  type FleetServices,
} from "./fleet/index.js";
import { createProvisioningServices, type ProvisioningServices } from "./provisioning/index.js";
import { createSalesServices, type GateNotices, type SalesServices } from "./sales/index.js";
import {
  createSettlementServices,
  type FamilyNotices,
  type PaymentNotices,
  type RailNotices,
  type SettlementServices,
} from "./settlement/index.js";
import { createStaffServices, type StaffServices } from "./staff/index.js";
import { createTermsServices, type FamilyMembers, type TermJobs, type TermsServices } from "./terms/index.js";

export type { OrderJobs } from "./books/index.js";

/** The shop's services by room, built once by the composition root, each room on the ones below it. */
export interface ShopRooms {
  /** Who is staff in which role, the audit log and the staff group (the lowest floor). */
  staff: StaffServices;
  catalog: CatalogServices;
  books: BooksServices;
  provisioning: ProvisioningServices;
  terms: TermsServices;
  fleet: FleetServices;
  sales: SalesServices;
  settlement: SettlementServices;
  backoffice: BackofficeServices;
  drift: DriftServices;
}

export interface ShopServicesDeps {
  redis: Redis;
  clock: Clock;
  catalog: () => Catalog;
  hosting: HostingClients;
  logger: Logger;
  /** The order queue: paid orders and admins' term changes waiting for their turn. */
  jobs: OrderJobs & TermJobs;
  /** Where the Account API key comes from (ACCOUNT_API_KEY or the key an admin linked). */
  accountKey: AccountKeyStore;
  /** NODE_SUB_URL: public base of the node's subscription server. */
  nodeSubUrl?: string;
  /** NODE_EDIT_DOUBT_SECONDS in ms: how long a node edit the bot gave up on may still land. */
  nodeEditDoubtMs?: number;
  /** The archive on disk of old history and ARCHIVE_AFTER_DAYS (none: history stays in Redis). */
  archive?: { files: ArchiveFiles; afterDays?: number | undefined } | undefined;
  /** Bulk moves' customer messages, job queue, runway forecast and floor (none: logged, not run). */
  moves?: BulkMoveWiring;
  /** Where the admins' "Run now" of the drift reconciliation goes (the worker's queue). */
  driftRuns?: DriftRuns;
  /** Customer messages of the drift actions (new links); without it they are only logged. */
  accessNotices?: AccessNotices;
  /** How long one hosting read answers the delivery checks of offers (tests: 0, every check reads). */
  deliveryReuseMs?: number;
  /** Telegram's answers about the required channels (the channel gate; none: it checks nothing). */
  chats?: TelegramChats;
  /** The channel gate's messages to admins and trial owners (none: only logged). */
  gateNotices?: GateNotices;
  /** The outside payment rails configured (CryptoBot, YooKassa; none: Telegram's own only). */
  rails?: readonly Rail[];
  /** How payers hear of a rail payment credited without them in the chat (none: only logged). */
  railNotices?: RailNotices;
  /** Where an owner's "Send the report now" goes (the worker's queue). */
  reportRuns?: ReportRuns;
  /** Who hears of each credited payment (the staff group's payments topic; none: nobody). */
  paymentNotices?: PaymentNotices;
  /** How a member hears that a removed owner's family ended (none: only logged). */
  familyNotices?: FamilyNotices;
  /** ADMIN_IDS: the shop's owners (every other staff member is kept in Redis). */
  ownerIds?: readonly number[];
  /** Where staff members' messages to customers go out (the outbox; none: they cannot be sent). */
  customerMessenger?: CustomerMessenger;
  /** How people hear of support tickets (none: tickets are kept, nobody is told). */
  ticketDesk?: TicketDesk;
}

/**
 * A family lives in rooms above books and terms (sales keeps its seats, settlement makes their
 * clients): a removed owner's family ending (books) and an owner's term change reaching its
 * members (terms) are asked of settlement when used, once the rooms are made.
 */
function familyPorts(settlement: () => SettlementServices): FamilyEnds & FamilyMembers {
  return {
    ending: (ids) => settlement().fulfilment.families.ending(ids),
    end: (id) => settlement().fulfilment.families.end(id),
    of: (ownerId) => settlement().fulfilment.seats.familyMembers(ownerId),
  };
}

/** The rooms' services, built in the rooms' order (each gets what it needs of the ones before). */
export function createShopServices(deps: ShopServicesDeps): ShopRooms {
  const { redis, clock, logger, hosting, jobs } = deps;
  const shared = { redis, clock, logger };
  const staff = createStaffServices({ redis, clock, ownerIds: deps.ownerIds ?? [] });
  const catalog = createCatalogServices({ redis, clock, catalog: deps.catalog });
  const families = familyPorts(() => settlement);
  const books = createBooksServices({ ...shared, catalog, archive: deps.archive?.files, families });
  const provisioning = createProvisioningServices({
    ...{ ...shared, hosting },
    nodeSubUrl: deps.nodeSubUrl,
    nodeEditDoubtMs: deps.nodeEditDoubtMs,
    // The fleet is built below (it stands on provisioning): its forecast is reached when a sale is placed.
    runway: {
      days: (servers) => fleet.forecasts.trafficDays(servers),
      short: (sale) => fleet.runwaySales.short(sale),
    },
  });
  const terms = createTermsServices({
    ...{ ...shared, jobs, books, provisioning, staff, families },
    catalog: deps.catalog,
  });
  const fleet = createFleetServices({
    ...{ ...shared, hosting, catalog, books, provisioning, terms, staff },
    accountKey: deps.accountKey,
    moves: deps.moves,
  });
  const sales = createSalesServices({
    ...{ ...shared, jobs, catalog, books, provisioning, fleet, hosting, terms },
    deliveryReuseMs: deps.deliveryReuseMs,
    ...{ chats: deps.chats, gateNotices: deps.gateNotices },
    staff,
  });
  const settlement = createSettlementServices({
    ...{ ...shared, jobs, catalog, books, provisioning, terms, sales, staff },
    ...{ rails: deps.rails ?? [], railNotices: deps.railNotices, paymentNotices: deps.paymentNotices },
    ...{ archive: deps.archive, familyNotices: deps.familyNotices },
  });
  const backoffice = createBackofficeServices({
    ...{ redis, clock, logger, books, sales, staff, terms },
    refunds: settlement,
    messenger: deps.customerMessenger,
    ticketDesk: deps.ticketDesk,
    report: { settlement, fleet, runs: deps.reportRuns },
  });
  const drift = createDriftServices({
    ...{ ...shared, hosting, catalog, books, provisioning, terms, staff, fleet },
    plan: (id) => sales.shop.plan(id),
    runs: deps.driftRuns,
    notices: deps.accessNotices,
  });
  return { staff, catalog, books, provisioning, terms, fleet, sales, settlement, backoffice, drift };
}
