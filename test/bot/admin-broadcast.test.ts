import type { Update, User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readBroadcastMessage } from "../../src/bot/features/admin/broadcast/message.js";
import type { BroadcastRequest, BroadcastStarter, StopOutcome } from "../../src/domain/backoffice/index.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { callback, command, privateChat, textMessage, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { buttonsOf, findButton, telegramViews } from "../helpers/telegram-views.js";

const ADMIN = user(7600, { first_name: "Boss", language_code: "en" });
const ADMIN_RU = user(7601, { first_name: "Шеф", language_code: "ru" });
const STRANGER = user(7699, { first_name: "Mallory", language_code: "en" });
const NOW = Date.UTC(2026, 2, 10, 12);

/** Records what the bot asked to broadcast. */
class FakeStarter implements BroadcastStarter {
  readonly calls: BroadcastRequest[] = [];
  async start(request: BroadcastRequest): Promise<{ id: string }> {
    this.calls.push(request);
    return { id: `bcfake${this.calls.length}` };
  }
  // Stop (issue 10, item 17) is tested in admin-broadcast-format.test.ts with a real queue.
  async stop(): Promise<StopOutcome> {
    return "unknown";
  }
}

const starter = new FakeStarter();
const clock = new ManualClock(NOW);
let t: TestBot;

const { press, say } = chatAs(() => t, ADMIN);
const { lastShown, button } = telegramViews(() => t);

let nextId = 500_000;
function photoMessage(from: User, caption?: string): Update {
  return {
    update_id: nextId++,
    message: {
      message_id: nextId++,
      date: Math.floor(NOW / 1000),
      chat: privateChat(from),
      from,
      photo: [
        { file_id: "photo-small", file_unique_id: "u-small", width: 90, height: 90 },
        { file_id: "photo-large", file_unique_id: "u-large", width: 1280, height: 1280 },
      ],
      ...(caption === undefined ? {} : { caption }),
    },
  };
}

async function customer(id: number, sub?: "active" | "expired") {
  await seedCustomer(t.deps, id);
  if (!sub) return;
  await seedSubscription(t.deps, `o${id}`, {
    customerId: id,
    expiresAt: sub === "active" ? NOW + 10 * DAY : NOW - DAY,
  });
}

/** Writes `text` in the broadcast dialog; returns after the preview and the audience choice. */
async function draft(text: string, from = ADMIN) {
  await press("a.bc:new:::", from);
  await say(text, from);
  await press("a.bc:nobtn:::", from);
}

beforeAll(async () => {
  t = await createTestBot({ adminIds: [ADMIN.id, ADMIN_RU.id], clock, broadcasts: starter });
  for (const u of [ADMIN, ADMIN_RU, STRANGER]) await customer(u.id);
  await customer(801, "active");
  await customer(802, "active");
  await t.deps.books.customers.markBotBlocked(802); // blocked the bot: not counted
  await customer(803);
  await customer(804, "expired");
  await customer(805, "active");
  await t.deps.books.customers.setBlocked(805, true); // blocked by an admin: not counted
  await customer(806, "active");
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const admin of [ADMIN, ADMIN_RU]) await t.send(command(admin, "/cancel"));
  starter.calls.length = 0;
  t.telegram.clear();
});

