import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { User } from "grammy/types";
import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callback, command, FakeTelegram, type TelegramCall, user } from "../fakes/telegram-api.js";
import { type RunningProcess, startBuiltBot } from "../helpers/process.js";
import { redisUrl, testRedis } from "../helpers/redis.js";
import { freePort } from "../helpers/redis-global-setup.js";
import { buttonsOf, findButton, type Shown } from "../helpers/telegram-views.js";

/**
 * The catalog as the started process (dist/src/main.js) wires it: the admin's Catalog screen
 * reloads the file, and plans whose backend settings are empty are left off sale and shown to
 * the admins. Everything through the fake Bot API over HTTP; no injected dependency.
 */

const TOKEN = "434343:E2E-catalog-token-for-the-fake-api";
const ADMIN = user(1, { first_name: "Ada", language_code: "en" });
const dir = mkdtempSync(join(tmpdir(), "bot-e2e-catalog-"));

const plan = (id: string, title: string, backend: string) => `  - id: ${id}
    title: { en: "${title}", ru: "${title}" }
    days: 30
    price: 100
    backend: ${backend}
`;
const XUI = "{ kind: xui, servers: [101] }";
const PANEL = `{ kind: panel, locations: [ { node: main, inbound_ids: ["1"] } ] }`;

let telegram: FakeTelegram;
let running: RunningProcess | undefined;
const redisConnections: Redis[] = [];

/** A Redis database of its own (emptied), as a REDIS_URL for the process. */
async function ownRedisUrl(): Promise<string> {
  const redis = await testRedis();
  redisConnections.push(redis);
  return `${redisUrl()}/${redis.options.db ?? 0}`;
}

async function start(catalogFile: string): Promise<RunningProcess> {
  const mark = telegram.calls.length;
  running = startBuiltBot({
    BOT_TOKEN: TOKEN,
    BOT_API_ROOT: telegram.apiRoot,
    REDIS_URL: await ownRedisUrl(),
    ADMIN_IDS: String(ADMIN.id),
    SECRET_KEY: Buffer.alloc(32, 5).toString("base64"),
    ACCOUNT_API_URL: "http://127.0.0.1:9",
    CATALOG_FILE: catalogFile,
    HTTP_PORT: String(await freePort()),
    METRICS_PORT: "0",
    LOG_LEVEL: "info",
  });
  const proc = running;
  await telegram.waitFor("getUpdates", 30_000, mark).catch((err: unknown) => {
    throw new Error(`${String(err)}\n--- stderr\n${proc.stderr()}`);
  });
  return proc;
}

const isShownTo = (chatId: number) => (c: TelegramCall) =>
  (c.method === "sendMessage" || c.method === "editMessageText") && c.chatId === chatId;

const shownBy = (call: TelegramCall): Shown => ({
  text: String(call.params.text),
  buttons: buttonsOf(call.params.reply_markup),
  markup: call.params.reply_markup,
});
const hasButton = (label: string) => (s: Shown) => s.buttons.some((b) => b.text === label);

/**
 * Sends an update and returns what the bot shows `to` in reply (a sent or edited message) that
 * `wanted` accepts: the workers' alerts to the admins (the hosting account here answers nothing) may
 * arrive after the update was sent, and are not the reply. A full run once saw one take its place.
 */
async function exchange(
  update: Parameters<FakeTelegram["pushUpdate"]>[0],
  to: User,
  wanted: (shown: Shown) => boolean = () => true,
): Promise<Shown> {
  const mark = telegram.calls.length;
  telegram.pushUpdate(update);
  const call = await telegram.waitFor((c) => isShownTo(to.id)(c) && wanted(shownBy(c)), 10_000, mark);
  return shownBy(call);
}

/** /admin, then the Catalog button of the admin menu. */
async function openCatalog(): Promise<Shown> {
  const home = await exchange(command(ADMIN, "/admin"), ADMIN, hasButton("📦 Catalog"));
  return exchange(
    callback(ADMIN, findButton(home.buttons, "📦 Catalog")),
    ADMIN,
    hasButton("🔄 Reload from the file"),
  );
}

const logLines = (p: RunningProcess) =>
  p
    .stdout()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { level: number; msg: string });

beforeAll(async () => {
  telegram = await new FakeTelegram({ token: TOKEN }).start();
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
  for (const r of redisConnections) await r.quit();
});

describe("the catalog in the started process", () => {
  it("the admin's Catalog screen has Reload, and a reloaded file's new plans are on sale", async () => {
    const file = join(dir, "reload.yaml");
    writeFileSync(file, `currency: XTR\nplans:\n${plan("de", "Germany", XUI)}`);
    const proc = await start(file);

    const catalog = await openCatalog();
    expect(catalog.text).toContain("<b>Germany</b>");
    const reload = findButton(catalog.buttons, "🔄 Reload from the file");

    writeFileSync(
      file,
      `currency: XTR\nplans:\n${plan("de", "Germany", XUI)}${plan("nl", "Netherlands", XUI)}`,
    );
    const reloaded = await exchange(callback(ADMIN, reload), ADMIN, (r) => r.text.includes("Reloaded"));
    expect(reloaded.text).toContain("✅ Reloaded: 2 plans on sale now.");
    expect(reloaded.text).toContain("<b>Netherlands</b>");

    const buyer = user(9301, { first_name: "Bea", language_code: "en" });
    const plans = await exchange(command(buyer, "/buy"), buyer);
    expect(plans.text).toContain("<b>Netherlands</b>");
    expect(plans.buttons.map((b) => b.text)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Netherlands/)]),
    );

    proc.child.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
  }, 60_000);

  it("starts with a panel plan but no PANEL settings: the plan is off sale, logged, and shown to the admins", async () => {
    const file = join(dir, "no-panel.yaml");
    writeFileSync(
      file,
      `currency: XTR\nplans:\n${plan("de", "Germany", XUI)}${plan("multi", "Two locations", PANEL)}`,
    );
    const proc = await start(file);

    const warnings = logLines(proc).filter((l) => l.level === 40 && l.msg.includes("multi"));
    expect(warnings.map((l) => l.msg)).toEqual([
      `${file}: plan multi is off sale: it needs PANEL_API_URL and PANEL_API_TOKEN`,
    ]);
    expect(proc.stderr()).toBe("");

    const buyer = user(9302, { first_name: "Cal", language_code: "en" });
    const plans = await exchange(command(buyer, "/buy"), buyer);
    expect(plans.text).toContain("<b>Germany</b>");
    expect(plans.text).not.toContain("Two locations");
    expect(plans.buttons.map((b) => b.text).join("|")).not.toContain("Two locations");

    const catalog = await openCatalog();
    expect(catalog.text).toContain("1 plan");
    expect(catalog.text).toContain(
      "• <b>Two locations</b> (<code>multi</code>): needs PANEL_API_URL and PANEL_API_TOKEN",
    );

    proc.child.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
  }, 60_000);
});
