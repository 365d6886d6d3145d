/**
 * `npm run demo`: the bot against local sandboxes of the hosting APIs and a local Telegram Bot API
 * stand-in, chatted with from the terminal. Everything listens on 127.0.0.1 and lives until /quit.
 *
 * With a terminal, each typed line is one message to the bot. Without one (stdin piped), lines are read
 * from stdin, each sent once the bot has been quiet for a moment, and the demo exits 0 at the end.
 * DEMO_LANG (en, ru, uk or fa) is the demo user's Telegram language.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { clearLine, createInterface, cursorTo, type Interface } from "node:readline";
import { sign } from "@telegram-apps/init-data-node";
import { Redis } from "ioredis";
import { startApp } from "../src/app.js";
import { parseConfig } from "../src/config.js";
import { AccountKeyStore } from "../src/domain/fleet/index.js";
import { SecretBox } from "../src/store/secret-box.js";
import { FakeTelegram, user } from "../test/fakes/telegram-api.js";
import { freePort, MissingRedisError, startRedis } from "../test/helpers/local-redis.js";
import { CHAT_HELP, Chat } from "./chat.js";
import { startRailSandboxes } from "./rail-sandboxes.js";
import { makeStyle } from "./render.js";
import { DEMO_BALANCE, DEMO_LOGIN, DEMO_PASSWORD, startSandboxes, writeDemoCatalog } from "./sandboxes.js";
import { TelegramTap } from "./tap.js";

const BOT_TOKEN = "777000:DEMO-token-of-the-local-bot-api-stand-in";
const ME_ID = 1000;
/** The second customer (`#as 2`): not an admin, for a gift claim or an invite tried by someone else. */
const FRIEND_ID = 1001;
/** Shown in /help and wherever customers are sent to support. */
const DEMO_SUPPORT = "@demo_shop_support";
/** The bot's buttons name this address; the demo chat opens the local cabinet instead. */
const DEMO_WEBAPP_URL = "https://shop.demo.test";

/**
 * The customer cabinet's address for the demo customer: the page reads Telegram's initData from
 * the `#tgWebAppData=` fragment (as Telegram passes it), signed here with the demo bot's token.
 */
function cabinetLink(port: number, who: ReturnType<typeof user>): string {
  const initData = sign({ user: who }, BOT_TOKEN, new Date());
  return `http://127.0.0.1:${port}/app/#tgWebAppData=${encodeURIComponent(initData)}`;
}
/** Without a terminal: how long the bot must be quiet before the next line is sent. */
const QUIET_MS = 300;

type Cleanup = () => Promise<unknown>;

