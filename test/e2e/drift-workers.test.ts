import { type Job, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Subscriptions } from "../../src/domain/books/index.js";
import { DAY, systemClock } from "../../src/runtime/clock.js";
import { DRIFT_SYNC_TASK } from "../../src/workers/drift-sync.js";
import { MAINTENANCE_QUEUE } from "../../src/workers/maintenance.js";
import { QUEUE_PREFIX } from "../../src/workers/queues.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { FakeTelegram } from "../fakes/telegram-api.js";
import { botEnv, germanyShop } from "../helpers/bot-env.js";
import { type RunningProcess, startBuiltBot, stopAll, untilHealthy } from "../helpers/process.js";
import { testRedis } from "../helpers/redis.js";
import { freePort } from "../helpers/redis-global-setup.js";
import { until } from "../helpers/wait.js";

/*
 * Issue 13: two worker processes (ROLE=worker, the built app) on one Redis never run the
 * reconciliation at the same time. The hosting side is slow, so each run lasts; the job scheduler
 * makes one job per round (DRIFT_SYNC_MINUTES=0.1, a round every 6 s) and the test adds several
 * "Run now" jobs at once, which both workers take. Each run logs its start and end with its id: the
 * windows are disjoint, every job either ran the reconciliation or was skipped as busy, and what it
 * repairs and reports happens once.
 */

const TOKEN = "474747:E2E-drift-workers-token-for-the-fake-api";
const ADMIN = 1;
const telegram = new FakeTelegram({ token: TOKEN });
const hosting = new FakeAccountApi();
const running: RunningProcess[] = [];
let redis: Redis;
let maintenance: Queue;
let env: Record<string, string> = {};
let serverId = 0;

async function startWorker(): Promise<RunningProcess> {
  const port = await freePort();
  const proc = startBuiltBot({ ...env, HTTP_PORT: String(port) });
  running.push(proc);
  await untilHealthy(port);
  return proc;
}

interface Window {
  run: string;
  pid: number;
  start: number;
  end: number | undefined;
}

/** The reconciliation runs both processes logged: start and end time per run id. */
function runWindows(): Window[] {
  const windows = new Map<string, Window>();
  for (const proc of running) {
    for (const line of proc.stdout().split("\n")) {
      if (!line.includes('"drift run')) continue;
      const entry = JSON.parse(line) as { msg: string; run?: string; time: string };
      if (!entry.run) continue;
      const at = Date.parse(entry.time);
      if (entry.msg === "drift run started") {
        windows.set(entry.run, { run: entry.run, pid: proc.child.pid ?? 0, start: at, end: undefined });
      } else if (entry.msg === "drift run") {
        const w = windows.get(entry.run);
        if (w) w.end = at;
      }
    }
  }
  return [...windows.values()].sort((a, b) => a.start - b.start);
}

const driftJobs = async (): Promise<Job[]> =>
  (await maintenance.getJobs(["completed", "failed", "active", "waiting", "delayed", "prioritized"])).filter(
    (j) => j.name === DRIFT_SYNC_TASK,
  );
const isScheduled = (j: Job) => String(j.id).startsWith(`repeat:${DRIFT_SYNC_TASK}:`);

beforeAll(async () => {
  await telegram.start();
  await hosting.start();
  const shop = germanyShop(hosting, "bot-e2e-drift-");
  serverId = shop.serverId;
  redis = await testRedis();
  env = botEnv(
    { telegram, redis, catalogFile: shop.catalogFile },
    {
      ADMIN_IDS: String(ADMIN),
      ACCOUNT_API_URL: hosting.url,
      ACCOUNT_API_KEY: shop.key,
      LOG_LEVEL: "info",
      ROLE: "worker",
      DRIFT_SYNC_MINUTES: "0.1",
    },
  );
  maintenance = new Queue(MAINTENANCE_QUEUE, { connection: redis, prefix: QUEUE_PREFIX });
}, 30_000);

async function stopWorkers(): Promise<void> {
  await stopAll(running);
}

afterAll(async () => {
  await stopWorkers();
  await maintenance.close();
  await Promise.all([telegram.stop(), hosting.stop(), redis.quit()]);
});

