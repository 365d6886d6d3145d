import { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, startApp } from "../../src/app.js";
import { parseConfig } from "../../src/config.js";
import { MAINTENANCE_QUEUE } from "../../src/workers/maintenance.js";
import { QUEUE_PREFIX } from "../../src/workers/queues.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import {
  callback,
  command,
  FakeTelegram,
  preCheckout,
  successfulPayment,
  user,
} from "../fakes/telegram-api.js";
import { botEnv, germanyShop } from "../helpers/bot-env.js";
import { testRedis } from "../helpers/redis.js";
import { freePort } from "../helpers/redis-global-setup.js";
import { untilValue } from "../helpers/wait.js";

const TOKEN = "515151:metrics-scrape-token-for-the-fake-api";
const telegram = new FakeTelegram({ token: TOKEN });
const hosting = new FakeAccountApi();
let app: App | undefined;
let redis: Redis;
/** The operators' listener (METRICS_PORT), where /metrics is served. */
let metricsPort = 0;

/** The value of one series in a Prometheus text exposition (undefined when absent). */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

beforeAll(async () => {
  await telegram.start();
  await hosting.start();
  const { key, catalogFile } = germanyShop(hosting, "metrics-scrape-");
  // A database of its own in the run's Redis, as every test file gets.
  redis = await testRedis();
  metricsPort = await freePort();
  const config = parseConfig(
    botEnv(
      { telegram, redis, catalogFile },
      {
        ACCOUNT_API_URL: hosting.url,
        ACCOUNT_API_KEY: key,
        HTTP_PORT: "0",
        METRICS_PORT: String(metricsPort),
      },
    ),
  );
  app = await startApp(config);
});

afterAll(async () => {
  await app?.stop();
  await redis.quit();
  await telegram.stop();
  await hosting.stop();
});

describe("/metrics of the running app", () => {
  it("shows a purchase, a reminder, a 429, queue depths, orders in flight and Redis up", async () => {
    const ann = user(7001, { first_name: "Ann", language_code: "en" });
    // A 429 on the first reply: the bot waits it out and sends again.
    telegram.failNext("sendMessage", {
      error_code: 429,
      description: "Too Many Requests: retry after 1",
      parameters: { retry_after: 1 },
    });
    telegram.pushUpdate(command(ann, "/start"));
    await telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === ann.id, 10_000);

    telegram.pushUpdate(callback(ann, "buy:go:de"));
    const orderId = await untilValue(
      () => redis.zrange(`orders:customer:${ann.id}`, "0", "-1"),
      (ids) => ids.length === 1,
    ).then((ids) => ids[0] ?? "");
    telegram.pushUpdate(callback(ann, `ord:inv:${orderId}`));
    await telegram.waitFor("sendInvoice", 10_000);
    telegram.pushUpdate(preCheckout(ann, `o:${orderId}`, 150, "XTR"));
    telegram.pushUpdate(successfulPayment(ann, `o:${orderId}`, 150, "XTR", "charge-metrics-1"));
    await untilValue(
      () => redis.hget(`order:${orderId}`, "status"),
      (s) => s === "active",
      15_000,
    );

    // As if bought weeks ago and expiring in two days: due for its 3-day reminder.
    const [subId = ""] = await redis.zrange(`subs:customer:${ann.id}`, "0", "-1");
    const expiresAt = Date.now() + 2 * 86_400_000;
    await redis.hset(`sub:${subId}`, { createdAt: Date.now() - 28 * 86_400_000, expiresAt });
    await redis.zadd("subs:expiry", expiresAt, subId);
    const mark = telegram.calls.length;
    // The reminder task, run now rather than at its next minute.
    const maintenance = new Queue(MAINTENANCE_QUEUE, { connection: redis, prefix: QUEUE_PREFIX });
    await maintenance.add("reminders", {});
    await maintenance.close();
    const reminder = await telegram.waitFor(
      (c) => c.method === "sendMessage" && c.chatId === ann.id,
      15_000,
      mark,
    );
    expect(String(reminder.params.text)).toContain("Germany");

    // The task counts its reminders once it has queued them all, which can be after the
    // outbox has already sent this one, and the order worker counts its job after the order is
    // active: read the metrics once both have.
    const text = await untilValue(
      async () => {
        const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
        expect(res.status).toBe(200);
        return res.text();
      },
      (body) =>
        sample(body, 'reminders_sent_total{threshold="3d"}') !== undefined &&
        sample(body, 'worker_jobs_total{queue="orders",outcome="active"}') !== undefined,
      10_000,
    );
    expect(sample(text, 'telegram_429_total{method="sendMessage"}')).toBe(1);
    expect(sample(text, 'shop_payments_total{currency="XTR"}')).toBe(1);
    expect(sample(text, 'shop_payment_amount_total{currency="XTR"}')).toBe(150);
    expect(sample(text, 'reminders_sent_total{threshold="3d"}')).toBe(1);
    expect(sample(text, 'worker_jobs_total{queue="orders",outcome="active"}')).toBe(1);
    expect(sample(text, 'shop_orders{state="in_flight"}')).toBe(0);
    expect(sample(text, 'shop_orders{state="failed"}')).toBe(0);
    expect(sample(text, "shop_order_oldest_in_flight_seconds")).toBe(0);
    expect(sample(text, "redis_up")).toBe(1);
    for (const queue of ["orders", "outbox", "broadcast", "maintenance"]) {
      for (const state of ["waiting", "prioritized", "delayed", "active", "failed"]) {
        expect(sample(text, `queue_jobs{queue="${queue}",state="${state}"}`)).toBeGreaterThanOrEqual(0);
      }
      expect(sample(text, `queue_oldest_waiting_seconds{queue="${queue}"}`)).toBeGreaterThanOrEqual(0);
    }
    expect(text).toMatch(
      /hosting_api_calls_total\{api="account",endpoint="POST [^"]+",status="2\d\d"\} [1-9]/,
    );
    expect(text).toMatch(
      /hosting_api_call_duration_seconds_bucket\{le="[^"]+",api="account",endpoint="[^"]+"\} /,
    );
  });
});
