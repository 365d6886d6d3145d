import type { MessageOrigin, Update, User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditCb } from "../../src/bot/features/admin/audit/callbacks.js";
import { STAFF_PREFIX, staffCb } from "../../src/bot/features/admin/staff/callbacks.js";
import { staffIndexOf } from "../../src/bot/staff.js";
import type { AuditEntry, Role } from "../../src/domain/staff/index.js";
import { setShopTimeZone } from "../../src/render/format.js";
import { ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { command, type FakeFile, textMessage, user } from "../fakes/telegram-api.js";
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
  await clearStaffAndAudit();
  await setRole(ADMIN, "admin");
  await setRole(VIEWER, "viewer");
  clock.set(NOW);
  queued.length = 0;
  t.telegram.clear();
});

/** No staff but the owners, and an empty audit log (every index included). */
async function clearStaffAndAudit(): Promise<void> {
  const keys = [...(await t.redis.keys("audit:*")), ...(await t.redis.keys("staff:*"))];
  if (keys.length > 0) await t.redis.del(...keys);
}

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
    clock.advance(1_000);
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
    // Their own command menu offers /admin (and the other admin commands) while they are staff.
    const menu = await t.bot.api.getMyCommands({ scope: { type: "chat", chat_id: ADMIN.id } });
    expect(menu.map((c) => c.command)).toEqual(expect.arrayContaining(["start", "admin", "servers"]));
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
    // Their command menu is the customers' again (the chat's own list is gone).
    const menu = await t.bot.api.getMyCommands({ scope: { type: "chat", chat_id: VIEWER.id } });
    expect(menu).toEqual([]);
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
    expect(refused[0]?.subject).toBe("section:a.sf");
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

// -- the Audit log screen ----------------------------------------------------------------------

const SUPPORT = user(7712, { first_name: "Sue" });
const CAROL = 7801;
const AUDIT_HOME = auditCb.pack({ act: "page", page: 0, f: "" });

/**
 * 23 money entries a minute apart (owner and admin in turn, about three customers), then a refused
 * one, a started one and a failed one with its note: 26 in all, the failed one newest.
 */
async function seedLog(): Promise<void> {
  await clearStaffAndAudit();
  for (const [who, role] of [
    [ADMIN, "admin"],
    [VIEWER, "viewer"],
    [SUPPORT, "support"],
  ] as const) {
    await roster().setRole(OWNER.id, who.id, role);
  }
  await staffIndexOf(roster()).refresh();
  // Only the entries below: the role changes' own records go.
  await t.redis.del(...(await t.redis.keys("audit:*")));
  const { audit } = t.deps.staff;
  for (let i = 0; i < 23; i++) {
    clock.set(NOW + i * MINUTE);
    const [actor, role] = i % 2 === 0 ? [OWNER, "owner"] : [ADMIN, "admin"];
    const subject = `customer:${CAROL + (i % 3)}`;
    await audit.record({
      actorId: actor.id,
      role,
      action: "wallet.credit",
      subject,
      before: `${i}0`,
      after: `${i}5`,
    });
  }
  clock.set(NOW + 24 * MINUTE);
  await audit.record({
    actorId: VIEWER.id,
    role: "viewer",
    action: "wallet.credit",
    subject: "customer:1",
    outcome: "refused",
    note: "needs money",
  });
  clock.set(NOW + 25 * MINUTE);
  await audit.begin({ actorId: ADMIN.id, role: "admin", action: "server.extend", subject: "server:8" });
  clock.set(NOW + 30 * MINUTE);
  const failed = await audit.begin({
    actorId: ADMIN.id,
    role: "admin",
    action: "server.extend",
    subject: "server:7",
  });
  await audit.finish(failed, "failed", undefined, "hosting answered 503");
  await t.deps.books.customers.seen({ id: CAROL, firstName: "Carol", username: "carol_c", locale: "en" });
}

/** The entries shown on the latest screen (each starts with an outcome and the time). */
const shownLines = () =>
  lastShown()
    .text.split("\n")
    .filter((l) => / · May \d+, 2026, /.test(l));

