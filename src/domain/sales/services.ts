import type { Redis } from "ioredis";
import type { HostingClients } from "../../hosting/index.js";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import type { TelegramChats } from "../../runtime/telegram-chats.js";
import type { BooksServices, OrderJobs } from "../books/index.js";
import type { CatalogServices } from "../catalog/index.js";
import type { FleetServices } from "../fleet/index.js";
import type { ProvisioningServices } from "../provisioning/index.js";
import type { StaffServices } from "../staff/index.js";
import type { TermsServices } from "../terms/index.js";
import { AutoRenew } from "./auto-renew.js";
import { Cashier } from "./cashier.js";
import { ChannelGate, type GateNotices, type ShopGate } from "./channel-gate.js";
import { Delivery } from "./delivery.js";
import { Gifts } from "./gifts.js";
import { INVOICE_TTL_MS } from "./invoices.js";
import { PromoCodes } from "./promo-codes.js";
import { ReferralRewards } from "./referral-rewards.js";
import { Referrals } from "./referrals.js";
import { Seats } from "./seats.js";
import { Shop, UNPAID_ORDERS } from "./shop.js";
import { TrialWatch } from "./trial-watch.js";

/** The sales' services: what a customer can buy, at what price, and who brought them. */
export interface SalesServices {
  /** The plans, and purchases, renewals and trials opened as orders. */
  shop: Shop;
  /** Takes the money for orders and top-ups (balance, invoices, payments) and queues what it paid. */
  cashier: Cashier;
  /** Promo codes: the admins' codes, their uses held per order, wallet-credit codes. */
  promos: PromoCodes;
  /** Invite codes, who invited whom, and the inviters' figures. */
  referrals: Referrals;
  /** The referral money: rewards after active orders, taken back after refunds, bonus days. */
  referralRewards: ReferralRewards;
  /** Plans bought as gifts: parked until claimed, cancelled or expired (refunded to the buyer). */
  gifts: Gifts;
  /** The admins' required channels in front of trials, purchases and claims, as they set it. */
  gate: ChannelGate;
  /** Trials taken through the gate: paused when their owner leaves a channel, resumed on return. */
  trialWatch: TrialWatch;
  /** Auto-renew from the balance: the customers' switch per subscription and the renewals it pays. */
  autoRenew: AutoRenew;
  /** Family plans' seats: invite codes, claims and freed seats. */
  seats: Seats;
}

export interface SalesServicesDeps {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  /** The order queue paid orders go to. */
  jobs: OrderJobs;
  catalog: CatalogServices;
  books: Pick<BooksServices, "customers" | "wallet" | "orders" | "subscriptions">;
  provisioning: Pick<ProvisioningServices, "provisioner">;
  /** The servers and their extension, for the delivery check (none: every order is offered). */
  fleet?: Pick<FleetServices, "servers" | "serverExtension">;
  /** The main panel, for the delivery check of panel locations. */
  hosting?: Pick<HostingClients, "panel">;
  /** How long one hosting read answers the delivery checks of offers (DELIVERY_READ_REUSE_MS). */
  deliveryReuseMs?: number;
  /** Telegram's answers about channels, for the gate (none: nothing can be checked, nobody held back). */
  chats?: TelegramChats;
  /** Where the gate's and the trial watch's messages go (none: they are only logged). */
  gateNotices?: GateNotices;
  /** Staff roles and the audit log (an admin's retry of a failed order). */
  staff: Pick<StaffServices, "roster">;
  /** Customers' freezes (a frozen subscription is not renewed until unfrozen). */
  terms?: Pick<TermsServices, "freezes">;
}

export function createSalesServices(deps: SalesServicesDeps): SalesServices {
  const { redis, clock, logger, jobs } = deps;
  const { current: catalog, settings } = deps.catalog;
  const { customers, wallet, orders, subscriptions } = deps.books;
  const promos = new PromoCodes({ redis, clock, orders, wallet, unpaidTtlMs: INVOICE_TTL_MS });
  const referrals = new Referrals({ redis, clock, catalog, settings });
  const { provisioner } = deps.provisioning;
  const referralLimit = () => referrals.rewardedPayments();
  const { fleet, hosting } = deps;
  const delivery =
    fleet &&
    new Delivery({
      redis,
      servers: () => fleet.servers.list(),
      extend: (server) => fleet.serverExtension.auto(server),
      autoExtend: () => settings.autoExtend(),
      panel: () => hosting?.panel,
      provisioner,
      logger,
      reuseMs: deps.deliveryReuseMs,
    });
  const { gate, trialWatch, forShop } = channelGateOf(deps);
  const seats = seatsOf(deps, gate);
  // The shop decides what can be delivered; the cashier asks it again before taking the money.
  let shop: Shop | undefined;
  const cashier = new Cashier({
    redis,
    clock,
    catalog,
    customers,
    wallet,
    orders,
    jobs,
    ...{ promos, referralLimit, staff: deps.staff },
    deliverable: async (order, fresh) => (shop ? shop.deliverable(order, fresh) : { ok: true }),
  });
  shop = new Shop({
    ...{ clock, catalog, customers, orders, subscriptions, provisioner },
    ...{ promos, cashier, delivery, gate: forShop, seats },
    ...(deps.terms ? { freezes: deps.terms.freezes } : {}),
  });
  return {
    shop,
    cashier,
    promos,
    referrals,
    referralRewards: new ReferralRewards({ redis, clock, wallet, orders, referrals, logger }),
    gifts: new Gifts({ redis, clock, wallet, customers, jobs, settings, gate }),
    gate,
    trialWatch,
    autoRenew: autoRenewOf(deps, shop, cashier),
    seats,
  };
}

/** Auto-renew from the balance, on the shop (the renewal's price) and the cashier (the charge). */
function autoRenewOf(deps: SalesServicesDeps, shop: Shop, cashier: Cashier): AutoRenew {
  const { redis, clock, logger } = deps;
  const { settings, maintenance } = deps.catalog;
  const { customers, wallet, orders, subscriptions } = deps.books;
  return new AutoRenew({
    ...{ redis, clock, logger, settings, maintenance, customers, wallet, orders, subscriptions },
    ...{ shop, cashier },
  });
}

/** The channel gate, the watch of the trials taken through it, and the two as the shop asks them. */
function channelGateOf(deps: SalesServicesDeps): {
  gate: ChannelGate;
  trialWatch: TrialWatch;
  forShop: ShopGate;
} {
  const { redis, clock, logger, chats, gateNotices: notices } = deps;
  const { requiredChannels: channels, settings } = deps.catalog;
  const gate = new ChannelGate({ redis, chats, channels, settings, notices, logger });
  const trialWatch = new TrialWatch({
    ...{ redis, clock, gate, channels, notices, logger },
    subscriptions: deps.books.subscriptions,
    provisioner: deps.provisioning.provisioner,
  });
  const forShop: ShopGate = {
    check: (customerId, action) => gate.check(customerId, action),
    watchTrial: (customerId) => trialWatch.watch(customerId),
  };
  return { gate, trialWatch, forShop };
}

/** Family plans' seats, claimed past the same gate as gifts. */
function seatsOf(deps: SalesServicesDeps, gate: ChannelGate): Seats {
  const { redis, clock, jobs } = deps;
  const catalog = deps.catalog.current;
  const { customers, orders, subscriptions } = deps.books;
  const currency = () => catalog().currency;
  return new Seats({
    ...{ redis, clock, customers, orders, jobs, currency, gate },
    ...{ catalog, subscriptions, unpaid: UNPAID_ORDERS },
  });
}
