/**
 * What the side-by-side benchmarks share: the bare grammY bot (bench/bare-bot.ts) or the full bot
 * (dist/src/main.js) as a real process against the HTTP fake Bot API of bench/fake-bot-api.ts,
 * under a closed loop of `/start` + first button; a run's figures (interactions/s, latency, CPU,
 * RSS, Redis) and the tables that print them. Prints figures, never asserts.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { START_FLAGS } from "../src/runtime/heap-growth.js";
import { projectRoot } from "../src/runtime/paths.js";
import { freePort, startRedis } from "../test/helpers/local-redis.js";
import { FakeBotApi, type WindowStats } from "./fake-bot-api.js";
import { printGoals } from "./goals.js";
import { type Child, cpuMs, sampleRss, startNode } from "./proc.js";
import { BENCH_CATALOG } from "./seed.js";

export const QUICK = process.env.BENCH_QUICK === "1";
export const WARMUP_MS = QUICK ? 2_000 : 5_000;
export const MEASURE_MS = QUICK ? 5_000 : 12_000;
export const TOKEN = "424242:bench-token-for-the-fake-bot-api-xx";
export const FIRST_USER = 5_000_000_001;

export type BotKind = "bare" | "full";
export interface Scenario {
  title: string;
  latencyMs: number;
  users: number;
  /** Ids per virtual user: enough that no id passes the full bot's 20 updates per 10 s. */
  idsPerUser: number;
  /** First visits: every `/start` from a Telegram id never seen before (else returning users). */
  fresh?: boolean;
  /** The warm-up (at least) and the measured window, when not WARMUP_MS and MEASURE_MS. */
  warmupMs?: number;
  measureMs?: number;
}
export interface Run {
  bot: BotKind;
  stats: WindowStats;
  cpuMs: number;
  rss: { meanMb: number; maxMb: number };
  redisCpuMs: number;
  redisCommands: number;
  /** Redis commands in the window by name (INFO commandstats), most called first. */
  redisByCommand: [string, number][];
  log: ReturnType<Child["logSummary"]>;
}

export const root = projectRoot();
/** A scratch directory for Redis and the catalog file, removed when the process exits. */
export const benchDir = mkdtempSync(join(tmpdir(), "bot-bench-"));
const catalogFile = join(benchDir, "catalog.yaml");
writeFileSync(catalogFile, BENCH_CATALOG);
process.once("exit", () => rmSync(benchDir, { recursive: true, force: true }));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const say = (line: string) => process.stdout.write(`${line}\n`);

export async function redisFigures(
  redis: Redis,
): Promise<{ cpuMs: number; commands: number; memory: number }> {
  const info = await redis.info();
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, "m").exec(info)?.[1] ?? 0);
  return {
    cpuMs: (field("used_cpu_sys") + field("used_cpu_user")) * 1000,
    commands: field("total_commands_processed"),
    memory: field("used_memory"),
  };
}

/** Calls so far by command name (INFO commandstats). */
export async function commandStats(redis: Redis): Promise<Map<string, number>> {
  const stats = new Map<string, number>();
  for (const m of (await redis.info("commandstats")).matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm))
    stats.set(m[1] ?? "", Number(m[2]));
  return stats;
}

/** Keys without a TTL (the bot's short-lived rate-limit counters are not a customer's). */
export async function lastingKeys(redis: Redis): Promise<number> {
  const match = /keys=(\d+),expires=(\d+)/.exec(await redis.info("keyspace"));
  return Number(match?.[1] ?? 0) - Number(match?.[2] ?? 0);
}

export async function botEnv(
  bot: BotKind,
  apiRoot: string,
  redisUrl: string,
): Promise<Record<string, string>> {
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
    // The archive of old history in the bench's own folder, never the project's data/archive.
    ARCHIVE_DIR: join(benchDir, "archive"),
    ...fullEnvOverrides(),
  };
}

/** `BENCH_FULL_ENV="HEAP_GROWTH_PERCENT=30 ..."`: settings the full bot runs with instead (trials). */
function fullEnvOverrides(): Record<string, string> {
  const pairs = (process.env.BENCH_FULL_ENV ?? "").split(" ").filter(Boolean);
  return Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)]));
}

/**
 * Node flags for the bots under `BENCH_PROFILE` (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`), for
 * the full bot only unless `BENCH_PROFILE_BOT` says `bare` or `both`; `BENCH_PROFILE_OUTPUT=<dir>`
 * keeps a profiled bot's output there (`--trace-gc` lines).
 */
function profileFlags(bot: BotKind): string[] {
  const flags = (process.env.BENCH_PROFILE ?? "").split(" ").filter(Boolean);
  const which = process.env.BENCH_PROFILE_BOT ?? "full";
  return which === bot || which === "both" ? flags : [];
}

/** bench/alloc-watch.ts's mode, for whichever bot it is preloaded into. */
function allocWatchEnv(): Record<string, string> {
  const mode = process.env.ALLOC_WATCH;
  return mode ? { ALLOC_WATCH: mode } : {};
}

