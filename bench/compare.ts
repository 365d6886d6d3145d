/**
 * The side-by-side benchmark (issue 12): a bare grammY bot (bench/bare-bot.ts) and the full bot
 * (dist/src/main.js: polling, Redis sessions, every plugin and feature, workers in the same
 * process), each a real process against the HTTP fake Bot API of bench/fake-bot-api.ts, under the
 * same closed loop of `/start` + first button. Runs alternate (bare, full, full, bare) so drift
 * cancels; each starts on an empty Redis. Then Redis memory per 1 000 customers with a year of
 * monthly renewals, and the full bot's memory under load with 1 000 and 100 000 such customers. The
 * full bot runs as `npm start` does, with its default HEAP_GROWTH_PERCENT; one more run shows V8's own.
 * Prints figures, never asserts. `BENCH_QUICK=1` shortens every phase.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { projectRoot } from "../src/runtime/paths.js";
import { freePort, startRedis } from "../test/helpers/local-redis.js";
import { cloneCustomers } from "./clone.js";
import { FakeBotApi, type WindowStats } from "./fake-bot-api.js";
import { type Child, cpuMs, sampleRss, startNode } from "./proc.js";
import { BENCH_CATALOG, memoryByKind, seedYear } from "./seed.js";

const QUICK = process.env.BENCH_QUICK === "1";
const WARMUP_MS = QUICK ? 2_000 : 5_000;
const MEASURE_MS = QUICK ? 5_000 : 12_000;
const SEEDED = QUICK ? 10_000 : 100_000;
const TOKEN = "424242:bench-token-for-the-fake-bot-api-xx";
const FIRST_USER = 5_000_000_001;

type BotKind = "bare" | "full";
interface Scenario {
  title: string;
  latencyMs: number;
  users: number;
  /** Ids per virtual user: enough that no id passes the full bot's 20 updates per 10 s. */
  idsPerUser: number;
}
interface Run {
  bot: BotKind;
  stats: WindowStats;
  cpuMs: number;
  rss: { meanMb: number; maxMb: number };
  redisCpuMs: number;
  redisCommands: number;
  log: ReturnType<Child["logSummary"]>;
}

const root = projectRoot();
const dir = mkdtempSync(join(tmpdir(), "bot-compare-"));
const catalogFile = join(dir, "catalog.yaml");
writeFileSync(catalogFile, BENCH_CATALOG);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => process.stdout.write(`${line}\n`);

async function redisFigures(redis: Redis): Promise<{ cpuMs: number; commands: number; memory: number }> {
  const info = await redis.info();
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, "m").exec(info)?.[1] ?? 0);
  return {
    cpuMs: (field("used_cpu_sys") + field("used_cpu_user")) * 1000,
    commands: field("total_commands_processed"),
    memory: field("used_memory"),
  };
}

/** Keys without a TTL (the bot's short-lived rate-limit counters are not a customer's). */
async function lastingKeys(redis: Redis): Promise<number> {
  const match = /keys=(\d+),expires=(\d+)/.exec(await redis.info("keyspace"));
  return Number(match?.[1] ?? 0) - Number(match?.[2] ?? 0);
}

async function botEnv(bot: BotKind, apiRoot: string, redisUrl: string): Promise<Record<string, string>> {
  const base = { BOT_TOKEN: TOKEN, BOT_API_ROOT: apiRoot, REDIS_URL: redisUrl };
  if (bot === "bare") return base;
  return {
    ...base,
    ADMIN_IDS: "1",
    SECRET_KEY: Buffer.alloc(32, 7).toString("base64"),
    // Nothing listens there: the hosting calls of the workers are refused at once.
    ACCOUNT_API_URL: `http://127.0.0.1:${await freePort()}`,
    CATALOG_FILE: catalogFile,
    HTTP_HOST: "127.0.0.1",
    HTTP_PORT: String(await freePort()),
    METRICS_PORT: "0",
    LOG_LEVEL: "warn",
  };
}

