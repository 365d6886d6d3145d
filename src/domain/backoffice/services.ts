import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { OneTimeTokens } from "../../store/one-time.js";
import type { BooksServices } from "../books/index.js";
import type { FleetServices } from "../fleet/index.js";
import type { SalesServices } from "../sales/index.js";
import type { SettlementServices } from "../settlement/index.js";
import type { StaffServices } from "../staff/index.js";
import type { TermsServices } from "../terms/index.js";
import { AdminWallet } from "./admin-wallet.js";
import { BroadcastDrafts } from "./broadcast-drafts.js";
import { ChargeAgain } from "./charge-again.js";
import { CustomerBlocks } from "./customer-blocks.js";
import { CustomerMessages, type CustomerMessenger } from "./customer-messages.js";
import { DailyReports, type ReportRuns } from "./daily-report.js";
import { FairRefunds } from "./fair-refund.js";
import { type TicketDesk, Tickets } from "./tickets.js";

/** The back office's services: what the admins do to the customers and their money. */
export interface BackofficeServices {
  /** An admin's credit or debit of a wallet with a reason, applied once per confirmation. */
  adminWallet: AdminWallet;
  /** An admin's "charge again" of a refunded order, once per order. */
  chargeAgain: ChargeAgain;
  /** An admin's block of a customer with a reason, applied once per confirmation. */
  customerBlocks: CustomerBlocks;
  /** A staff member's message to a customer from the bot, sent once per confirmation. */
  customerMessages: CustomerMessages;
  /** An admin's broadcast between writing it and confirming it. */
  broadcastDrafts: BroadcastDrafts;
  /** Support tickets: customers write, staff answer (in the staff group's topics or the bot). */
  tickets: Tickets;
  /** The staff's daily report: its figures, and an owner's "send it now". */
  dailyReports: DailyReports;
  /** An admin's refund of the unused part of a subscription's term, once per term. */
  fairRefunds: FairRefunds;
}

export interface BackofficeServicesDeps {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  books: Pick<BooksServices, "customers" | "wallet" | "orders" | "subscriptions" | "trialConversions">;
  sales: Pick<SalesServices, "shop" | "cashier">;
  /** The terms authority (a fair refund ends the term now) and the Stars refunds it may send. */
  terms: Pick<TermsServices, "terms">;
  refunds?: Pick<SettlementServices, "starsRefunds"> | undefined;
  /** Who may do what (checked where each change happens), the audit log, the staff group. */
  staff: Pick<StaffServices, "roster" | "audit" | "group">;
  /** Where staff members' messages to customers go out (the outbox; none: they cannot be sent). */
  messenger?: CustomerMessenger | undefined;
  /** How people hear of tickets (the staff group's topics, the chats), through the outbox. */
  ticketDesk?: TicketDesk | undefined;
  /** The daily report's sources (payments per day, the hosting account) and who may send it. */
  report: {
    settlement: Pick<SettlementServices, "paymentInbox">;
    fleet: Pick<FleetServices, "account" | "servers">;
    runs?: ReportRuns | undefined;
  };
}

export function createBackofficeServices(deps: BackofficeServicesDeps): BackofficeServices {
  const { redis, clock, staff } = deps;
  const { customers, wallet, orders } = deps.books;
  // Admins' confirmations of money and blocks (the same one-time tokens as the bot's buttons).
  const confirmations = new OneTimeTokens(redis);
  return {
    adminWallet: new AdminWallet({ redis, clock, wallet, confirmations, staff }),
    chargeAgain: new ChargeAgain({
      redis,
      clock,
      staff,
      shop: deps.sales.shop,
      cashier: deps.sales.cashier,
      orders,
      customers,
      wallet,
      confirmations,
    }),
    customerBlocks: new CustomerBlocks({ redis, clock, customers, confirmations, staff }),
    customerMessages: new CustomerMessages({ redis, confirmations, staff, messenger: deps.messenger }),
    broadcastDrafts: new BroadcastDrafts(redis),
    tickets: new Tickets({
      ...{ redis, clock: deps.clock, logger: deps.logger, books: deps.books, staff: deps.staff },
      desk: deps.ticketDesk,
    }),
    fairRefunds: new FairRefunds({
      ...{ clock, wallet, staff, subscriptions: deps.books.subscriptions },
      switches: deps.sales.shop.switches,
      terms: deps.terms.terms,
      starsRefunds: deps.refunds?.starsRefunds,
    }),
    dailyReports: new DailyReports({
      ...{ redis, clock, books: deps.books, roster: staff.roster },
      ...deps.report,
    }),
  };
}
