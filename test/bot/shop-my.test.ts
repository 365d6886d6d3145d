import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AccessRef, Subscription } from "../../src/domain/books/index.js";
import { qrPng } from "../../src/render/qr.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { callback, command, type FakeFile } from "../fakes/telegram-api.js";
import { createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

const GiB = 1024 ** 3;
const NOW = Date.UTC(2026, 0, 1, 12, 0);
const MAR_1 = Date.UTC(2026, 2, 1, 12, 0);
const clock = new ManualClock(NOW);
const account = new FakeAccountApi();
const node = new FakeNodeApi({ domain: "node.test" });
let t: TestBot;
let serverId: number;
let nextOrder = 1;

beforeAll(async () => {
  await Promise.all([account.start(), node.start()]);
  account.addAccount({ login: "shop", password: "pw" });
  const key = account.addKey("shop", "bot");
  serverId = account.addServer("shop", { daysLeft: 365 }).id;
  t = await createTestBot({
    clock,
    accountUrl: account.url,
    accountApiKey: key,
    node: { url: node.url, token: node.token, certSha256: node.certificate?.fingerprint256 },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([account.stop(), node.stop()]);
});
beforeEach(() => {
  clock.set(NOW);
  t.telegram.clear();
  t.enqueued.length = 0;
});

const customer = newUsers(8600);
const press = (from: User, data: string) => t.send(callback(from, data));

const { lastShown, button } = telegramViews(() => t);

/** An xui client on the fake with usage, and the customer's subscription pointing at it. */
async function xuiSubscription(
  owner: User,
  opts: { expiresAt?: number; trial?: boolean; usedBytes?: number; name?: string; seed?: boolean } = {},
): Promise<Subscription> {
  const orderId = `otest${nextOrder++}`;
  const name = opts.name ?? `c${owner.id}-${orderId}`;
  const expiresAt = opts.expiresAt ?? MAR_1;
  if (opts.seed !== false) {
    account.addClient(serverId, { email: name, totalGb: 100, expiryMs: expiresAt });
    account.setUsage(serverId, name, GiB, (opts.usedBytes ?? 1.5 * GiB) - GiB);
  }
  const ref: AccessRef = { kind: "xui", serverId, name };
  return t.deps.books.subscriptions.create(orderId, {
    customerId: owner.id,
    planId: "de-xui",
    ref,
    links: {
      links: [`vless://11111111-2222-3333-4444-555555555555@de.example:443?type=tcp#${name}`],
      subscriptionUrl: `https://sub.example/${name}`,
    },
    expiresAt,
    trafficGb: opts.trial ? 1 : 100,
    devices: 0,
    trial: opts.trial ?? false,
  });
}

const clientPath = (name: string) => `/api/v1/servers/${serverId}/clients/${name}`;
const hostingReads = (name: string) => account.count("GET", clientPath(name));

describe("/my", () => {
  it("says so when there are no subscriptions, with Buy and Free trial", async () => {
    const ann = customer();
    await t.send(command(ann, "/my"));
    expect(lastShown().text).toBe("You have no subscriptions yet. Pick a plan with /buy.");
    expect(lastShown().buttons.map((b) => b.text)).toEqual(["🛒 Buy VPN", "🎁 Free trial", "« Main menu"]);
  });

  it("lists subscriptions with status and expiry (my:list from the delivery message too)", async () => {
    const ann = customer();
    const active = await xuiSubscription(ann);
    const old = await xuiSubscription(ann, { expiresAt: NOW - 3 * DAY, trial: true });
    await press(ann, "my:list");
    const shown = lastShown();
    expect(shown.text).toContain("🔑 <b>Your subscriptions</b>");
    expect(shown.text).toContain("✅ active · <b>Germany, 30 days, 100 GB</b> · until Mar 1, 2026");
    expect(shown.text).toContain("⌛ expired · <b>Free trial · 1 day, 1 GB</b> · until Dec 29, 2025");
    expect(shown.buttons).toEqual(
      expect.arrayContaining([
        { text: "🔑 Germany, 30 days, 100 GB", data: `my:card:${active.id}` },
        { text: "⌛ Free trial · 1 day, 1 GB", data: `my:card:${old.id}` },
      ]),
    );
    // Listing reads no hosting API.
    expect(hostingReads(active.ref.name)).toBe(0);
  });

  it("shows a card with usage from the hosting API, links, subscription URL, QR and Renew", async () => {
    const ann = customer();
    const sub = await xuiSubscription(ann, { usedBytes: 2.5 * GiB });
    await t.send(command(ann, "/my"));
    await press(ann, button(/^🔑 Germany/));
    const card = lastShown();
    expect(card.text).toContain("🔑 <b>Germany, 30 days, 100 GB</b>");
    expect(card.text).toContain("Status: ✅ active\nValid until: Mar 1, 2026");
    expect(card.text).toContain("Traffic: 2.5 GB / 100 GB\n░░░░░░░░░░ 3%");
    expect(card.text).toContain("Devices: unlimited");
    expect(card.text).toContain(
      `<code>vless://11111111-2222-3333-4444-555555555555@de.example:443?type=tcp#${sub.ref.name}</code>`,
    );
    expect(card.text).toContain(`<code>https://sub.example/${sub.ref.name}</code>`);
    expect(card.text).toContain("<b>How to connect</b>");
    expect(card.text).not.toContain("last known values");
    expect(card.buttons.map((b) => b.text)).toEqual([
      "📷 QR code",
      "🔄 Renew for 150 ⭐",
      "🔁 Turn auto-renew on",
      "🔀 Switch plan",
      "🔄 Refresh",
      "« My subscriptions",
    ]);
    expect(hostingReads(sub.ref.name)).toBe(1);
  });

  it("caches the usage for a minute: a second view makes no hosting call", async () => {
    const ann = customer();
    const sub = await xuiSubscription(ann, { usedBytes: 10 * GiB });
    await press(ann, `my:card:${sub.id}`);
    expect(lastShown().text).toContain("Traffic: 10 GB / 100 GB\n▓░░░░░░░░░ 10%");
    account.setUsage(serverId, sub.ref.name, 0, 50 * GiB);
    await press(ann, button("🔄 Refresh"));
    expect(hostingReads(sub.ref.name)).toBe(1);
    expect(lastShown().text).toContain("Traffic: 10 GB / 100 GB");
    const ttl = await t.redis.ttl(`usage:${sub.id}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);

    // Once the cached value is gone, the hosting API is read again.
    await t.redis.del(`usage:${sub.id}`);
    await press(ann, `my:card:${sub.id}`);
    expect(hostingReads(sub.ref.name)).toBe(2);
    expect(lastShown().text).toContain("Traffic: 50 GB / 100 GB\n▓▓▓▓▓░░░░░ 50%");
  });

  it("shows the last known values and a note when the hosting API fails", async () => {
    const ann = customer();
    const sub = await xuiSubscription(ann, { name: `ghost-${ann.id}`, seed: false });
    await press(ann, `my:card:${sub.id}`);
    const card = lastShown();
    expect(card.text).toContain("Valid until: Mar 1, 2026");
    expect(card.text).toContain("Traffic: ? / 100 GB");
    expect(card.text).toContain(
      "⚠️ Live usage could not be read from the hosting service just now, so these are the last known values.",
    );
    expect(card.text).toContain(`https://sub.example/ghost-${ann.id}`);
    expect(await t.redis.exists(`usage:${sub.id}`)).toBe(0);
  });

  it("shows a card in Russian", async () => {
    const ivan = customer({ language_code: "ru" });
    const sub = await xuiSubscription(ivan, { usedBytes: 2.5 * GiB });
    await press(ivan, `my:card:${sub.id}`);
    const card = lastShown();
    expect(card.text).toContain("🔑 <b>Германия, 30 дней, 100 ГБ</b>");
    expect(card.text).toContain("Статус: ✅ активна\nДействует до: 1 мар. 2026 г.");
    expect(card.text).toContain("Трафик: 2,5 ГБ / 100 ГБ");
    expect(card.buttons.map((b) => b.text)).toContain("🔄 Продлить за 150 ⭐");
  });

  it("reads node usage too (the node's own traffic counters)", async () => {
    const ann = customer();
    const name = `n${ann.id}`;
    node.seedClient(name, 0, { expires_at: Math.floor(MAR_1 / 1000), traffic_limit_gb: 50 });
    node.setTraffic(name, 5 * GiB, 7.5 * GiB);
    const sub = await t.deps.books.subscriptions.create(`otest${nextOrder++}`, {
      customerId: ann.id,
      planId: "node",
      ref: { kind: "node", name },
      links: { links: ["vless://node-link"], subscriptionUrl: "https://node.test:2096/sub/x" },
      expiresAt: MAR_1,
      trafficGb: 50,
      devices: 2,
      trial: false,
    });
    await press(ann, `my:card:${sub.id}`);
    const card = lastShown();
    expect(card.text).toContain("🔑 <b>Own node, 30 days</b>");
    expect(card.text).toContain("Traffic: 12.5 GB / 50 GB\n▓▓▓░░░░░░░ 25%");
    expect(card.text).toContain("Devices: 2");
  });

  it("sends the QR code of the subscription URL as a picture", async () => {
    const ann = customer();
    const sub = await xuiSubscription(ann);
    await press(ann, `my:qr:${sub.id}`);
    const photo = t.telegram.last("sendPhoto");
    expect(photo?.params.caption).toBe("QR code for your VPN app");
    const file = photo?.params.photo as FakeFile;
    expect(file.data.equals(await qrPng(`https://sub.example/${sub.ref.name}`))).toBe(true);
  });

  it("a trial has no Renew button (Choose a plan instead) and cannot be renewed", async () => {
    const ann = customer();
    const sub = await xuiSubscription(ann, { trial: true });
    await press(ann, `my:card:${sub.id}`);
    expect(lastShown().buttons.map((b) => b.text)).toEqual([
      "📷 QR code",
      "🛒 Choose a plan",
      "🔄 Refresh",
      "« My subscriptions",
    ]);
    t.telegram.clear();
    await press(ann, `my:renew:${sub.id}`);
    expect(t.telegram.last("answerCallbackQuery")?.params.text).toBe("This subscription was not found.");
    expect(await t.deps.books.orders.ofCustomer(ann.id)).toEqual([]);
  });

  it("refuses someone else's subscription without calling the hosting API", async () => {
    const ann = customer();
    const mallory = customer();
    const sub = await xuiSubscription(ann);
    for (const act of ["card", "qr", "renew"]) await press(mallory, `my:${act}:${sub.id}`);
    expect(t.telegram.callsOf("answerCallbackQuery").map((c) => c.params.text)).toEqual(
      Array(3).fill("This subscription was not found."),
    );
    expect(hostingReads(sub.ref.name)).toBe(0);
    expect(t.telegram.callsOf("sendPhoto")).toEqual([]);
    expect(await t.deps.books.orders.ofCustomer(mallory.id)).toEqual([]);
  });
});

describe("/my: renew", () => {
  it("keeps the remaining time: the new expiry is the current one plus the plan's days; pays from balance", async () => {
    const ann = customer();
    const sub = await xuiSubscription(ann);
    await t.deps.books.wallet.credit(ann.id, 150, `test:renew:${ann.id}`, { kind: "admin-credit" });
    await press(ann, `my:card:${sub.id}`);
    await press(ann, button(/^🔄 Renew/));
    const confirm = lastShown();
    expect(confirm.text).toContain(
      "🔄 <b>Renewal</b>\nPlan: <b>Germany, 30 days, 100 GB</b>\nPrice: <b>150 ⭐</b>",
    );
    expect(confirm.text).toContain("Current expiry: Mar 1, 2026\nNew expiry: <b>Mar 31, 2026</b>");
    expect(confirm.text).toContain("the later of today and the current expiry, plus 30 days");
    const pay = button("✅ Pay 150 ⭐ from balance");
    const orderId = pay.split(":")[2] ?? "";
    expect(await t.deps.books.orders.get(orderId)).toMatchObject({
      kind: "renewal",
      subscriptionId: sub.id,
      status: "awaiting_payment",
      price: 150,
    });

    await press(ann, pay);
    expect((await t.deps.books.orders.get(orderId))?.status).toBe("paid");
    expect(t.enqueued).toEqual([orderId]);
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(0);
    const { entries } = await t.deps.books.wallet.history(ann.id, 0, 1);
    expect(entries[0]).toMatchObject({ kind: "renewal", amount: -150, ref: orderId });
    expect(lastShown().text).toBe(
      "✅ Paid 150 ⭐ from your balance (balance now 0 ⭐). Renewing your subscription, this takes a few seconds…",
    );
  });

  it("a second renewal while the first is still being applied promises the chained expiry", async () => {
    const ann = customer();
    const sub = await xuiSubscription(ann);
    await t.deps.books.wallet.credit(ann.id, 300, `test:renew2:${ann.id}`, { kind: "admin-credit" });
    await press(ann, `my:renew:${sub.id}`);
    await press(ann, button("✅ Pay 150 ⭐ from balance"));
    // The first renewal is paid; its hosting write has not happened yet (the worker waits).
    await press(ann, `my:renew:${sub.id}`);
    const confirm = lastShown();
    expect(confirm.text).toContain("Current expiry: Mar 1, 2026\nNew expiry: <b>Apr 30, 2026</b>");
    expect(confirm.text).toContain("A renewal you paid earlier is still being applied");
  });

  it("a subscription the admins disabled is not renewed and nothing is charged", async () => {
    const ann = customer();
    const sub = await xuiSubscription(ann);
    await t.deps.books.wallet.credit(ann.id, 150, `test:renew-ban:${ann.id}`, { kind: "admin-credit" });
    await t.deps.provisioning.provisioner("xui").setEnabled(sub.ref, false);
    await press(ann, `my:renew:${sub.id}`);
    const answer = t.telegram.last("answerCallbackQuery");
    expect(String(answer?.params.text)).toContain("blocked by the shop's admins");
    expect(await t.deps.books.orders.ofCustomer(ann.id)).toEqual([]);
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(150);
  });

  it("an expired subscription is renewed from today; short balance gets an invoice", async () => {
    const ann = customer();
    const sub = await xuiSubscription(ann, { expiresAt: NOW - 10 * DAY });
    await press(ann, `my:renew:${sub.id}`);
    const confirm = lastShown();
    expect(confirm.text).toContain("Current expiry: Dec 22, 2025\nNew expiry: <b>Jan 31, 2026</b>");
    await press(ann, button("💳 Pay 150 ⭐ by invoice"));
    const invoice = t.telegram.last("sendInvoice");
    expect(String(invoice?.params.payload)).toMatch(/^o:/);
    expect(invoice?.params.title).toBe("VPN renewal");
    expect(invoice?.params.prices).toEqual([{ label: "Germany, 30 days, 100 GB", amount: 150 }]);
  });
});
