import type { Redis } from "ioredis";
import type { HostingClients } from "../hosting/index.js";
import type { Clock } from "../runtime/clock.js";
import type { Logger } from "../runtime/logger.js";
import { OneTimeTokens } from "../store/one-time.js";
import { AdminWallet, BroadcastDrafts, ChargeAgain, CustomerBlocks } from "./backoffice/index.js";
import {
  Customers,
  type OrderJobs,
  Orders,
  RenewalChain,
  SubscriptionOwners,
  Subscriptions,
  Wallet,
} from "./books/index.js";
import type { Catalog } from "./catalog/index.js";
import { ShopSettings } from "./catalog/index.js";
import type { AccessNotices } from "./drift/index.js";
import { DriftActions, DriftFindings, type DriftRuns, DriftSync } from "./drift/index.js";
import type { AccountKeyStore } from "./fleet/index.js";
import {
  HostingAccount,
  HostingServers,
  NodeAdmin,
  NodeClients,
  PanelClients,
  ServerExtension,
  XuiClients,
} from "./fleet/index.js";
import { createProvisioners, type ProvisionerFor, UsageReader } from "./provisioning/index.js";
import { Gifts, INVOICE_TTL_MS, PromoCodes, ReferralRewards, Referrals, Shop } from "./sales/index.js";
import { Fulfilment, PaymentInbox, StarsRefunds } from "./settlement/index.js";

export type { OrderJobs } from "./books/index.js";

/** The shop's stores and services, built once by the composition root. */
export interface ShopServices {
  shop: Shop;
  customers: Customers;
  wallet: Wallet;
  orders: Orders;
  subscriptions: Subscriptions;
  /** Which subscriptions live on a hosting client; their records follow an admin's changes. */
  owners: SubscriptionOwners;
  fulfilment: Fulfilment;
  /** Renewals of one subscription, one after the other. */
  renewals: RenewalChain;
  provisioner: ProvisionerFor;
  /** The order queue: the shop queues its own paid orders, so callers do not use it directly. */
  jobs: OrderJobs;
  catalog: () => Catalog;
  /** Extends hosting servers (the admin's button and the worker's auto-extension). */
  serverExtension: ServerExtension;
  /** Every successful_payment seen, stored before it is acknowledged, until it is credited. */
  paymentInbox: PaymentInbox;
  /** Usage reads: one subscription's (cached a minute) and bulk listings per backend. */
  usage: UsageReader;
  /** Promo codes: the admins' codes, their uses held per order, wallet-credit codes. */
  promos: PromoCodes;
  /** Invite codes, who invited whom, and the inviters' figures. */
  referrals: Referrals;
  /** The referral money: rewards after active orders, taken back after refunds, bonus days. */
  referralRewards: ReferralRewards;
  /** Plans bought as gifts: parked until claimed, cancelled or expired (refunded to the buyer). */
  gifts: Gifts;
  /** An admin's broadcast between writing it and confirming it. */
  broadcastDrafts: BroadcastDrafts;
  /** Shop-wide switches the admins set (auto-extend, outage grace, extension cost, currency). */
  settings: ShopSettings;
  /** The master node as the admin runs it: status, name, peers, federation, backups, traffic, logs. */
  nodeAdmin: NodeAdmin;
  /** The node's clients as the admin manages them (renewals to a fixed target; subscriptions follow). */
  nodeClients: NodeClients;
  /** xui users of the servers as the admins manage them (their subscriptions follow). */
  xuiClients: XuiClients;
  /** Panel clients across the main panel and its connected panels (create, extend, term, limits, delete). */
  panelClients: PanelClients;
  /** The hosting account: its linked key, the account behind it, linking and unlinking it. */
  hostingAccount: HostingAccount;
  /** The account's servers: list, card with live stats, power, config, regenerate, core version. */
  hostingServers: HostingServers;
  /** An admin's credit or debit of a wallet with a reason, applied once per confirmation. */
  adminWallet: AdminWallet;
  /** An admin's "charge again" of a refunded order, once per order. */
  chargeAgain: ChargeAgain;
  /** An admin's block of a customer with a reason, applied once per confirmation. */
  customerBlocks: CustomerBlocks;
  /** Direct Stars payments of failed orders sent back through Telegram. */
  starsRefunds: StarsRefunds;
  /** The shop and the hosting side compared: the reconciler, its findings, "Run now". */
  drift: DriftSync;
  /** The admins' decisions on drift: recreate a missing client, move off a gone server, orphans. */
  driftActions: DriftActions;
}

export interface ShopServicesDeps {
  redis: Redis;
  clock: Clock;
  catalog: () => Catalog;
  hosting: HostingClients;
  logger: Logger;
  jobs: OrderJobs;
  /** Where the Account API key comes from (ACCOUNT_API_KEY or the key an admin linked). */
  accountKey: AccountKeyStore;
  /** NODE_SUB_URL: public base of the node's subscription server. */
  nodeSubUrl?: string;
  /** Where the admins' "Run now" of the drift reconciliation goes (the worker's queue). */
  driftRuns?: DriftRuns;
  /** Customer messages of the drift actions (new links); without it they are only logged. */
  accessNotices?: AccessNotices;
}

export function createShopServices(deps: ShopServicesDeps): ShopServices {
  const core = createShopCore(deps);
  return { ...core, jobs: deps.jobs, catalog: deps.catalog, ...createBackOffice(deps, core) };
}

