import type { MessageOrigin, Update, User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { STAFF_PREFIX, staffCb } from "../../src/bot/features/admin/staff/callbacks.js";
import { staffIndexOf } from "../../src/bot/staff.js";
import { type AuditEntry, auditKeys, type Role, staffKeys } from "../../src/domain/staff/index.js";
import { ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { command, textMessage, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { buttonsOf, telegramViews } from "../helpers/telegram-views.js";

/**
 * The Staff section (owners only) and what the bot answers others who press its buttons: the
 * list, adding a member by a forwarded message, a @username or an id, giving a role, removing
 * with a confirmation, owners left as ADMIN_IDS says; each change recorded and the member told.
 */

const OWNER = user(7700, { first_name: "Boss", username: "boss_owner" });
const OWNER2 = user(7701, { first_name: "Deputy" });
const ADMIN = user(7710, { first_name: "Ada" });
const VIEWER = user(7711, { first_name: "Vic" });
const NEWBIE = user(7720, { first_name: "Nina", username: "nina_helps" });
const HIDDEN = user(7721, { first_name: "Hal" });
const NOW = Date.UTC(2026, 4, 1, 12);

const clock = new ManualClock(NOW);
/** What the bot queued in the outbox. */
const queued: { chatId: number; text: string }[] = [];
let t: TestBot;

beforeAll(async () => {
  t = await createTestBot({
    adminIds: [OWNER.id, OWNER2.id],
    clock,
    outbox: {
      send: async (m) => {
        queued.push({ chatId: m.chatId, text: m.text });
      },
    },
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const u of [OWNER, ADMIN, VIEWER]) await t.send(command(u, "/cancel"));
  await t.redis.del(staffKeys.roles, staffKeys.names, staffKeys.version, auditKeys.entries, auditKeys.log);
  await setRole(ADMIN, "admin");
  await setRole(VIEWER, "viewer");
  clock.set(NOW);
  queued.length = 0;
  t.telegram.clear();
});

const { press, say } = chatAs(() => t, OWNER);
const { lastShown, button, lastAnswer } = telegramViews(() => t);
const roster = () => t.deps.staff.roster;

async function setRole(who: User, role: Role | undefined): Promise<void> {
  await roster().setRole(OWNER.id, who.id, role);
  await staffIndexOf(roster()).refresh();
}

/** Every audit entry, oldest first. */
async function entries(filter: { actorId?: number; subject?: string } = {}): Promise<AuditEntry[]> {
  const out: AuditEntry[] = [];
  for await (const chunk of t.deps.staff.audit.all(filter)) out.push(...chunk);
  return out;
}

/** A message `from` forwarded into their chat with the bot, from `origin`. */
function forwarded(from: User, origin: MessageOrigin): Update {
  const update = textMessage(from, "a forwarded hello");
  return { ...update, message: { ...update.message, forward_origin: origin } } as Update;
}

const menuLabels = () => buttonsOf(t.telegram.last("sendMessage")?.params.reply_markup).map((b) => b.text);

describe("who sees the Staff section", () => {
  it("shows it to owners only; an admin's and a viewer's menus leave it out", async () => {
    await t.send(command(OWNER, "/admin"));
    expect(menuLabels()).toEqual(expect.arrayContaining(["👥 Staff", "📜 Audit log"]));

    await t.send(command(ADMIN, "/admin"));
    expect(menuLabels()).not.toContain("👥 Staff");
    expect(menuLabels()).toContain("📜 Audit log");
    expect(menuLabels()).toContain("🖥 Servers");

    // A viewer reads customers and the audit log, nothing else.
    await t.send(command(VIEWER, "/admin"));
    expect(menuLabels().sort()).toEqual(
      [
        "👥 Customers",
        "⚠️ Failed orders",
        "📊 Sales",
        "💳 Payments to check",
        "🏦 Payments",
        "📜 Audit log",
      ].sort(),
    );
  });

  it("lists owners first, then the others, each with role and name", async () => {
    await t.deps.books.customers.seen({
      id: OWNER.id,
      firstName: "Boss",
      username: "boss_owner",
      locale: "en",
    });
    await press(staffCb.pack({ act: "list" }));
    const shown = lastShown();
    expect(shown.text).toContain("👥 <b>Staff</b>");
    const lines = shown.text.split("\n").filter((l) => l.includes("<code>77"));
    expect(lines).toEqual([
      "👑 owner · @boss_owner · <code>7700</code>",
      "👑 owner · 7701 · <code>7701</code>",
      "🛠 admin · Ada · <code>7710</code>",
      "👁 viewer · Vic · <code>7711</code>",
    ]);
    expect(shown.buttons.map((b) => b.text)).toContain("➕ Add a staff member");
  });
});

describe("adding a staff member", () => {
  it("takes a forwarded message's sender, gives the chosen role, records it and tells them", async () => {
    await press(staffCb.pack({ act: "add" }));
    expect(lastShown().text).toContain("Forward any message the person wrote");
    await t.send(forwarded(OWNER, { type: "user", date: 0, sender_user: NEWBIE }));
    expect(lastShown().text).toBe("Which role for <b>@nina_helps</b> (<code>7720</code>)? Now: none.");
    // Nothing changes before a role is pressed.
    expect(await roster().roleOf(NEWBIE.id)).toBeUndefined();

    await press(button("🎧 support"));
    expect(await roster().roleOf(NEWBIE.id)).toBe("support");
    expect(lastShown().text).toContain("✅ @nina_helps is now 🎧 support.");
    expect(queued).toEqual([
      {
        chatId: NEWBIE.id,
        text: "👋 You are now on the staff of this shop as 🎧 support. Send /admin to open your menu.",
      },
    ]);
    const [record] = await entries({ subject: `staff:${NEWBIE.id}` });
    expect(record).toMatchObject({
      actorId: OWNER.id,
      role: "owner",
      action: "staff.role",
      before: "none",
      after: "support",
      outcome: "done",
    });
    // The new member's /admin opens their menu at once (this process's staff index was refreshed).
    t.telegram.clear();
    await t.send(command(NEWBIE, "/admin"));
    expect(lastShown().text).toBe("🛠 <b>Admin menu</b>");
    expect(menuLabels()).toContain("👥 Customers");
    expect((await roster().list()).find((m) => m.id === NEWBIE.id)?.name).toBe("@nina_helps");
  });

  it("refuses a hidden sender, a chat, a bot and an unknown @username clearly; takes a known one or an id", async () => {
    await press(staffCb.pack({ act: "add" }));
    await t.send(forwarded(OWNER, { type: "hidden_user", date: 0, sender_user_name: "Hal" }));
    expect(lastShown().text).toContain("hides their account in forwarded messages");
    await t.send(
      forwarded(OWNER, {
        type: "channel",
        date: 0,
        chat: { id: -1001, type: "channel", title: "News" },
        message_id: 3,
      }),
    );
    expect(lastShown().text).toContain("forwarded from a chat or a channel");
    await t.send(forwarded(OWNER, { type: "user", date: 0, sender_user: user(7790, { is_bot: true }) }));
    expect(lastShown().text).toBe("A bot cannot be on the staff.");
    await say("@nobody_at_all");
    expect(lastShown().text).toContain("The bot has not met <b>@nobody_at_all</b> yet.");
    await say("what?");
    expect(lastShown().text).toBe("Forward a message from the person, or send a @username or a numeric id.");

    await t.deps.books.customers.seen({
      id: NEWBIE.id,
      firstName: "Nina",
      username: "nina_helps",
      locale: "ru",
    });
    await say("@NINA_helps");
    expect(lastShown().text).toBe("Which role for <b>@nina_helps</b> (<code>7720</code>)? Now: none.");
    await press(button("👁 viewer"));
    expect(await roster().roleOf(NEWBIE.id)).toBe("viewer");
    // Told in their own language.
    expect(queued.at(-1)).toEqual({
      chatId: NEWBIE.id,
      text: "👋 Теперь вы сотрудник этого магазина, роль: 👁 наблюдатель. Отправьте /admin, чтобы открыть своё меню.",
    });

    await press(staffCb.pack({ act: "add" }));
    await say(String(HIDDEN.id));
    expect(lastShown().text).toBe(
      `Which role for <b>${HIDDEN.id}</b> (<code>${HIDDEN.id}</code>)? Now: none.`,
    );
    await press(button("🛠 admin"));
    expect(await roster().roleOf(HIDDEN.id)).toBe("admin");
  });

  it("says owners come from ADMIN_IDS, whether named in Add, on their card or in a forged button", async () => {
    await press(staffCb.pack({ act: "add" }));
    await say(String(OWNER2.id));
    expect(lastShown().text).toContain("is an owner (ADMIN_IDS): owners cannot be changed here.");
    await say("/cancel");

    await press(staffCb.pack({ act: "card", id: OWNER2.id }));
    expect(lastShown().text).toContain("Owners come from ADMIN_IDS");
    expect(lastShown().buttons.map((b) => b.text)).toEqual(["◀️ Staff", "« Admin menu"]);

    await press(staffCb.pack({ act: "role", id: OWNER2.id, role: "viewer" }));
    expect(lastAnswer()).toMatchObject({
      show_alert: true,
      text: expect.stringContaining("Owners come from"),
    });
    expect(await roster().roleOf(OWNER2.id)).toBe("owner");
    expect(await entries({ subject: `staff:${OWNER2.id}` })).toEqual([]);
  });
});

describe("changing and removing", () => {
  it("changes a role from the card, and tells the member", async () => {
    await press(staffCb.pack({ act: "card", id: ADMIN.id }));
    expect(lastShown().text).toContain("Role: 🛠 admin");
    expect(lastShown().buttons.map((b) => b.text)).toEqual([
      "✅ 🛠 admin",
      "🎧 support",
      "👁 viewer",
      "🗑 Remove from the staff",
      "◀️ Staff",
      "« Admin menu",
    ]);
    await press(button("👁 viewer"));
    expect(await roster().roleOf(ADMIN.id)).toBe("viewer");
    expect(lastShown().text).toContain("Role: 👁 viewer");
    expect(queued).toEqual([
      { chatId: ADMIN.id, text: "Your staff role is now 👁 viewer. Send /admin to open your menu." },
    ]);
    // The same role again changes (and records) nothing.
    await press(staffCb.pack({ act: "role", id: ADMIN.id, role: "viewer" }));
    expect(lastAnswer()).toMatchObject({ text: "Already 👁 viewer." });
    expect((await entries({ subject: `staff:${ADMIN.id}` })).map((e) => e.after)).toEqual([
      "admin",
      "viewer",
    ]);
  });

  it("removes only after the confirmation, once however often it is pressed", async () => {
    await press(staffCb.pack({ act: "card", id: VIEWER.id }));
    await press(button("🗑 Remove from the staff"));
    expect(lastShown().text).toContain("Remove <b>Vic</b> (👁 viewer) from the staff?");
    expect(await roster().roleOf(VIEWER.id)).toBe("viewer");

    const yes = button("✅ Yes, remove");
    await press(yes);
    expect(await roster().roleOf(VIEWER.id)).toBeUndefined();
    expect(lastShown().text).toContain("✅ Vic is no longer on the staff.");
    await press(yes);
    expect(lastAnswer()).toMatchObject({ text: "This confirmation was already used or has expired." });

    const removals = (await entries({ subject: `staff:${VIEWER.id}` })).filter(
      (e) => e.action === "staff.remove",
    );
    expect(removals).toHaveLength(1);
    expect(removals[0]).toMatchObject({ actorId: OWNER.id, before: "viewer", after: "none" });
    expect(queued).toEqual([
      {
        chatId: VIEWER.id,
        text: "You are no longer on the staff of this shop: the admin menu is closed to you.",
      },
    ]);
    // Their admin buttons are refused from now on.
    t.telegram.clear();
    await t.send(command(VIEWER, "/admin"));
    expect(lastShown().text).not.toContain("Admin menu");
  });
});

describe("staff buttons pressed by others", () => {
  it("refuses a non-owner's forged staff callback, changes nothing and records the refusal", async () => {
    const forged = staffCb.pack({ act: "role", id: VIEWER.id, role: "admin" });
    expect(forged.startsWith(STAFF_PREFIX)).toBe(true);
    for (const who of [ADMIN, VIEWER]) {
      await t.send(command(who, "/admin"));
      t.telegram.clear();
      clock.advance(1_000);
      await press(forged, who);
      expect(lastAnswer()).toMatchObject({
        text: "⛔ Your staff role does not allow this.",
        show_alert: true,
      });
    }
    clock.advance(1_000);
    await press(staffCb.pack({ act: "rm-ok", id: VIEWER.id, token: "forged01" }), ADMIN);
    clock.advance(1_000);
    await press(staffCb.pack({ act: "add" }), ADMIN);
    expect(await roster().roleOf(VIEWER.id)).toBe("viewer");
    expect(t.telegram.callsOf("sendMessage").filter((c) => c.chatId === ADMIN.id)).toEqual([]);
    expect(queued).toEqual([]);

    const refused = (await entries()).filter((e) => e.outcome === "refused");
    expect(refused.map((e) => [e.actorId, e.role, e.action, e.note])).toEqual([
      [ADMIN.id, "admin", "a.sf:role", "needs staff"],
      [VIEWER.id, "viewer", "a.sf:role", "needs staff"],
      [ADMIN.id, "admin", "a.sf:rm-ok", "needs staff"],
      [ADMIN.id, "admin", "a.sf:add", "needs staff"],
    ]);
    expect(refused[0]?.subject).toBe(`bot:${forged}`);
  });
});

describe("timing of the records", () => {
  it("stamps each change with the shop clock", async () => {
    clock.advance(5 * MINUTE);
    await press(staffCb.pack({ act: "role", id: ADMIN.id, role: "support" }));
    const [last] = (await t.deps.staff.audit.page({ actorId: OWNER.id }, 0, 1)).entries;
    expect(last).toMatchObject({ at: NOW + 5 * MINUTE, action: "staff.role", after: "support" });
  });
});
