import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeAccountApi } from "../fakes/account-api.js";
import { command, type FakeFile, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { conversationStates } from "../helpers/conversation-states.js";
import { telegramViews } from "../helpers/telegram-views.js";

const ADMIN = user(7300, { first_name: "Boss", language_code: "en" });
const ADMIN_RU = user(7301, { first_name: "Шеф", language_code: "ru" });
const STRANGER = user(7399, { first_name: "Mallory", language_code: "en" });
const GiB = 1024 ** 3;
const DAY_MS = 86_400_000;
const FAR_EXPIRY = Date.UTC(2030, 11, 1, 14, 5);
const fake = new FakeAccountApi();
let t: TestBot;
let key: string;

beforeAll(async () => {
  await fake.start();
  fake.addAccount({ login: "shop", password: "s3cret-pass" });
  key = fake.addKey("shop", "bot");
  t = await createTestBot({ adminIds: [ADMIN.id, ADMIN_RU.id], accountUrl: fake.url });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(async () => {
  await t.accountKey.save(key, ADMIN.id, 0);
  await t.send(command(ADMIN, "/cancel"));
  t.telegram.clear();
});

/** A fresh xui server with users; each test works on its own server. */
function xuiServer(
  users: { email: string; gb?: number; expiryMs?: number; enable?: boolean }[] = [],
): number {
  const s = fake.addServer("shop", { type: "xui" });
  for (const u of users) {
    fake.addClient(s.id, {
      email: u.email,
      totalGb: u.gb ?? 0,
      expiryMs: u.expiryMs ?? 0,
      enable: u.enable ?? true,
    });
  }
  return s.id;
}

const { press, say } = chatAs(() => t, ADMIN);
const { lastShown, button } = telegramViews(() => t);

function lastBody(method: string): unknown {
  return fake.seen.filter((r) => r.method === method).at(-1)?.body;
}

describe("xui users of a server", () => {
  it("lists users with usage bars, limits and expiry, 8 a page", async () => {
    const id = xuiServer([
      { email: "alice", gb: 10, expiryMs: FAR_EXPIRY },
      { email: "bob", enable: false },
      ...Array.from({ length: 8 }, (_, i) => ({ email: `user${i + 1}`, gb: 5 })),
    ]);
    fake.setUsage(id, "alice", GiB, Math.round(2.1 * GiB));

    await press(`a.xu:list:${id}:0`);
    const page1 = lastShown();
    expect(page1.text).toContain(`xui users of server #${id}`);
    expect(page1.text).toContain("10 users · page 1 of 2");
    expect(page1.text).toContain("<b>alice</b> — ▓▓░░░ 31% 3.1 GB / 10 GB · until Dec 1, 2030");
    expect(page1.text).toContain("🚫 <b>bob</b> — 0 B / unlimited · no expiry");
    expect(page1.text).toContain("<b>user6</b> — ░░░░░ 0% 0 B / 5 GB · no expiry");
    expect(page1.text).not.toContain("user7");
    const userButtons = page1.buttons.filter((b) => b.data.startsWith(`a.xu:card:${id}:`));
    expect(userButtons.map((b) => b.text)).toEqual([
      "alice",
      "🚫 bob",
      "user1",
      "user2",
      "user3",
      "user4",
      "user5",
      "user6",
    ]);
    expect(button("➕ Create user")).toBe(`a.xu:create:${id}:`);
    expect(button("📡 Inbounds")).toBe(`a.xu:inbounds:${id}:`);
    expect(button("« Back to server")).toBe(`a.s:card:${id}:`);
    expect(page1.buttons.some((b) => b.text === "‹ Previous")).toBe(false);

    await press(button("Next ›"));
    const page2 = lastShown();
    expect(page2.text).toContain("page 2 of 2");
    expect(page2.text).toContain("<b>user7</b>");
    expect(page2.text).toContain("<b>user8</b>");
    expect(page2.text).not.toContain("alice");
    expect(button("‹ Previous")).toBe(`a.xu:list:${id}:0`);
    expect(page2.buttons.some((b) => b.text === "Next ›")).toBe(false);
  });

  it("formats the list for a Russian-speaking admin", async () => {
    const id = xuiServer([{ email: "ivan", gb: 2, expiryMs: FAR_EXPIRY }]);
    fake.setUsage(id, "ivan", 0, 1.5 * GiB);
    await press(`a.xu:list:${id}:0`, ADMIN_RU);
    const text = lastShown().text;
    expect(text).toContain("1 пользователь");
    expect(text).toContain("<b>ivan</b> — ▓▓▓▓░ 75% 1,5 ГБ / 2 ГБ · до 1 дек. 2030");
    expect(lastShown().buttons.map((b) => b.text)).toContain("➕ Создать пользователя");
  });

  it("shows a user's card with status, limit, usage and expiry", async () => {
    const id = xuiServer([
      { email: "alice", gb: 10, expiryMs: FAR_EXPIRY },
      { email: "bob", enable: false },
    ]);
    fake.setUsage(id, "alice", GiB, Math.round(2.1 * GiB));

    await press(`a.xu:card:${id}:alice`);
    const card = lastShown();
    expect(card.text).toContain("👤 <b>alice</b>");
    expect(card.text).toContain("Status: ✅ active");
    expect(card.text).toContain("Traffic limit: 10 GB");
    expect(card.text).toContain("Used: 3.1 GB (↑ 1 GB · ↓ 2.1 GB)");
    expect(card.text).toContain("▓▓▓░░░░░░░ 31%");
    expect(card.text).toContain("Expires: Dec 1, 2030, 14:05 UTC (");
    expect(card.text).toContain(`UUID: <code>${fake.client(id, "alice")?.uuid}</code>`);
    expect(button("📦 Change limit")).toBe(`a.xu:limit:${id}:alice`);
    expect(button("📅 Set term")).toBe(`a.xu:term:${id}:alice`);
    expect(button("🚫 Ban")).toBe(`a.xu:ban:${id}:alice`);
    expect(button("🗑 Delete")).toBe(`a.xu:del:${id}:alice`);
    expect(button("« Back to users")).toBe(`a.xu:list:${id}:0`);

    await press(`a.xu:card:${id}:bob`);
    expect(lastShown().text).toContain("Status: 🚫 disabled (banned)");
    expect(lastShown().text).toContain("Traffic limit: unlimited");
    expect(lastShown().text).toContain("Expires: never (no expiry)");
    expect(button("✅ Unban")).toBe(`a.xu:unban:${id}:bob`);

    await press(`a.xu:card:${id}:nobody`);
    expect(lastShown().text).toContain("Not found");
    expect(button("« Back to users")).toBe(`a.xu:list:${id}:0`);
  });

  it("creates a user: VLESS link in <code>, subscription links and a QR code picture", async () => {
    const id = xuiServer();
    await press(`a.xu:create:${id}:`);
    expect(lastShown().text).toContain(`New user on server #${id}`);
    await say("carol");
    expect(lastShown().text).toContain("Traffic limit in <b>GB</b>");
    await say("10");
    expect(lastShown().text).toContain("<b>days counted from today</b>");
    expect(lastShown().text).toContain("<code>0</code> for no expiry");
    const before = Date.now();
    await say("30");

    expect(lastBody("POST")).toEqual({ name: "carol", gb: 10, days: 30 });
    const created = fake.client(id, "carol");
    expect(created?.totalGb).toBe(10);
    expect(created?.expiryMs).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(created?.expiryMs).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

    const message = t.telegram.last("sendMessage");
    const text = String(message?.params.text);
    expect(text).toContain(`✅ User <b>carol</b> is created on server #${id}.`);
    expect(text).not.toContain("already taken");
    expect(text).toContain("Limit: 10 GB · Term: 30 days from today");
    const link = `vless://${created?.uuid}@node-${id}.example.test:443?type=ws&amp;security=tls&amp;path=%2Fbs#carol`;
    expect(text).toContain(`<code>${link}</code>`);
    expect(text).toContain(`<code>${link.replace("node-", "cdn-")}</code>`);
    expect(text).toContain("Subscription links");
    expect(message?.params.parse_mode).toBe("HTML");
    expect(JSON.stringify(message?.params.reply_markup)).toContain(`a.xu:card:${id}:carol`);

    const photo = t.telegram.last("sendPhoto");
    expect(photo).toBeDefined();
    const file = photo?.params.photo as FakeFile;
    expect(file.filename).toBe("vless-qr.png");
    expect(file.size).toBeGreaterThan(100);
    expect(file.data.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(String(photo?.params.caption)).toContain("carol");
    expect(fake.count("POST", `/api/v1/servers/${id}/clients`)).toBe(1);
    expect(await conversationStates(t.redis)).toEqual([]);
  });

  it("says so when the hosting service renames a taken name", async () => {
    const id = xuiServer([{ email: "dave" }]);
    await press(`a.xu:create:${id}:`);
    await say("dave");
    await say("0");
    await say("7");
    const daves = fake.serverState(id).clients.filter((c) => c.email.startsWith("dave"));
    expect(daves).toHaveLength(2);
    const renamed = daves.find((c) => c.email !== "dave")?.email ?? "";
    expect(renamed).toMatch(/^dave-[0-9a-f]{6}$/);
    const text = String(t.telegram.last("sendMessage")?.params.text);
    expect(text).toContain(`User <b>${renamed}</b> is created`);
    expect(text).toContain(
      `The name <b>dave</b> was already taken, so the hosting service named the user <b>${renamed}</b>`,
    );
    expect(text).toContain("Limit: unlimited · Term: 7 days from today");
    expect(JSON.stringify(t.telegram.last("sendMessage")?.params.reply_markup)).toContain(
      `a.xu:card:${id}:${renamed}`,
    );
  });

  it("lets the service generate a name for '-'", async () => {
    const id = xuiServer();
    await press(`a.xu:create:${id}:`);
    await say("-");
    await say("1.5");
    await say("0");
    expect(lastBody("POST")).toEqual({ gb: 1.5, days: 0 });
    const [client] = fake.serverState(id).clients;
    expect(client?.email).toMatch(/^user-[0-9a-f]{6}$/);
    expect(client?.expiryMs).toBe(0);
    const text = String(t.telegram.last("sendMessage")?.params.text);
    expect(text).toContain(`The hosting service generated the name <b>${client?.email}</b>`);
    expect(text).toContain("Term: no expiry");
    expect(t.telegram.callsOf("sendPhoto")).toHaveLength(1);
  });

  it("asks again after a wrong name, GB or days, and creates once", async () => {
    const id = xuiServer();
    await press(`a.xu:create:${id}:`);
    await say("bad name!");
    expect(lastShown().text).toContain("The name must be 1 to 32 characters");
    await say("x".repeat(33));
    expect(lastShown().text).toContain("The name must be 1 to 32 characters");
    await say("erin");
    await say("-5");
    expect(lastShown().text).toBe("Send a number of GB, 0 or more (0 = unlimited), e.g. 50 or 2.5.");
    await say("lots");
    expect(lastShown().text).toBe("Send a number of GB, 0 or more (0 = unlimited), e.g. 50 or 2.5.");
    await say("2,5");
    await say("abc");
    expect(lastShown().text).toBe("Send a whole number of days, 0 or more (0 = no expiry), e.g. 30.");
    await say("1.5");
    expect(lastShown().text).toBe("Send a whole number of days, 0 or more (0 = no expiry), e.g. 30.");
    expect(fake.count("POST", `/api/v1/servers/${id}/clients`)).toBe(0);
    await say("0");
    expect(fake.count("POST", `/api/v1/servers/${id}/clients`)).toBe(1);
    expect(lastBody("POST")).toEqual({ name: "erin", gb: 2.5, days: 0 });
    expect(fake.client(id, "erin")).toMatchObject({ totalGb: 2.5, expiryMs: 0 });
  });

  it("cancel leaves the create dialog without creating anything", async () => {
    const id = xuiServer();
    await press(`a.xu:create:${id}:`);
    await say("frank");
    await t.send(command(ADMIN, "/cancel"));
    expect(lastShown().text).toBe("Cancelled.");
    await say("10");
    expect(fake.count("POST", `/api/v1/servers/${id}/clients`)).toBe(0);
    expect(fake.serverState(id).clients).toEqual([]);
  });

  it("changes the traffic limit", async () => {
    const id = xuiServer([{ email: "alice", gb: 10 }]);
    await press(`a.xu:limit:${id}:alice`);
    expect(lastShown().text).toContain("new traffic limit of <b>alice</b> in <b>GB</b>");
    await say("-1");
    expect(lastShown().text).toContain("Send a number of GB");
    await say("25");
    expect(fake.client(id, "alice")?.totalGb).toBe(25);
    expect(lastBody("PATCH")).toEqual({ gb: 25 });
    expect(lastShown().text).toBe("✅ The traffic limit of <b>alice</b> is now 25 GB.");
    expect(button("👤 Open user")).toBe(`a.xu:card:${id}:alice`);

    await press(`a.xu:limit:${id}:alice`);
    await say("0");
    expect(fake.client(id, "alice")?.totalGb).toBe(0);
    expect(lastShown().text).toBe("✅ The traffic limit of <b>alice</b> is now unlimited.");
  });

  it("sets a new term counted from today (not added), and 0 removes the expiry", async () => {
    const id = xuiServer([{ email: "alice", expiryMs: FAR_EXPIRY }]);
    await press(`a.xu:term:${id}:alice`);
    expect(lastShown().text).toBe(
      "📅 Set a new term for <b>alice</b>: send N, the number of days from today (0 = no expiry). " +
        "This replaces the current expiry, it does not add to it.",
    );
    await say("abc");
    expect(lastShown().text).toContain("Send a whole number of days");
    const before = Date.now();
    await say("45");
    expect(lastBody("PATCH")).toEqual({ days: 45 });
    const expiry = fake.client(id, "alice")?.expiryMs ?? 0;
    // A new term from now: far below the old expiry in 2030, not old expiry + 45 days.
    expect(expiry).toBeGreaterThanOrEqual(before + 45 * DAY_MS);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 45 * DAY_MS);
    expect(lastShown().text).toMatch(/^✅ New term of <b>alice<\/b>: 45 days from today, until .+ UTC\.$/);

    await press(`a.xu:term:${id}:alice`);
    await say("0");
    expect(lastBody("PATCH")).toEqual({ days: 0 });
    expect(fake.client(id, "alice")?.expiryMs).toBe(0);
    expect(lastShown().text).toBe("✅ <b>alice</b> now has no expiry.");
  });

  it("bans and unbans a user", async () => {
    const id = xuiServer([{ email: "alice" }]);
    await press(`a.xu:ban:${id}:alice`);
    expect(lastBody("PATCH")).toEqual({ enable: false });
    expect(fake.client(id, "alice")?.enable).toBe(false);
    expect(lastShown().text).toContain("🚫 <b>alice</b> is banned");
    expect(lastShown().text).toContain("Status: 🚫 disabled (banned)");
    expect(button("✅ Unban")).toBe(`a.xu:unban:${id}:alice`);

    await press(`a.xu:unban:${id}:alice`);
    expect(lastBody("PATCH")).toEqual({ enable: true });
    expect(fake.client(id, "alice")?.enable).toBe(true);
    expect(lastShown().text).toContain("Status: ✅ active");
    expect(button("🚫 Ban")).toBe(`a.xu:ban:${id}:alice`);
  });

  it("deletes after a confirmation, once on a double tap", async () => {
    const id = xuiServer([{ email: "alice" }, { email: "bob" }]);
    await press(`a.xu:del:${id}:alice`);
    expect(lastShown().text).toContain("Delete user alice?");
    expect(fake.client(id, "alice")).toBeDefined();
    const confirm = button("🗑 Yes, delete");
    expect(confirm).toMatch(new RegExp(`^a\\.xu:del-ok:${id}:alice\\.[A-Za-z0-9_-]{8}$`));
    expect(button("« Back")).toBe(`a.xu:card:${id}:alice`);

    await press(confirm);
    expect(fake.client(id, "alice")).toBeUndefined();
    expect(lastShown().text).toContain("🗑 User <b>alice</b> is deleted.");
    expect(lastShown().text).toContain("<b>bob</b>");
    await press(confirm);
    expect(lastShown().text).toContain("already done");
    expect(fake.count("DELETE", `/api/v1/servers/${id}/clients/alice`)).toBe(1);

    // A forged token deletes nothing.
    await press(`a.xu:del-ok:${id}:bob.AAAAAAAA`);
    expect(lastShown().text).toContain("confirmation has expired");
    expect(fake.client(id, "bob")).toBeDefined();
    expect(fake.count("DELETE", `/api/v1/servers/${id}/clients/bob`)).toBe(0);
  });

  it("lists the inbounds", async () => {
    const id = xuiServer([{ email: "alice" }, { email: "bob" }]);
    await press(`a.xu:inbounds:${id}:`);
    const view = lastShown();
    expect(view.text).toContain(`Inbounds of server #${id}`);
    expect(view.text).toContain("<b>#1</b> VLESS-WS-BS\nvless · ws · port 443 · path /bs · 2 users");
    expect(view.text).toContain("<b>#100</b> VLESS-CDN\nvless · ws · port 8443 · path — · 0 users");
    expect(button("« Back to server")).toBe(`a.s:card:${id}:`);
    expect(button("👥 Users")).toBe(`a.xu:list:${id}:0`);
  });

  it("refers to long or dotted names through a Redis ref, and an expired ref shows the list again", async () => {
    const dotted = "john.doe@example.com";
    const long = `u${"x".repeat(39)}`;
    const id = xuiServer([{ email: dotted }, { email: long }, { email: "short" }]);
    await press(`a.xu:list:${id}:0`);
    const refs = lastShown().buttons.filter((b) => b.data.startsWith(`a.xu:card:${id}:~`));
    expect(refs.map((b) => b.text).sort()).toEqual([dotted, long].sort());
    expect(button("short")).toBe(`a.xu:card:${id}:short`);
    for (const b of lastShown().buttons) expect(Buffer.byteLength(b.data)).toBeLessThanOrEqual(64);

    const dottedData = refs.find((b) => b.text === dotted)?.data ?? "";
    const hash = dottedData.split("~")[1] ?? "";
    expect(hash).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(await t.redis.get(`xui-ref:${hash}`)).toBe(dotted);
    const ttl = await t.redis.ttl(`xui-ref:${hash}`);
    expect(ttl).toBeGreaterThan(6 * 86_400);
    expect(ttl).toBeLessThanOrEqual(7 * 86_400);

    await press(dottedData);
    expect(lastShown().text).toContain(`👤 <b>${dotted}</b>`);
    await press(button("🚫 Ban"));
    expect(fake.client(id, dotted)?.enable).toBe(false);
    await press(button("🗑 Delete"));
    await press(button("🗑 Yes, delete"));
    expect(fake.client(id, dotted)).toBeUndefined();
    expect(fake.count("DELETE", `/api/v1/servers/${id}/clients/${encodeURIComponent(dotted)}`)).toBe(1);

    const longData = refs.find((b) => b.text === long)?.data ?? "";
    await t.redis.del(`xui-ref:${longData.split("~")[1]}`);
    await press(longData.replace(":card:", ":ban:"));
    expect(lastShown().text).toContain("This menu is outdated");
    expect(lastShown().text).toContain(`xui users of server #${id}`);
    expect(fake.client(id, long)?.enable).toBe(true);
  });

  it("explains that a remnanode server has no users here", async () => {
    const s = fake.addServer("shop", { type: "remnanode" });
    await press(`a.xu:list:${s.id}:0`);
    const view = lastShown();
    expect(view.text).toContain(
      "The hosting service refused the request: Clients are managed only on xui servers",
    );
    expect(view.text).toContain("only on servers of the xui type");
    expect(view.buttons).toEqual([{ text: "« Back to server", data: `a.s:card:${s.id}:` }]);
  });

  it("offers to link again after a 401", async () => {
    const id = xuiServer([{ email: "alice" }]);
    await t.accountKey.save(fake.addKey("shop"), ADMIN.id, 0);
    const revoked = await t.accountKey.get();
    fake.revokeKey(revoked ?? "");
    await press(`a.xu:list:${id}:0`);
    expect(lastShown().text).toContain("revoked or is invalid");
    expect(lastShown().buttons.map((b) => b.data)).toEqual(
      expect.arrayContaining(["a.acc:link", `a.s:card:${id}:`]),
    );
  });

  it("refuses a non-admin's forged button; nothing reaches the hosting API", async () => {
    const id = xuiServer([{ email: "alice" }]);
    const seen = fake.seen.length;
    for (const data of [
      `a.xu:list:${id}:0`,
      `a.xu:ban:${id}:alice`,
      `a.xu:del-ok:${id}:alice.AAAAAAAA`,
      `a.xu:create:${id}:`,
    ]) {
      await press(data, STRANGER);
      expect(t.telegram.last("answerCallbackQuery")?.params).toMatchObject({
        text: "This action is for the shop's admins only.",
        show_alert: true,
      });
    }
    await say("mallory", STRANGER);
    expect(fake.seen.length).toBe(seen);
    expect(fake.client(id, "alice")?.enable).toBe(true);
    expect(t.telegram.callsOf("editMessageText")).toEqual([]);
    expect(t.logs()).toContain("refused admin callback from a non-admin");
  });
});

describe("log lines of an admin's update", () => {
  it("carry the update and chat, also those the domain services write", async () => {
    const logged = await createTestBot({ adminIds: [ADMIN.id], accountUrl: fake.url, domainLogs: true });
    try {
      await logged.accountKey.save(key, ADMIN.id, 0);
      const id = xuiServer([{ email: "carol" }]);
      const { press: pressHere } = chatAs(() => logged, ADMIN);
      await pressHere(`a.xu:ban:${id}:carol`);
      const lines = logged
        .logs()
        .split("\n")
        .filter((l) => l.includes('"xui user banned"'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ chat: ADMIN.id, email: "carol" });
      expect(typeof lines[0]?.update_id).toBe("number");
    } finally {
      await logged.close();
    }
  });
});
