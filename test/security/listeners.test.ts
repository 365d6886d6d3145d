import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, startApp } from "../../src/app.js";
import { ConfigError, parseConfig } from "../../src/config.js";
import { FakeTelegram } from "../fakes/telegram-api.js";
import { botEnv, NODE_CATALOG, writeCatalog } from "../helpers/bot-env.js";
import { BASE_ENV } from "../helpers/config-env.js";
import { startBuiltBot } from "../helpers/process.js";
import { testRedis } from "../helpers/redis.js";
import { freePort } from "../helpers/redis-global-setup.js";

// Issue 23, finding 2: /metrics (the shop's revenue counters among them) was served without
// credentials on the listener the Mini App makes public. The public listener now serves only
// /healthz, /app/... and the webhook path; /metrics lives on the operators' listener
// (METRICS_HOST:METRICS_PORT), in every role, and the two are never one.

const TOKEN = "626262:listeners-attack-token-for-the-fake";
const SECRET = "listeners-hook-secret";
const HOOK = "/telegram/hook-5c1d";
const telegram = new FakeTelegram({ token: TOKEN });
const apps: App[] = [];
const redises: Redis[] = [];

interface Listeners {
  public: string;
  operators: string;
}

/** The app in-process (webhook mode, the cabinet mounted) with both listeners on free ports. */
async function startShop(extra: Record<string, string> = {}): Promise<Listeners> {
  const redis = await testRedis();
  redises.push(redis);
  const [httpPort, metricsPort] = [await freePort(), await freePort()];
  const env = botEnv(
    { telegram, redis, catalogFile: writeCatalog("listeners-", NODE_CATALOG) },
    {
      HTTP_PORT: String(httpPort),
      METRICS_PORT: String(metricsPort),
      BOT_MODE: "webhook",
      WEBHOOK_URL: `http://127.0.0.1:${httpPort}${HOOK}`,
      WEBHOOK_SECRET: SECRET,
      LOG_LEVEL: "silent",
      ...extra,
    },
  );
  apps.push(await startApp(parseConfig(env)));
  return { public: `http://127.0.0.1:${httpPort}`, operators: `http://127.0.0.1:${metricsPort}` };
}

/** Status and body of one request, or the network error's code when nothing answers. */
async function probe(url: string, method = "GET"): Promise<{ status: number | string; body: string }> {
  try {
    const res = await fetch(url, { method, redirect: "manual" });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    return { status: cause?.code ?? String(err), body: "" };
  }
}

/** What a Prometheus exposition of this bot always holds, even before the first sale. */
const LOOKS_LIKE_METRICS = /# TYPE shop_payment_amount_total counter|# HELP /;

let bot: Listeners;

beforeAll(async () => {
  await telegram.start();
  bot = await startShop();
});

afterAll(async () => {
  for (const app of apps) await app.stop();
  for (const redis of redises) await redis.quit();
  await telegram.stop();
});

describe("the public listener", () => {
  it("answers 404 to /metrics, however it is spelled, and to every path but /healthz, /app/ and the webhook", async () => {
    const refused: [string, string][] = [
      ["GET", "/metrics"],
      ["HEAD", "/metrics"],
      ["POST", "/metrics"],
      ["GET", "/metrics?format=text"],
      ["GET", "/metrics/"],
      ["GET", "//metrics"],
      ["GET", "/Metrics"],
      ["GET", "/healthz/../metrics"],
      ["GET", "/"],
      ["GET", "/.env"],
      ["GET", "/admin"],
      ["GET", "/debug/pprof"],
      ["GET", "/payments/yookassa"],
      ["GET", `${HOOK}/x`],
      ["GET", "/telegram"],
    ];
    const answers = await Promise.all(
      refused.map(
        async ([method, path]) => `${method} ${path} ${(await probe(bot.public + path, method)).status}`,
      ),
    );
    expect(answers).toEqual(refused.map(([method, path]) => `${method} ${path} 404`));

    // A path the cabinet resolves (URL normalisation) never reaches the metrics either.
    const dotted = await probe(`${bot.public}/app/../metrics`);
    expect(dotted.status).not.toBe(200);
    expect(dotted.body).not.toMatch(LOOKS_LIKE_METRICS);

    // What it does serve.
    expect((await probe(`${bot.public}/healthz`)).status).toBe(200);
    expect((await probe(`${bot.public}/app/`)).status).toBe(200);
    expect((await probe(bot.public + HOOK, "POST")).status).toBe(401); // no secret token
  });
});

