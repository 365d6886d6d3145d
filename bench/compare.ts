/**
 * The side-by-side benchmark (issue 12): a bare grammY bot and the full bot (polling, Redis
 * sessions, every plugin and feature, workers in the same process), each a real process against
 * the HTTP fake Bot API, under the same closed loop of `/start` + first button (bench/side-by-side.ts).
 * Runs alternate (bare, full, full, bare) so drift cancels; each starts on an empty Redis. The full
 * bot runs as `npm start` does, with its default HEAP_GROWTH_PERCENT; one more run shows V8's own.
 * Prints figures, never asserts. `BENCH_QUICK=1` shortens every phase.
 */
import { cpus, loadavg } from "node:os";
import { Redis } from "ioredis";
import { startRedis } from "../test/helpers/local-redis.js";
import {
  benchDir,
  fmt,
  MEASURE_MS,
  printLogs,
  printRuns,
  printTable,
  type Run,
  runOnce,
  type Scenario,
  say,
  summarize,
  WARMUP_MS,
} from "./side-by-side.js";

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
