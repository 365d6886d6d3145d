/**
 * Customers with a year of monthly renewals in Redis, for the benchmark's memory figures.
 *
 * `seedYear` goes through the real domain code (Customers, Shop, PaymentInbox, Fulfilment, ...),
 * with a hosting stand-in that answers at once, so every key is what the shop itself writes: per
 * customer one purchase and eleven renewals, each invoiced, paid by a Telegram payment stored in
 * the payment inbox and credited (two ledger entries), and fulfilled. bench/clone.ts copies such
 * customers under new ids, fast enough for 100 000.
 */
import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import type { AccessLinks, AccessRef, AccessState } from "../src/domain/books/index.js";
import { Customers, Orders, Subscriptions, Wallet } from "../src/domain/books/index.js";
import { type Catalog, parseCatalog } from "../src/domain/catalog/index.js";
import type { Provisioner } from "../src/domain/provisioning/index.js";
import { Cashier, INVOICE_TTL_MS, PromoCodes, Shop } from "../src/domain/sales/index.js";
import { Fulfilment, PaymentInbox } from "../src/domain/settlement/index.js";
import { createStaffServices } from "../src/domain/staff/index.js";
import { SubscriptionTerms, TermChain, TermChanges } from "../src/domain/terms/index.js";
import { DAY, HOUR, ManualClock } from "../src/runtime/clock.js";
import { createLogger } from "../src/runtime/logger.js";

/** The catalog of the benchmark (the full bot reads the same file). */
export const BENCH_CATALOG = `currency: XTR
plans:
  - id: de-xui
    title: { en: "Germany, 30 days, 100 GB", ru: "Германия, 30 дней, 100 ГБ" }
    days: 30
    traffic_gb: 100
    price: 150
    backend: { kind: xui, servers: [101] }
`;

/** An xui server that makes and renews clients at once and remembers their expiry. */
class InstantXui implements Provisioner {
  readonly kind = "xui" as const;
  private readonly expiry = new Map<string, number>();

  async place(_plan: unknown, request: { name: string }): Promise<AccessRef> {
    return { kind: "xui", serverId: 101, name: request.name };
  }
  async ensure(
    ref: AccessRef,
    _plan: unknown,
    request: { name: string; uuid: string; expiresAt: number },
  ): Promise<{ ref: AccessRef; links: AccessLinks }> {
    this.expiry.set(ref.name, request.expiresAt);
    const subId = randomBytes(8).toString("hex");
    const link =
      `vless://${request.uuid}@de1.vpn.example.net:443?type=tcp&security=reality` +
      `&pbk=${randomBytes(32).toString("base64url")}&fp=chrome&sni=www.microsoft.com` +
      `&sid=${randomBytes(8).toString("hex")}&spx=%2F&flow=xtls-rprx-vision#${request.name}`;
    const made: AccessRef = { kind: "xui", serverId: 101, name: ref.name, uuid: request.uuid, subId };
    return { ref: made, links: { links: [link], subscriptionUrl: undefined } };
  }
  async renew(ref: AccessRef, expiresAt: number): Promise<AccessState> {
    this.expiry.set(ref.name, expiresAt);
    return this.state(ref);
  }
  setTerm(ref: AccessRef, expiresAt: number): Promise<AccessState> {
    return this.renew(ref, expiresAt);
  }
  async state(ref: AccessRef): Promise<AccessState> {
    return {
      expiresAt: this.expiry.get(ref.name) ?? 0,
      limitBytes: 100 * 1024 ** 3,
      usedBytes: 0,
      enabled: true,
    };
  }
  async links(): Promise<AccessLinks> {
    return { links: [], subscriptionUrl: undefined };
  }
  async setLimits(): Promise<void> {}
  async trafficLimits(): Promise<Record<string, number>> {
    return { "": 100 };
  }
  async setTrafficLimits(): Promise<void> {}
  async setEnabled(): Promise<void> {}
  async remove(): Promise<void> {}
}

const MONTH = 30 * DAY;

