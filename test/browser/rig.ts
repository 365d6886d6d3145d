import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Api } from "grammy";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { createI18n } from "../../src/bot/i18n.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import type { Rail } from "../../src/rails/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { projectRoot } from "../../src/runtime/paths.js";
import { Notifier } from "../../src/workers/notifier.js";
import { type OrderWorker, startOrderWorker } from "../../src/workers/order-worker.js";
import { OrderQueue } from "../../src/workers/queues.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { TEST_TOKEN } from "../helpers/bot-harness.js";
import { type ShopAccount, startShopAccount, xuiShopCatalog } from "../helpers/sales-rig.js";
import { createWebappHarness, type WebappHarness } from "../webapp/harness.js";

/**
 * The cabinet in a real headless Chromium (Debian's `chromium`, installed by .ci/run) at phone
 * size, served by the bot's HTTP server over a shop selling on the fake Account API, with a real
 * BullMQ order worker: what a customer buys in the page is provisioned and lands in the page.
 * Telegram's `window.Telegram.WebApp` is a stub that records what the page asks of it (the main
 * and back buttons, haptics, invoices, links opened). Waits are on what the page shows, never on
 * time.
 */

export const ARTIFACTS = join(projectRoot(), "test-artifacts");
export const PHONE = { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

export const THEMES = {
  light: {
    bg_color: "#ffffff",
    text_color: "#000000",
    hint_color: "#999999",
    link_color: "#2481cc",
    button_color: "#2481cc",
    button_text_color: "#ffffff",
    secondary_bg_color: "#efeff3",
  },
  dark: {
    bg_color: "#1f2933",
    text_color: "#f5f7fa",
    hint_color: "#9aa5b1",
    link_color: "#7cc4fa",
    button_color: "#3ea6ff",
    button_text_color: "#0b1b2b",
    secondary_bg_color: "#323f4b",
  },
} as const;
export type Theme = keyof typeof THEMES;

export interface CabinetRig {
  h: WebappHarness;
  account: ShopAccount;
  /** The fake Account API the shop sells on (its clients' state), and the shop's clock. */
  fake: FakeAccountApi;
  clock: ManualClock;
  browser: Browser;
  /** A new phone-sized page signed in as `user`, in `theme`; `intercept` may answer API calls itself. */
  open(user: PageUser, options?: PageOptions): Promise<CabinetPage>;
  close(): Promise<void>;
}

export interface PageUser {
  id: number;
  first_name: string;
  language_code: string;
}

export interface PageOptions {
  theme?: Theme;
  /** Answers a request to the bot's server (path under /app/) itself, or undefined to let it through. */
  intercept?: (
    path: string,
    method: string,
  ) => Promise<{ status: number; body: unknown } | undefined> | undefined;
  /** Rewrites the JSON the bot's server answered (path under /app/). */
  rewrite?: (path: string, body: unknown) => unknown;
  /** Do not wait for the page to be ready. */
  noWait?: boolean;
  /** What to open under the server (default `/app/`), e.g. `/app/?page=runway`. */
  path?: string;
}

export interface CabinetPage {
  page: Page;
  errors: string[];
  /** Clicks the first button (in `scope`) whose text starts with `text`. */
  press(text: string, scope?: string): Promise<void>;
  /** Waits until `expression` (page-side JavaScript) is truthy. */
  until(expression: string): Promise<void>;
  text(selector: string): Promise<string>;
  /** What the stub recorded: main button, back button, haptics, invoices, links. */
  telegram(): Promise<TelegramRecord>;
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface TelegramRecord {
  main: { text: string; visible: boolean };
  back: { visible: boolean };
  haptics: string[];
  invoices: string[];
  /** Every link opened (openLink and openTelegramLink). */
  links: string[];
  /** The links opened with openLink (a rail's payment page outside Telegram). */
  openLinks: string[];
}

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync("sh", ["-c", "command -v chromium"], { encoding: "utf8" }).trim();
  } catch {
    throw new Error("chromium is not installed: apt-get install -y chromium (.ci/run does it)");
  }
}

