import type { Redis } from "ioredis";
import type { Rail } from "../../rails/index.js";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import type { ArchiveFiles } from "../../store/archive-files.js";
import type { BooksServices, OrderJobs } from "../books/index.js";
import type { CatalogServices } from "../catalog/index.js";
import type { ProvisioningServices } from "../provisioning/index.js";
import type { SalesServices } from "../sales/index.js";
import type { StaffServices } from "../staff/index.js";
import type { TermsServices } from "../terms/index.js";
import { AfterActive } from "./after-active.js";
import { Archiving } from "./archiving.js";
import type { FamilyNotices } from "./family-end.js";
import { Fulfilment } from "./fulfilment.js";
import { PaymentInbox, type PaymentNotices } from "./payment-inbox.js";
import { type RailNotices, RailPayments } from "./rail-payments.js";
import { RailStore } from "./rail-store.js";
import { StarsRefunds } from "./stars-refund.js";

/** Settlement's services: payments that came in, the orders they pay, refunds. */
export interface SettlementServices {
  /** Every successful_payment seen, stored before it is acknowledged, until it is credited. */
  paymentInbox: PaymentInbox;
  /** Paid orders carried out on the hosting side (the order worker runs it). */
  fulfilment: Fulfilment;
  /** What follows an order's activation (the referral reward), after the fact. */
  afterActive: AfterActive;
  /** Direct Stars payments of failed orders sent back through Telegram. */
  starsRefunds: StarsRefunds;
  /** The order queue: the cashier queues the orders it paid, so callers do not use it directly. */
  jobs: OrderJobs;
  /** Outside payment rails (CryptoBot, YooKassa) on the payment inbox. */
  railPayments: RailPayments;
  /** Old history moved from Redis to the archive on disk (none without an archive). */
  archiving?: Archiving | undefined;
}

export interface SettlementServicesDeps {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  jobs: OrderJobs;
  catalog: Pick<CatalogServices, "current">;
  books: Pick<BooksServices, "customers" | "wallet" | "orders" | "subscriptions" | "trialConversions">;
  terms: Pick<TermsServices, "terms">;
  provisioning: Pick<ProvisioningServices, "provisioner" | "nodeEdits">;
  sales: Pick<SalesServices, "cashier" | "referralRewards" | "gifts" | "autoRenew" | "seats">;
  rails: readonly Rail[];
  railNotices?: RailNotices | undefined;
  /** Staff roles and the audit log (Stars refunds, rails' choices). */
  staff: Pick<StaffServices, "roster" | "audit">;
  /** Who hears of each credited payment (the staff's payments topic; none: nobody). */
  paymentNotices?: PaymentNotices | undefined;
  /** The archive on disk and ARCHIVE_AFTER_DAYS (none: history stays in Redis). */
  archive?: { files: ArchiveFiles; afterDays?: number | undefined } | undefined;
  /** How a member hears that a removed owner's family ended (none: only logged). */
  familyNotices?: FamilyNotices | undefined;
}

export function createSettlementServices(deps: SettlementServicesDeps): SettlementServices {
  const { redis, clock, logger } = deps;
  const { customers, wallet, orders, subscriptions } = deps.books;
  const { cashier, referralRewards: referrals, gifts, seats } = deps.sales;
  const fulfilment = new Fulfilment({
    ...{ referrals, gifts, seats, orders, subscriptions, wallet, customers },
    familyNotices: deps.familyNotices,
    ...{
      catalog: deps.catalog.current,
      provisioner: deps.provisioning.provisioner,
      nodeEdits: deps.provisioning.nodeEdits,
      terms: deps.terms.terms,
      redis,
      clock,
      logger,
    },
  });
  const rewardStep = {
    name: "referral-reward",
    run: (orderId: string) => referrals.reward(orderId),
    owedBefore: (before: number) => referrals.settleDue(before),
  };
  // A trial turned into a paying customer, counted for the daily report.
  const conversionStep = {
    name: "trial-conversion",
    run: (orderId: string) => deps.books.trialConversions.count(orderId),
  };
  const paymentInbox = new PaymentInbox({
    ...{ redis, clock, cashier, wallet, autoRenew: deps.sales.autoRenew },
    ...{ notices: deps.paymentNotices, logger, archive: deps.archive?.files },
  });
  const archive = deps.archive;
  const railPayments = new RailPayments({
    ...{ rails: deps.rails, store: new RailStore(redis), inbox: paymentInbox, cashier, orders },
    ...{ catalog: deps.catalog.current, clock, logger, notices: deps.railNotices },
    refunds: { redis, wallet, referrals },
    staff: deps.staff,
  });
  return {
    paymentInbox,
    railPayments,
    fulfilment,
    afterActive: new AfterActive({ orders, logger, steps: [rewardStep, conversionStep] }),
    starsRefunds: new StarsRefunds({ redis, wallet, orders, referrals, staff: deps.staff }),
    jobs: deps.jobs,
    archiving: archive
      ? new Archiving({ redis, clock, customers, archive: archive.files, afterDays: archive.afterDays })
      : undefined,
  };
}