/** One bot process under one scenario: start, warm up, measure a fixed window, stop. */
async function runOnce(
  redis: Redis,
  redisUrl: string,
  bot: BotKind,
  s: Scenario,
  extraEnv: Record<string, string> = {},
): Promise<Run> {
  const fake = await new FakeBotApi({ token: TOKEN, latencyMs: s.latencyMs }).start();
  const script = join(root, bot === "bare" ? "dist/bench/bare-bot.js" : "dist/src/main.js");
  const child = startNode(script, { ...(await botEnv(bot, fake.apiRoot, redisUrl)), ...extraEnv }, root);
  try {
    let gone = false;
    void child.exited.then(() => {
      gone = true;
    });
    for (let waited = 0; fake.getUpdatesCalls === 0; waited += 50) {
      if (gone || waited > 30_000) {
        throw new Error(`${bot} bot did not start polling: ${child.logSummary().last.join("\n")}`);
      }
      await sleep(50);
    }
    fake.startLoad({ users: s.users, idsPerUser: s.idsPerUser, firstUserId: FIRST_USER });
    // Warm up until (nearly) every id has been served once: first contacts are not measured.
    const ids = s.users * s.idsPerUser;
    const began = Date.now();
    while (
      Date.now() - began < WARMUP_MS ||
      (fake.idsServed() < ids * 0.95 && Date.now() - began < 4 * WARMUP_MS)
    )
      await sleep(100);
    fake.beginWindow();
    const cpu0 = cpuMs(child.pid);
    const redis0 = await redisFigures(redis);
    const rss = sampleRss(child.pid);
    await sleep(MEASURE_MS);
    const stats = fake.endWindow();
    const cpu1 = cpuMs(child.pid);
    const redis1 = await redisFigures(redis);
    return {
      bot,
      stats,
      cpuMs: cpu1 - cpu0,
      rss: rss(),
      redisCpuMs: redis1.cpuMs - redis0.cpuMs,
      redisCommands: redis1.commands - redis0.commands,
      log: child.logSummary(),
    };
  } finally {
    fake.stopLoad();
    await child.stop();
    await fake.stop();
  }
}