/** What Telegram's web-app script would provide, recording what the page asks of it. */
function telegramStub(initData: string, user: PageUser, theme: Theme): string {
  return `
    window.__tg = { main: { text: "", visible: false, fn: null }, back: { visible: false, fn: null },
      haptics: [], invoices: [], links: [], openLinks: [], themeHandlers: [] };
    const rec = window.__tg;
    window.Telegram = { WebApp: {
      initData: ${JSON.stringify(initData)},
      initDataUnsafe: { user: ${JSON.stringify(user)} },
      themeParams: ${JSON.stringify(THEMES[theme])},
      colorScheme: ${JSON.stringify(theme)},
      ready() {}, expand() {}, setHeaderColor() {},
      onEvent(name, fn) { if (name === "themeChanged") rec.themeHandlers.push(fn); },
      openLink(url) { rec.links.push(url); rec.openLinks.push(url); },
      openTelegramLink(url) { rec.links.push(url); },
      openInvoice(link, done) { rec.invoices.push(link); window.__invoiceDone = done; },
      MainButton: {
        text: "",
        setText(text) { this.text = text; rec.main.text = text; },
        show() { rec.main.visible = true; }, hide() { rec.main.visible = false; },
        enable() {}, disable() {},
        onClick(fn) { rec.main.fn = fn; }, offClick(fn) { if (rec.main.fn === fn) rec.main.fn = null; },
      },
      BackButton: {
        show() { rec.back.visible = true; }, hide() { rec.back.visible = false; },
        onClick(fn) { rec.back.fn = fn; }, offClick(fn) { if (rec.back.fn === fn) rec.back.fn = null; },
      },
      HapticFeedback: { notificationOccurred(kind) { rec.haptics.push(kind); } },
    } };`;
}

export interface RigOptions {
  catalog?: (account: ShopAccount) => Catalog;
  supportContact?: string;
  /** Outside payment rails (e.g. MemoryRail) the shop and the cabinet offer. */
  rails?: readonly Rail[];
  /** PAYMENT_PROVIDER_TOKEN (none: a fiat shop has no Telegram invoice). */
  paymentProviderToken?: string;
}