describe("the operators' listener", () => {
  it("serves /metrics and /healthz, and nothing of the public server", async () => {
    const metrics = await fetch(`${bot.operators}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await metrics.text()).toMatch(/^# TYPE shop_payment_amount_total counter$/m);
    expect((await probe(`${bot.operators}/healthz`)).status).toBe(200);
    for (const [method, path] of [
      ["GET", "/app/"],
      ["POST", HOOK],
      ["POST", "/metrics"],
      ["GET", "/"],
    ] as const) {
      expect(`${method} ${path} ${(await probe(bot.operators + path, method)).status}`).toBe(
        `${method} ${path} 404`,
      );
    }
  });

  it("is served by a worker process too (ROLE=worker), whose public listener has no /metrics", async () => {
    const worker = await startShop({ ROLE: "worker", BOT_MODE: "polling" });
    expect((await probe(`${worker.operators}/metrics`)).body).toMatch(/^redis_up 1$/m);
    expect((await probe(`${worker.public}/metrics`)).status).toBe(404);
    expect((await probe(`${worker.public}/healthz`)).status).toBe(200);
  });

  it("is on loopback port 9091 unless METRICS_HOST / METRICS_PORT say otherwise", () => {
    expect(parseConfig(BASE_ENV).metrics).toEqual({ host: "127.0.0.1", port: 9091 });
    const set = parseConfig({ ...BASE_ENV, METRICS_HOST: "10.0.0.5", METRICS_PORT: "9100" });
    expect(set.metrics).toEqual({ host: "10.0.0.5", port: 9100 });
  });
});

describe("a configuration putting /metrics on the public listener", () => {
  const refusal = (env: Record<string, string | undefined>) => {
    try {
      parseConfig({ ...BASE_ENV, ...env });
    } catch (err) {
      return err instanceof ConfigError ? err.message : `not a ConfigError: ${String(err)}`;
    }
    return "accepted";
  };

  it("is refused with one line: the same port on the same host, or on a wildcard address", () => {
    for (const env of [
      { HTTP_PORT: "8080", METRICS_PORT: "8080" },
      { HTTP_PORT: "9091" },
      { HTTP_HOST: "0.0.0.0", METRICS_HOST: "127.0.0.1", HTTP_PORT: "7000", METRICS_PORT: "7000" },
      { HTTP_HOST: "10.0.0.5", METRICS_HOST: "::", HTTP_PORT: "7000", METRICS_PORT: "7000" },
    ]) {
      expect(refusal(env), JSON.stringify(env)).toMatch(
        /^METRICS_PORT must differ from HTTP_PORT \(\d+\)[^\n]*$/,
      );
    }
    // Distinct listeners are fine: other ports, two addresses of their own, or any free port each.
    expect(refusal({ HTTP_PORT: "8080", METRICS_PORT: "9091" })).toBe("accepted");
    expect(
      refusal({ HTTP_HOST: "10.0.0.5", METRICS_HOST: "127.0.0.1", HTTP_PORT: "7000", METRICS_PORT: "7000" }),
    ).toBe("accepted");
    expect(refusal({ HTTP_PORT: "0", METRICS_PORT: "0" })).toBe("accepted");
  });

  it("stops the process at start with that line and nothing else", async () => {
    const port = String(await freePort());
    const proc = startBuiltBot(
      botEnv(
        { telegram, redis: "redis://127.0.0.1:1", catalogFile: writeCatalog("listeners-", NODE_CATALOG) },
        { HTTP_PORT: port, METRICS_PORT: port },
      ),
    );
    expect(await proc.exited).toBe(1);
    expect(proc.stderr().trim().split("\n")).toEqual([
      `Configuration error: METRICS_PORT must differ from HTTP_PORT (${port}): /metrics is for operators and is never served on the public listener`,
    ]);
  });
});
