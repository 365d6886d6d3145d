import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usageKeys } from "../../src/domain/provisioning/index.js";
import { DAY } from "../../src/runtime/clock.js";
import { projectRoot } from "../../src/runtime/paths.js";
import { successfulPayment, user } from "../fakes/telegram-api.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "../webapp/harness.js";

/**
 * The cabinet page in a real headless Chromium (Debian's `chromium`, installed by .ci/run), loaded
 * from the bot's HTTP server, with a stub of Telegram's `window.Telegram.WebApp` carrying valid
 * initData. Waits are on what the page shows, never on time.
 */

const GB = 1024 ** 3;
const CUSTOMER = { id: 72_001, first_name: "Dana", language_code: "en" };
const ARTIFACTS = join(projectRoot(), "test-artifacts");

let h: WebappHarness;
let browser: Browser;
let page: Page;
let subId = "";
const pageErrors: string[] = [];
/** The Authorization scheme of each API request the page made (`tma`, `Bearer`). */
const apiAuth: string[] = [];
/** When set, the page's POST /app/api/orders gets this answer (the API's own is tested elsewhere). */
let ordersAnswer: { status: number; body: unknown } | undefined;

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync("sh", ["-c", "command -v chromium"], { encoding: "utf8" }).trim();
  } catch {
    throw new Error("chromium is not installed: apt-get install -y chromium (.ci/run does it)");
  }
}

/** What Telegram's web-app script would provide, recording openInvoice calls for the test. */
function telegramStub(initData: string): string {
  return `
    window.__invoices = [];
    window.Telegram = { WebApp: {
      initData: ${JSON.stringify(initData)},
      initDataUnsafe: { user: ${JSON.stringify(CUSTOMER)} },
      themeParams: { bg_color: "#1f2933", text_color: "#f5f7fa", hint_color: "#9aa5b1",
        button_color: "#3ea6ff", button_text_color: "#0b1b2b", secondary_bg_color: "#323f4b",
        link_color: "#7cc4fa" },
      ready() {}, expand() {}, onEvent() {}, openLink() {},
      openInvoice(link, done) { window.__invoices.push(link); window.__invoiceDone = done; },
    } };`;
}