export async function startCabinetRig(options: RigOptions = {}): Promise<CabinetRig> {
  const fake = new FakeAccountApi();
  const account = await startShopAccount(fake);
  let queue: OrderQueue | undefined;
  // The fake hosting counts terms from the real time: the shop's clock starts there too.
  const clock = new ManualClock(Date.now());
  const h = await createWebappHarness({
    catalog: (options.catalog ?? ((a) => xuiShopCatalog(a)))(account),
    accountUrl: fake.url,
    accountApiKey: account.key,
    rateLimit: false,
    clock,
    ...(options.supportContact ? { supportContact: options.supportContact } : {}),
    ...(options.rails ? { rails: options.rails } : {}),
    ...(options.paymentProviderToken ? { paymentProviderToken: options.paymentProviderToken } : {}),
    // Many page loads in seconds: the request budgets are the security tests' (wide here).
    guard: { perUser: 10_000, ordersPerUser: 1_000, perAddress: 10_000 },
    jobs: {
      enqueueOrder: async (id) => queue?.enqueue(id),
      enqueueTermChange: async (id) => queue?.enqueueTermChange(id),
    },
  });
  queue = new OrderQueue(h.t.redis, { attempts: 2, backoffMs: 40 });
  const workerRedis = h.t.redis.duplicate({ maxRetriesPerRequest: null });
  const worker: OrderWorker = startOrderWorker({
    connection: workerRedis,
    queue,
    orders: h.t.deps.books.orders,
    fulfilment: h.t.deps.settlement.fulfilment,
    afterActive: h.t.deps.settlement.afterActive,
    terms: h.t.deps.terms.terms,
    notifier: new Notifier({
      api: new Api(TEST_TOKEN, { fetch: h.t.telegram.fetch as never }),
      i18n: createI18n("en"),
      catalog: h.t.deps.catalog,
      books: h.t.deps.books,
      sales: h.t.deps.sales,
      adminIds: [],
      defaultLocale: "en",
      logger: createLogger("silent"),
    }),
    logger: createLogger("silent"),
    concurrency: 2,
  });
  const browser = await puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
  mkdirSync(ARTIFACTS, { recursive: true });

  const open = async (user: PageUser, opts: PageOptions = {}): Promise<CabinetPage> => {
    const theme = opts.theme ?? "light";
    const page = await browser.newPage();
    await page.setViewport(PHONE);
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(String(err)));
    page.on("console", (msg) => {
      // A refusal the test provoked shows as a failed request in the console: not a page error.
      if (msg.type() === "error" && !/status of (4|5)\d\d/.test(msg.text())) errors.push(msg.text());
    });
    await page.setRequestInterception(true);
    page.on("request", (req) => {
      void (async () => {
        const url = req.url();
        // Telegram's script is stubbed; nothing but the bot's own server is reached.
        if (url.startsWith("https://telegram.org/"))
          return req.respond({ status: 200, contentType: "text/javascript", body: "" });
        if (!url.startsWith(h.base)) return req.abort();
        const path = new URL(url).pathname.replace(/^\/app\//, "");
        const own = await opts.intercept?.(path, req.method());
        if (own)
          return req.respond({
            status: own.status,
            contentType: "application/json",
            body: JSON.stringify(own.body),
          });
        if (opts.rewrite && (path.startsWith("api/") || path.startsWith("i18n/"))) {
          const res = await fetch(url, {
            method: req.method(),
            headers: req.headers(),
            ...(req.method() === "POST" ? { body: req.postData() ?? "" } : {}),
          });
          const body = (await res.json()) as unknown;
          return req.respond({
            status: res.status,
            contentType: "application/json",
            body: JSON.stringify(opts.rewrite(path, body)),
          });
        }
        return req.continue();
      })();
    });
    await page.evaluateOnNewDocument(telegramStub(h.initData(user), user, theme));
    await page.goto(`${h.base}${opts.path ?? "/app/"}`, { waitUntil: "domcontentloaded" });
    if (!opts.noWait) await page.waitForSelector("body[data-ready='1']");
    const until = async (expression: string) => {
      await page.waitForFunction(expression, { timeout: 15_000 });
    };
    return {
      page,
      errors,
      until,
      press: async (text, scope = "body") => {
        // Page-side code is given as a string: the test compiles without the DOM library.
        const find = `[...document.querySelectorAll(${JSON.stringify(`${scope} button`)})]
          .find((b) => !b.disabled && b.offsetParent !== null && b.textContent.trim().startsWith(${JSON.stringify(text)})) ?? false`;
        const handle = await page.waitForFunction(find, { timeout: 15_000 });
        await (handle as unknown as { click(): Promise<void> }).click();
      },
      text: (selector) => page.$eval(selector, (node) => node.textContent ?? ""),
      telegram: () =>
        page.evaluate(`({
          main: { text: window.__tg.main.text, visible: window.__tg.main.visible },
          back: { visible: window.__tg.back.visible },
          haptics: [...window.__tg.haptics], invoices: [...window.__tg.invoices], links: [...window.__tg.links],
          openLinks: [...window.__tg.openLinks],
        })`) as Promise<TelegramRecord>,
      screenshot: async (name) => {
        await page.screenshot({ path: join(ARTIFACTS, `cabinet-${name}.png`), fullPage: true });
      },
      close: () => page.close(),
    };
  };

  return {
    h,
    account,
    fake,
    clock,
    browser,
    open,
    close: async () => {
      await browser.close();
      await worker.close();
      await queue?.close();
      await workerRedis.quit();
      await h.close();
      await fake.stop();
    },
  };
}
