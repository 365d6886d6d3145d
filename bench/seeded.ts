/**
 * Redis memory of a year of customers, and the full bot under the side-by-side load with 1 000 vs
 * 100 000 such customers in Redis (bench/side-by-side.ts). Prints figures, never asserts.
 * `BENCH_QUICK=1` seeds 10 000 instead of 100 000.
 */
import type { Redis } from "ioredis";
import { cloneCustomers } from "./clone.js";
import { goal } from "./goals.js";
import { memoryByKind, seedYear } from "./seed.js";
import {
  benchMain,
  fmt,
  lastingKeys,
  printLogs,
  QUICK,
  redisFigures,
  runOnce,
  type Scenario,
  say,
  summarize,
} from "./side-by-side.js";

const SEEDED = QUICK ? 10_000 : 100_000;
const LOAD: Scenario = {
  title: "Telegram answering at once, 200 users",
  latencyMs: 0,
  users: 200,
  idsPerUser: 24,
};

/** Redis memory of a year of customers, and the full bot's memory with 1 000 vs many of them. */
async function seededRuns(redis: Redis, redisUrl: string, load: Scenario): Promise<void> {
  await redis.flushall();
  const before = await redisFigures(redis);
  const keys0 = await lastingKeys(redis);
  const templates = Array.from({ length: 1_000 }, (_, i) => 9_100_000_001 + i);
  let t = Date.now();
  await seedYear(redis, templates);
  const seededS = (Date.now() - t) / 1000;
  const seeded = await redisFigures(redis);
  const keys1 = await lastingKeys(redis);
  const perThousand = seeded.memory - before.memory;
  say("");
  say("Redis memory of customers with a year of monthly renewals (1 purchase + 11 renewals = 12 orders,");
  say(
    "12 stored Telegram payments, 24 ledger entries, 1 subscription, the session), through the domain code:",
  );
  say(
    `  per 1 000 customers: ${fmt(perThousand / 2 ** 20)} MB used_memory = ${fmt(perThousand / 1_000 / 1024, 1)} KB per customer, ` +
      `${fmt(perThousand / 12_000 / 1024, 2)} KB per order; ${fmt((keys1 - keys0) / 1_000)} keys per customer (seeded in ${fmt(seededS)} s)`,
  );
  const kinds = (await memoryByKind(redis)).slice(0, 8);
  say(
    `  largest (MEMORY USAGE per customer): ${kinds.map((k) => `${k.kind} ${fmt(k.bytes / 1_000 / 1024, 1)} KB`).join(", ")}`,
  );
  const small = await runOnce(redis, redisUrl, "full", load);

  const clones = Array.from({ length: SEEDED - 1_000 }, (_, i) => 9_200_000_001 + i);
  t = Date.now();
  const beforeCopy = await redisFigures(redis);
  const keys2 = await lastingKeys(redis);
  await cloneCustomers(redis, redisUrl, templates, clones.slice(0, 1_000));
  const copied = await redisFigures(redis);
  const keys3 = await lastingKeys(redis);
  say(
    `  the same 1 000 copied by redis-cli --pipe (how the rest is made): ${fmt((copied.memory - beforeCopy.memory) / 2 ** 20)} MB, ` +
      `${fmt((keys3 - keys2) / 1_000)} keys per customer`,
  );
  await cloneCustomers(redis, redisUrl, templates, clones.slice(1_000));
  const all = await redisFigures(redis);
  say(
    `  ${SEEDED.toLocaleString("en")} customers: ${fmt(all.memory / 2 ** 20, 0)} MB used_memory ` +
      `(${fmt((all.memory - before.memory) / (SEEDED / 1_000) / 2 ** 20)} MB per 1 000; copied in ${fmt((Date.now() - t) / 1000)} s)`,
  );
  // Two runs each, in the order 1 000, many, many, 1 000 (the 1 000 seeded afresh for the last):
  // single runs of 12 s moved the ratio between 0.84x and 1.05x on the same code and machine.
  const big = [await runOnce(redis, redisUrl, "full", load), await runOnce(redis, redisUrl, "full", load)];
  await redis.flushall();
  await seedYear(redis, templates);
  const smallAgain = await runOnce(redis, redisUrl, "full", load);
  const a = summarize([small, smallAgain]);
  const b = summarize(big);
  say("");
  say(`Full bot, ${load.title}, with customers in Redis (two runs each: 1 000, many, many, 1 000):`);
  say(
    `${"".padEnd(34)}${"1 000".padStart(14)}${SEEDED.toLocaleString("en").padStart(14)}${"ratio".padStart(12)}`,
  );
  const rows: [string, number, number][] = [
    ["bot RSS under load, MB (mean)", a.rssMean, b.rssMean],
    ["bot RSS under load, MB (max)", a.rssMax, b.rssMax],
    ["interactions/s", a.perSecond, b.perSecond],
    ["p99 latency, ms", a.p99, b.p99],
    ["bot CPU, ms per interaction", a.cpuPer, b.cpuPer],
  ];
  for (const [label, x, y] of rows) {
    say(`${label.padEnd(34)}${fmt(x).padStart(14)}${fmt(y).padStart(14)}${fmt(y / x, 2).padStart(12)}`);
  }
  printLogs([small, ...big, smallAgain]);
  const many = SEEDED.toLocaleString("en");
  const thr = b.perSecond / a.perSecond;
  goal(`interactions/s with ${many} customers vs 1 000`, `${fmt(thr, 2)}x`, ">= 0.95x", thr >= 0.95);
  const p99 = b.p99 / a.p99;
  goal(`p99 latency with ${many} customers vs 1 000`, `${fmt(p99, 2)}x`, "<= 1.05x", p99 <= 1.05);
}

benchMain("seeded bench", "Goals of 100 000 customers (issue 29, goal 3):", (redis, url) =>
  seededRuns(redis, url, LOAD),
);