describe("the reconciliation in two worker processes on one Redis", () => {
  it("never runs twice at once; each round and each queued run is one job, run once; its repairs and report happen once", async () => {
    // Two subscriptions with drift: one extended by an admin on the hosting side, one whose client is gone.
    const subscriptions = new Subscriptions(redis, systemClock);
    const expiresAt = Date.now() + 10 * DAY;
    const extended = `c9501-0000e2e1`;
    hosting.addClient(serverId, { email: extended, totalGb: 10, expiryMs: expiresAt + 30 * DAY });
    const made = await Promise.all(
      [extended, "c9502-0000e2e2"].map((name, i) =>
        subscriptions.create(`o0000000e2e0${i}`, {
          customerId: 9501 + i,
          planId: "de",
          ref: { kind: "xui", serverId, name },
          links: { links: [], subscriptionUrl: undefined },
          expiresAt,
          trafficGb: 10,
          devices: 0,
          trial: false,
        }),
      ),
    );
    // Every client list is slow: a run lasts over a second.
    hosting.delayNext("GET", `/api/v1/servers/${serverId}/clients`, 1_200, 1_000);

    await startWorker();
    await startWorker();
    const bothUp = Date.now();
    // "Run now" four times at once: both workers (two jobs each at a time) take them.
    const queued = await Promise.all(Array.from({ length: 4 }, () => maintenance.add(DRIFT_SYNC_TASK, {})));
    // Wait for a scheduled round due while both workers are up (its job id carries when it was due).
    await until(async () => {
      const done = (await driftJobs()).filter((j) => j.finishedOn !== undefined);
      const round = done.some((j) => isScheduled(j) && Number(String(j.id).split(":").at(-1)) > bothUp);
      return round && queued.every((q) => done.some((j) => j.id === q.id));
    }, 60_000);
    // Both workers stop (each lets a run in progress finish), so no later round starts while the
    // jobs and the logs are read. The scheduler's next round waits, delayed.
    await stopWorkers();
    expect(await maintenance.getActiveCount()).toBe(0);
    const jobs = (await driftJobs()).filter((j) => j.finishedOn !== undefined);
    expect(jobs.map((j) => j.failedReason ?? "ok")).toEqual(jobs.map(() => "ok"));
    // Each job, queued or scheduled, was taken once by one worker.
    for (const j of jobs) expect([j.attemptsStarted, j.stalledCounter]).toEqual([1, 0]);
    expect(jobs.filter(isScheduled).length).toBeGreaterThanOrEqual(2);
    const ran = jobs.filter((j) => typeof j.returnvalue === "object" && "startedAt" in j.returnvalue);
    const busy = jobs.filter((j) => JSON.stringify(j.returnvalue) === JSON.stringify({ skipped: "busy" }));
    expect(ran.length + busy.length).toBe(jobs.length);
    // Runs were tried at the same time (the queued four at least), and only one went ahead each time.
    expect(busy.length).toBeGreaterThanOrEqual(1);

    // Each run started after the one before it ended (one that never ended overlaps what follows).
    const windows = runWindows();
    for (let i = 1; i < windows.length; i++) {
      const before = windows[i - 1] as Window;
      expect((windows[i] as Window).start).toBeGreaterThanOrEqual(before.end ?? Number.POSITIVE_INFINITY);
    }
    expect(windows.map((w) => w.end !== undefined)).toEqual(windows.map(() => true));
    expect(windows).toHaveLength(ran.length);

    // The record followed the hosting side once, and the admins heard of the missing client once.
    expect((await subscriptions.get(made[0]?.id ?? ""))?.expiresAt).toBe(expiresAt + 30 * DAY);
    const reports = telegram.calls.filter(
      (c) =>
        c.method === "sendMessage" && c.chatId === ADMIN && String(c.params.text).includes("The sync found"),
    );
    expect(reports).toHaveLength(1);
    expect(String(reports[0]?.params.text)).toContain(`${made[1]?.id} (customer 9502)`);
  }, 150_000);
});