async function run(): Promise<number> {
  const tty = Boolean(process.stdin.isTTY);
  const style = makeStyle(Boolean(process.stdout.isTTY) && !process.env.NO_COLOR);
  const language = process.env.DEMO_LANG?.trim() || "en";
  const me = user(ME_ID, { first_name: "Demo", username: "demo_user", language_code: language });
  const friend = user(FRIEND_ID, { first_name: "Alex", username: "alex_demo", language_code: language });
  // DEMO_CURRENCY=USD (or another fiat code): prices in it, paid by provider invoices.
  const currency = process.env.DEMO_CURRENCY?.trim().toUpperCase() || "XTR";

  let rl: Interface | undefined;
  const print = (text: string) => {
    if (rl && tty) {
      clearLine(process.stdout, 0);
      cursorTo(process.stdout, 0);
      process.stdout.write(`${text}\n`);
      rl.prompt(true);
    } else {
      process.stdout.write(`${text}\n`);
    }
  };

  const cleanups: Cleanup[] = [];
  const cleanup = async () => {
    for (const close of cleanups.reverse()) {
      await close().catch((err: unknown) => process.stderr.write(`demo: while stopping: ${message(err)}\n`));
    }
    cleanups.length = 0;
  };

  // Files the bot uploads (QR codes, configs) are kept after the demo ends, in a folder made
  // when the first one arrives.
  let filesDir: string | undefined;
  const saveFile = (name: string, data: Buffer): string | undefined => {
    try {
      filesDir ??= mkdtempSync(join(tmpdir(), "vpn-bot-demo-files-"));
      const path = join(filesDir, name);
      writeFileSync(path, data);
      return path;
    } catch {
      return undefined;
    }
  };

  let tap: TelegramTap;
  let chat: Chat;
  let banner: string[];
  try {
    const dir = mkdtempSync(join(tmpdir(), "vpn-bot-demo-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));

    const redis = await startRedis(dir);
    process.once("exit", redis.kill);
    cleanups.push(redis.stop);

    const hosting = await startSandboxes();
    cleanups.push(hosting.stop);
    const catalogFile = await writeDemoCatalog(dir, currency);
    // A fiat shop also takes CryptoBot and (in roubles) YooKassa, on their local fakes.
    const railBoxes = await startRailSandboxes(currency);
    cleanups.push(railBoxes.stop);

    const telegram = await new FakeTelegram({
      token: BOT_TOKEN,
      botInfo: { first_name: "VPN Shop (demo)", username: "vpn_shop_demo_bot" },
    }).start();
    cleanups.push(() => telegram.stop());
    const httpPort = await freePort();
    chat = new Chat({
      telegram,
      people: [me, friend],
      cabinet: (who) => cabinetLink(httpPort, who),
      style,
      print,
      saveFile,
      rails: railBoxes.rails(`http://127.0.0.1:${httpPort}`),
    });
    const toChat = chat;
    tap = await new TelegramTap(telegram.apiRoot, (call) => toChat.onCall(call)).start();
    cleanups.push(() => tap.stop());

    // The account is linked as an admin would in chat (not fixed by ACCOUNT_API_KEY), so /login
    // can link it again through the sandbox's login, password and TOTP code.
    const secretKey = randomBytes(32).toString("base64");
    await linkDemoAccount(redis.url, secretKey, hosting.accountKey);

    const metricsPort = await freePort();
    const config = parseConfig({
      BOT_TOKEN,
      BOT_API_ROOT: tap.apiRoot,
      REDIS_URL: redis.url,
      ADMIN_IDS: String(ME_ID),
      SECRET_KEY: secretKey,
      ACCOUNT_API_URL: hosting.account.url,
      PANEL_API_URL: hosting.panel.url,
      PANEL_API_TOKEN: hosting.panel.token,
      NODE_API_URL: hosting.node.url,
      NODE_API_TOKEN: hosting.node.token,
      NODE_API_CERT_SHA256: hosting.nodeCertSha256,
      CATALOG_FILE: catalogFile,
      HTTP_HOST: "127.0.0.1",
      HTTP_PORT: String(httpPort),
      METRICS_HOST: "127.0.0.1",
      METRICS_PORT: String(metricsPort),
      DEFAULT_LOCALE: "en",
      SUPPORT_CONTACT: DEMO_SUPPORT,
      WEBAPP_URL: DEMO_WEBAPP_URL,
      // A provider's test token: with a fiat catalog, invoices go through "the provider" (simulated).
      ...(currency === "XTR" ? {} : { PAYMENT_PROVIDER_TOKEN: "284685063:TEST:demo-provider" }),
      ...railBoxes.env,
      LOG_LEVEL: "warn",
      // The cabinet link below carries initData signed now: it stays good for a day.
      WEBAPP_INIT_DATA_MAX_AGE: "86400",
    });
    const app = await startApp(config, { logDestination: process.stderr });
    cleanups.push(() => app.stop());

    const row = (what: string, where: string, note: string) =>
      `  ${what.padEnd(27)}${where.padEnd(32)}${note}`;
    banner = [
      style.bold("VPN reseller bot: demo"),
      "Everything runs on this machine, on 127.0.0.1, with no credentials:",
      row("Telegram Bot API stand-in", tap.apiRoot, "the bot long-polls it"),
      row(
        "Account API sandbox",
        hosting.account.url,
        `login ${DEMO_LOGIN} / ${DEMO_PASSWORD}, TOTP code ${hosting.totpCode} (for /login), balance ${DEMO_BALANCE}, servers 101, 102 (xui), 103 (remnanode)`,
      ),
      row("Panel API sandbox", hosting.panel.url, "locations main and 2"),
      row("Node API sandbox", hosting.node.url, "HTTPS, self-signed certificate pinned by fingerprint"),
      ...(railBoxes.env.CRYPTOPAY_API_URL
        ? [
            row(
              "CryptoBot sandbox",
              railBoxes.env.CRYPTOPAY_API_URL,
              "Crypto Pay API; #pay pays its invoice, then its signed webhook",
            ),
          ]
        : []),
      ...(railBoxes.env.YOOKASSA_API_URL
        ? [
            row(
              "YooKassa sandbox",
              railBoxes.env.YOOKASSA_API_URL,
              "#pay pays the payment, then its notification",
            ),
          ]
        : []),
      row("Redis", redis.url, "throw-away, no persistence"),
      row("bot's public server", `http://127.0.0.1:${httpPort}`, "/healthz, the cabinet under /app/"),
      row("operators' listener", `http://127.0.0.1:${metricsPort}`, "/metrics, /healthz"),
      `Your cabinet (the Mini App) in a browser, signed in as you for a day: ${cabinetLink(httpPort, me)}`,
      `You are Demo (Telegram id ${ME_ID}, language ${language}; DEMO_LANG=en, ru, uk or fa sets it), an admin of the shop. Catalog: ${catalogFile}`,
      `#as 2 makes you Alex (id ${FRIEND_ID}), a customer: claim a gift link or follow an invite link (referrals: 10 %, 3 bonus days). #as 1 is Demo again.`,
      currency === "XTR"
        ? "Prices in Telegram Stars; DEMO_CURRENCY=USD (or RUB, with YooKassa too) shows provider invoices and the payment rails instead."
        : `Prices in ${currency}, paid by provider invoices (a test provider token; #pay simulates the card payment) or on the payment rails' sandboxes (#pay after their button pays there).`,
      `Support contact: ${DEMO_SUPPORT}. The bot's cabinet buttons open the local cabinet (its link is printed when pressed).`,
      "QR codes and other files the bot sends are saved as files; their paths are printed.",
      ...CHAT_HELP,
      "",
    ];
  } catch (err) {
    await cleanup();
    const why = err instanceof MissingRedisError ? err.message : `cannot start: ${message(err)}`;
    process.stderr.write(`demo: ${why}\n`);
    return 1;
  }

  print(style.dim(banner.join("\n")));
  // scripts/start's "what next" line goes last, below the banner, where it stays in sight.
  if (process.env.START_NEXT) print(process.env.START_NEXT);
  rl = createInterface({
    input: process.stdin,
    ...(tty ? { output: process.stdout, terminal: true, prompt: style.user("you › ") } : { terminal: false }),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  const reader = rl;
  reader.on("SIGINT", () => reader.close());
  const onSignal = () => reader.close();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  try {
    if (tty) reader.prompt();
    for await (const line of reader) {
      if (!tty && line.trim() !== "") print(style.user(`you › ${line.trim()}`));
      const before = tap.callsDone;
      const result = await chat.input(line);
      if (result === "quit") break;
      if (tty) {
        reader.prompt();
      } else if (result) {
        await tap.fetched(result.pushed, 10_000);
        await tap.answered(before, 10_000);
        await tap.quiet(QUIET_MS, 15_000);
      }
    }
    if (!tty) await tap.quiet(QUIET_MS, 5_000);
  } finally {
    reader.close();
    rl = undefined;
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    if (tty) {
      clearLine(process.stdout, 0);
      cursorTo(process.stdout, 0);
      print(style.dim("stopping..."));
    }
    // Whatever happens, leave within 10 s.
    setTimeout(() => {
      process.stderr.write("demo: stopping took too long\n");
      process.exit(1);
    }, 10_000).unref();
    await cleanup();
  }
  return 0;
}

/** Stores the demo account's key as linked in chat (sealed with SECRET_KEY), before the bot starts. */
async function linkDemoAccount(redisUrl: string, secretKey: string, key: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true });
  try {
    await redis.connect();
    const store = new AccountKeyStore(redis, new SecretBox(Buffer.from(secretKey, "base64")), undefined);
    await store.save(key, ME_ID, Date.now());
  } finally {
    redis.disconnect();
  }
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

run().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`demo: ${message(err)}\n`);
    process.exit(1);
  },
);
