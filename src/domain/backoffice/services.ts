import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import { OneTimeTokens } from "../../store/one-time.js";
import type { BooksServices } from "../books/index.js";
import type { FleetServices } from "../fleet/index.js";
import type { SalesServices } from "../sales/index.js";
import type { SettlementServices } from "../settlement/index.js";
import type { StaffServices } from "../staff/index.js";
import { AdminWallet } from "./admin-wallet.js";
import { BroadcastDrafts } from "./broadcast-drafts.js";
import { ChargeAgain } from "./charge-again.js";
import { CustomerBlocks } from "./customer-blocks.js";
import { DailyReports, type ReportRuns } from "./daily-report.js";

/** The back office's services: what the admins do to the customers and their money. */
export interface BackofficeServices {
  /** An admin's credit or debit of a wallet with a reason, applied once per confirmation. */
  adminWallet: AdminWallet;
  /** An admin's "charge again" of a refunded order, once per order. */
  chargeAgain: ChargeAgain;
  /** An admin's block of a customer with a reason, applied once per confirmation. */
  customerBlocks: CustomerBlocks;
  /** An admin's broadcast between writing it and confirming it. */
  broadcastDrafts: BroadcastDrafts;
  /** The staff's daily report: its figures, and an owner's "send it now". */
  dailyReports: DailyReports;
}

export interface BackofficeServicesDeps {
  redis: Redis;
  books: Pick<BooksServices, "customers" | "wallet" | "orders" | "subscriptions" | "trialConversions">;
  sales: Pick<SalesServices, "shop" | "cashier">;
  /** The daily report's sources (payments per day, the hosting account) and who may send it. */
  report: {
    clock: Clock;
    settlement: Pick<SettlementServices, "paymentInbox">;
    fleet: Pick<FleetServices, "account" | "servers">;
    staff: Pick<StaffServices, "roster">;
    runs?: ReportRuns | undefined;
  };
}

export function createBackofficeServices(deps: BackofficeServicesDeps): BackofficeServices {
  const { redis } = deps;
  const { customers, wallet, orders } = deps.books;
  // Admins' confirmations of money and blocks (the same one-time tokens as the bot's buttons).
  const confirmations = new OneTimeTokens(redis);
  return {
    adminWallet: new AdminWallet({ redis, wallet, confirmations }),
    chargeAgain: new ChargeAgain({
      redis,
      shop: deps.sales.shop,
      cashier: deps.sales.cashier,
      orders,
      customers,
      wallet,
      confirmations,
    }),
    customerBlocks: new CustomerBlocks({ redis, customers, confirmations }),
    broadcastDrafts: new BroadcastDrafts(redis),
    dailyReports: new DailyReports({
      redis,
      books: deps.books,
      roster: deps.report.staff.roster,
      ...deps.report,
    }),
  };
}
