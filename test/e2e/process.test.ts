import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FakeAccountApi } from "../fakes/account-api.js";
import { command, FakeTelegram, user } from "../fakes/telegram-api.js";
import { botEnv, NODE_CATALOG, writeCatalog } from "../helpers/bot-env.js";
import { type RunningProcess, startBuiltBot } from "../helpers/process.js";
import { testRedisUrl } from "../helpers/redis.js";
import { freePort } from "../helpers/redis-global-setup.js";
import { until } from "../helpers/wait.js";

const TOKEN = "424242:E2E-token-for-the-fake-bot-api-xx";
const catalogFile = writeCatalog("bot-e2e-", NODE_CATALOG);
const dir = dirname(catalogFile);

let telegram: FakeTelegram;
const hosting = new FakeAccountApi();
let accountKey = "";
let running: RunningProcess | undefined;
const trialCatalog = join(dir, "trial.yaml");
/** Databases of the run's Redis: the main one, then one per test that starts on an empty shop. */
const db: string[] = [];

const env = (extra: Record<string, string> = {}) =>
  botEnv({ telegram, redis: db[0] ?? "", catalogFile }, extra);

async function waitForHttp(url: string, timeoutMs = 15_000): Promise<Response> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

beforeAll(async () => {
  for (let i = 0; i < 4; i++) db.push(await testRedisUrl());
  telegram = await new FakeTelegram({ token: TOKEN }).start();
  await hosting.start();
  hosting.addAccount({ login: "shop", password: "pw" });
  accountKey = hosting.addKey("shop");
  const server = hosting.addServer("shop", { type: "xui", daysLeft: 90 });
  writeFileSync(
    trialCatalog,
    `currency: XTR
trial: { days: 1, traffic_gb: 1, plan: de }
plans:
  - id: de
    title: { en: "Germany", ru: "Германия" }
    days: 30
    traffic_gb: 100
    price: 150
    backend: { kind: xui, servers: [${server.id}] }
`,
  );
});
afterEach(async () => {
  if (running && running.child.exitCode === null) {
    running.child.kill("SIGKILL");
    await running.exited;
  }
  running = undefined;
});
afterAll(async () => {
  await telegram.stop();
  await hosting.stop();
});