describe("broadcast", () => {
  it("is in the admin menu and shows who it reaches", async () => {
    await t.send(command(ADMIN, "/admin"));
    const buttons = buttonsOf(t.telegram.last("sendMessage")?.params.reply_markup);
    const labels = buttons.map((b) => b.text);
    expect(labels.indexOf("📣 Broadcast")).toBeGreaterThan(labels.indexOf("🖥 Servers"));
    await press(findButton(buttons, "📣 Broadcast"));
    // Reachable: the three people who wrote (no subscription), 801, 803, 804, 806.
    expect(lastShown().text).toContain("Reachable now: 7 customers, 2 of them with an active subscription.");
    expect(button("✍️ Write a message")).toBe("a.bc:new:::");
  });

  it("asks for the message, previews it as customers will see it, then asks for the audience", async () => {
    await press("a.bc:new:::");
    expect(lastShown().text).toContain(
      "Send the message for the broadcast: a text, or a photo with a caption.",
    );
    // Formatting is kept since issue 10 (17); it used to say "it goes out as plain text".
    expect(lastShown().text).toContain("Formatting (bold, links, …) is kept.");
    expect(button("✖ Cancel")).toBe("a.bc:cancel:::");

    await say("Sale: <b>50%</b> off & more");
    expect(lastShown().buttons.map((b) => b.text)).toEqual(["⏭ No buttons", "✖ Cancel"]);
    await press(button("⏭ No buttons"));
    const sends = t.telegram.callsOf("sendMessage");
    const preview = sends.at(-2);
    expect(preview?.params).toMatchObject({
      chat_id: ADMIN.id,
      text: "Sale: &lt;b&gt;50%&lt;/b&gt; off &amp; more",
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
    });
    expect(preview?.params.reply_markup).toBeUndefined();
    expect(lastShown().text).toBe("👆 This is how customers will see it. Who should get it?");
    expect(lastShown().buttons.map((b) => b.text)).toEqual([
      "👥 All customers (7)",
      "✅ With an active subscription (2)",
      "⌛ Subscription expired",
      "🆕 Never bought",
      "🎁 Trial only",
      "📦 Germany, 30 days, 100 GB",
      "📦 2 locations, 30 days",
      "📦 Own node, 30 days",
      "✖ Cancel",
    ]);
    expect(starter.calls).toHaveLength(0);
  });

  it("offers segments and plans (issue 24: only All or Active before), each counted when chosen", async () => {
    await draft("We miss you");
    await press(button("⌛ Subscription expired"));
    expect(lastShown().text).toBe(
      "Send this message to customers whose subscription expired: <b>1</b> recipient?",
    );
    await press(button("📣 Send now"));
    expect(starter.calls.map((c) => c.audience)).toEqual(["expired"]);

    await draft("New servers in Germany");
    await press(button("📦 Germany, 30 days, 100 GB"));
    expect(lastShown().text).toBe(
      "Send this message to customers with an active Germany, 30 days, 100 GB: <b>2</b> recipients?",
    );
    const go = button("📣 Send now");
    expect(go).toMatch(/^a\.bc:go:[A-Za-z0-9_-]{8}:p\.de-xui:[A-Za-z0-9_-]{8}$/);
    await press(go);
    expect(starter.calls.map((c) => c.audience)).toEqual(["expired", "p.de-xui"]);

    await draft("Try it for real");
    await press(button("🎁 Trial only"));
    expect(lastShown().text).toBe("Nobody in this audience can be reached right now.");
    // A forged plan audience (not on sale) reaches nobody.
    await press(button("« Audience"));
    const forged = button(/^📦 Germany/).replace("p.de-xui", "p.gone");
    await press(forged);
    expect(lastShown().text).toBe("Nobody in this audience can be reached right now.");
    expect(starter.calls).toHaveLength(2);
  });

  it("confirms the audience with its count and starts one broadcast", async () => {
    await draft("Maintenance tonight");
    await press(button(/^✅ With an active subscription/));
    expect(lastShown().text).toBe(
      "Send this message to customers with an active subscription: <b>2</b> recipients?",
    );
    const go = button("📣 Send now");
    expect(go).toMatch(/^a\.bc:go:[A-Za-z0-9_-]{8}:active:[A-Za-z0-9_-]{8}$/);
    expect(starter.calls).toHaveLength(0);

    await press(go);
    expect(starter.calls).toEqual([
      {
        adminChatId: ADMIN.id,
        text: "Maintenance tonight",
        photoFileId: undefined,
        audience: "active",
        locale: "en",
      },
    ]);
    expect(lastShown().text).toBe("📣 Broadcast started. The progress message below is updated as it goes.");
  });

  it("starts one broadcast on a double tap, in a row or at once", async () => {
    await draft("Twice?");
    await press(button(/^👥 All customers/));
    const go = button("📣 Send now");
    await press(go);
    await press(go);
    await Promise.all([press(go), press(go)]);
    expect(starter.calls).toHaveLength(1);
    expect(starter.calls[0]?.audience).toBe("all");
    const answers = t.telegram.callsOf("answerCallbackQuery").slice(-3);
    for (const a of answers) {
      expect(a.params).toMatchObject({ text: "This broadcast has already been started.", show_alert: true });
    }
  });

  it("can go back to the audience choice, or be cancelled after the preview", async () => {
    await draft("Changed my mind");
    const all = button(/^👥 All customers/);
    await press(all);
    await press(button("« Audience"));
    expect(lastShown().buttons[0]?.text).toBe("👥 All customers (7)");
    await press(button("✖ Cancel"));
    expect(lastShown().text).toBe("Broadcast cancelled; nothing was sent.");
    // The draft is gone: its old buttons say so.
    await press(all);
    expect(lastShown().text).toBe("This draft has expired. Please write the message again.");
    expect(starter.calls).toHaveLength(0);
  });

  it("/cancel or the Cancel button leaves the dialog cleanly", async () => {
    await press("a.bc:new:::");
    await say("/cancel");
    expect(lastShown().text).toBe("Broadcast cancelled; nothing was sent.");
    t.telegram.clear();
    await say("not a broadcast any more");
    // Free text outside a dialog gets only the general hint (issue 10, item 7).
    expect(t.texts()).toEqual(["I answer to buttons and commands: here is the menu. /help tells more."]);

    await press("a.bc:new:::");
    await press("a.bc:cancel:::");
    expect(lastShown().text).toBe("Broadcast cancelled; nothing was sent.");
    t.telegram.clear();
    await say("still not a broadcast");
    expect(t.texts()).toEqual(["I answer to buttons and commands: here is the menu. /help tells more."]);
    expect(starter.calls).toHaveLength(0);
  });

  it("another command leaves the dialog and runs as usual", async () => {
    await press("a.bc:new:::");
    await t.send(command(ADMIN, "/admin"));
    expect(lastShown().text).toContain("Admin menu");
    t.telegram.clear();
    await say("hello");
    expect(t.texts()).toEqual(["I answer to buttons and commands: here is the menu. /help tells more."]);
  });

  it("sends a photo with its caption, and asks again for a photo without one", async () => {
    await press("a.bc:new:::");
    await t.send(photoMessage(ADMIN));
    expect(lastShown().text).toBe("A photo needs a caption: send it again with the text in its caption.");
    expect(t.telegram.callsOf("sendPhoto")).toHaveLength(0);

    await t.send(photoMessage(ADMIN, "New <servers> in Paris"));
    await press(button("⏭ No buttons"));
    const preview = t.telegram.last("sendPhoto");
    expect(preview?.params).toMatchObject({
      chat_id: ADMIN.id,
      photo: "photo-large",
      caption: "New &lt;servers&gt; in Paris",
      parse_mode: "HTML",
    });
    await press(button(/^👥 All customers/));
    await press(button("📣 Send now"));
    expect(starter.calls).toEqual([
      {
        adminChatId: ADMIN.id,
        text: "New &lt;servers&gt; in Paris",
        photoFileId: "photo-large",
        audience: "all",
        locale: "en",
      },
    ]);
  });

  it("refuses a message that is too long, and takes the next one", async () => {
    await press("a.bc:new:::");
    await say("x".repeat(4_097));
    expect(lastShown().text).toBe("That is too long: at most 4,096 characters.");
    await say("short");
    await say("-");
    expect(lastShown().text).toContain("Who should get it?");
  });

  it("speaks Russian to a Russian-speaking admin", async () => {
    await draft("Привет", ADMIN_RU);
    expect(lastShown().buttons.map((b) => b.text)).toEqual([
      "👥 Всем клиентам (7)",
      "✅ С активной подпиской (2)",
      "⌛ Подписка истекла",
      "🆕 Ничего не покупали",
      "🎁 Только пробный период",
      "📦 Германия, 30 дней, 100 ГБ",
      "📦 2 локации, 30 дней",
      "📦 Своя нода, 30 дней",
      "✖ Отмена",
    ]);
    await press(button(/^👥/), ADMIN_RU);
    await press(button("📣 Отправить"), ADMIN_RU);
    expect(starter.calls[0]).toMatchObject({ adminChatId: ADMIN_RU.id, locale: "ru", text: "Привет" });
  });

  it("is refused to a non-admin at every step", async () => {
    await draft("Admins only");
    await press(button(/^👥 All customers/));
    const go = button("📣 Send now");
    t.telegram.clear();
    for (const data of ["a.bc:new:::", go.replace(/:go:/, ":aud:"), go]) await press(data, STRANGER);
    await say("Mallory's broadcast", STRANGER);
    expect(t.telegram.callsOf("answerCallbackQuery").map((c) => c.params.text)).toEqual([
      "This action is for the shop's admins only.",
      "This action is for the shop's admins only.",
      "This action is for the shop's admins only.",
    ]);
    expect(t.telegram.callsOf("sendPhoto")).toHaveLength(0);
    expect(t.texts().some((text) => text.includes("Who should get it?"))).toBe(false);
    expect(starter.calls).toHaveLength(0);
    // The refused press did not use up the admin's confirmation.
    await press(go);
    expect(starter.calls).toHaveLength(1);
  });

  it("reads text and photos as the outbox will send them", () => {
    expect(readBroadcastMessage({ text: "  a < b  " })).toEqual({ ok: true, draft: { text: "a &lt; b" } });
    expect(readBroadcastMessage({})).toEqual({ ok: false, problem: "broadcast-text-or-photo" });
    const photo = [{ file_id: "p", file_unique_id: "u", width: 1, height: 1 }];
    expect(readBroadcastMessage({ photo, caption: "&".repeat(205) })).toEqual({
      ok: false,
      problem: "broadcast-too-long",
      max: 1024,
    });
    expect(readBroadcastMessage({ photo, caption: "hi" })).toEqual({
      ok: true,
      draft: { text: "hi", photo: "p" },
    });
  });
});

describe("broadcast without the worker", () => {
  it("says it is unavailable instead of starting a dialog", async () => {
    const bare = await createTestBot({ adminIds: [ADMIN.id] });
    try {
      await bare.send(callback(ADMIN, "a.bc:new:::"));
      const last = bare.telegram.calls.filter((c) => c.method === "editMessageText").at(-1);
      expect(last?.params.text).toBe(
        "Broadcasts are not available right now: the worker that sends them is not running.",
      );
      bare.telegram.clear();
      await bare.send(textMessage(ADMIN, "hello"));
      expect(bare.texts()).toEqual(["I answer to buttons and commands: here is the menu. /help tells more."]);
    } finally {
      await bare.close();
    }
  });
});
