import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usageKeys } from "../../src/domain/provisioning/index.js";
import { DAY, HOUR } from "../../src/runtime/clock.js";
import { successfulPayment, user } from "../fakes/telegram-api.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "./harness.js";

const GB = 1024 ** 3;
let h: WebappHarness;
let now = 0;

const ALICE = { id: 71_001, first_name: "Alice", language_code: "en" };
const BORIS = { id: 71_002, first_name: "Boris", language_code: "ru" };
const BLOCKED = { id: 71_003, first_name: "Mallory" };
let aliceSub = "";
let borisSub = "";

beforeAll(async () => {
  h = await createWebappHarness();
  now = h.t.deps.clock.now();
  const rooms = h.t.deps;
  await seedCustomer(rooms, ALICE.id, "en");
  await seedCustomer(rooms, BORIS.id, "ru");
  await seedCustomer(rooms, BLOCKED.id, "en");
  await rooms.books.customers.setBlocked(BLOCKED.id, true);
  aliceSub = (
    await seedSubscription(rooms, "o-alice1", {
      customerId: ALICE.id,
      planId: "de-xui",
      ref: { kind: "xui", serverId: 1, name: "alice-1" },
      links: { links: ["vless://alice@host:443"], subscriptionUrl: "https://sub.example/s/alice" },
      expiresAt: now + 10 * DAY,
      trafficGb: 100,
    })
  ).id;
  borisSub = (
    await seedSubscription(rooms, "o-boris1", {
      customerId: BORIS.id,
      planId: "de-xui",
      ref: { kind: "xui", serverId: 1, name: "boris-1" },
      links: { links: ["vless://boris@host:443"], subscriptionUrl: "https://sub.example/s/boris" },
      expiresAt: now + 3 * DAY,
      trafficGb: 100,
    })
  ).id;
  // What the hosting side said a moment ago (the usage reader's minute cache, as /my reads it).
  const state = { expiresAt: now + 10 * DAY, limitBytes: 100 * GB, usedBytes: 12.5 * GB, enabled: true };
  await h.t.redis.set(usageKeys.of(aliceSub), JSON.stringify(state), "EX", 60);
});
afterAll(async () => {
  await h.close();
});

const json = async (res: Response) => ({
  status: res.status,
  body: (await res.json()) as Record<string, unknown>,
});
const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

describe("cabinet API: who may ask", () => {
  it("answers /me with the caller's own cabinet, exactly in the documented shape", async () => {
    const { status, body } = await json(await h.api("/app/api/me", ALICE));
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      customer: { id: ALICE.id, language: "en" },
      balance: 0,
      currency: "XTR",
      balance_text: "0 ⭐",
      languages: [
        { code: "en", name: "English" },
        { code: "ru", name: "Русский" },
        { code: "uk", name: "Українська" },
        { code: "fa", name: "فارسی" },
      ],
      rtl: false,
      // The test catalog has a trial Alice never used, and no referral rewards; no SUPPORT_CONTACT.
      trial: { title: "Free trial", details: "1 day · traffic 1 GB · devices: unlimited" },
      referrals: false,
      support: null,
      subscriptions: [
        {
          id: aliceSub,
          plan: "de-xui",
          status: "active",
          expires_at: Math.floor((now + 10 * DAY) / 1000),
          traffic_used_gb: 12.5,
          traffic_limit_gb: 100,
          subscription_url: "https://sub.example/s/alice",
        },
      ],
    });
  });

  it("answers 401 and nothing else to a missing, foreign, forged, tampered or expired initData", async () => {
    const valid = h.initData(ALICE);
    const forged = h.initData(ALICE, { token: "100200:ANOTHER-bots-token-aaaaaaaaaa" });
    const tampered = valid.replace(
      encodeURIComponent(`"id":${ALICE.id}`),
      encodeURIComponent(`"id":${BORIS.id}`),
    );
    expect(tampered).not.toBe(valid);
    const expired = h.initData(ALICE, { authDate: now - HOUR - 60_000 });
    for (const auth of [
      undefined,
      "",
      `Bearer ${valid}`,
      "tma ",
      `tma ${forged}`,
      `tma ${tampered}`,
      `tma ${expired}`,
      "tma auth_date=1&hash=00",
    ]) {
      const res = await h.api("/app/api/me", { auth });
      expect(res.status, String(auth)).toBe(401);
      expect(await res.json()).toEqual({ ok: false });
    }
    // Within the hour it is still good.
    const recent = h.initData(ALICE, { authDate: now - HOUR + 60_000 });
    expect((await h.api("/app/api/me", { auth: `tma ${recent}` })).status).toBe(200);
  });

  it("refuses a blocked customer everywhere (403)", async () => {
    expect(await json(await h.api("/app/api/me", BLOCKED))).toEqual({
      status: 403,
      body: { ok: false, error: "blocked" },
    });
    const order = await h.api("/app/api/orders", BLOCKED, post({ plan_id: "de-xui", pay: "invoice" }));
    expect(order.status).toBe(403);
    expect(h.t.telegram.callsOf("createInvoiceLink")).toHaveLength(0);
  });

  it("shows no one another customer's subscription, usage, links or orders, and sells no renewal of it", async () => {
    for (const path of [
      `/subscriptions/${borisSub}`,
      `/subscriptions/${borisSub}/usage`,
      `/subscriptions/${borisSub}/connect`,
    ]) {
      expect(await json(await h.api(`/app/api${path}`, ALICE))).toEqual({
        status: 404,
        body: { ok: false, error: "unknown-subscription" },
      });
    }
    const renew = await h.api("/app/api/orders", ALICE, post({ subscription_id: borisSub, pay: "invoice" }));
    expect(await json(renew)).toEqual({ status: 404, body: { ok: false, error: "unknown-subscription" } });
    expect(await h.t.deps.books.orders.ofCustomer(ALICE.id)).toEqual([]);
    expect(await h.t.deps.books.orders.ofCustomer(BORIS.id)).toEqual([]);
    // Boris's own order is not Alice's to poll.
    const mine = await json(
      await h.api("/app/api/orders", BORIS, post({ subscription_id: borisSub, pay: "invoice" })),
    );
    const orderId = (mine.body.order as { id: string }).id;
    expect((await h.api(`/app/api/orders/${orderId}`, ALICE)).status).toBe(404);
    expect((await h.api(`/app/api/orders/${orderId}`, BORIS)).status).toBe(200);
  });

  it("refuses malformed bodies and unknown paths", async () => {
    // (Without `pay` an order is only opened: the confirmation, see cabinet-orders.test.ts.)
    expect((await h.api("/app/api/orders", ALICE, post({ plan_id: "de-xui", pay: "cash" }))).status).toBe(
      400,
    );
    expect(
      (await h.api("/app/api/orders", ALICE, post({ plan_id: "de-xui", pay: "wallet", x: 1 }))).status,
    ).toBe(400);
    expect((await h.api("/app/api/orders", ALICE, { method: "POST", body: "{", headers: {} })).status).toBe(
      400,
    );
    expect((await h.api("/app/api/nothing", ALICE)).status).toBe(404);
    expect((await h.api("/app/api/me", ALICE, { method: "POST", body: "{}" })).status).toBe(405);
  });
});

