import type { Server } from "node:http";
import { sign } from "@telegram-apps/init-data-node";
import { createI18n } from "../../src/bot/i18n.js";
import type { WebappGuardConfig } from "../../src/config.js";
import { createHttpServer, listen } from "../../src/http/server.js";
import { createWebapp, type WebappHandler } from "../../src/webapp/index.js";
import { createTestBot, TEST_TOKEN, type TestBot, type TestBotOptions } from "../helpers/bot-harness.js";

/**
 * A test bot (real Redis, fake Bot API) with the cabinet mounted on a real HTTP server. Outside
 * payment rails (`rails`, e.g. MemoryRail) and PAYMENT_PROVIDER_TOKEN reach the cabinet as they
 * reach the bot (TestBotOptions).
 */
export interface WebappHarness {
  t: TestBot;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Signed initData of `user` (by default signed now by the test clock, with the test bot's token). */
  initData(user: InitUser, opts?: { authDate?: number; token?: string }): string;
  /** A request to the cabinet's API as `user` (or with `auth` as the whole Authorization header). */
  api(path: string, as: InitUser | { auth: string | undefined }, init?: RequestInit): Promise<Response>;
  /** Another cabinet server on the same bot and Redis (a second replica); closed with the harness. */
  replica(): Promise<string>;
  close(): Promise<void>;
}

export interface WebappHarnessOptions extends TestBotOptions {
  /** WEBAPP_INIT_DATA_MAX_AGE (default 3600 here). */
  initDataMaxAge?: number;
  /** Sessions and request budgets (the shipped defaults when unset). */
  guard?: Partial<WebappGuardConfig>;
}

export interface InitUser {
  id: number;
  first_name?: string;
  language_code?: string;
}

export async function createWebappHarness(options: WebappHarnessOptions = {}): Promise<WebappHarness> {
  const t = await createTestBot(options);
  const servers: Server[] = [];
  const mount = async (): Promise<string> => {
    const server = serve(t, cabinetOf(t, options));
    servers.push(server);
    const address = await listen(server, "127.0.0.1", 0);
    return `http://127.0.0.1:${address.port}`;
  };
  const base = await mount();
  const initData: WebappHarness["initData"] = (user, opts = {}) =>
    sign(
      { user: { first_name: `User${user.id}`, language_code: "en", ...user } },
      opts.token ?? TEST_TOKEN,
      new Date(opts.authDate ?? t.deps.clock.now()),
    );
  return {
    t,
    base,
    initData,
    api: (path, as, init = {}) => {
      const auth = "auth" in as ? as.auth : `tma ${initData(as)}`;
      const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
      if (auth !== undefined) headers.authorization = auth;
      if (init.body !== undefined) headers["content-type"] ??= "application/json";
      return fetch(`${base}${path}`, { ...init, headers });
    },
    replica: mount,
    close: async () => {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      await t.close();
    },
  };
}

function cabinetOf(t: TestBot, options: WebappHarnessOptions): WebappHandler {
  return createWebapp({
    botToken: TEST_TOKEN,
    botUsername: t.telegram.botInfo.username,
    supportContact: options.supportContact,
    initDataMaxAge: options.initDataMaxAge ?? 3600,
    redis: t.redis,
    ...(options.guard ? { guard: options.guard } : {}),
    catalog: t.deps.catalog,
    staff: t.deps.staff,
    books: t.deps.books,
    provisioning: t.deps.provisioning,
    fleet: t.deps.fleet,
    sales: t.deps.sales,
    terms: t.deps.terms,
    settlement: t.deps.settlement,
    drift: t.deps.drift,
    backoffice: t.deps.backoffice,
    clock: t.deps.clock,
    logger: t.deps.logger,
    i18n: createI18n("en"),
    defaultLocale: "en",
    paymentProviderToken: options.paymentProviderToken,
    api: t.bot.api,
  });
}

function serve(t: TestBot, webapp: WebappHandler): Server {
  return createHttpServer({
    logger: t.deps.logger,
    healthy: async () => true,
    webapp,
  });
}