describe("the Audit log screen", () => {
  beforeEach(seedLog);

  it("pages newest first: when (the shop's zone), who and role, action, subject, before → after, outcome", async () => {
    setShopTimeZone("Europe/Berlin");
    try {
      await press(AUDIT_HOME);
    } finally {
      setShopTimeZone("UTC");
    }
    const page = lastShown();
    expect(page.text).toContain("📜 <b>Audit log</b>: every entry\n26 entries · page 1 of 3");
    expect(page.text).toContain(
      "❌ failed · May 1, 2026, 14:30 GMT+2 · Ada (🛠 admin)\n   <code>server.extend</code> · <code>server:7</code>\n   ↳ <i>hosting answered 503</i>",
    );
    expect(page.text).toContain("⏳ started · May 1, 2026, 14:25 GMT+2 · Ada (🛠 admin)");
    expect(page.text).toContain("⛔ refused · May 1, 2026, 14:24 GMT+2 · Vic (👁 viewer)");
    expect(page.text).toContain(
      "✅ done · May 1, 2026, 14:22 GMT+2 · @boss_owner (👑 owner)\n   <code>wallet.credit</code> · <code>customer:7802</code> · 220 → 225",
    );
    expect(shownLines()).toHaveLength(10);
    expect(page.buttons.map((b) => b.text)).toEqual([
      "Older ›",
      "👤 By staff",
      "🧑 By customer",
      "🏷 By subject",
      "📤 Export CSV",
      "« Admin menu",
    ]);

    await press(button("Older ›"));
    expect(lastShown().text).toContain("page 2 of 3");
    expect(shownLines()[0]).toContain("12:15 UTC");
    await press(button("Older ›"));
    expect(lastShown().text).toContain("page 3 of 3");
    expect(shownLines()).toHaveLength(6);
    expect(shownLines().at(-1)).toContain("✅ done · May 1, 2026, 12:00 UTC · @boss_owner (👑 owner)");
    expect(lastShown().buttons.map((b) => b.text)).not.toContain("Older ›");
    await press(button("‹ Newer"));
    expect(lastShown().text).toContain("page 2 of 3");
  });

  it("filters by a staff member picked from the list", async () => {
    await press(AUDIT_HOME);
    await press(button("👤 By staff"));
    expect(lastShown().text).toBe("Whose actions? Pick a staff member:");
    await press(button("🛠 admin · Ada"));
    expect(lastShown().text).toContain("📜 <b>Audit log</b>: by Ada\n13 entries · page 1 of 2");
    expect(shownLines().every((l) => l.includes("Ada (🛠 admin)"))).toBe(true);
    expect(lastShown().buttons.map((b) => b.text)).toContain("✖ Every entry");
    await press(button("✖ Every entry"));
    expect(lastShown().text).toContain("every entry\n26 entries");
  });

  it("filters by a customer (id or @username) and by a subject typed in", async () => {
    await press(AUDIT_HOME);
    await press(button("🧑 By customer"));
    expect(lastShown().text).toBe("Send the customer's numeric Telegram id or @username.");
    await say("@nobody_here");
    expect(lastShown().text).toContain("No customer matches <b>@nobody_here</b>");
    await say("@Carol_C");
    expect(lastShown().text).toContain("about <code>customer:7801</code>\n8 entries · page 1 of 1");
    expect(shownLines()).toHaveLength(8);

    await press(button("🏷 By subject"));
    await say("server 7");
    expect(lastShown().text).toContain("A subject is a kind and an id with a colon between them");
    await say("server:7");
    expect(lastShown().text).toContain("about <code>server:7</code>\n1 entry · page 1 of 1");
    expect(lastShown().text).toContain("hosting answered 503");

    // A subject too long for a button's data is carried by reference.
    const long = `client:${"x".repeat(60)}`;
    await t.deps.staff.audit.record({
      actorId: OWNER.id,
      role: "owner",
      action: "panel.client.create",
      subject: long,
    });
    await press(button("🏷 By subject"));
    await say(long);
    expect(lastShown().text).toContain("1 entry");
    await press(button("📤 Export CSV"));
    expect(csvOf().split("\r\n")[1]).toContain(long);
  });

  it("lets a viewer read and export the log; refuses support (no `audit`) and records it", async () => {
    const asViewer = chatAs(() => t, VIEWER);
    await asViewer.press(AUDIT_HOME);
    expect(lastShown().text).toContain("26 entries");
    await asViewer.press(button("📤 Export CSV"));
    expect(t.telegram.last("sendDocument")?.chatId).toBe(VIEWER.id);

    t.telegram.clear();
    await chatAs(() => t, SUPPORT).press(AUDIT_HOME);
    expect(lastAnswer()).toMatchObject({ text: "⛔ Your staff role does not allow this.", show_alert: true });
    expect(t.telegram.callsOf("sendMessage")).toEqual([]);
    const [refusal] = (await t.deps.staff.audit.page({ actorId: SUPPORT.id }, 0, 1)).entries;
    expect(refusal).toMatchObject({
      outcome: "refused",
      role: "support",
      action: "a.au:page",
      note: "needs audit",
    });
  });
});

