/**
 * What checking and redeeming a promo code costs as its uses grow (issue 23, finding 4): a check
 * (`/promo CODE`) by a new customer, a check by a customer who used the code already, and a
 * redemption (an order opened with the code, its use reserved), at 10, 10 000 and 100 000 uses.
 * Prints, per operation: milliseconds, Redis commands, bytes Redis sent and the microseconds Redis
 * was busy (from INFO commandstats, on a redis-server of its own). The uses are seeded as the shop
 * stored them before the indexes (one hash), so the first look at a code shows its one-time
 * indexing too. Run with `npm run bench:promo`; figures, never assertions.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { CatalogStore } from "../src/domain/catalog/index.js";
import { AccountKeyStore } from "../src/domain/fleet/index.js";
import { createShopServices } from "../src/domain/index.js";
import { promoKeys } from "../src/domain/sales/keys.js";
import { createHostingClients } from "../src/hosting/index.js";
import { ManualClock } from "../src/runtime/clock.js";
import { createLogger } from "../src/runtime/logger.js";
import { SecretBox } from "../src/store/secret-box.js";
import { startRedis } from "../test/helpers/local-redis.js";
import { type RedisCost, redisCost } from "./redis-cost.js";

const SIZES = [10, 10_000, 100_000];
const RUNS = 20;

/** Writes `n` used uses of `code` by as many customers, in the hash-only shape of before. */
async function seedOldShape(redis: Redis, code: string, n: number, at: number): Promise<void> {
  const k = promoKeys(code);
  for (let from = 0; from < n; from += 1000) {
    const uses: string[] = [];
    const by: string[] = [];
    for (let i = from; i < Math.min(n, from + 1000); i++) {
      uses.push(`o-${code}-${i}`, `${1_000_000 + i}|u|${at - i}`);
      by.push(String(1_000_000 + i), "1");
    }
    await redis
      .pipeline()
      .hset(k.uses, ...uses)
      .hset(k.by, ...by)
      .exec();
  }
  await redis.hset(k.code, "used", String(n));
  await redis.hdel(k.code, "indexed"); // as a code made before the indexes
}

function line(name: string, runs: number, ms: number, cost: RedisCost): string {
  const per = (x: number) => x / runs;
  return `${name.padEnd(44)} ${per(ms).toFixed(2).padStart(9)} ms ${per(cost.commands).toFixed(1).padStart(7)} cmds ${(per(cost.bytesOut) / 1024).toFixed(1).padStart(9)} KB out ${per(cost.usec).toFixed(0).padStart(7)} µs in Redis\n`;
}

async function timed(redis: Redis, fn: () => Promise<unknown>): Promise<{ ms: number; cost: RedisCost }> {
  let ms = 0;
  const cost = await redisCost(redis, async () => {
    const start = process.hrtime.bigint();
    await fn();
    ms = Number(process.hrtime.bigint() - start) / 1e6;
  });
  return { ms, cost };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "promo-bench-"));
  const server = await startRedis(dir);
  const redis = new Redis(server.url, { maxRetriesPerRequest: 3 });
  const clock = new ManualClock(Date.UTC(2026, 3, 1, 12));
  const logger = createLogger("silent");
  const plan = { title: { en: "Plan", ru: "План" }, days: 30, traffic_gb: 0, devices: 0, price: 150 };
  const catalog = new CatalogStore(
    {
      currency: "XTR",
      trial: undefined,
      plans: [{ id: "p", ...plan, backend: { kind: "xui", servers: [1] } }],
    },
    "bench",
    redis,
    logger,
  );
  const box = new SecretBox(Buffer.alloc(32, 1));
  const rooms = createShopServices({
    redis,
    clock,
    catalog: catalog.get,
    hosting: createHostingClients(
      { account: { url: "http://127.0.0.1:9", apiKey: undefined }, panel: undefined, node: undefined },
      async () => undefined,
    ),
    logger,
    accountKey: new AccountKeyStore(redis, box, undefined),
    jobs: { enqueueOrder: async () => undefined, enqueueTermChange: async () => undefined },
  });
  const { promos, shop } = rooms.sales;
  let customer = 1;
  try {
    process.stdout.write(`promo code cost, per operation (${RUNS} runs each)\n`);
    for (const n of SIZES) {
      const code = `BENCH${n}`;
      await promos.create({
        code,
        kind: "percent",
        value: 10,
        plans: [],
        perCustomer: 1,
        newCustomersOnly: false,
        createdBy: 1,
      });
      await seedOldShape(redis, code, n, clock.now());
      process.stdout.write(`-- ${n} uses\n`);
      const first = await timed(redis, () => promos.check(code, customer++));
      process.stdout.write(line("first check (a code stored before)", 1, first.ms, first.cost));
      const fresh = await timed(redis, async () => {
        for (let i = 0; i < RUNS; i++) await promos.check(code, customer++);
      });
      process.stdout.write(line("check, new customer", RUNS, fresh.ms, fresh.cost));
      const again = await timed(redis, async () => {
        for (let i = 0; i < RUNS; i++) await promos.check(code, 1_000_000 + i);
      });
      process.stdout.write(line("check, a customer who used it", RUNS, again.ms, again.cost));
      const redeem = await timed(redis, async () => {
        for (let i = 0; i < RUNS; i++) {
          const started = await shop.startPurchase(customer++, "p", "en", code);
          if (!started.ok) throw new Error(`not redeemed: ${JSON.stringify(started)}`);
        }
      });
      process.stdout.write(line("redeem (an order opened with it)", RUNS, redeem.ms, redeem.cost));
    }
  } finally {
    await redis.quit();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
