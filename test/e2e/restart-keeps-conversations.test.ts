import type { Update } from "grammy/types";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callback, command, FakeTelegram, postWebhook, textMessage, user } from "../fakes/telegram-api.js";
import { botEnv, germanyCatalog, writeCatalog } from "../helpers/bot-env.js";
import { conversationStates } from "../helpers/conversation-states.js";
import { type RunningProcess, startServingBot } from "../helpers/process.js";
import { testRedis } from "../helpers/redis.js";
import { freePort } from "../helpers/redis-global-setup.js";

// Sessions and conversations in progress live in Redis (the conversation sealed inside the
// chat's session): a restart of the bot between a question and its answer loses neither.
const TOKEN = "464646:E2E-restart-token-for-the-fake-api";
const SECRET = "restart-secret_token";
const telegram = new FakeTelegram({ token: TOKEN });
let redis: Redis;
let port = 0;
let hook = "";
let env: Record<string, string> = {};
let bot: RunningProcess | undefined;

async function start(): Promise<void> {
  bot = await startServingBot(env, telegram);
}

async function stop(): Promise<void> {
  bot?.child.kill("SIGTERM");
  expect(await bot?.exited).toBe(0);
}

beforeAll(async () => {
  await telegram.start();
  const catalogFile = writeCatalog("bot-e2e-restart-", germanyCatalog(1));
  redis = await testRedis();
  port = await freePort();
  hook = `http://127.0.0.1:${port}/telegram/hook-restart`;
  // The hosting side is never reached: ACCOUNT_API_URL stays botEnv's closed port.
  env = botEnv(
    { telegram, redis, catalogFile },
    { HTTP_PORT: String(port), BOT_MODE: "webhook", WEBHOOK_URL: hook, WEBHOOK_SECRET: SECRET },
  );
  await start();
}, 60_000);

afterAll(async () => {
  if (bot?.child.exitCode === null) bot.child.kill("SIGTERM");
  await bot?.exited;
  await Promise.all([telegram.stop(), redis.quit()]);
});

const deliver = (update: Update) => postWebhook(hook, update, SECRET);

describe("a restart between a question and its answer", () => {
  it("keeps the chat's language and the question: the answer typed after the restart is taken", async () => {
    const ann = user(9401, { first_name: "Ann", language_code: "en" });
    expect(await deliver(command(ann, "/language ru"))).toBe(200);
    expect(await deliver(command(ann, "/wallet"))).toBe(200);
    expect(await deliver(callback(ann, "wallet:custom:0"))).toBe(200);
    expect(await conversationStates(redis)).toEqual([`session:${ann.id}/${ann.id}`]);

    await stop();
    await start();

    const mark = telegram.calls.length;
    expect(await deliver(textMessage(ann, "1500"))).toBe(200);
    const invoices = telegram.calls.slice(mark).filter((c) => c.method === "sendInvoice");
    // Russian groups thousands with a no-break space.
    expect(invoices.map((c) => c.params.prices)).toEqual([[{ label: "1\u00a0500 ⭐", amount: 1500 }]]);
    // In the language chosen before the restart.
    expect(String(invoices[0]?.params.title)).toMatch(/[А-Яа-я]/);
    expect(await conversationStates(redis)).toEqual([]);
  }, 60_000);
});