interface Summary {
  perSecond: number;
  p50: number;
  p99: number;
  cpuPer: number;
  rssMean: number;
  rssMax: number;
  redisCpuPer: number;
  redisCommandsPer: number;
  apiCallsPer: number;
  unexpected: number;
  timeouts: number;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function summarize(runs: readonly Run[]): Summary {
  const sum = (f: (r: Run) => number) => runs.reduce((a, r) => a + f(r), 0);
  const n = Math.max(
    1,
    sum((r) => r.stats.interactions),
  );
  const latencies = runs.flatMap((r) => r.stats.latencies).sort((a, b) => a - b);
  const apiCalls = sum((r) =>
    Object.entries(r.stats.calls).reduce((a, [m, c]) => (m === "getUpdates" ? a : a + c), 0),
  );
  return {
    perSecond: n / sum((r) => r.stats.seconds),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuPer: sum((r) => r.cpuMs) / n,
    rssMean: sum((r) => r.rss.meanMb) / runs.length,
    rssMax: Math.max(...runs.map((r) => r.rss.maxMb)),
    redisCpuPer: sum((r) => r.redisCpuMs) / n,
    redisCommandsPer: sum((r) => r.redisCommands) / n,
    apiCallsPer: apiCalls / n,
    unexpected: sum((r) => r.stats.unexpected),
    timeouts: sum((r) => r.stats.timeouts),
  };
}

const fmt = (v: number, digits = 1) => v.toFixed(digits);

function printTable(title: string, bare: Summary, full: Summary): void {
  const rows: [string, keyof Summary, number][] = [
    ["interactions/s", "perSecond", 1],
    ["p50 latency, ms", "p50", 1],
    ["p99 latency, ms", "p99", 1],
    ["bot CPU, ms per interaction", "cpuPer", 2],
    ["bot RSS under load, MB (mean)", "rssMean", 1],
    ["bot RSS under load, MB (max)", "rssMax", 1],
    ["Redis CPU, ms per interaction", "redisCpuPer", 3],
    ["Redis commands per interaction", "redisCommandsPer", 1],
    ["Bot API calls per interaction", "apiCallsPer", 2],
    ["unexpected replies (window)", "unexpected", 0],
    ["timed-out interactions (window)", "timeouts", 0],
  ];
  say("");
  say(title);
  say(`${"".padEnd(34)}${"bare grammY".padStart(14)}${"full bot".padStart(14)}${"full/bare".padStart(12)}`);
  for (const [label, key, digits] of rows) {
    const ratio = bare[key] > 0 ? fmt(full[key] / bare[key], 2) : "-";
    say(
      `${label.padEnd(34)}${fmt(bare[key], digits).padStart(14)}${fmt(full[key], digits).padStart(14)}${ratio.padStart(12)}`,
    );
  }
}

/** Each run on its own, in the order run: the spread shows how steady the machine was. */
function printRuns(runs: readonly Run[]): void {
  const each = runs.map((r) => `${r.bot} ${fmt(r.stats.interactions / r.stats.seconds, 0)}`).join(", ");
  say(`  interactions/s run by run: ${each}`);
}

function printLogs(runs: readonly Run[]): void {
  for (const r of runs) {
    if (r.log.lines === 0) continue;
    const top = r.log.top.map(([msg, count]) => `${count}x "${msg}"`).join(", ");
    say(`  ${r.bot} bot logged ${r.log.lines} lines; most frequent: ${top}`);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const server = await startRedis(dir);
  const redis = new Redis(server.url, { maxRetriesPerRequest: 3 });
  redis.on("error", (err: Error) => process.stderr.write(`redis: ${err.message}\n`));
  process.once("exit", () => server.kill());
  // Interrupted: exit through the exit handlers, which kill Redis and the bots.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
  try {
    say(
      `Side by side: bare grammY vs the full bot, real processes, HTTP fake Bot API on loopback; ` +
        `runs bare, full, full, bare; ${WARMUP_MS / 1000} s warm-up (at least), ${MEASURE_MS / 1000} s measured each`,
    );
    say(
      `${cpus().length} CPUs, load average ${loadavg()
        .map((l) => fmt(l, 2))
        .join(" ")} before the first run`,
    );
    const scenarios: Scenario[] = [
      // 24 ids a user: the full bot lets one id send 20 updates per 10 s (2 per interaction), so
      // 1 600 ids (8 a user) capped it at 1 600 interactions/s, the limiter's ceiling, not the bot's.
      { title: "Telegram answering at once, 200 users", latencyMs: 0, users: 200, idsPerUser: 24 },
      {
        title: "Telegram answering after 100 ms (getUpdates too), 500 users",
        latencyMs: 100,
        users: 500,
        idsPerUser: 4,
      },
    ];
    for (const s of scenarios) {
      const runs: Run[] = [];
      for (const bot of ["bare", "full", "full", "bare"] as const) {
        await redis.flushall();
        runs.push(await runOnce(redis, server.url, bot, s));
      }
      printTable(
        `${s.title} (${s.users * s.idsPerUser} Telegram ids in turn)`,
        summarize(runs.filter((r) => r.bot === "bare")),
        summarize(runs.filter((r) => r.bot === "full")),
      );
      printRuns(runs);
      printLogs(runs);
      if (s.latencyMs === 0) await v8OwnGrowth(redis, server.url, s, runs);
    }
    await seededRuns(redis, server.url, scenarios[0] as Scenario);
  } finally {
    await redis.quit();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  say(`\ncomparison took ${fmt((Date.now() - started) / 1000, 0)} s`);
}

/**
 * The full bot once more with HEAP_GROWTH_PERCENT=0 (V8 picks the heap's growth itself, up to 4x
 * the live size): what the default saves, and what it costs in CPU.
 */
async function v8OwnGrowth(redis: Redis, redisUrl: string, s: Scenario, runs: readonly Run[]): Promise<void> {
  await redis.flushall();
  const own = summarize([await runOnce(redis, redisUrl, "full", s, { HEAP_GROWTH_PERCENT: "0" })]);
  const fixed = summarize(runs.filter((r) => r.bot === "full"));
  const bare = summarize(runs.filter((r) => r.bot === "bare"));
  say(
    `  full bot with V8's own heap growth (HEAP_GROWTH_PERCENT=0, one run): RSS ${fmt(own.rssMean)} MB mean ` +
      `(${fmt(own.rssMean / bare.rssMean, 2)}x bare; ${fmt(fixed.rssMean)} MB at the default), ` +
      `${fmt(own.perSecond, 0)} interactions/s, ${fmt(own.cpuPer, 2)} ms CPU per interaction ` +
      `(${fmt(fixed.cpuPer, 2)} at the default)`,
  );
}

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
  const big = await runOnce(redis, redisUrl, "full", load);
  const a = summarize([small]);
  const b = summarize([big]);
  say("");
  say(`Full bot, ${load.title}, with customers in Redis (one run each):`);
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
  printLogs([small, big]);
}

main().catch((err: unknown) => {
  process.stderr.write(
    `comparison failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