describe("cabinet API: buying, renewing and the wallet through the shop", () => {
  it("makes an invoice link for a purchase; the payment pays that order as in the chat", async () => {
    const buyer = { id: 71_010, first_name: "Vera", language_code: "ru" };
    h.t.telegram.clear();
    const { status, body } = await json(
      await h.api("/app/api/orders", buyer, post({ plan_id: "de-xui", pay: "invoice" })),
    );
    expect(status).toBe(200);
    const order = body.order as { id: string; status: string; kind: string };
    expect(order).toMatchObject({ kind: "purchase", status: "awaiting_payment", subscription_id: null });
    const [call] = h.t.telegram.callsOf("createInvoiceLink");
    expect(call?.params).toMatchObject({
      payload: `o:${order.id}`,
      currency: "XTR",
      prices: [{ amount: 150 }],
    });
    expect(body.invoice_link).toMatch(/^https:\/\/t\.me\/\$/);
    expect(body.paid_from_wallet).toBe(false);
    // The buyer was not known to the shop: now they are, in their Telegram language.
    expect((await h.t.deps.books.customers.get(buyer.id))?.locale).toBe("ru");
    // A second press hands back the same open order (the shop's rule).
    const again = await json(
      await h.api("/app/api/orders", buyer, post({ plan_id: "de-xui", pay: "invoice" })),
    );
    expect((again.body.order as { id: string }).id).toBe(order.id);

    await h.t.send(successfulPayment(user(buyer.id), `o:${order.id}`, 150, "XTR", "charge-webapp-1"));
    expect(h.t.enqueued).toContain(order.id);
    const polled = await json(await h.api(`/app/api/orders/${order.id}`, buyer));
    expect(polled.body.order).toMatchObject({ id: order.id, status: "paid" });
  });

  it("pays a renewal of the caller's own subscription from the balance, or says the balance is short", async () => {
    const short = await h.api("/app/api/orders", ALICE, post({ subscription_id: aliceSub, pay: "wallet" }));
    expect(await json(short)).toEqual({ status: 402, body: { ok: false, error: "insufficient" } });

    await h.t.deps.books.wallet.credit(ALICE.id, 200, "test:alice-credit", { kind: "topup", ref: "test" });
    const { status, body } = await json(
      await h.api("/app/api/orders", ALICE, post({ subscription_id: aliceSub, pay: "wallet" })),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ paid_from_wallet: true, invoice_link: null });
    expect(body.order).toMatchObject({ kind: "renewal", status: "paid", subscription_id: aliceSub });
    expect(h.t.enqueued).toContain((body.order as { id: string }).id);
    expect(await h.t.deps.books.wallet.balance(ALICE.id)).toBe(50);

    const wallet = await json(await h.api("/app/api/wallet?page=0", ALICE));
    expect(wallet.body).toMatchObject({ balance: 50, balance_text: "50 ⭐", page: 0, pages: 1 });
    expect(
      (wallet.body.entries as { amount_text: string; kind_text: string }[]).map((e) => [
        e.kind_text,
        e.amount_text,
      ]),
    ).toEqual([
      // What the customer did, with the plan's name (issue 24, item 5), as in the chat.
      ["Renewal: Germany, 30 days, 100 GB · from the balance", "−150 ⭐"],
      ["Top-up", "+200 ⭐"],
    ]);
  });

  it("pages the ledger and makes top-up invoice links within the shop's bounds", async () => {
    const payer = { id: 71_020 };
    await seedCustomer(h.t.deps, payer.id, "en");
    for (let i = 0; i < 23; i++) {
      await h.t.deps.books.wallet.credit(payer.id, 1, `test:payer-${i}`, { kind: "topup", ref: `r${i}` });
    }
    const last = await json(await h.api("/app/api/wallet?page=2", payer));
    expect(last.body).toMatchObject({ page: 2, pages: 3, page_text: "3 of 3", balance: 23 });
    expect(last.body.entries as unknown[]).toHaveLength(3);
    const beyond = await json(await h.api("/app/api/wallet?page=99", payer));
    expect(beyond.body).toMatchObject({ page: 2 });

    h.t.telegram.clear();
    const topup = await json(await h.api("/app/api/topups", payer, post({ amount: 100 })));
    expect(topup.status).toBe(200);
    expect(topup.body.invoice_link).toMatch(/^https:\/\/t\.me\//);
    expect(h.t.telegram.last("createInvoiceLink")?.params).toMatchObject({
      payload: expect.stringMatching(/^t:/),
      prices: [{ amount: 100 }],
    });
    expect((await h.api("/app/api/topups", payer, post({ amount: 10_000_000 }))).status).toBe(400);
  });
});

