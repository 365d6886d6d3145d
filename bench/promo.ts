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
import { ManualClock } from "../src/runtime/clock.js";
import { startRedis } from "../test/helpers/local-redis.js";
import { promoWorld, seedOldUses } from "./promo-world.js";
import { type RedisCost, redisCost } from "./redis-cost.js";

const SIZES = [10, 10_000, 100_000];
const RUNS = 20;

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
  const rooms = promoWorld(redis, clock, "bench");
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
      await seedOldUses(redis, code, n, clock.now(), 1_000_000);
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
