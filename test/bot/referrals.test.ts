import type { Update, User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { formatMoney } from "../../src/domain/catalog/index.js";
import { DAY, type ManualClock } from "../../src/runtime/clock.js";
import { callback, command } from "../fakes/telegram-api.js";
import { createTestBot, newUsers, TEST_CATALOG, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

/**
 * Issue 14, referrals through the bot: invite links, attribution on /start (once, first start only,
 * not oneself, not an existing user), the "Invite friends" screen and the admins' section.
 */

const ADMIN = 9_400;
const CATALOG: Catalog = {
  ...TEST_CATALOG,
  referral: { percent: 10, bonus_days: 3, rewarded_payments: 0 },
};

let t: TestBot;
const { lastShown, button, lastAnswer } = telegramViews(() => t);
const person = newUsers(9_410);

beforeAll(async () => {
  t = await createTestBot({ catalog: CATALOG, adminIds: [ADMIN], rateLimit: false });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.telegram.clear();
  await t.deps.catalog.settings.setReferralsOn(true);
});

const clock = () => t.deps.clock as ManualClock;
const referrals = () => t.deps.sales.referrals;

/** The user's invite link as the "Invite friends" screen shows it (the screen opened by its button). */
async function inviteLinkOf(who: User): Promise<string> {
  await t.send(callback(who, "inv:view"));
  const link = /https:\/\/t\.me\/fake_bot\?start=([0-9a-z]+)/.exec(lastShown().text);
  if (!link?.[1]) throw new Error(`no link in ${lastShown().text}`);
  return link[1];
}

/** A /start with `payload`, as Telegram sends it for a t.me/<bot>?start=<payload> link. */
const start = (who: User, payload?: string): Update =>
  command(who, payload === undefined ? "/start" : `/start ${payload}`);

describe("invite links", () => {
  it("gives every customer one short personal code (not their id), the same every time", async () => {
    const inviter = person();
    await t.send(start(inviter));
    const code = await inviteLinkOf(inviter);
    expect(code).toMatch(/^r[2-9a-hjkmnp-z]{7}$/);
    expect(code).not.toContain(String(inviter.id));
    expect(await inviteLinkOf(inviter)).toBe(code);
    expect(await referrals().ownerOf(code)).toBe(inviter.id);
    expect(lastShown().text).toContain("Joined with your link: <b>0</b>");
    expect(lastShown().text).toContain("10% of every payment");
    expect(lastShown().text).toContain("3 extra days on their first purchase");

    await t.send(callback(inviter, button("📷 QR code")));
    const photo = t.telegram.last("sendPhoto");
    expect(photo?.chatId).toBe(inviter.id);
    expect(String(photo?.params.caption)).toContain(`https://t.me/fake_bot?start=${code}`);
  });

  it("shows the Invite friends button in the main menu while the catalog sets referrals", async () => {
    const someone = person();
    await t.send(start(someone));
    expect(lastShown().buttons.map((b) => b.text)).toContain("🤝 Invite friends");
    await t.send(callback(someone, button("🤝 Invite friends")));
    expect(lastShown().text).toContain("https://t.me/fake_bot?start=r");
  });
});

describe("attribution on /start", () => {
  it("records the first start once: a later plain /start leaves it to the session, a code still reaches the domain", async () => {
    const inviter = person();
    await t.send(start(inviter));
    const code = await inviteLinkOf(inviter);
    const friend = person();
    await t.send(start(friend));
    const first = await t.redis.hget("referral:started", String(friend.id));
    expect(first).not.toBeNull();
    // Taken away behind the bot's back: a plain /start does not write it again (the session knows).
    await t.redis.hdel("referral:started", String(friend.id));
    await t.send(start(friend));
    expect(await t.redis.hget("referral:started", String(friend.id))).toBeNull();
    // A /start with a code still goes to the domain: it records the start (and, here, attributes).
    await t.send(start(friend, code));
    expect(await t.redis.hget("referral:started", String(friend.id))).not.toBeNull();
  });

  it("attributes a new user once when the same /start update comes twice at once", async () => {
    const inviter = person();
    await t.send(start(inviter));
    const code = await inviteLinkOf(inviter);
    const friend = person();
    const update = start(friend, code);
    await Promise.all([t.send(update), t.send(update)]);
    await t.send(update);
    expect(await referrals().inviterOf(friend.id)).toBe(inviter.id);
    expect((await referrals().statsOf(inviter.id)).joined).toBe(1);
    const welcomes = t.telegram
      .callsOf("sendMessage")
      .filter((c) => c.chatId === friend.id && String(c.params.text).includes("invitation from a friend"));
    expect(welcomes).toHaveLength(1);
    expect(String(welcomes[0]?.params.text)).toContain("your first purchase gets 3 extra days");

    await inviteLinkOf(inviter);
    expect(lastShown().text).toContain("Joined with your link: <b>1</b>");
  });

  it("shows an invited customer's bonus days on the order screen before payment, while they are due", async () => {
    const inviter = person();
    await t.send(start(inviter));
    const code = await inviteLinkOf(inviter);
    const friend = person();
    await t.send(start(friend, code));
    const bonus = "🤝 Invited by a friend: +3 bonus days with this first purchase";

    await t.send(callback(friend, "buy:go:de-xui"));
    expect(lastShown().text).toContain("🧾 <b>Your order</b>");
    expect(lastShown().text).toContain(bonus);
    // A gift is not the customer's own access: no bonus on it.
    await t.send(callback(friend, "buy:gift:de-xui"));
    expect(lastShown().text).toContain("🎁 <b>Gift</b>");
    expect(lastShown().text).not.toContain("Invited by a friend");
    // Someone who came without a link gets none.
    const stranger = person();
    await t.send(start(stranger));
    await t.send(callback(stranger, "buy:go:de-xui"));
    expect(lastShown().text).not.toContain("Invited by a friend");

    // Russian.
    const ivan = person({ language_code: "ru" });
    await t.send(start(ivan, code));
    await t.send(callback(ivan, "buy:go:node"));
    expect(lastShown().text).toContain("🤝 По приглашению друга: +3 бонусных дня к этой первой покупке");

    // Once the first paid purchase holds the bonus, another order shows none.
    const orders = await t.deps.books.orders.ofCustomer(friend.id);
    const first = orders.find((o) => o.planId === "de-xui" && !o.gift);
    if (!first) throw new Error("no first order");
    expect(await t.deps.sales.referralRewards.bonusDays(first)).toBe(3);
    await t.send(callback(friend, "buy:go:node"));
    expect(lastShown().text).toContain("🧾 <b>Your order</b>");
    expect(lastShown().text).not.toContain("Invited by a friend");
  });

  it("does not attribute a user to their own link", async () => {
    const inviter = person();
    await t.send(start(inviter));
    const code = await inviteLinkOf(inviter);
    await t.send(start(inviter, code));
    expect(await referrals().inviterOf(inviter.id)).toBeUndefined();
    expect((await referrals().statsOf(inviter.id)).joined).toBe(0);
  });

  it("does not attribute a user who started the bot before, nor a customer from before the link", async () => {
    const inviter = person();
    await t.send(start(inviter));
    const code = await inviteLinkOf(inviter);

    const earlier = person();
    await t.send(start(earlier));
    await t.send(start(earlier, code));
    expect(await referrals().inviterOf(earlier.id)).toBeUndefined();

    // A customer the shop has known for a day (before referrals) who never sent /start with a link.
    const known = person();
    await t.deps.books.customers.seen({ id: known.id, firstName: "K", locale: "en" });
    clock().advance(DAY);
    await t.send(start(known, code));
    expect(await referrals().inviterOf(known.id)).toBeUndefined();
    expect((await referrals().statsOf(inviter.id)).joined).toBe(0);
  });

  it("keeps the attribution when the user leaves and comes back through another link", async () => {
    const first = person();
    const second = person();
    await t.send(start(first));
    await t.send(start(second));
    const [codeA, codeB] = [await inviteLinkOf(first), await inviteLinkOf(second)];
    const friend = person();
    await t.send(start(friend, codeA));
    expect(await referrals().inviterOf(friend.id)).toBe(first.id);
    await t.deps.books.customers.markBotBlocked(friend.id);
    await t.send(start(friend, codeB));
    expect(await referrals().inviterOf(friend.id)).toBe(first.id);
    expect((await referrals().statsOf(second.id)).joined).toBe(0);
  });

  it("leaves other start payloads (gift links) alone and attributes nothing for them", async () => {
    const friend = person();
    await t.send(start(friend, "gift_abc123"));
    expect(await referrals().inviterOf(friend.id)).toBeUndefined();
    expect(lastShown().text).toContain("Hi, ");
    expect(lastShown().text).not.toContain("invitation");
  });
});

describe("the admins' Referrals section", () => {
  it("lists the top inviters by what they earned", async () => {
    const inviter = person();
    await t.send(start(inviter));
    const code = await inviteLinkOf(inviter);
    const friend = person();
    await t.send(start(friend, code));
    // A paid order of the friend, active: the reward step credits the inviter.
    const { shop, referralRewards, cashier } = t.deps.sales;
    const { orders, wallet } = t.deps.books;
    await wallet.credit(friend.id, 300, `seed:${friend.id}`, { kind: "admin-credit" });
    const started = await shop.startPurchase(friend.id, "de-xui", "en");
    if (!started.ok) throw new Error(started.reason);
    expect((await cashier.payFromBalance(friend.id, started.order.id)).status).toBe("paid");
    await orders.transition(started.order.id, ["paid"], "provisioning");
    await orders.transition(started.order.id, ["provisioning"], "active");
    expect(await referralRewards.reward(started.order.id)).toMatchObject({ status: "rewarded", amount: 15 });

    await t.send(command(user(ADMIN), "/admin"));
    await t.send(callback(user(ADMIN), button("🤝 Referrals")));
    const shown = lastShown().text;
    expect(shown).toContain("<b>🤝 Referrals</b>: ✅ on");
    expect(shown).toContain("Catalog: 10% of each payment");
    expect(shown).toMatch(new RegExp(`1\\. .*\\(<code>${inviter.id}</code>\\): 1 · 1 · <b>`));
    expect(shown).toContain(formatMoney("XTR", 15, "en"));

    await inviteLinkOf(inviter);
    expect(lastShown().text).toContain("Of them paid: <b>1</b>");
    expect(lastShown().text).toContain(`You earned: <b>${formatMoney("XTR", 15, "en")}</b>`);
  });

  it("turns referrals off: no attribution, the screen says so; a non-admin cannot switch", async () => {
    const inviter = person();
    await t.send(start(inviter));
    const code = await inviteLinkOf(inviter);

    await t.send(callback(inviter, "a.ref:off"));
    expect(await t.deps.catalog.settings.referralsOn()).toBe(true);

    await t.send(callback(user(ADMIN), "a.ref:view"));
    await t.send(callback(user(ADMIN), button("⛔ Turn referrals off")));
    expect(lastAnswer().text).toContain("Referrals are off");
    expect(await t.deps.catalog.settings.referralsOn()).toBe(false);
    expect(lastShown().text).toContain("⛔ off");

    const friend = person();
    await t.send(start(friend, code));
    expect(await referrals().inviterOf(friend.id)).toBeUndefined();
    await t.send(callback(inviter, "inv:view"));
    expect(lastShown().text).toBe("Invitations are not running right now.");

    await t.send(callback(user(ADMIN), "a.ref:view"));
    await t.send(callback(user(ADMIN), button("✅ Turn referrals on")));
    expect(await t.deps.catalog.settings.referralsOn()).toBe(true);
  });
});

describe("the admins' Referrals screen (issue 24, item 6)", () => {
  it("is coherent: on, friends joined before anyone earned are counted and their inviter listed", async () => {
    const inviter = person();
    await t.send(start(inviter));
    const code = await inviteLinkOf(inviter);
    const friend = person();
    await t.send(start(friend, code));
    expect(await referrals().inviterOf(friend.id)).toBe(inviter.id);

    await t.send(callback(user(ADMIN), "a.ref:view"));
    const text = lastShown().text;
    expect(text).toContain("<b>🤝 Referrals</b>: ✅ on");
    // It used to say "on" and "Nobody has earned from an invitation yet" with a friend joined.
    expect(text).not.toContain("Nobody");
    expect(text).toMatch(/Joined with an invitation: <b>\d+<\/b>, from \d+ inviters? · paid: <b>\d+<\/b>/);
    expect(text).toContain(`(<code>${inviter.id}</code>): 1 · 0 · <b>0 ⭐</b>`);
    expect(lastShown().buttons.map((b) => b.text)).toContain("⛔ Turn referrals off");
  });

  it("says what off means, and with no catalog terms it is 'not set up' with no switch", async () => {
    await t.deps.catalog.settings.setReferralsOn(false);
    await t.send(callback(user(ADMIN), "a.ref:view"));
    expect(lastShown().text).toContain("⛔ off");
    expect(lastShown().text).toContain("Switched off: links invite nobody");

    const bare = await createTestBot({ adminIds: [ADMIN], rateLimit: false, redis: t.redis });
    try {
      await bare.send(callback(user(ADMIN), "a.ref:view"));
      const shown = telegramViews(() => bare).lastShown();
      expect(shown.text).toContain("<b>🤝 Referrals</b>: ⚪ not set up");
      expect(shown.text).toContain("The catalog has no <code>referral:</code> section");
      expect(shown.text).not.toContain("✅ on");
      expect(shown.buttons.map((b) => b.text)).not.toContain("⛔ Turn referrals off");
      expect(shown.buttons.map((b) => b.text)).not.toContain("✅ Turn referrals on");
    } finally {
      await bare.close();
    }
  });
});

function user(id: number): User {
  return { id, is_bot: false, first_name: "Admin", language_code: "en" };
}
