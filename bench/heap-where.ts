/**
 * Where the full bot's resident heap lives (issue 29, goal 1): the bot as `npm start` runs it,
 * against the HTTP fake Bot API, with `--heapsnapshot-signal=SIGUSR2`; one snapshot idle after
 * start, one after a few seconds of first-visit load. Each is summed by node type, by
 * constructor and by the module its code comes from (bench/heap-sum.ts). A diagnostic, not part
 * of `npm run bench`: `npm run build && node dist/bench/heap-where.js [dir]`. `HEAP_WHERE_DURING=1`
 * takes the second snapshot in the middle of a load with Telegram answering in 100 ms (500 users,
 * first visits), so what the updates in flight hold is in it.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { Redis } from "ioredis";
import { START_FLAGS } from "../src/runtime/heap-growth.js";
import { startRedis } from "../test/helpers/local-redis.js";
import { FakeBotApi } from "./fake-bot-api.js";
import { printHeapSummary } from "./heap-sum.js";
import { startNode } from "./proc.js";
import { benchDir, botEnv, FIRST_USER, root, say, sleep, TOKEN } from "./side-by-side.js";

async function snapshot(pid: number, dir: string, before: number): Promise<string> {
  process.kill(pid, "SIGUSR2");
  for (let waited = 0; waited < 120_000; waited += 500) {
    await sleep(500);
    const files = readdirSync(dir).filter((f) => f.endsWith(".heapsnapshot"));
    // Written once the next one may start: wait for the file to stop growing.
    if (files.length > before) {
      await sleep(3_000);
      return join(dir, files.sort().at(-1) ?? "");
    }
  }
  throw new Error("no heap snapshot written");
}

async function main(): Promise<void> {
  const dir = process.argv[2] ?? benchDir;
  const server = await startRedis(benchDir);
  const redis = new Redis(server.url);
  const during = process.env.HEAP_WHERE_DURING === "1";
  const fake = await new FakeBotApi({ token: TOKEN, latencyMs: during ? 100 : 0 }).start();
  const env = await botEnv("full", fake.apiRoot, server.url);
  const flags = [...START_FLAGS, "--heapsnapshot-signal=SIGUSR2"];
  const child = startNode(join(root, "dist/src/main.js"), env, dir, flags);
  try {
    while (fake.getUpdatesCalls === 0) await sleep(50);
    await sleep(3_000);
    const clients = String(await redis.call("CLIENT", "LIST"))
      .trim()
      .split("\n");
    say(`Redis connections open to the bot: ${clients.length - 1} (this script's own not counted)`);
    const idle = await snapshot(child.pid, dir, 0);
    say(`\n=== idle after start: ${idle}`);
    printHeapSummary(idle);
    fake.startLoad({ users: during ? 500 : 200, idsPerUser: 1, firstUserId: FIRST_USER, fresh: true });
    await sleep(8_000);
    if (!during) {
      fake.stopLoad();
      await sleep(2_000);
    }
    const loaded = await snapshot(child.pid, dir, 1);
    fake.stopLoad();
    say(`\n=== ${during ? "during" : "after"} 8 s of first visits: ${loaded}`);
    printHeapSummary(loaded);
  } finally {
    await child.stop();
    await fake.stop();
    await redis.quit();
    await server.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `heap-where failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