describe("a filter dialog open when the role is lowered", () => {
  beforeEach(seedLog);

  it("reads nothing at its next step, answers clearly and records the refusal", async () => {
    const asViewer = chatAs(() => t, VIEWER);
    await asViewer.press(AUDIT_HOME);
    await asViewer.press(button("🧑 By customer"));
    clock.advance(MINUTE);
    await roster().setRole(OWNER.id, VIEWER.id, "support");
    t.telegram.clear();
    await asViewer.say("@carol_c");
    expect(lastShown().text).toBe("⛔ Your staff role does not allow this.");
    expect(t.telegram.callsOf("sendMessage").some((c) => String(c.params.text).includes("Audit log"))).toBe(
      false,
    );
    const [refusal] = (await t.deps.staff.audit.page({ actorId: VIEWER.id }, 0, 1)).entries;
    expect(refusal).toMatchObject({
      outcome: "refused",
      role: "support",
      action: "audit.read",
      note: "needs audit",
    });
  });
});

/** The text of the latest CSV document sent. */
function csvOf(): string {
  const file = t.telegram.last("sendDocument")?.params.document as FakeFile;
  return file.data.toString("utf8");
}

describe("the CSV export", () => {
  beforeEach(seedLog);

  it("sends every entry of the filter, oldest first, RFC 4180 quoted and safe from formulas", async () => {
    clock.set(NOW + 40 * MINUTE);
    await t.deps.staff.audit.record({
      actorId: ADMIN.id,
      role: "admin",
      action: "customer.block",
      subject: `customer:${CAROL}`,
      before: "@evil",
      after: '=HYPERLINK("http://evil","x"), more',
      note: "+1 line\nnext",
    });
    await press(AUDIT_HOME);
    await press(button("🧑 By customer"));
    await say(String(CAROL));
    await press(button("📤 Export CSV"));

    const sent = t.telegram.last("sendDocument");
    expect((sent?.params.document as FakeFile | undefined)?.filename).toBe("audit-2026-05-01.csv");
    expect(sent?.params.caption).toBe("📜 Audit log: about <code>customer:7801</code> (CSV)");
    const rows = csvOf().split("\r\n");
    expect(rows[0]).toBe("\uFEFFtime,actor_id,actor_name,role,action,subject,before,after,outcome,note");
    expect(rows.slice(1, -1)).toHaveLength(9);
    expect(rows[1]).toBe(
      "2026-05-01T12:00:00.000Z,7700,'@boss_owner,owner,wallet.credit,customer:7801,00,05,done,",
    );
    expect(rows[2]).toBe("2026-05-01T12:03:00.000Z,7710,Ada,admin,wallet.credit,customer:7801,30,35,done,");
    expect(rows.at(-2)).toBe(
      `2026-05-01T12:40:00.000Z,7710,Ada,admin,customer.block,customer:7801,'@evil,"'=HYPERLINK(""http://evil"",""x""), more",done,"'+1 line\nnext"`,
    );
    expect(rows.at(-1)).toBe("");
  });

  it("exports the whole log without a filter, however many pages", async () => {
    for (let i = 0; i < 600; i++) {
      clock.advance(1);
      await t.deps.staff.audit.record({ actorId: OWNER.id, role: "owner", action: "x.y", subject: `n:${i}` });
    }
    await press(AUDIT_HOME);
    await press(button("📤 Export CSV"));
    const rows = csvOf().split("\r\n").filter(Boolean);
    expect(rows).toHaveLength(1 + 26 + 600);
    expect(rows[1]).toContain(",customer:7801,");
    expect(rows.at(-1)).toContain(",x.y,n:599,");
  });
});