describe("cabinet API: what the page shows", () => {
  it("gives the card, 30 daily usage points, the links with a QR code and the apps, and the plans", async () => {
    const card = await json(await h.api(`/app/api/subscriptions/${aliceSub}`, ALICE));
    expect(card.body.subscription).toMatchObject({
      title: "Germany, 30 days, 100 GB",
      status: "active",
      days_left: 10,
      days_left_text: "10 days left",
      traffic_text: "12.5 GB of 100 GB",
      renew_price_text: "150 ⭐",
    });
    await h.t.deps.provisioning.usage.history.record(aliceSub, 2 * GB, now - DAY);
    await h.t.deps.provisioning.usage.history.record(aliceSub, 3 * GB, now);
    const usage = await json(await h.api(`/app/api/subscriptions/${aliceSub}/usage`, ALICE));
    const days = usage.body.days as { bytes: number | null }[];
    expect(days).toHaveLength(30);
    expect(days.at(-1)?.bytes).toBe(GB);

    const connect = await json(await h.api(`/app/api/subscriptions/${aliceSub}/connect`, ALICE));
    expect(connect.body.subscription_url).toBe("https://sub.example/s/alice");
    expect(connect.body.links).toEqual(["vless://alice@host:443"]);
    const qr = connect.body.qr as { size: number; modules: string };
    expect(qr.modules).toMatch(/^[01]+$/);
    expect(qr.modules).toHaveLength(qr.size * qr.size);
    const platforms = connect.body.platforms as { id: string; apps: { add_url: string | null }[] }[];
    expect(platforms.map((p) => p.id)).toEqual(["android", "ios", "windows", "macos", "linux"]);
    expect(platforms[0]?.apps[0]?.add_url).toBe("hiddify://import/https://sub.example/s/alice");

    const ru = await json(await h.api(`/app/api/subscriptions/${borisSub}`, BORIS));
    expect(ru.body.subscription).toMatchObject({ days_left: 3, days_left_text: "осталось 3 дня" });
    const plans = await json(await h.api("/app/api/plans", BORIS));
    expect((plans.body.plans as { id: string; title: string }[])[0]).toMatchObject({
      id: "de-xui",
      title: "Германия, 30 дней, 100 ГБ",
      price: 150,
      price_text: "150 ⭐",
    });
  });

  it("serves the page with a strict CSP and cache headers, and its labels from the locale files", async () => {
    const page = await fetch(`${h.base}/app/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self' https://telegram.org");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const etag = page.headers.get("etag") ?? "";
    const html = await page.text();
    expect(html).toMatch(/"\.\/app\.js\?v=[\w-]+"/);
    expect((await fetch(`${h.base}/app/`, { headers: { "if-none-match": etag } })).status).toBe(304);
    const js = await fetch(`${h.base}/app/app.js`);
    expect(js.headers.get("cache-control")).toContain("immutable");
    expect(js.headers.get("content-type")).toContain("text/javascript");
    expect((await fetch(`${h.base}/app/..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${h.base}/app`, { redirect: "manual" })).headers.get("location")).toBe("/app/");
    const ru = (await (await fetch(`${h.base}/app/i18n/ru.json`)).json()) as Record<string, string>;
    expect(ru["tab-wallet"]).toBe("Кошелёк");
    expect((await fetch(`${h.base}/app/i18n/de.json`)).status).toBe(404);
  });
});