describe("the real process", () => {
  it("stops with one clear line when BOT_TOKEN is missing", async () => {
    const { BOT_TOKEN: _omit, ...rest } = env();
    running = startBuiltBot(rest);
    const code = await running.exited;
    expect(code).not.toBe(0);
    expect(running.stderr().trim().split("\n")).toEqual([
      "Configuration error: BOT_TOKEN is required (the token from @BotFather)",
    ]);
  });

  it("stops with the file, line and reason of a bad catalog", async () => {
    const bad = join(dir, "bad.yaml");
    writeFileSync(bad, "currency: XTR\nplans:\n  - id: x\n    days: 0\n");
    running = startBuiltBot(env({ CATALOG_FILE: bad }));
    expect(await running.exited).not.toBe(0);
    const lines = running.stderr().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Configuration error: ${bad}:3: plans\\.0\\.`));
  });

  it("stops with one line naming the cause when Redis cannot be reached", async () => {
    running = startBuiltBot(env({ REDIS_URL: "redis://127.0.0.1:1", LOG_LEVEL: "silent" }));
    expect(await running.exited).not.toBe(0);
    expect(running.stderr().trim().split("\n")).toEqual([
      "Cannot start: cannot connect to Redis at REDIS_URL: connect ECONNREFUSED 127.0.0.1:1",
    ]);
  });

  it("answers /start by long polling, serves health and metrics (on the operators' listener), and exits 0 on SIGTERM", async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    running = startBuiltBot(env({ HTTP_PORT: String(port), METRICS_PORT: String(metricsPort) }));
    await telegram.waitFor("getUpdates", 15_000);
    const commands = telegram.callsOf("setMyCommands");
    expect(commands.map((c) => c.params.language_code ?? "default")).toEqual(
      expect.arrayContaining(["default", "ru"]),
    );

    const mark = telegram.calls.length;
    telegram.pushUpdate(command(user(9001, { first_name: "Eve", language_code: "en" }), "/start"));
    const reply = await telegram.waitFor(
      (c) => c.method === "sendMessage" && c.chatId === 9001,
      10_000,
      mark,
    );
    expect(String(reply.params.text)).toMatch(/^Hi, Eve!/);

    const health = await waitForHttp(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/bot_updates_total\{type="message",outcome="ok"\} [1-9]/);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);

    const started = Date.now();
    running.child.kill("SIGTERM");
    expect(await running.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("in webhook mode sets the webhook and refuses updates without the secret", async () => {
    const port = await freePort();
    const secret = "e2e-secret_token";
    const hookUrl = `http://127.0.0.1:${port}/telegram/hook-3f9a`;
    running = startBuiltBot(
      env({ HTTP_PORT: String(port), BOT_MODE: "webhook", WEBHOOK_URL: hookUrl, WEBHOOK_SECRET: secret }),
    );
    const set = await telegram.waitFor("setWebhook", 15_000);
    expect(set.params).toMatchObject({ url: hookUrl, secret_token: secret });
    await waitForHttp(`http://127.0.0.1:${port}/healthz`);

    const update = command(user(9002, { first_name: "Max", language_code: "ru" }), "/start");
    const refused = await fetch(hookUrl, { method: "POST", body: JSON.stringify(update) });
    expect(refused.status).toBe(401);
    const wrong = await fetch(hookUrl, {
      method: "POST",
      headers: { "x-telegram-bot-api-secret-token": "wrong" },
      body: JSON.stringify(update),
    });
    expect(wrong.status).toBe(401);

    const mark = telegram.calls.length;
    const accepted = await fetch(hookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
      body: JSON.stringify(update),
    });
    expect(accepted.status).toBe(200);
    const reply = await telegram.waitFor(
      (c) => c.method === "sendMessage" && c.chatId === 9002,
      10_000,
      mark,
    );
    expect(String(reply.params.text)).toMatch(/^Привет, Max!/);
    running.child.kill("SIGTERM");
    expect(await running.exited).toBe(0);
  });

  it("delivers a free trial end to end: bot, order queue, worker, hosting API and notifier", async () => {
    const port = await freePort();
    running = startBuiltBot(
      env({
        HTTP_PORT: String(port),
        CATALOG_FILE: trialCatalog,
        ACCOUNT_API_URL: hosting.url,
        ACCOUNT_API_KEY: accountKey,
        REDIS_URL: db[1] ?? "",
      }),
    );
    await telegram.waitFor("getUpdates", 15_000);
    const mark = telegram.calls.length;
    telegram.pushUpdate(command(user(9003, { first_name: "Tia", language_code: "en" }), "/trial"));
    const delivery = await telegram.waitFor(
      (c) =>
        c.method === "sendMessage" &&
        c.chatId === 9003 &&
        String(c.params.text).includes("free trial is ready"),
      15_000,
      mark,
    );
    expect(String(delivery.params.text)).toContain("<code>vless://");
    await telegram.waitFor((c) => c.method === "sendPhoto" && c.chatId === 9003, 10_000, mark);
    expect([...hosting.servers.values()][0]?.clients).toHaveLength(1);
    running.child.kill("SIGTERM");
    expect(await running.exited).toBe(0);
  });

  it("ROLE=worker runs the workers, the health endpoint and /metrics without taking updates", async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    const mark = telegram.calls.length;
    running = startBuiltBot(
      env({
        HTTP_PORT: String(port),
        METRICS_PORT: String(metricsPort),
        ROLE: "worker",
        REDIS_URL: db[2] ?? "",
      }),
    );
    const health = await waitForHttp(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    const metrics = await waitForHttp(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(await metrics.text()).toMatch(/^redis_up 1$/m);
    await new Promise((r) => setTimeout(r, 500));
    expect(telegram.calls.slice(mark).filter((c) => c.method === "getUpdates")).toEqual([]);
    running.child.kill("SIGTERM");
    expect(await running.exited).toBe(0);
  });
});

const CONFLICT = {
  error_code: 409,
  description:
    "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
};
const secretOfToken = TOKEN.slice(TOKEN.indexOf(":") + 1);
/** Log lines of the process (JSON), parsed. */
const logLines = (p: RunningProcess) =>
  p
    .stdout()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { level: number; msg: string; [k: string]: unknown });
const getUpdatesSince = (mark: number) => telegram.calls.slice(mark).filter((c) => c.method === "getUpdates");

