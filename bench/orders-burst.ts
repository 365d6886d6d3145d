/**
 * Orders at a burst (issue 29, goal 5): 50 paid orders arriving within a second, the hosting API
 * answering in 150 ms and Telegram in 100 ms. The full bot process (dist/src/main.js, its workers
 * in the same process) against the fake Bot API and the fake hosting account API; the orders are
 * opened through the shop's own code (as the bot opens them before it sends the invoice), then
 * paid as Telegram pays: a pre-checkout query, and once the bot has said yes, a successful_payment
 * update. Measured per order: from the payment update to the message with the link reaching the
 * fake Bot API, and the bot's own share of that (the hosting calls and the update's delivery are
 * counted on the fakes' side and their latency subtracted). One order alone first, then the 50.
 * Prints figures, never asserts.
 */

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { User } from "grammy/types";
import type { Redis } from "ioredis";
import { Customers, Orders, Subscriptions, Wallet } from "../src/domain/books/index.js";
import { parseCatalog } from "../src/domain/catalog/index.js";
import type { Provisioner } from "../src/domain/provisioning/index.js";
import { Cashier, INVOICE_TTL_MS, invoicePayload, PromoCodes, Shop } from "../src/domain/sales/index.js";
import { createStaffServices } from "../src/domain/staff/index.js";
import { systemClock } from "../src/runtime/clock.js";
import { FakeAccountApi } from "../test/fakes/account-api.js";
import { germanyCatalog } from "../test/helpers/catalogs.js";
import { FakeBotApi, SendLimit } from "./fake-bot-api.js";
import { goal } from "./goals.js";
import { startNode } from "./proc.js";
import { benchDir, benchMain, botEnv, fmt, percentile, root, say, sleep, TOKEN } from "./side-by-side.js";

const BURST = 50;
const HOSTING_MS = 150;
const TELEGRAM_MS = 100;
const FIRST_BUYER = 7_000_000_001;
/** Telegram's overall limit in the last round: ~30 messages a second, 429 with retry_after past it. */
const SEND_LIMIT = { perSecond: 30 };

/** An order opened for a buyer: what Telegram's invoice carries. */
interface Opened {
  buyer: User;
  payload: string;
  amount: number;
}

/** Opens each buyer's order through the shop's code, as the bot does before sending the invoice. */
async function openOrders(redis: Redis, catalogYaml: string, ids: number[]): Promise<Opened[]> {
  const catalog = parseCatalog(catalogYaml);
  const clock = systemClock;
  const customers = new Customers(redis, clock);
  const wallet = new Wallet(redis, clock, catalog.currency);
  const orders = new Orders(redis, clock);
  const deps = { redis, clock, catalog: () => catalog, customers, wallet, orders };
  const subscriptions = new Subscriptions(redis, clock);
  const promos = new PromoCodes({ redis, clock, orders, wallet, unpaidTtlMs: INVOICE_TTL_MS });
  // The bot process queues the paid orders; opening one queues nothing.
  const jobs = { enqueueOrder: async () => undefined };
  const staff = createStaffServices({ redis, clock, ownerIds: [] });
  const cashier = new Cashier({ ...deps, promos, jobs, staff });
  // A new purchase reads nothing from the hosting side.
  const provisioner = (): Provisioner => {
    throw new Error("not used to open a purchase");
  };
  const shop = new Shop({ ...deps, subscriptions, provisioner, promos, cashier });
  return Promise.all(
    ids.map(async (id) => {
      const buyer: User = { id, is_bot: false, first_name: `Buyer${id}`, language_code: "en" };
      await customers.seen({ id, firstName: buyer.first_name, locale: "en" });
      const started = await shop.startPurchase(id, "de", "en");
      if (!started.ok) throw new Error(`opening an order for ${id}: ${started.reason}`);
      const amount = await cashier.invoiceAmount(started.order);
      return { buyer, payload: invoicePayload({ kind: "order", orderId: started.order.id }), amount };
    }),
  );
}

/** The payments' clock: when each was paid, when its link reached Telegram. */
class Deliveries {
  readonly paidAt = new Map<number, number>();
  readonly linkAt = new Map<number, number>();
  private readonly approved = new Map<string, () => void>();

  /** A send reached the fake: the delivery is the message with the access link. */
  sent(chatId: number, params: Record<string, unknown>): void {
    const text = typeof params.text === "string" ? params.text : "";
    if (text.includes("vless://") && !this.linkAt.has(chatId)) this.linkAt.set(chatId, performance.now());
  }

  /** Any other call: a yes to a pre-checkout query lets its payment go. */
  call(method: string, params: Record<string, unknown>): void {
    if (method !== "answerPreCheckoutQuery") return;
    const id = String(params.pre_checkout_query_id);
    if (params.ok === true) this.approved.get(id)?.();
    this.approved.delete(id);
  }