/** One seeded customer on its own clock, with the domain services as the app builds them. */
class SeededCustomer {
  private readonly clock: ManualClock;
  private readonly shop: Shop;
  private readonly cashier: Cashier;
  private readonly inbox: PaymentInbox;
  private readonly fulfilment: Fulfilment;
  private readonly customers: Customers;
  private readonly from: { id: number; is_bot: false; first_name: string; username: string };
  private subscriptionId: string | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly catalog: Catalog,
    readonly id: number,
    startAt: number,
  ) {
    this.clock = new ManualClock(startAt);
    const clock = this.clock;
    const hosting = new InstantXui();
    const provisioner = () => hosting;
    this.customers = new Customers(redis, clock);
    const wallet = new Wallet(redis, clock, catalog.currency);
    const orders = new Orders(redis, clock);
    const subscriptions = new Subscriptions(redis, clock);
    const deps = {
      redis,
      clock,
      catalog: () => catalog,
      customers: this.customers,
      wallet,
      orders,
      subscriptions,
    };
    const logger = createLogger("silent");
    const changes = new TermChanges(redis, clock);
    const terms = new SubscriptionTerms({
      ...{
        redis,
        chain: new TermChain(redis, orders, changes),
        changes,
        subscriptions,
        provisioner,
        clock,
        logger,
      },
      owners: { of: async () => [], followTerm: async () => [] },
      jobs: { enqueueTermChange: async () => undefined },
    });
    this.fulfilment = new Fulfilment({ ...deps, provisioner, terms, logger });
    // The bench fulfils orders itself, so the shop's queue is a no-op.
    const promos = new PromoCodes({ redis, clock, orders, wallet, unpaidTtlMs: INVOICE_TTL_MS });
    const jobs = { enqueueOrder: async () => undefined };
    // No staff: nobody retries a failed order in the bench.
    const staff = createStaffServices({ redis, clock, ownerIds: [] });
    this.cashier = new Cashier({ ...deps, promos, jobs, staff });
    this.shop = new Shop({ ...deps, provisioner, promos, cashier: this.cashier });
    this.inbox = new PaymentInbox({ redis, clock, cashier: this.cashier, wallet });
    this.from = { id, is_bot: false, first_name: "Seeded", username: `user${id}` };
  }

  /** First contact: the customer record and the session the bot keeps for the chat. */
  async arrive(): Promise<void> {
    const { id, from } = this;
    await this.customers.seen({ id, username: from.username, firstName: from.first_name, locale: "en" });
    await this.redis.set(`session:${id}`, JSON.stringify({ seenAt: this.clock.now() }));
  }

  /** Month `month`: a purchase (the first) or a renewal, invoiced, paid by Telegram, fulfilled. */
  async month(month: number): Promise<void> {
    const { id, shop, catalog } = this;
    this.clock.set(this.clock.now() + (month === 0 ? 0 : MONTH));
    const started = this.subscriptionId
      ? await shop.startRenewal(id, this.subscriptionId, "en")
      : await shop.startPurchase(id, "de-xui", "en");
    if (!started.ok) throw new Error(`seeding ${id}: ${started.reason}`);
    const amount = await this.cashier.invoiceAmount(started.order);
    const chargeId = `stxBench${id}m${month}`;
    const payload = `o:${started.order.id}`;
    const successful_payment = {
      currency: catalog.currency,
      total_amount: amount,
      invoice_payload: payload,
      telegram_payment_charge_id: chargeId,
      provider_payment_charge_id: "",
    };
    const updateId = 100_000 + month;
    await this.inbox.record({
      chargeId,
      payerId: id,
      payload,
      amount,
      currency: catalog.currency,
      updateId,
      raw: JSON.stringify({ update_id: updateId, from: this.from, successful_payment }),
    });
    const settled = await this.inbox.settle({ chargeId, payerId: id, payload, amount });
    if (!settled.paid) throw new Error(`seeding ${id}: payment not applied (${settled.orderStatus})`);
    const done = await this.fulfilment.fulfil(started.order.id);
    if (done.outcome !== "active") throw new Error(`seeding ${id}: order ${done.outcome}`);
    this.subscriptionId = done.subscription.id;
  }
}

/** Runs `step` over `items`, `concurrency` at a time. */
export async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  step: (item: T) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) await step(items[i] as T);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * Seeds `ids` through the domain code: a purchase 330 days ago, then a renewal every 30 days
 * (each right at expiry), so every subscription runs for about 30 more days and no reminder is
 * due. Months go in lockstep and the customers' clocks stay within a day of each other, as they
 * share the orders' indexes (a clock far ahead would expire others' orders awaiting payment).
 * The unpaid-order slots (a 25-hour TTL) are removed at the end, as time would.
 */
export async function seedYear(redis: Redis, ids: readonly number[], concurrency = 100): Promise<void> {
  await seedYears(redis, ids, 1, { concurrency });
}

/**
 * As `seedYear` over `years` years (12 renewals a year, the last one now). `afterMonth(at)` runs
 * after each month with that month's time (the shop's periodic tasks, as a bench wants them).
 */
export async function seedYears(
  redis: Redis,
  ids: readonly number[],
  years: number,
  options: { concurrency?: number; afterMonth?: (at: number) => Promise<void> } = {},
): Promise<void> {
  const catalog = parseCatalog(BENCH_CATALOG);
  const months = 12 * years;
  const start = Date.now() - (months - 1) * MONTH;
  const customers = ids.map((id, i) => new SeededCustomer(redis, catalog, id, start - (i % 24) * HOUR));
  const concurrency = options.concurrency ?? 100;
  await inParallel(customers, concurrency, (c) => c.arrive());
  for (let month = 0; month < months; month++) {
    await inParallel(customers, concurrency, (c) => c.month(month));
    await options.afterMonth?.(start + month * MONTH);
  }
  await dropUnpaidSlots(redis);
}

async function dropUnpaidSlots(redis: Redis): Promise<void> {
  let cursor = "0";
  do {
    const [nextCursor, keys] = await redis.scan(cursor, "MATCH", "orders:unpaid:*", "COUNT", 1_000);
    cursor = nextCursor;
    if (keys.length > 0) await redis.unlink(...keys);
  } while (cursor !== "0");
}

/**
 * Redis memory (MEMORY USAGE) by kind of key, ids replaced by placeholders, largest first: where
 * a customer's bytes go.
 */
export async function memoryByKind(redis: Redis): Promise<{ kind: string; keys: number; bytes: number }[]> {
  const kinds = new Map<string, { keys: number; bytes: number }>();
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "COUNT", 1_000);
    cursor = next;
    const pipeline = redis.pipeline();
    for (const key of keys) pipeline.memory("USAGE", key, "SAMPLES", "0");
    const sizes = (await pipeline.exec()) ?? [];
    keys.forEach((key, i) => {
      const kind = key
        .replace(/stxBench\d+m\d+/, "<charge>")
        .replace(/(?<![0-9a-z])([os])[0-9a-z]{16}(?![0-9a-z])/g, "<$1-id>")
        .replace(/\d{6,}/g, "<id>")
        .replace(/-[0-9a-f]{8}$/, "-<hex>");
      const entry = kinds.get(kind) ?? { keys: 0, bytes: 0 };
      entry.keys++;
      entry.bytes += Number(sizes[i]?.[1] ?? 0);
      kinds.set(kind, entry);
    });
  } while (cursor !== "0");
  return [...kinds.entries()].map(([kind, v]) => ({ kind, ...v })).sort((a, b) => b.bytes - a.bytes);
}
