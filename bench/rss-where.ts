/**
 * Where each bot's resident memory goes under load (issue 29, goal 1's RSS): the full bot as
 * `npm start` runs it and the bare grammY bot, one after the other, each under 8 s of first visits
 * with Telegram answering in 100 ms (500 users), then a diagnostic report (`--report-on-signal`:
 * V8's heap spaces, libuv's handles) and `/proc/<pid>/smaps_rollup` read in the middle of the load.
 * A diagnostic, not part of `npm run bench`: `npm run build && node dist/bench/rss-where.js`.
 * `BENCH_PROFILE="<node flags>"` adds flags to the full bot (e.g. `--max-semi-space-size=16`).
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { START_FLAGS } from "../src/runtime/heap-growth.js";
import { startRedis } from "../test/helpers/local-redis.js";
import { FakeBotApi } from "./fake-bot-api.js";
import { startNode } from "./proc.js";
import { type BotKind, benchDir, botEnv, FIRST_USER, root, say, sleep, TOKEN } from "./side-by-side.js";

const Report = z.object({
  javascriptHeap: z.object({
    heapSpaces: z.record(z.string(), z.object({ memorySize: z.number(), used: z.number() })),
  }),
  libuv: z.array(z.object({ type: z.string() })),
});

const mb = (bytes: number) => (bytes / 1048576).toFixed(1).padStart(7);

/** The kB figures of smaps_rollup that say where resident memory is. */
function smaps(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of readFileSync(`/proc/${pid}/smaps_rollup`, "utf8").split("\n")) {
    const m = /^(Rss|Anonymous|Pss_File|Pss_Anon|Private_Dirty):\s+(\d+) kB/.exec(line);
    if (m?.[1] && m[2]) out.set(m[1], Number(m[2]) * 1024);
  }
  return out;
}

type Snapshot = z.infer<typeof Report>;

async function report(pid: number, dir: string): Promise<Snapshot> {
  const before = new Set(readdirSync(dir));
  process.kill(pid, "SIGUSR2");
  for (let waited = 0; waited < 10_000; waited += 100) {
    await sleep(100);
    const file = readdirSync(dir).find((f) => !before.has(f) && f.endsWith(".json"));
    if (file) {
      await sleep(300);
      return Report.parse(JSON.parse(readFileSync(join(dir, file), "utf8")));
    }
  }
  throw new Error("no report written");
}

function printMemory(when: string, m: Map<string, number>, r: Snapshot): void {
  say(
    `  ${when}: RSS ${mb(m.get("Rss") ?? 0)} MB, anonymous ${mb(m.get("Anonymous") ?? 0)}, file-backed ${mb(m.get("Pss_File") ?? 0)}`,
  );
  let heap = 0;
  for (const [space, s] of Object.entries(r.javascriptHeap.heapSpaces)) {
    heap += s.memorySize;
    if (s.memorySize > 0)
      say(`    ${space.padEnd(24)} committed ${mb(s.memorySize)} MB, used ${mb(s.used)} MB`);
  }
  say(
    `    V8 heap committed ${mb(heap)} MB; anonymous outside it ${mb((m.get("Anonymous") ?? 0) - heap)} MB`,
  );
}

async function measure(bot: BotKind, redisUrl: string): Promise<void> {
  const fake = await new FakeBotApi({ token: TOKEN, latencyMs: 100 }).start();
  const dir = mkdtempSync(join(tmpdir(), "rss-where-"));
  const extra = (process.env.BENCH_PROFILE ?? "").split(" ").filter(Boolean);
  const flags = [
    ...(bot === "full" ? [...START_FLAGS, ...extra] : []),
    "--report-on-signal",
    "--report-signal=SIGUSR2",
    `--report-directory=${dir}`,
  ];
  const script = join(root, bot === "bare" ? "dist/bench/bare-bot.js" : "dist/src/main.js");
  const child = startNode(script, await botEnv(bot, fake.apiRoot, redisUrl), benchDir, flags);
  try {
    while (fake.getUpdatesCalls === 0) await sleep(50);
    await sleep(2_000);
    const idle = smaps(child.pid);
    const idleReport = await report(child.pid, dir);
    fake.startLoad({ users: 500, idsPerUser: 1, firstUserId: FIRST_USER, fresh: true });
    await sleep(8_000);
    const loaded = smaps(child.pid);
    const r = await report(child.pid, dir);
    fake.stopLoad();
    say(`\n=== ${bot} bot (${flags.slice(0, -3).join(" ") || "no flags"})`);
    printMemory("idle", idle, idleReport);
    printMemory("under load", loaded, r);
    const handles = new Map<string, number>();
    for (const h of r.libuv) handles.set(h.type, (handles.get(h.type) ?? 0) + 1);
    say(`  libuv handles: ${[...handles].map(([t, n]) => `${t} ${n}`).join(", ")}`);
  } finally {
    await child.stop();
    await fake.stop();
  }
}

async function main(): Promise<void> {
  const server = await startRedis(benchDir);
  try {
    for (const bot of ["bare", "full"] as const) await measure(bot, server.url);
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `rss-where failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