describe("the real process keeps polling through trouble and stops cleanly", () => {
  it("survives a 409 conflict from getUpdates (another poller): one clear line, recovers, exits 0", async () => {
    const mark = telegram.calls.length;
    telegram.failNext("getUpdates", CONFLICT, 2);
    running = startBuiltBot(env({ HTTP_PORT: String(await freePort()) }));
    await until(() => getUpdatesSince(mark).length >= 3, 15_000);

    const at = telegram.calls.length;
    telegram.pushUpdate(command(user(9101, { first_name: "Ann", language_code: "en" }), "/start"));
    const reply = await telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === 9101, 10_000, at);
    expect(String(reply.params.text)).toMatch(/^Hi, Ann!/);

    const conflicts = logLines(running).filter((l) => l.msg.includes("another process is polling this bot"));
    expect(conflicts).toHaveLength(2);
    expect(conflicts.every((l) => l.level === 40 && !JSON.stringify(l).includes("stack"))).toBe(true);
    expect(running.stderr()).toBe("");
    running.child.kill("SIGTERM");
    expect(await running.exited).toBe(0);
  });

  it("stops through the one shutdown path with a non-zero code when Telegram refuses the token (401)", async () => {
    telegram.failNext("getUpdates", { error_code: 401, description: "Unauthorized" });
    running = startBuiltBot(env({ HTTP_PORT: String(await freePort()), LOG_LEVEL: "info" }));
    expect(await running.exited).toBe(1);
    expect(running.stderr()).toBe("");
    const messages = logLines(running).map((l) => l.msg);
    expect(messages.filter((m) => m.includes("BOT_TOKEN"))).toHaveLength(1);
    expect(messages).toContain("stopped");
  });

  it("with Telegram unreachable while polling prints no token anywhere and polls again when it is back", async () => {
    const mark = telegram.calls.length;
    running = startBuiltBot(env({ HTTP_PORT: String(await freePort()) }));
    await telegram.waitFor("getUpdates", 15_000, mark);
    const refused = telegram.refusedMethods.length;
    const refusedPolls = () => telegram.refusedMethods.slice(refused).filter((m) => m === "getUpdates");
    telegram.goOffline();
    // The held long poll is cut, then the next polls find Telegram away.
    await until(() => refusedPolls().length >= 2, 15_000);
    telegram.goOnline();

    const at = telegram.calls.length;
    telegram.pushUpdate(command(user(9102, { first_name: "Bo", language_code: "en" }), "/start"));
    await telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === 9102, 20_000, at);
    running.child.kill("SIGTERM");
    expect(await running.exited).toBe(0);
    const printed = running.stdout() + running.stderr();
    expect(printed).not.toContain(secretOfToken);
    expect(logLines(running).filter((l) => l.msg.includes("Telegram unreachable"))).toHaveLength(1);
  });

  it("on SIGTERM lets a running update handler finish before closing Redis, then exits 0", async () => {
    const mark = telegram.calls.length;
    running = startBuiltBot(env({ HTTP_PORT: String(await freePort()), LOG_LEVEL: "info" }));
    await telegram.waitFor("getUpdates", 15_000, mark);
    const release = telegram.holdNext("sendMessage", (p) => p.chat_id === 9103);
    const at = telegram.calls.length;
    telegram.pushUpdate(command(user(9103, { first_name: "Cy", language_code: "en" }), "/start"));
    await telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === 9103, 10_000, at);

    running.child.kill("SIGTERM");
    const proc = running;
    await until(() => logLines(proc).some((l) => l.msg === "waiting for running work" && l.handlers === 1));
    expect(proc.child.exitCode).toBeNull();
    release();
    expect(await proc.exited).toBe(0);
    const lines = logLines(proc);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.at(-1)?.msg).toBe("stopped");
  });

  it("on SIGTERM lets a running order job finish (its delivery goes out), then exits 0", async () => {
    const mark = telegram.calls.length;
    running = startBuiltBot(
      env({
        HTTP_PORT: String(await freePort()),
        CATALOG_FILE: trialCatalog,
        ACCOUNT_API_URL: hosting.url,
        ACCOUNT_API_KEY: accountKey,
        REDIS_URL: db[3] ?? "",
        LOG_LEVEL: "info",
      }),
    );
    await telegram.waitFor("getUpdates", 15_000, mark);
    const release = telegram.holdNext("sendMessage", (p) => String(p.text).includes("free trial is ready"));
    const at = telegram.calls.length;
    telegram.pushUpdate(command(user(9104, { first_name: "Di", language_code: "en" }), "/trial"));
    await telegram.waitFor(
      (c) => c.method === "sendMessage" && c.chatId === 9104 && String(c.params.text).includes("free trial"),
      15_000,
      at,
    );

    running.child.kill("SIGTERM");
    const proc = running;
    await until(() => logLines(proc).some((l) => l.msg === "waiting for running work"));
    expect(proc.child.exitCode).toBeNull();
    release();
    await telegram.waitFor((c) => c.method === "sendPhoto" && c.chatId === 9104, 10_000, at);
    expect(await proc.exited).toBe(0);
    expect(logLines(proc).filter((l) => l.level >= 50)).toEqual([]);
  });
});