  /** Resolves when the bot answers pre-checkout query `id` with a yes. */
  approval(id: string): Promise<void> {
    return new Promise((resolve) => this.approved.set(id, resolve));
  }

  latencies(chatIds: number[]): number[] {
    return chatIds
      .map((id) => (this.linkAt.get(id) ?? Number.NaN) - (this.paidAt.get(id) ?? Number.NaN))
      .filter((v) => Number.isFinite(v))
      .sort((a, b) => a - b);
  }
}

/** Pays one opened order as Telegram does: pre-checkout, the bot's yes, the payment update. */
async function pay(
  fake: FakeBotApi,
  deliveries: Deliveries,
  order: Opened,
  n: number,
  onPaid: () => void,
): Promise<void> {
  const queryId = `pcq-${order.buyer.id}`;
  const approved = deliveries.approval(queryId);
  fake.inject({
    pre_checkout_query: {
      id: queryId,
      from: order.buyer,
      currency: "XTR",
      total_amount: order.amount,
      invoice_payload: order.payload,
    },
  });
  await approved;
  deliveries.paidAt.set(order.buyer.id, performance.now());
  onPaid();
  fake.inject({
    message: {
      message_id: 1_000 + n,
      date: Math.floor(Date.now() / 1000),
      chat: { id: order.buyer.id, type: "private", first_name: order.buyer.first_name },
      from: order.buyer,
      successful_payment: {
        currency: "XTR",
        total_amount: order.amount,
        invoice_payload: order.payload,
        telegram_payment_charge_id: `stxBurst${order.buyer.id}`,
        provider_payment_charge_id: "",
      },
    },
  });
}

interface Round {
  latencies: number[];
  delivered: number;
  /** Hosting calls per order (the fake saw them; each waits HOSTING_MS), the pre-checkout's included. */
  hostingCalls: number;
  /**
   * Hosting calls made after the (first) payment, per order: with one order alone, exactly those
   * on its path from payment to link (the pre-checkout's delivery check comes before the payment).
   */
  pathCalls: number;
  seconds: number;
  /** Sends the fake refused with 429 (Telegram's overall limit), and of those, sent before retry_after ran out. */
  refused: number;
  early: number;
}

/** Pays `orders` spread over `spreadMs`, waits for every link (or `timeoutMs`). */
async function round(
  fake: FakeBotApi,
  hosting: FakeAccountApi,
  deliveries: Deliveries,
  orders: Opened[],
  spreadMs: number,
): Promise<Round> {
  const seen0 = hosting.seen.length;
  const [refused0, early0] = [fake.sendLimit?.total() ?? 0, fake.sendLimit?.early ?? 0];
  let seenAtPay: number | undefined;
  const began = performance.now();
  await Promise.all(
    orders.map(async (o, i) => {
      await sleep((spreadMs * i) / orders.length);
      await pay(fake, deliveries, o, i, () => {
        seenAtPay ??= hosting.seen.length;
      });
    }),
  );
  const ids = orders.map((o) => o.buyer.id);
  for (let waited = 0; waited < 60_000 && ids.some((id) => !deliveries.linkAt.has(id)); waited += 50)
    await sleep(50);
  await sleep(500);
  return {
    latencies: deliveries.latencies(ids),
    delivered: ids.filter((id) => deliveries.linkAt.has(id)).length,
    hostingCalls: (hosting.seen.length - seen0) / orders.length,
    pathCalls: (hosting.seen.length - (seenAtPay ?? seen0)) / orders.length,
    seconds: (performance.now() - began) / 1000,
    refused: (fake.sendLimit?.total() ?? 0) - refused0,
    early: (fake.sendLimit?.early ?? 0) - early0,
  };
}

/**
 * What an order waits for on the fakes between its payment and its link: the hosting calls on its
 * path (counted with the order alone: in a burst they are the same calls, the rest is queueing)
 * one after another, and the payment update's delivery.
 */
const waitsOf = (solo: Round) => solo.pathCalls * HOSTING_MS + TELEGRAM_MS;

function printRounds(solo: Round, columns: [string, Round][]): void {
  const waits = () => waitsOf(solo);
  const rows: [string, (r: Round) => number, number][] = [
    ["orders delivered", (r) => r.delivered, 0],
    ["payment -> link p50, ms", (r) => percentile(r.latencies, 50), 0],
    ["payment -> link p99, ms", (r) => percentile(r.latencies, 99), 0],
    ["hosting calls per order", (r) => r.hostingCalls, 1],
    ["  of them after the payment", (r) => r.pathCalls, 1],
    ["waits on the fakes per order, ms", waits, 0],
    ["bot's own share p50, ms", (r) => percentile(r.latencies, 50) - waits(), 0],
    ["bot's own share p99, ms", (r) => percentile(r.latencies, 99) - waits(), 0],
    ["sends refused with 429", (r) => r.refused, 0],
    ["  of them before retry_after ran out", (r) => r.early, 0],
  ];
  const all: [string, Round][] = [["one order", solo], ...columns];
  say("");
  say(`${"".padEnd(38)}${all.map(([label]) => label.padStart(14)).join("")}`);
  for (const [label, f, digits] of rows) {
    say(`${label.padEnd(38)}${all.map(([, r]) => fmt(f(r), digits).padStart(14)).join("")}`);
  }
}

