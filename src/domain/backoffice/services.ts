import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { OneTimeTokens } from "../../store/one-time.js";
import type { BooksServices } from "../books/index.js";
import type { SalesServices } from "../sales/index.js";
import type { StaffServices } from "../staff/index.js";
import { AdminWallet } from "./admin-wallet.js";
import { BroadcastDrafts } from "./broadcast-drafts.js";
import { ChargeAgain } from "./charge-again.js";
import { CustomerBlocks } from "./customer-blocks.js";
import { type TicketDesk, Tickets } from "./tickets.js";

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
  /** Support tickets: customers write, staff answer (in the staff group's topics or the bot). */
  tickets: Tickets;
}

export interface BackofficeServicesDeps {
  redis: Redis;
  books: Pick<BooksServices, "customers" | "wallet" | "orders" | "subscriptions">;
  sales: Pick<SalesServices, "shop" | "cashier">;
  staff: Pick<StaffServices, "roster" | "group">;
  clock: Clock;
  logger: Logger;
  /** How people hear of tickets (the staff group's topics, the chats), through the outbox. */
  ticketDesk?: TicketDesk | undefined;
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
    tickets: new Tickets({
      ...{ redis, clock: deps.clock, logger: deps.logger, books: deps.books, staff: deps.staff },
      desk: deps.ticketDesk,
    }),
  };
}
