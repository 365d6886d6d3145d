/**
 * The interactive side of the periodic tasks' bench (bench/ticks.ts, issue 29's goal 3): the full
 * bot's p99 under load, quiet and with every task ticking back to back in its own process.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { type Job, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { MAINTENANCE_QUEUE } from "../src/workers/maintenance.js";
import { QUEUE_PREFIX } from "../src/workers/queues.js";
import { goal } from "./goals.js";
import { type RedisLatency, startRedisProbe } from "./latency-probe.js";
import { fmt, runOnce, type Scenario, say, sleep, summarize } from "./side-by-side.js";

const LOAD: Scenario = {
  title: "Telegram answering at once, 200 users",
  latencyMs: 0,
  users: 200,
  idsPerUser: 24,
};

export interface LoadPhase {
  redis: Redis;
  redisUrl: string;
  /** The bot's settings beyond the bench's own (the hosting fake's address and key). */
  env: Record<string, string>;
  tasks: readonly string[];
  subscriptions: number;
  /** A BullMQ connection the bench closes at the end. */
  connectionOf: (redis: Redis) => Redis;
}

/**
 * Until the job has run (or failed). Polled, not `waitUntilFinished`: that one's timer outlived a
 * tick cut short by the end of the run and held the bench's process up to its five minutes.
 */
async function finished(job: Job, running: () => boolean): Promise<void> {
  while (running() && !(await job.isCompleted()) && !(await job.isFailed())) await sleep(200);
}

/**
 * The full bot under load, quiet and with the tasks ticking back to back in the same process:
 * quiet, ticking, ticking, quiet (one run each gave 1.08x and 1.58x on the same machine: which
 * passes fell in the window, and the machine, moved it more than the tasks' own cost).
 */
export async function underLoad(phase: LoadPhase): Promise<void> {
  const { redis, redisUrl, env: extra, tasks, subscriptions, connectionOf } = phase;
  const pings: { quiet: RedisLatency[]; busy: RedisLatency[] } = { quiet: [], busy: [] };
  const stalls: { quiet: number[]; busy: number[] } = { quiet: [], busy: [] };
  const probed = async (into: RedisLatency[]) => {
    const probe = startRedisProbe(redisUrl);
    // This process runs the load and the fakes: its own stalls count as the bot's latency.
    const own = monitorEventLoopDelay({ resolution: 5 });
    own.enable();
    try {
      return await runOnce(redis, redisUrl, "full", LOAD, extra);
    } finally {
      own.disable();
      (into === pings.quiet ? stalls.quiet : stalls.busy).push(own.max / 1e6);
      into.push(await probe.stop());
    }
  };
  const quietRuns = [await probed(pings.quiet)];
  const queue = new Queue(MAINTENANCE_QUEUE, { connection: connectionOf(redis), prefix: QUEUE_PREFIX });
  let running = true;
  let ticked = 0;
  // Stopping does not wait out the tick under way: its bot is gone, nobody would finish it.
  const loop = (async () => {
    while (running) {
      for (const name of tasks) {
        if (!running) break;
        const job = await queue.add(name, {}, { removeOnComplete: 50, removeOnFail: 200 });
        await finished(job, () => running);
        ticked++;
      }
    }
  })();
  const busyRuns = [await probed(pings.busy), await probed(pings.busy)];
  running = false;
  await loop;
  // The tick left queued must not run in the quiet run after.
  await queue.obliterate({ force: true });
  await queue.close();
  quietRuns.push(await probed(pings.quiet));
  const quiet = summarize(quietRuns);
  const busy = summarize(busyRuns);
  say("");
  say(`Full bot, ${LOAD.title}, ${subscriptions.toLocaleString("en")} subscriptions (two runs each):`);
  say(`${"".padEnd(34)}${"quiet".padStart(14)}${"tasks ticking".padStart(16)}${"ratio".padStart(10)}`);
  const rows: [string, number, number][] = [
    ["interactions/s", quiet.perSecond, busy.perSecond],
    ["p50 latency, ms", quiet.p50, busy.p50],
    ["p99 latency, ms", quiet.p99, busy.p99],
    ["bot CPU, ms per interaction", quiet.cpuPer, busy.cpuPer],
  ];
  for (const [label, x, y] of rows) {
    say(`${label.padEnd(34)}${fmt(x).padStart(14)}${fmt(y).padStart(16)}${fmt(y / x, 2).padStart(10)}`);
  }
  say(`  task ticks finished during the ticking run (start-up and warm-up included): ${ticked}`);
  const ping = (l: RedisLatency[]) =>
    l.map((x) => `${fmt(x.p50, 2)}/${fmt(x.p99, 2)}/${fmt(x.max, 1)}`).join(", ");
  say(
    `  Redis PING from a thread of its own, p50/p99/max ms per run: quiet ${ping(pings.quiet)}; ticking ${ping(pings.busy)}`,
  );
  const ms = (l: number[]) => l.map((x) => fmt(x, 0)).join(", ");
  say(
    `  the bench process's own longest stall, ms per run: quiet ${ms(stalls.quiet)}; ticking ${ms(stalls.busy)}`,
  );
  const ratio = busy.p99 / quiet.p99;
  goal("interactive p99 while the periodic tasks tick", `${fmt(ratio, 2)}x`, "<= 1.10x", ratio <= 1.1);
}
