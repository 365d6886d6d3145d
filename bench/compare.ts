/**
 * The side-by-side benchmark (issue 12): a bare grammY bot and the full bot (polling, Redis
 * sessions, every plugin and feature, workers in the same process), each a real process against
 * the HTTP fake Bot API, under the same closed loop of `/start` + first button (bench/side-by-side.ts).
 * Runs alternate (bare, full, full, bare) so drift cancels; each starts on an empty Redis. The full
 * bot runs as `npm start` does, with its default HEAP_GROWTH_PERCENT (`BENCH_V8_GROWTH=1`: one
 * more run shows V8's own). Returning users and first visits (a new Telegram id per `/start`), with
 * Telegram answering at once and at 100 ms; each figure of issue 29's goal 1 printed with its goal.
 * Prints figures, never asserts. `BENCH_QUICK=1` shortens every phase; `BENCH_ONLY=<part of a
 * title>` runs only the loads named so; `BENCH_PROFILE=<node flags>` profiles (bench/side-by-side.ts).
 */
import { cpus, loadavg } from "node:os";
import { Redis } from "ioredis";
import { startRedis } from "../test/helpers/local-redis.js";
import { goal, printGoals } from "./goals.js";
import {
  benchDir,
  fmt,
  printLogs,
  printRedisCommands,
  printRuns,
  printTable,
  QUICK,
  type Run,
  runOnce,
  type Scenario,
  type Summary,
  say,
  summarize,
} from "./side-by-side.js";

/** Four loads x four runs: shorter phases than the other side-by-side benches keep it near 4 minutes. */
const WARMUP_MS = QUICK ? 2_000 : 3_000;
const MEASURE_MS = QUICK ? 3_000 : 7_000;

/** Both mixes with Telegram at once and at 100 ms. `BENCH_ONLY=<part of a title>` runs fewer. */
function scenarios(): Scenario[] {
  const phases = { warmupMs: WARMUP_MS, measureMs: MEASURE_MS };
  // Returning: 24 ids a user: the full bot lets one id send 20 updates per 10 s (2 per
  // interaction), so 1 600 ids (8 a user) capped it at 1 600 interactions/s, the limiter's
  // ceiling, not the bot's. First visits: a new id for every /start.
  const all: Scenario[] = [
    { title: "Telegram at once, 200 users, returning", latencyMs: 0, users: 200, idsPerUser: 24, ...phases },
    {
      title: "Telegram at once, 200 users, first visits",
      latencyMs: 0,
      users: 200,
      idsPerUser: 1,
      fresh: true,
      ...phases,
    },
    {
      title: "Telegram at 100 ms (getUpdates too), 500 users, returning",
      latencyMs: 100,
      users: 500,
      idsPerUser: 4,
      ...phases,
    },
    {
      title: "Telegram at 100 ms (getUpdates too), 500 users, first visits",
      latencyMs: 100,
      users: 500,
      idsPerUser: 1,
      fresh: true,
      ...phases,
    },
  ];
  const only = process.env.BENCH_ONLY;
  return only ? all.filter((s) => s.title.includes(only)) : all;
}

/** Issue 29's goal 1 for one load, each figure through goals.ts. */
function goals(s: Scenario, bare: Summary, full: Summary): void {
  const ratio = (key: keyof Summary) => full[key] / Math.max(1e-9, bare[key]);
  const x = (v: number) => `${fmt(v, 2)}x`;
  const at = `${s.latencyMs === 0 ? "Telegram at once" : `Telegram at ${s.latencyMs} ms`}, ${s.fresh ? "first visits" : "returning"}`;
  const speed = s.latencyMs === 0 ? 0.8 : 1.0;
  goal(
    `interactions/s vs bare grammY, ${at}`,
    x(ratio("perSecond")),
    `>= ${speed}x`,
    ratio("perSecond") >= speed,
  );
  goal(`p99 latency vs bare grammY, ${at}`, x(ratio("p99")), "<= 1.3x", ratio("p99") <= 1.3);
  goal(`CPU per interaction vs bare grammY, ${at}`, x(ratio("cpuPer")), "<= 1.3x", ratio("cpuPer") <= 1.3);
  goal(`RSS (mean) vs bare grammY, ${at}`, x(ratio("rssMean")), "<= 1.2x", ratio("rssMean") <= 1.2);
}

async function main(): Promise<void> {
  const started = Date.now();
  const server = await startRedis(benchDir);
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
    for (const s of scenarios()) {
      const runs: Run[] = [];
      for (const bot of ["bare", "full", "full", "bare"] as const) {
        await redis.flushall();
        runs.push(await runOnce(redis, server.url, bot, s));
      }
      const bare = summarize(runs.filter((r) => r.bot === "bare"));
      const full = summarize(runs.filter((r) => r.bot === "full"));
      const ids = s.fresh ? "a new Telegram id per /start" : `${s.users * s.idsPerUser} Telegram ids in turn`;
      printTable(`${s.title} (${ids})`, bare, full);
      printRuns(runs);
      printRedisCommands(runs);
      printLogs(runs);
      goals(s, bare, full);
      if (process.env.BENCH_V8_GROWTH === "1" && s.latencyMs === 0)
        await v8OwnGrowth(redis, server.url, s, runs);
    }
    printGoals("Issue 29, goal 1 (interactions vs a bare grammY bot):");
  } finally {
    await redis.quit();
    await server.stop();
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

main().catch((err: unknown) => {
  process.stderr.write(
    `comparison failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
