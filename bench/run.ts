/**
 * Benchmarks that print figures (never assertions): the money path in Redis, update handling
 * in the bot, and the hot pure helpers. Run with `npm run bench`; it starts its own
 * redis-server on a free loopback port and touches nothing else.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { z } from "zod";
import { createBot } from "../src/bot/create-bot.js";
import { Orders, Subscriptions, Wallet } from "../src/domain/books/index.js";
import { CatalogStore } from "../src/domain/catalog/index.js";
import { AccountKeyStore } from "../src/domain/fleet/index.js";
import { createShopServices } from "../src/domain/index.js";
import { Checkout } from "../src/domain/sales/index.js";
import { createHostingClients } from "../src/hosting/index.js";
import { Metrics } from "../src/http/metrics.js";
import { callbackCodec, cbId } from "../src/render/callback-data.js";
import { ManualClock } from "../src/runtime/clock.js";
import { createLogger } from "../src/runtime/logger.js";
import { SecretBox } from "../src/store/secret-box.js";
import { command, FakeTelegram, user } from "../test/fakes/telegram-api.js";
import { startRedis } from "../test/helpers/local-redis.js";

async function measure(
  name: string,
  ops: number,
  fn: () => Promise<void>,
  extra?: () => string,
): Promise<void> {
  const start = process.hrtime.bigint();
  await fn();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const rate = Math.round(ops / seconds);
  process.stdout.write(
    `${name.padEnd(68)} ${String(ops).padStart(7)} ops  ${seconds.toFixed(3)} s  ${rate} ops/s${extra ? `  ${extra()}` : ""}\n`,
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bot-bench-"));
  const server = await startRedis(dir);
  const redis = new Redis(server.url, { maxRetriesPerRequest: 3 });
  const clock = new ManualClock(Date.now());
  try {
    const wallet = new Wallet(redis, clock, "XTR");
    const orders = new Orders(redis, clock);
    const checkout = new Checkout(redis, wallet, clock);

    const N = 2_000;
    await measure("wallet credit (Lua, with ledger entry)", N, async () => {
      for (let i = 0; i < N; i++)
        await wallet.credit(1 + (i % 100), 1_000, `bench:c:${i}`, { kind: "topup" });
    });
    const created = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        orders.create({
          kind: "purchase",
          customerId: 1 + (i % 100),
          planId: "p",
          price: 10,
          currency: "XTR",
          locale: "en",
        }),
      ),
    );
    await measure("pay order from wallet, 50 at a time", N, async () => {
      for (let i = 0; i < N; i += 50)
        await Promise.all(created.slice(i, i + 50).map((o) => checkout.payFromWallet(o)));
    });
    const first = created[0];
    if (first) {
      await measure("pay the same order again (idempotent no-op)", N, async () => {
        for (let i = 0; i < N; i++) await checkout.payFromWallet(first);
      });
    }

    const subs = new Subscriptions(redis, clock);
    const pipeline = redis.pipeline();
    for (let i = 0; i < 100_000; i++)
      pipeline.zadd("subs:expiry", clock.now() + (10 + (i % 300)) * 86_400_000, `sb${i}`);
    pipeline.zadd("subs:expiry", clock.now() + 3_600_000, "sb-due");
    await pipeline.exec();
    await measure("find due expiries among 100 000 subscriptions", 1_000, async () => {
      for (let i = 0; i < 1_000; i++) await subs.expiringBetween(clock.now(), clock.now() + 3 * 86_400_000);
    });

    const codec = callbackCodec("a.bench", { id: cbId, act: z.enum(["card", "list"]) });
    await measure("callback data pack + unpack", 100_000, async () => {
      for (let i = 0; i < 100_000; i++) codec.unpack(codec.pack({ id: 1 + i, act: "card" }));
    });

    const telegram = new FakeTelegram({ token: "1:bench-token-for-the-fake-bot-api-xx" });
    const logger = createLogger("silent");
    const hosting = createHostingClients(
      { account: { url: "http://127.0.0.1:9", apiKey: undefined }, panel: undefined, node: undefined },
      async () => undefined,
    );
    const box = new SecretBox(Buffer.alloc(32, 1));
    const catalog = new CatalogStore(
      { currency: "XTR", trial: undefined, plans: [] },
      "bench",
      redis,
      logger,
    );
    const bot = createBot({
      token: telegram.token,
      redis,
      box,
      botInfo: telegram.botInfo,
      client: { fetch: telegram.fetch as never },
      deps: {
        config: { adminIds: [], defaultLocale: "en", paymentProviderToken: undefined },
        logger,
        metrics: new Metrics(),
        clock,
        catalogFile: catalog,
        ...createShopServices({
          redis,
          clock,
          catalog: catalog.get,
          hosting,
          logger,
          accountKey: new AccountKeyStore(redis, box, undefined),
          jobs: { enqueueOrder: async () => undefined, enqueueTermChange: async () => undefined },
        }),
      },
    });
    const latencies: number[] = [];
    const U = 2_000;
    await measure(
      "/start through the whole bot (session in Redis), 20 chats at a time",
      U,
      async () => {
        for (let i = 0; i < U; i += 20) {
          await Promise.all(
            Array.from({ length: 20 }, async (_, j) => {
              const t0 = performance.now();
              await bot.handleUpdate(
                command(user(10_000 + ((i + j) % 500), { language_code: "en" }), "/start"),
              );
              latencies.push(performance.now() - t0);
            }),
          );
        }
      },
      () => {
        const sorted = [...latencies].sort((a, b) => a - b);
        return `p50 ${percentile(sorted, 50).toFixed(2)} ms  p95 ${percentile(sorted, 95).toFixed(2)} ms`;
      },
    );
  } finally {
    await redis.quit();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
