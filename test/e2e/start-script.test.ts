import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../src/runtime/paths.js";
import { command, FakeTelegram, user } from "../fakes/telegram-api.js";
import { type RunningProcess, spawnCollecting } from "../helpers/process.js";
import { freePort } from "../helpers/redis-global-setup.js";
import { until } from "../helpers/wait.js";

// `bash scripts/start`, the README's first command, as a newcomer runs it. The npm install and the
// build are skipped (START_SKIP_INSTALL=1): the run already built dist/ and other test files use it.
const root = projectRoot();
const TOKEN = "464646:E2E-start-script-token-for-fake-x";
const dir = mkdtempSync(join(tmpdir(), "bot-start-"));

let running: RunningProcess | undefined;

function startScript(env: Record<string, string>, stdin?: string): RunningProcess {
  running = spawnCollecting("bash", [join(root, "scripts/start")], {
    cwd: dir,
    env: { START_SKIP_INSTALL: "1", ENV_FILE: join(dir, "none.env"), ...env },
    stdin: stdin ?? "",
    detached: true, // its own process group: a failed test kills the bot and Redis with it
  });
  return running;
}

const nextLines = (s: RunningProcess) =>
  s
    .stdout()
    .split("\n")
    .filter((l) => l.startsWith("start: next: "));

afterEach(async () => {
  const proc = running;
  running = undefined;
  if (proc && proc.child.exitCode === null && proc.child.signalCode === null && proc.child.pid) {
    process.kill(-proc.child.pid, "SIGKILL");
    await proc.exited;
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("scripts/start", () => {
  it("with no BOT_TOKEN runs the demo sandbox and says in one line what to do next", async () => {
    const script = startScript({ DEMO_LANG: "en" }, "/start\n");
    const code = await script.exited;
    const context = `exit ${code}\n--- stdout\n${script.stdout()}\n--- stderr\n${script.stderr()}`;
    expect(code, context).toBe(0);
    expect(nextLines(script), context).toEqual([
      "start: next: chat with the demo shop below (/quit leaves); for your own bot put BOT_TOKEN (from @BotFather), ADMIN_IDS, SECRET_KEY and ACCOUNT_API_URL in .env (cp .env.example .env) and run bash scripts/start again",
    ]);
    expect(script.stdout(), context).toContain("bot › Hi, Demo!");
    // Printed last before the chat, below the whole banner (it used to scroll away above it).
    const out = script.stdout();
    const next = out.indexOf("start: next: ");
    expect(next, context).toBeGreaterThan(out.indexOf("VPN reseller bot: demo"));
    expect(next, context).toBeGreaterThan(out.indexOf("/quit"));
    expect(next, context).toBeLessThan(out.indexOf("bot › Hi, Demo!"));
  }, 30_000);

  describe("with a BOT_TOKEN and no REDIS_URL", () => {
    let telegram: FakeTelegram;
    beforeAll(async () => {
      telegram = await new FakeTelegram({ token: TOKEN }).start();
    });
    afterAll(async () => {
      await telegram.stop();
    });

    it("starts a private durable redis-server, runs the bot with .env's settings, stops both on SIGTERM", async () => {
      const catalog = join(dir, "catalog.yaml");
      writeFileSync(
        catalog,
        'currency: XTR\nplans:\n  - id: n\n    title: { en: "N", ru: "N" }\n    days: 30\n    price: 1\n    backend: { kind: node }\n',
      );
      const envFile = join(dir, "bot.env");
      // As a newcomer's .env: the example's placeholder REDIS_URL left empty, a comment, quotes.
      writeFileSync(
        envFile,
        [
          "# settings",
          `BOT_TOKEN="${TOKEN}"`,
          "ADMIN_IDS=1",
          `SECRET_KEY=${Buffer.alloc(32, 4).toString("base64")}`,
          "ACCOUNT_API_URL=http://127.0.0.1:9",
          "REDIS_URL=",
          "LOG_LEVEL=debug",
          "",
        ].join("\n"),
      );
      const port = await freePort();
      const dataDir = join(dir, "data");
      const script = startScript({
        ENV_FILE: envFile,
        DATA_DIR: dataDir,
        BOT_API_ROOT: telegram.apiRoot,
        CATALOG_FILE: catalog,
        HTTP_PORT: String(port),
        METRICS_PORT: "0",
        LOG_LEVEL: "warn", // the environment wins over the file
      });
      const context = () => `--- stdout\n${script.stdout()}\n--- stderr\n${script.stderr()}`;
      await until(() => nextLines(script).length > 0 || script.child.exitCode !== null, 20_000);
      expect(nextLines(script), context()).toEqual([
        `start: next: the bot is running; open it in Telegram and send /start (admins: /admin, /login), health at http://127.0.0.1:${port}/healthz; Ctrl+C stops it`,
      ]);
      const redisUrl = /private Redis at (redis:\/\/127\.0\.0\.1:\d+)/.exec(script.stdout())?.[1];
      expect(redisUrl, context()).toBeDefined();
      expect(script.stdout()).not.toContain('"level":20'); // LOG_LEVEL=debug from the file lost

      const mark = telegram.calls.length;
      telegram.pushUpdate(command(user(9401, { first_name: "Nia", language_code: "en" }), "/start"));
      const reply = await telegram.waitFor(
        (c) => c.method === "sendMessage" && c.chatId === 9401,
        10_000,
        mark,
      );
      expect(String(reply.params.text)).toMatch(/^Hi, Nia!/);

      const redis = new Redis(String(redisUrl), { maxRetriesPerRequest: 1 });
      const settings = await redis.config("GET", "appendonly", "appendfsync", "maxmemory-policy", "dir");
      await redis.quit();
      expect(settings).toEqual(
        expect.arrayContaining([
          "appendonly",
          "yes",
          "appendfsync",
          "everysec",
          "maxmemory-policy",
          "noeviction",
        ]),
      );
      expect(settings).toContain(join(dataDir, "redis"));

      script.child.kill("SIGTERM");
      expect(await script.exited, context()).toBe(0);
      // Redis was stopped with the bot, and what the bot wrote is in the AOF on disk.
      const refused = await new Promise<string>((resolve) => {
        const socket = connect(Number(new URL(String(redisUrl)).port), "127.0.0.1");
        socket.once("connect", () => {
          socket.destroy();
          resolve("connected");
        });
        socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      });
      expect(refused).toBe("ECONNREFUSED");
      const aofDir = join(dataDir, "redis", "appendonlydir");
      expect(existsSync(aofDir)).toBe(true);
      const aof = readdirSync(aofDir)
        .map((f) => readFileSync(join(aofDir, f), "latin1"))
        .join("");
      expect(aof).toContain("9401");
    }, 40_000);
  });
});
