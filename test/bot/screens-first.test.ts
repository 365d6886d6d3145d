import type { Message, User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import type { Order, Subscription } from "../../src/domain/books/index.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { Notifier } from "../../src/workers/notifier.js";
import { callback, command, successfulPayment } from "../fakes/telegram-api.js";
import { botMessage, chatAs, createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { buttonsOf, findButton, telegramViews } from "../helpers/telegram-views.js";

/**
 * Issue 24, items 2-4: the customer's first screens. Messages that deliver something (links, a
 * receipt) are never edited away; the trial has its own title and ways on; no screen is a dead end.
 */

const clock = new ManualClock(Date.UTC(2026, 0, 10, 12, 0));
let t: TestBot;
let notifier: Notifier;

beforeAll(async () => {
  t = await createTestBot({ clock, rateLimit: false });
  notifier = new Notifier({
    api: t.bot.api,
    i18n: createI18n("en"),
    ...t.deps,
    adminIds: [],
    defaultLocale: "en",
    logger: createLogger("silent"),
  });
});
afterAll(() => t.close());
beforeEach(() => t.telegram.clear());

const customer = newUsers(24_200);
const { lastShown, button, lastAnswer } = telegramViews(() => t);
const labels = () => lastShown().buttons.map((b) => b.text);
const edits = () => t.telegram.callsOf("editMessageText");

/** A message of the bot in `of`'s chat showing `text` (for a press on one of its buttons). */
function shownMessage(of: User, text: string, id: number): Message {
  return { ...botMessage(of, text), message_id: id };
}

/** Delivers an access for `order` to its customer as the order worker does; returns its message. */
async function deliver(
  order: Order,
  trial = false,
): Promise<{ text: string; data: (label: string) => string }> {
  const links = { links: ["vless://delivered@vpn.example:443#x"], subscriptionUrl: undefined };
  const subscription = await seedSubscription(t.deps, order.id, {
    customerId: order.customerId,
    expiresAt: clock.now() + (trial ? 1 : 30) * DAY,
    trafficGb: trial ? 1 : 100,
    trial,
    links,
  });
  t.telegram.clear();
  await notifier.delivered({ outcome: "active", order, subscription, links, renewed: false });
  const sent = t.telegram.callsOf("sendMessage").at(0);
  const buttons = buttonsOf(sent?.params.reply_markup);
  return { text: String(sent?.params.text), data: (label) => findButton(buttons, label) };
}

async function purchase(who: User): Promise<Order> {
  await seedCustomer(t.deps, who.id);
  const started = await t.deps.sales.shop.startPurchase(who.id, "de-xui", "en", undefined, false);
  if (!started.ok) throw new Error(started.reason);
  return started.order;
}

async function trialOrder(who: User): Promise<Order> {
  await seedCustomer(t.deps, who.id);
  const started = await t.deps.sales.shop.startTrial(who.id, "en");
  if (!started.ok) throw new Error(started.reason);
  return started.order;
}

describe("item 2: a message that delivers something stays; navigation from it sends a new one", () => {
  it("the purchase's 'Your VPN is ready': My subscriptions and Main menu open below it", async () => {
    const ann = customer();
    const delivered = await deliver(await purchase(ann));
    expect(delivered.text).toContain("Your VPN is ready");
    const on = shownMessage(ann, delivered.text, 501);

    t.telegram.clear();
    await t.send(callback(ann, delivered.data("🔑 My subscriptions"), on));
    expect(edits()).toEqual([]);
    expect(t.telegram.last("sendMessage")?.params.text).toContain("Your subscriptions");

    t.telegram.clear();
    await t.send(callback(ann, delivered.data("« Main menu"), on));
    expect(edits()).toEqual([]);
    expect(labels()).toContain("🛒 Buy VPN");
  });

  it("the trial's delivery and a claimed gift's keep theirs too", async () => {
    const bob = customer();
    const trial = await deliver(await trialOrder(bob), true);
    expect(trial.text).toContain("Your free trial is ready");
    t.telegram.clear();
    await t.send(callback(bob, trial.data("🔑 My subscriptions"), shownMessage(bob, trial.text, 502)));
    expect(edits()).toEqual([]);
    expect(t.telegram.last("sendMessage")?.params.text).toContain("Free trial · 1 day, 1 GB");

    const giver = customer();
    const friend = customer();
    await seedCustomer(t.deps, friend.id);
    const gift = await purchase(giver);
    const claimed: Order = { ...gift, gift: "1", recipientId: friend.id, customerId: giver.id };
    const links = { links: ["vless://gift@vpn.example:443#g"], subscriptionUrl: undefined };
    const sub = await seedSubscription(t.deps, gift.id, {
      customerId: friend.id,
      expiresAt: clock.now() + 30 * DAY,
      links,
    });
    t.telegram.clear();
    await notifier.delivered({ outcome: "active", order: claimed, subscription: sub, links, renewed: false });
    const sent = t.telegram.callsOf("sendMessage").at(0);
    expect(sent?.chatId).toBe(friend.id);
    expect(String(sent?.params.text)).toContain("Your gift is ready");
    t.telegram.clear();
    const data = findButton(buttonsOf(sent?.params.reply_markup), "🔑 My subscriptions");
    await t.send(callback(friend, data, shownMessage(friend, String(sent?.params.text), 503)));
    expect(edits()).toEqual([]);
  });

  it("a subscription's card (its links): Back and Renew open below it; Refresh redraws it", async () => {
    const cy = customer();
    await seedCustomer(t.deps, cy.id);
    const sub = await seedSubscription(t.deps, "o-i24card", {
      customerId: cy.id,
      expiresAt: clock.now() + 9 * DAY,
      ref: { kind: "xui", serverId: 1, name: "cy-1" },
    });
    await t.send(command(cy, "/my"));
    const card = shownMessage(cy, "…", 504);
    await t.send(callback(cy, `my:card:${sub.id}`, card));
    expect(lastShown().text).toContain("vless://x");
    const back = button("« My subscriptions");
    const renew = button(/^🔄 Renew for/);
    const refresh = button("🔄 Refresh");

    t.telegram.clear();
    await t.send(callback(cy, back, card));
    expect(edits()).toEqual([]);
    expect(t.telegram.last("sendMessage")?.params.text).toContain("Your subscriptions");

    t.telegram.clear();
    await t.send(callback(cy, renew, card));
    expect(edits()).toEqual([]);
    expect(t.telegram.last("sendMessage")?.params.text).toContain("🔄 <b>Renewal</b>");

    t.telegram.clear();
    await t.send(callback(cy, refresh, card));
    expect(t.telegram.callsOf("sendMessage")).toEqual([]);
    expect(edits().at(-1)?.params.message_id).toBe(504);
  });

  it("a top-up's receipt: Wallet and Main menu (item 4: it had none), which open below it", async () => {
    const di = customer();
    await seedCustomer(t.deps, di.id);
    const started = await t.deps.sales.cashier.startTopUp(di.id, 250);
    if (!started.ok) throw new Error("top-up refused");
    await t.send(successfulPayment(di, `t:${started.id}`, 250, "XTR", `charge-i24-${di.id}`));
    const receipt = lastShown();
    expect(receipt.text).toBe("✅ 250 ⭐ added to your wallet. Balance: 250 ⭐.");
    expect(receipt.buttons.map((b) => b.text)).toEqual(["💰 Wallet", "« Main menu"]);

    const wallet = button("💰 Wallet");
    t.telegram.clear();
    await t.send(callback(di, wallet, shownMessage(di, receipt.text, 505)));
    expect(edits()).toEqual([]);
    expect(t.telegram.last("sendMessage")?.params.text).toContain("250 ⭐");
  });
});

describe("item 3: the trial has its own title and leads to the plans", () => {
  it("/my lists and shows it as 'Free trial · 1 day, 1 GB', never the paid plan's title; its card offers the plans", async () => {
    const eve = customer();
    const order = await trialOrder(eve);
    const sub: Subscription = await seedSubscription(t.deps, order.id, {
      customerId: eve.id,
      expiresAt: clock.now() + DAY,
      trafficGb: 1,
      trial: true,
    });
    await t.send(command(eve, "/my"));
    expect(lastShown().text).toContain("<b>Free trial · 1 day, 1 GB</b>");
    expect(lastShown().text).not.toContain("Germany");
    expect(labels()).toContain("🔑 Free trial · 1 day, 1 GB");

    await t.send(callback(eve, `my:card:${sub.id}`));
    expect(lastShown().text).toContain("🔑 <b>Free trial · 1 day, 1 GB</b>");
    expect(lastShown().text).not.toContain("30 days");
    const plans = button("🛒 Choose a plan");
    t.telegram.clear();
    await t.send(callback(eve, plans));
    expect(t.telegram.last("sendMessage")?.params.text).toContain("Choose a plan");
    expect(labels()).toContain("Germany, 30 days, 100 GB · 150 ⭐");
  });

  it("in Russian", async () => {
    const ivan = customer({ language_code: "ru" });
    await seedCustomer(t.deps, ivan.id, "ru");
    await seedSubscription(t.deps, "o-i24ru", {
      customerId: ivan.id,
      expiresAt: clock.now() + 3 * DAY,
      trafficGb: 1,
      trial: true,
    });
    await t.send(command(ivan, "/my"));
    expect(lastShown().text).toContain("<b>Пробный период · 3 дня, 1 ГБ</b>");
  });

  it("the menu stops offering the trial once it is used; 'already used' leads to the plans", async () => {
    const fay = customer();
    const { press } = chatAs(() => t, fay);
    const say = (text: string) => t.send(command(fay, text));
    await say("/start");
    expect(labels()).toContain("🎁 Free trial");
    await press("menu:trial");
    expect(t.texts().at(-1)).toContain("Preparing your free trial");

    await say("/start");
    expect(labels()).not.toContain("🎁 Free trial");

    t.telegram.clear();
    await say("/trial");
    expect(lastShown().text).toBe("You have already used your free trial.");
    expect(labels()).toEqual(["🛒 Choose a plan", "« Main menu"]);
    await press(button("🛒 Choose a plan"));
    expect(lastShown().text).toContain("Choose a plan");
  });
});

describe("item 4: no dead ends, no stale buttons", () => {
  /** /buy -> Germany -> Buy -> Pay by invoice; returns the order id and the order message's id. */
  async function invoiceSent(who: User): Promise<{ id: string; on: Message }> {
    const { press } = chatAs(() => t, who);
    await t.send(command(who, "/buy"));
    await press(button(/^Germany/));
    await press(button(/^✅ Buy for/));
    const id = button("✖ Cancel").split(":")[2] ?? "";
    const on = shownMessage(who, "…", 600 + (who.id % 100));
    await t.send(callback(who, `ord:inv:${id}`, on));
    expect(lastShown().buttons).toEqual([{ text: "✖ Cancel", data: `ord:cancel:${id}` }]);
    return { id, on };
  }

  it("a paid order's message loses its Cancel when the payment comes in", async () => {
    const gus = customer();
    const { id, on } = await invoiceSent(gus);
    t.telegram.clear();
    await t.send(successfulPayment(gus, `o:${id}`, 150, "XTR", `charge-i24-${gus.id}`));
    const cleared = t.telegram.callsOf("editMessageReplyMarkup");
    expect(cleared.map((c) => [c.params.message_id, c.params.reply_markup])).toEqual([
      [on.message_id, { inline_keyboard: [] }],
    ]);
    // A copy of the old button (an order paid elsewhere) says so and takes the buttons off too.
    t.telegram.clear();
    await t.send(callback(gus, `ord:cancel:${id}`, on));
    expect(String(lastAnswer().text)).toContain("already paid");
    expect(t.telegram.callsOf("editMessageReplyMarkup")).toHaveLength(1);
    expect((await t.deps.books.orders.get(id))?.status).not.toBe("cancelled");
  });

  it("a cancelled renewal leads back to its subscription", async () => {
    const hal = customer();
    await seedCustomer(t.deps, hal.id);
    const sub = await seedSubscription(t.deps, "o-i24renew", {
      customerId: hal.id,
      expiresAt: clock.now() + 5 * DAY,
      ref: { kind: "xui", serverId: 1, name: "hal-1" },
    });
    await t.send(callback(hal, `my:renew:${sub.id}`));
    await t.send(callback(hal, button("✖ Cancel")));
    expect(lastShown().text).toBe(
      "Renewal cancelled. Nothing was charged; your subscription keeps its term.",
    );
    expect(labels()).toEqual(["🔑 Back to the subscription", "« Main menu"]);
    await t.send(callback(hal, button("🔑 Back to the subscription")));
    expect(lastShown().text).toContain(`#${sub.id.slice(-6)}`);
  });

  it("a language chosen in /language's picker is followed by the main menu in that language", async () => {
    const ida = customer();
    await t.send(command(ida, "/language"));
    await t.send(callback(ida, button("🇷🇺 Русский")));
    expect(lastShown().text).toBe("Язык переключён на русский.");
    expect(labels()).toContain("🛒 Купить VPN");
  });

  it("help lists /promo and has its way back: « Back from the menu, « Main menu under /help", async () => {
    const jo = customer();
    await t.send(command(jo, "/help"));
    expect(lastShown().text).toContain("/promo: enter a promo code");
    expect(lastShown().buttons).toEqual([
      { text: "🆘 Write to support", data: "tk:write:" },
      { text: "« Main menu", data: "menu:main" },
    ]);

    await t.send(command(jo, "/start"));
    t.telegram.clear();
    await t.send(callback(jo, "menu:help"));
    expect(t.telegram.last()?.method).toBe("editMessageText");
    expect(lastShown().buttons).toEqual([
      { text: "🆘 Write to support", data: "tk:write:" },
      { text: "« Back", data: "menu:main" },
    ]);
    await t.send(callback(jo, "menu:main"));
    expect(labels()).toContain("🛒 Buy VPN");

    await t.send(command(customer({ language_code: "ru" }), "/help"));
    expect(lastShown().text).toContain("/promo: ввести промокод");
  });
});