beforeAll(async () => {
  // Three page loads in a few seconds: the request budgets are the security tests' (wide here).
  h = await createWebappHarness({ guard: { perUser: 1000, ordersPerUser: 100, perAddress: 1000 } });
  const rooms = h.t.deps;
  const now = h.t.deps.clock.now();
  await seedCustomer(rooms, CUSTOMER.id, "en");
  const sub = await seedSubscription(rooms, "o-browser1", {
    customerId: CUSTOMER.id,
    planId: "de-xui",
    ref: { kind: "xui", serverId: 1, name: "dana-1" },
    links: {
      links: ["vless://dana@vpn.example:443?type=tcp#dana"],
      subscriptionUrl: "https://sub.example/s/dana",
    },
    expiresAt: now + 12 * DAY,
    trafficGb: 100,
  });
  subId = sub.id;
  const state = { expiresAt: now + 12 * DAY, limitBytes: 100 * GB, usedBytes: 30 * GB, enabled: true };
  await h.t.redis.set(usageKeys.of(subId), JSON.stringify(state), "EX", 600);
  for (let d = 6; d >= 0; d--)
    await rooms.provisioning.usage.history.record(subId, (24 - 3 * d) * GB, now - d * DAY);

  browser = await puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
  page = await browser.newPage();
  await page.setViewport({ width: 420, height: 1100 });
  page.on("pageerror", (err) => pageErrors.push(String(err)));
  page.on("console", (msg) => {
    if (msg.type() === "error") pageErrors.push(msg.text());
  });
  await page.setRequestInterception(true);
  page.on("request", (req) => {
    const url = req.url();
    // Telegram's script is stubbed; nothing but the bot's own server is reached.
    if (url.startsWith("https://telegram.org/")) {
      void req.respond({ status: 200, contentType: "text/javascript", body: "" });
    } else if (url.startsWith(h.base)) {
      if (url.startsWith(`${h.base}/app/api/`))
        apiAuth.push(String(req.headers().authorization).split(" ")[0] ?? "");
      if (ordersAnswer && req.method() === "POST" && url === `${h.base}/app/api/orders`) {
        const { status, body } = ordersAnswer;
        void req.respond({ status, contentType: "application/json", body: JSON.stringify(body) });
      } else void req.continue();
    } else void req.abort();
  });
  await page.evaluateOnNewDocument(telegramStub(h.initData(CUSTOMER)));
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

/** Clicks the first button of `scope` whose text starts with `text`. */
async function press(text: string, scope = "body"): Promise<void> {
  // Page-side code is given as a string: the test compiles without the DOM library.
  const find = `[...document.querySelectorAll(${JSON.stringify(`${scope} button`)})]
    .find((b) => b.textContent.startsWith(${JSON.stringify(text)})) ?? false`;
  const handle = await page.waitForFunction(find);
  await (handle as unknown as { click(): Promise<void> }).click();
}

describe("the cabinet in a browser", () => {
  it("shows the subscription, its usage chart and QR code, and Renew asks the Bot API for an invoice link", async () => {
    await page.goto(`${h.base}/app/`, { waitUntil: "domcontentloaded" });
    await page.waitForSelector("body[data-ready='1']");
    const card = `.card[data-sub='${subId}']`;
    const text = await page.$eval(card, (el) => el.textContent ?? "");
    expect(text).toContain("Germany, 30 days, 100 GB");
    expect(text).toContain("12 days left");
    expect(text).toContain("30 GB of 100 GB");
    expect(text).not.toMatch(/null|undefined/);
    // Theme colours from themeParams reached the page.
    expect(await page.evaluate("getComputedStyle(document.body).backgroundColor")).toBe("rgb(31, 41, 51)");
    // Seven days of readings, a bar each (the first reading is the subscription's first usage).
    expect(await page.$$eval(`${card} svg.chart rect.day`, (bars) => bars.length)).toBe(7);
    expect(await page.$$eval(`${card} svg.chart rect.none`, (bars) => bars.length)).toBe(23);

    await press("Connect", card);
    await page.waitForSelector(`${card} svg.qr path`);
    const qrPath = await page.$eval(`${card} svg.qr path`, (p) => p.getAttribute("d") ?? "");
    expect(qrPath.length).toBeGreaterThan(500);
    expect(await page.$eval(card, (el) => el.textContent ?? "")).toContain("https://sub.example/s/dana");
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "cabinet-connect.png"), fullPage: true });

    h.t.telegram.clear();
    await press("Renew", card);
    await press("Pay by invoice", card);
    await page.waitForFunction("window.__invoices.length === 1");
    const [call] = h.t.telegram.callsOf("createInvoiceLink");
    const payload = String(call?.params.payload);
    expect(payload).toMatch(/^o:/);
    const orderId = payload.slice(2);
    expect(await h.t.deps.books.orders.get(orderId)).toMatchObject({
      kind: "renewal",
      subscriptionId: subId,
    });

    // Paid in Telegram; the worker finishes it; the page hears "paid" and follows the order.
    await h.t.send(successfulPayment(user(CUSTOMER.id), payload, 150, "XTR", "charge-browser-1"));
    const orders = h.t.deps.books.orders;
    expect(await orders.transition(orderId, ["paid"], "provisioning")).toBe(true);
    expect(await orders.transition(orderId, ["provisioning"], "active")).toBe(true);
    await page.evaluate('window.__invoiceDone("paid")');
    await page.waitForFunction('document.getElementById("message").textContent.includes("Done")');

    await page.screenshot({ path: join(ARTIFACTS, "cabinet.png"), fullPage: true });
    expect(pageErrors).toEqual([]);
    // The initData went out once, for a session; every other request carried the session.
    expect(apiAuth[0]).toBe("tma");
    expect(apiAuth.slice(1).length).toBeGreaterThan(3);
    expect(new Set(apiAuth.slice(1))).toEqual(new Set(["Bearer"]));
  });

  it("titles a free trial by its own term, not the paid plan's, and leads it to the plans (issue 24, item 3)", async () => {
    const now = h.t.deps.clock.now();
    const trial = await seedSubscription(h.t.deps, "o-browser2", {
      customerId: CUSTOMER.id,
      planId: "de-xui",
      ref: { kind: "xui", serverId: 1, name: "dana-trial" },
      links: { links: ["vless://trial@vpn.example:443?type=tcp#t"], subscriptionUrl: undefined },
      expiresAt: now + DAY,
      trafficGb: 1,
      trial: true,
    });
    const state = { expiresAt: now + DAY, limitBytes: GB, usedBytes: GB / 4, enabled: true };
    await h.t.redis.set(usageKeys.of(trial.id), JSON.stringify(state), "EX", 600);

    await page.goto(`${h.base}/app/`, { waitUntil: "domcontentloaded" });
    await page.waitForSelector("body[data-ready='1']");
    const card = `.card[data-sub='${trial.id}']`;
    const title = await page.$eval(`${card} h2`, (el) => el.textContent ?? "");
    expect(title).toBe("Free trial · 1 day, 1 GB");
    const text = await page.$eval(card, (el) => el.textContent ?? "");
    expect(text).not.toContain("Germany");
    expect(text).not.toContain("Renew");

    await press("Choose a plan", card);
    await page.waitForFunction(
      `!document.getElementById("view-buy").hidden && document.getElementById("view-buy").textContent.includes("Germany, 30 days, 100 GB")`,
    );
    expect(await page.$eval("#view-subs", (el) => (el as { hidden?: boolean }).hidden)).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, "cabinet-trial.png"), fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  it("says why a renewal the shop cannot deliver now is refused, and that nothing was charged", async () => {
    await page.goto("about:blank"); // a fresh page: the one before was left on the Buy tab
    await page.goto(`${h.base}/app/`, { waitUntil: "domcontentloaded" });
    await page.waitForSelector("body[data-ready='1']");
    const card = `.card[data-sub='${subId}']`;
    ordersAnswer = { status: 409, body: { ok: false, error: "undeliverable" } };
    try {
      await press("Renew", card);
      await press("Pay by invoice", card);
      await page.waitForFunction(
        `document.querySelector(${JSON.stringify(`${card} .status.bad`)})?.textContent.includes("nothing was charged")`,
      );
    } finally {
      ordersAnswer = undefined;
    }
    // The 409 itself is the only error the page's console saw.
    expect(pageErrors.filter((e) => !e.includes("status of 409"))).toEqual([]);
  });
});
