/**
 * Redis bytes per customer after 1 and 3 simulated years of monthly renewals (bench/seed.ts,
 * through the domain code), with the shop's periodic upkeep run monthly as the shop runs it (the
 * follow-ups after activation, expired unpaid orders, the one-time sales backfill, and the
 * archiving of history older than ARCHIVE_AFTER_DAYS), and what the archive costs on disk per
 * customer-year. Prints figures with their goals (issue 29, goal 2), never asserts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Redis } from "ioredis";
import { backfillSalesDays, Customers, Orders } from "../src/domain/books/index.js";
import { AfterActive, ARCHIVE_AFTER_DAYS, Archiving } from "../src/domain/settlement/index.js";
import { HOUR, ManualClock } from "../src/runtime/clock.js";
import { createLogger } from "../src/runtime/logger.js";
import { ArchiveFiles } from "../src/store/archive-files.js";
import { startRedis } from "../test/helpers/local-redis.js";
import { goal, printGoals } from "./goals.js";
import { memoryByKind, seedYears } from "./seed.js";
import { benchDir, fmt, QUICK, redisFigures, say } from "./side-by-side.js";

const CUSTOMERS = QUICK ? 200 : 500;
/** Unpaid orders are kept 25 hours (sales' INVOICE_TTL_MS). */
const UNPAID_KEEP_MS = 25 * HOUR;

interface YearsFigures {
  perCustomer: number;
  archiveBytes: number;
  kinds: { kind: string; bytes: number }[];
}

async function simulate(redis: Redis, years: number, count = CUSTOMERS): Promise<YearsFigures> {
  await redis.flushall();
  const before = (await redisFigures(redis)).memory;
  const dir = mkdtempSync(join(benchDir, "archive-"));
  const files = new ArchiveFiles(dir);
  const clock = new ManualClock(0);
  const orders = new Orders(redis, clock);
  const afterActive = new AfterActive({ orders, logger: createLogger("silent"), steps: [] });
  const customers = new Customers(redis, clock);
  const archiving = new Archiving({ redis, clock, customers, archive: files, afterDays: ARCHIVE_AFTER_DAYS });
  const ids = Array.from({ length: count }, (_, i) => 9_300_000_001 + i);
  const upkeep = async (at: number) => {
    clock.set(at + 2 * HOUR);
    await afterActive.settleDue(clock.now(), 10_000);
    while ((await orders.removeExpiredUnpaid(UNPAID_KEEP_MS)) > 0) {}
    await backfillSalesDays(redis);
    await archiving.run();
  };
  await seedYears(redis, ids, years, { afterMonth: upkeep });
  await upkeep(Date.now());
  const after = (await redisFigures(redis)).memory;
  const kinds = (await memoryByKind(redis))
    .slice(0, 10)
    .map((k) => ({ kind: k.kind, bytes: k.bytes / CUSTOMERS }));
  const archiveBytes = await files.bytes();
  rmSync(dir, { recursive: true, force: true });
  return { perCustomer: (after - before) / count, archiveBytes, kinds };
}

async function encodings(redis: Redis): Promise<string> {
  const keys = (await redis.keys("*9300000001*")).sort();
  const out: string[] = [];
  for (const key of keys)
    out.push(`${key.replace(/9300000001/, "<id>")} ${await redis.object("ENCODING", key)}`);
  return out.join(", ");
}

async function main(): Promise<void> {
  const server = await startRedis(benchDir);
  const redis = new Redis(server.url, { maxRetriesPerRequest: 3 });
  process.once("exit", () => server.kill());
  try {
    say(
      `Redis per customer over the years (${CUSTOMERS} customers, monthly renewals, ARCHIVE_AFTER_DAYS=${ARCHIVE_AFTER_DAYS}):`,
    );
    // A first small run loads every Lua script, whose cache would count in the first figure.
    await simulate(redis, 1, 5);
    const one = await simulate(redis, 1);
    say(`  1 year:  ${fmt(one.perCustomer / 1024, 2)} KB per customer in Redis`);
    say(`    largest: ${one.kinds.map((k) => `${k.kind} ${fmt(k.bytes, 0)} B`).join(", ")}`);
    const three = await simulate(redis, 3);
    say(`  3 years: ${fmt(three.perCustomer / 1024, 2)} KB per customer in Redis`);
    say(`    largest: ${three.kinds.map((k) => `${k.kind} ${fmt(k.bytes, 0)} B`).join(", ")}`);
    say(`    encodings of one customer's keys: ${await encodings(redis)}`);
    say(
      `  archive on disk: ${fmt(three.archiveBytes / CUSTOMERS / 3 / 1024, 2)} KB per customer-year ` +
        `(${fmt(three.archiveBytes / 2 ** 20, 1)} MB for ${CUSTOMERS} customers, 3 years)`,
    );
    const ratio = three.perCustomer / one.perCustomer;
    goal("Redis per customer, 3 years vs 1 year", `${fmt(ratio, 3)}x`, "<= 1.10x", ratio <= 1.1);
    goal(
      "Redis per customer after 1 year",
      `${fmt(one.perCustomer / 1024, 2)} KB`,
      "< 8 KB",
      one.perCustomer < 8 * 1024,
    );
    goal(
      "Redis per customer after 3 years",
      `${fmt(three.perCustomer / 1024, 2)} KB`,
      "< 8 KB",
      three.perCustomer < 8 * 1024,
    );
    printGoals("Goals of the years bench:");
  } finally {
    await redis.quit();
    await server.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `redis-years bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