/** Each burst's figures through the goals: all delivered, the latencies and the bot's own share. */
function burstGoals(solo: Round, name: string, burst: Round): void {
  const p50 = percentile(burst.latencies, 50);
  const p99 = percentile(burst.latencies, 99);
  goal(
    `orders burst${name}: delivered`,
    `${burst.delivered} of ${BURST}`,
    `all ${BURST}`,
    burst.delivered === BURST,
  );
  goal(
    `orders burst${name}: payment -> link p50 / p99`,
    `${fmt(p50, 0)} / ${fmt(p99, 0)} ms`,
    "printed",
    true,
  );
  const own = `${fmt(p50 - waitsOf(solo), 0)} / ${fmt(p99 - waitsOf(solo), 0)} ms`;
  goal(`orders burst${name}: the bot's own share p50 / p99`, own, "printed", true);
}

async function run(redis: Redis, redisUrl: string): Promise<void> {
  const hosting = await new FakeAccountApi().start();
  hosting.addAccount({ login: "shop", password: "pw", balance: 100_000 });
  const key = hosting.addKey("shop");
  const serverId = hosting.addServer("shop", { type: "xui", daysLeft: 400 }).id;
  const catalogYaml = germanyCatalog(serverId);
  const catalogFile = join(benchDir, "orders-catalog.yaml");
  writeFileSync(catalogFile, catalogYaml);
  const deliveries = new Deliveries();
  const fake = await new FakeBotApi({
    token: TOKEN,
    latencyMs: TELEGRAM_MS,
    onSent: (_method, chatId, params) => deliveries.sent(chatId, params),
    onCall: (method, params) => deliveries.call(method, params),
  }).start();
  const env = {
    ...(await botEnv("full", fake.apiRoot, redisUrl)),
    ...{ ACCOUNT_API_URL: hosting.url, ACCOUNT_API_KEY: key, CATALOG_FILE: catalogFile },
  };
  // BENCH_CPU_PROF=<dir>: the bot process writes a V8 CPU profile there when it stops.
  const prof = process.env.BENCH_CPU_PROF;
  const child = startNode(
    join(root, "dist/src/main.js"),
    env,
    root,
    prof ? ["--cpu-prof", `--cpu-prof-dir=${prof}`] : [],
  );
  try {
    for (let waited = 0; fake.getUpdatesCalls === 0; waited += 50) {
      if (waited > 30_000)
        throw new Error(`the bot did not start polling: ${child.logSummary().last.join("\n")}`);
      await sleep(50);
    }
    const ids = Array.from({ length: 2 * BURST + 1 }, (_, i) => FIRST_BUYER + i);
    const opened = await openOrders(redis, catalogYaml, ids);
    hosting.latencyMs = HOSTING_MS;
    await sleep(2_000);
    const solo = await round(fake, hosting, deliveries, opened.slice(0, 1), 0);
    const burst = await round(fake, hosting, deliveries, opened.slice(1, BURST + 1), 1_000);
    // A real burst meets Telegram's overall limit: ~3 messages per delivery, 150 in a second or two.
    await sleep(2_000);
    fake.sendLimit = new SendLimit(SEND_LIMIT);
    const limited = await round(fake, hosting, deliveries, opened.slice(BURST + 1), 1_000);
    say(`${BURST} orders paid within 1 s, hosting at ${HOSTING_MS} ms, Telegram at ${TELEGRAM_MS} ms`);
    say(`(the last column with Telegram's overall limit of ${SEND_LIMIT.perSecond} messages/s on):`);
    printRounds(solo, [
      [`${BURST} in 1 s`, burst],
      [`+ ${SEND_LIMIT.perSecond}/s limit`, limited],
    ]);
    const earlyBy = Object.entries(fake.sendLimit.earlyBy).map(([m, n]) => `${m} ${n}`);
    if (earlyBy.length > 0) say(`  sends before retry_after ran out, by method: ${earlyBy.join(", ")}`);
    say("");
    burstGoals(solo, "", burst);
    burstGoals(solo, ` (${SEND_LIMIT.perSecond}/s limit)`, limited);
    goal(
      `orders burst (${SEND_LIMIT.perSecond}/s limit): sends before retry_after ran out`,
      String(limited.early),
      "0",
      limited.early === 0,
    );
    const log = child.logSummary();
    if (log.lines > 0) say(`  bot logged ${log.lines} lines; most frequent: ${JSON.stringify(log.top)}`);
  } finally {
    await child.stop();
    await fake.stop();
    await hosting.stop();
  }
}

benchMain("orders burst bench", "Orders burst goals (issue 29, goal 5):", run);