/** One bot process under one scenario: start, warm up, measure a fixed window, stop. */
export async function runOnce(
  redis: Redis,
  redisUrl: string,
  bot: BotKind,
  s: Scenario,
  extraEnv: Record<string, string> = {},
): Promise<Run> {
  const fake = await new FakeBotApi({ token: TOKEN, latencyMs: s.latencyMs }).start();
  const script = join(root, bot === "bare" ? "dist/bench/bare-bot.js" : "dist/src/main.js");
  // The full bot as `npm start` runs it (its node flags); the bare bot as a new user would.
  const flags = [...(bot === "full" ? START_FLAGS : []), ...profileFlags(bot)];
  const env = { ...(await botEnv(bot, fake.apiRoot, redisUrl)), ...extraEnv, ...allocWatchEnv() };
  const output = profileFlags(bot).length > 0 ? process.env.BENCH_PROFILE_OUTPUT : undefined;
  const child = startNode(script, env, root, flags, output && join(output, `${bot}-${Date.now()}.log`));
  if (profileFlags(bot).length > 0) say(`  (${bot} bot, pid ${child.pid}, runs with ${flags.join(" ")})`);
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
    fake.startLoad({ users: s.users, idsPerUser: s.idsPerUser, firstUserId: FIRST_USER, fresh: s.fresh });
    // Returning users: warm up until (nearly) every id has been served once, so first contacts
    // are not measured. First visits are all first contacts.
    const ids = s.fresh ? 0 : s.users * s.idsPerUser;
    const warmup = s.warmupMs ?? WARMUP_MS;
    const began = Date.now();
    while (Date.now() - began < warmup || (fake.idsServed() < ids * 0.95 && Date.now() - began < 4 * warmup))
      await sleep(100);
    fake.beginWindow();
    const cpu0 = cpuMs(child.pid);
    const redis0 = await redisFigures(redis);
    const byCommand0 = await commandStats(redis);
    const rss = sampleRss(child.pid);
    await sleep(s.measureMs ?? MEASURE_MS);
    const stats = fake.endWindow();
    const cpu1 = cpuMs(child.pid);
    const redis1 = await redisFigures(redis);
    const byCommand1 = await commandStats(redis);
    return {
      bot,
      stats,
      cpuMs: cpu1 - cpu0,
      rss: rss(),
      redisCpuMs: redis1.cpuMs - redis0.cpuMs,
      redisCommands: redis1.commands - redis0.commands,
      redisByCommand: [...byCommand1.entries()]
        .map(([name, calls]): [string, number] => [name, calls - (byCommand0.get(name) ?? 0)])
        .filter(([, calls]) => calls > 0)
        .sort((a, b) => b[1] - a[1]),
      log: child.logSummary(),
    };
  } finally {
    fake.stopLoad();
    await child.stop();
    await fake.stop();
  }
}

export interface Summary {
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

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export function summarize(runs: readonly Run[]): Summary {
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

export const fmt = (v: number, digits = 1) => v.toFixed(digits);

export function printTable(title: string, bare: Summary, full: Summary): void {
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
export function printRuns(runs: readonly Run[]): void {
  const each = runs.map((r) => `${r.bot} ${fmt(r.stats.interactions / r.stats.seconds, 0)}`).join(", ");
  say(`  interactions/s run by run: ${each}`);
}

/** The full bot's Redis commands per interaction by name (the INFO calls of the bench left out). */
export function printRedisCommands(runs: readonly Run[]): void {
  const full = runs.filter((r) => r.bot === "full");
  const n = Math.max(
    1,
    full.reduce((a, r) => a + r.stats.interactions, 0),
  );
  const byName = new Map<string, number>();
  for (const r of full)
    for (const [name, calls] of r.redisByCommand) byName.set(name, (byName.get(name) ?? 0) + calls);
  byName.delete("info");
  const top = [...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10);
  say(
    `  full bot's Redis commands per interaction: ${top.map(([name, c]) => `${name} ${fmt(c / n, 2)}`).join(", ")}`,
  );
}

export function printLogs(runs: readonly Run[]): void {
  for (const r of runs) {
    if (r.log.lines === 0) continue;
    const top = r.log.top.map(([msg, count]) => `${count}x "${msg}"`).join(", ");
    say(`  ${r.bot} bot logged ${r.log.lines} lines; most frequent: ${top}`);
  }
}

/**
 * Runs one bench against a private redis-server of its own: `run` gets a client and the server's
 * URL; the goals printed meanwhile are summed up under `goalsTitle`; a failure exits 1.
 */
export function benchMain(
  name: string,
  goalsTitle: string | undefined,
  run: (redis: Redis, redisUrl: string) => Promise<void>,
): void {
  const main = async () => {
    const server = await startRedis(benchDir);
    const redis = new Redis(server.url, { maxRetriesPerRequest: 3 });
    process.once("exit", () => server.kill());
    try {
      await run(redis, server.url);
      if (goalsTitle) printGoals(goalsTitle);
    } finally {
      await redis.quit();
      await server.stop();
    }
  };
  main().catch((err: unknown) => {
    process.stderr.write(
      `${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  });
}