/** What selling and delivering needs (the customers' side and the workers). */
type ShopCore = Pick<
  ShopServices,
  | "shop"
  | "customers"
  | "wallet"
  | "orders"
  | "subscriptions"
  | "owners"
  | "fulfilment"
  | "renewals"
  | "provisioner"
  | "serverExtension"
  | "paymentInbox"
  | "usage"
  | "promos"
  | "referrals"
  | "referralRewards"
  | "gifts"
>;

/** What the admins run on top of the core. */
type BackOffice = Omit<ShopServices, keyof ShopCore | "jobs" | "catalog">;

function createShopCore(deps: ShopServicesDeps): ShopCore {
  const { redis, clock, catalog } = deps;
  const customers = new Customers(redis, clock);
  const wallet = new Wallet(redis, clock, catalog().currency);
  const orders = new Orders(redis, clock);
  const subscriptions = new Subscriptions(redis, clock);
  const provisioner = createProvisioners({
    account: deps.hosting.account,
    panel: deps.hosting.panel,
    node: deps.hosting.node,
    clock,
    nodeSubUrl: deps.nodeSubUrl,
  });
  const renewals = new RenewalChain(redis, orders);
  const promos = new PromoCodes({ redis, clock, orders, wallet, unpaidTtlMs: INVOICE_TTL_MS });
  const { referrals, referralRewards } = referralsOf(deps, wallet, orders);
  const giftDeps = { redis, clock, wallet, customers, jobs: deps.jobs };
  const gifts = new Gifts({ ...giftDeps, settings: new ShopSettings(redis) });
  const fulfilment = new Fulfilment({
    ...{ referrals: referralRewards, gifts, orders, subscriptions, wallet, customers },
    ...{ catalog, provisioner, renewals, redis, clock, logger: deps.logger },
  });
  const shop = new Shop({
    redis,
    clock,
    catalog,
    customers,
    wallet,
    orders,
    subscriptions,
    provisioner,
    jobs: deps.jobs,
    promos,
  });
  return {
    shop,
    customers,
    wallet,
    orders,
    subscriptions,
    owners: new SubscriptionOwners({ redis, subscriptions, customers, logger: deps.logger }),
    fulfilment,
    renewals,
    provisioner,
    serverExtension: new ServerExtension({ hosting: deps.hosting, redis, clock, logger: deps.logger }),
    paymentInbox: new PaymentInbox({ redis, clock, shop }),
    usage: new UsageReader({ redis, hosting: deps.hosting, provisioner, logger: deps.logger }),
    promos,
    referrals,
    referralRewards,
    gifts,
  };
}

/** Invite codes and attribution, and the referral money on the wallet and the orders. */
function referralsOf(deps: ShopServicesDeps, wallet: Wallet, orders: Orders) {
  const { redis, clock, catalog, logger } = deps;
  const referrals = new Referrals({ redis, clock, catalog, settings: new ShopSettings(redis) });
  const referralRewards = new ReferralRewards({ redis, clock, wallet, orders, referrals, logger });
  return { referrals, referralRewards };
}

function createBackOffice(deps: ShopServicesDeps, core: ShopCore): BackOffice {
  const { redis, clock, catalog, hosting, logger } = deps;
  const { shop, owners, wallet, orders, customers } = core;
  // Admins' confirmations of money and blocks (the same one-time tokens as the bot's buttons).
  const confirmations = new OneTimeTokens(redis);
  return {
    broadcastDrafts: new BroadcastDrafts(redis),
    settings: new ShopSettings(redis),
    nodeAdmin: new NodeAdmin(hosting),
    nodeClients: new NodeClients({ hosting, redis, clock, owners, logger }),
    xuiClients: new XuiClients({ hosting, owners, clock, logger }),
    panelClients: new PanelClients({ hosting, redis, clock, catalog, owners, logger }),
    hostingAccount: new HostingAccount({ hosting, keys: deps.accountKey, clock, logger }),
    hostingServers: new HostingServers({ hosting, redis }),
    adminWallet: new AdminWallet({ redis, wallet, confirmations }),
    chargeAgain: new ChargeAgain({ redis, shop, orders, customers, wallet, confirmations }),
    customerBlocks: new CustomerBlocks({ redis, customers, confirmations }),
    starsRefunds: new StarsRefunds({ redis, wallet, orders, referrals: core.referralRewards }),
    drift: new DriftSync({
      ...{ redis, clock, logger, hosting, orders },
      subscriptions: core.subscriptions,
      provisioner: core.provisioner,
      plan: (id) => shop.plan(id),
      runs: deps.driftRuns,
    }),
    driftActions: driftActionsOf(deps, core),
  };
}

function driftActionsOf(deps: ShopServicesDeps, core: ShopCore): DriftActions {
  const { redis, clock, catalog, hosting, logger } = deps;
  return new DriftActions({
    ...{ redis, clock, catalog, hosting, logger },
    ...{ orders: core.orders, customers: core.customers, owners: core.owners },
    provisioner: core.provisioner,
    subscriptions: core.subscriptions,
    notices: deps.accessNotices ?? unsentNotices(logger),
    findings: new DriftFindings(redis, clock),
  });
}

/** Where no outbox is wired (tests of other parts): the notice is logged, not sent. */
function unsentNotices(logger: Logger): AccessNotices {
  return {
    accessChanged: async (n) => {
      logger.warn({ customerId: n.customerId, once: n.once }, "access notice not sent: no outbox wired");
    },
  };
}
