import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NODE_EDIT_SETTLE_MS } from "../../src/domain/provisioning/index.js";
import { NodeApi } from "../../src/hosting/node/index.js";
import { ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { type FakeCert, FakeNodeApi, makeCert } from "../fakes/node-api.js";
import { command, type FakeFile, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot, type TestBotOptions } from "../helpers/bot-harness.js";
import { conversationStates } from "../helpers/conversation-states.js";
import { buttonsOf, telegramViews } from "../helpers/telegram-views.js";
import { until } from "../helpers/wait.js";

const ADMIN = user(7400, { first_name: "Boss", language_code: "en" });
const ADMIN_RU = user(7401, { first_name: "Шеф", language_code: "ru" });
const STRANGER = user(7499, { first_name: "Mallory", language_code: "en" });
const DAY = 86_400;
/** The fake node's clock: 10 Jan 2026, 12:00 UTC. */
const NOW = Date.UTC(2026, 0, 10, 12, 0) / 1000;
const FED_TOKEN = "fedSECRETtoken-0123456789abcdef";

const fake = new FakeNodeApi({ token: "node-api-token-for-tests", nodeName: "Amsterdam" });
let otherCert: FakeCert;
let t: TestBot;
const extraBots: TestBot[] = [];

function nodeOptions(over: Partial<{ url: string; token: string; certSha256: string }> = {}) {
  return {
    url: fake.url,
    token: fake.token,
    certSha256: fake.certificate?.fingerprint256,
    ...over,
  };
}

async function anotherBot(options: TestBotOptions): Promise<TestBot> {
  const bot = await createTestBot({ adminIds: [ADMIN.id, ADMIN_RU.id], ...options });
  extraBots.push(bot);
  return bot;
}

beforeAll(async () => {
  await fake.start();
  otherCert = await makeCert("someone-else.test");
  t = await createTestBot({
    adminIds: [ADMIN.id, ADMIN_RU.id],
    node: nodeOptions(),
    // The bot's clock agrees with the fake node's (a renewal's target starts at the later of
    // now and the client's expiry).
    clock: new ManualClock(NOW * 1000),
  });
});
afterAll(async () => {
  for (const b of extraBots) await b.close();
  await t.close();
  await fake.stop();
});
beforeEach(async () => {
  fake.now = () => NOW;
  fake.clients.clear();
  fake.peers.clear();
  fake.traffic.clear();
  fake.backupList.length = 0;
  fake.logLines.length = 0;
  fake.federationConfig = null;
  await t.send(command(ADMIN, "/cancel"));
  await t.send(command(ADMIN_RU, "/cancel"));
  fake.seen.length = 0;
  t.telegram.clear();
});

const { press, say } = chatAs(() => t, ADMIN);
const { lastShown, button } = telegramViews(() => t);

function lastBody(method: string, path: string): unknown {
  return fake.seen.filter((r) => r.method === method && r.path === `/api${path}`).at(-1)?.body;
}

/** Every value stored in a Redis database, as one string. */
async function everythingIn(redis: Redis): Promise<string> {
  const out: string[] = [];
  for (const key of await redis.keys("*")) {
    const type = await redis.type(key);
    out.push(key);
    if (type === "string") out.push((await redis.get(key)) ?? "");
    else if (type === "hash") out.push(JSON.stringify(await redis.hgetall(key)));
    else if (type === "list") out.push(JSON.stringify(await redis.lrange(key, 0, -1)));
    else if (type === "set") out.push(JSON.stringify(await redis.smembers(key)));
    else if (type === "zset") out.push(JSON.stringify(await redis.zrange(key, "0", "-1")));
  }
  return out.join("\n");
}

describe("the node section", () => {
  it("is in the admin menu after the other sections and says which settings connect a node", async () => {
    const bare = await anotherBot({});
    await bare.send(command(ADMIN, "/admin"));
    const labels = buttonsOf(bare.telegram.last("sendMessage")?.params.reply_markup).map((b) => b.text);
    expect(labels).toContain("🛰 Node");
    expect(labels.indexOf("🛰 Node")).toBeGreaterThan(labels.indexOf("📣 Broadcast"));
    await chatAs(() => bare, ADMIN).press(telegramViews(() => bare).button("🛰 Node"));
    const text = telegramViews(() => bare).lastShown().text;
    expect(text).toContain("No node is connected");
    expect(text).toContain("<code>NODE_API_URL</code>");
    expect(text).toContain("<code>NODE_API_TOKEN</code>");
    expect(text).toContain("<code>NODE_API_CERT_SHA256</code>");
    expect(telegramViews(() => bare).button("« Admin menu")).toBe("a.home");

    // Any node button says the same, and nothing breaks.
    await chatAs(() => bare, ADMIN).press("a.n:list:0:");
    expect(telegramViews(() => bare).lastShown().text).toContain("No node is connected");
    await chatAs(() => bare, ADMIN_RU).press("a.n:home::");
    expect(telegramViews(() => bare).lastShown().text).toContain("Нода не подключена");
  });

  it("shows the status, health and the ways in", async () => {
    fake.seedClient("alice", 30);
    fake.seedClient("bob", 5, { banned: true });
    fake.seedClient("carol", 1);
    fake.peers.set("de-1", "https://de1.test:2096/sub/{uuid}/local");

    await t.send(command(ADMIN, "/admin"));
    await press(button("🛰 Node"));
    const home = lastShown();
    expect(home.text).toContain("🛰 <b>Node Amsterdam</b>");
    expect(home.text).toContain("API: ✅ up");
    expect(home.text).toContain("Domain: node.test");
    expect(home.text).toContain(`Ports: API ${fake.port} · subscription 2096 · WS 443 · Reality 8443`);
    expect(home.text).toContain("3 clients: 2 active, 1 banned");
    expect(home.text).toContain("Peers: 1");
    expect(home.text).toContain("Federation: off");
    expect(home.buttons.map((b) => b.text)).toEqual([
      "👥 Clients",
      "🏷 Name",
      "🔗 Peers",
      "🌐 Federation",
      "💾 Backups",
      "📊 Traffic",
      "📜 Logs",
      "🔄 Refresh",
      "« Admin menu",
    ]);
    expect(button("👥 Clients")).toBe("a.n:list:0:");
    expect(button("« Admin menu")).toBe("a.home");

    fake.federationConfig = { api_url: "https://master.test:8443/api", token: FED_TOKEN };
    await press(button("🔄 Refresh"));
    expect(lastShown().text).toContain(
      "Federation: 🔗 on, upstream <code>https://master.test:8443/api</code>",
    );
    expect(lastShown().text).not.toContain(FED_TOKEN);

    await press("a.n:home::", ADMIN_RU);
    const ru = lastShown().text;
    expect(ru).toContain("🛰 <b>Нода Amsterdam</b>");
    expect(ru).toContain("3 клиента: активных 2, заблокированных 1");
    expect(ru).toContain("API: ✅ работает");
  });

  it("lists clients 8 a page and shows a client's card with its link and a QR code", async () => {
    fake.seedClient("alice", 30, { traffic_limit_gb: 10, device_limit: 2 });
    fake.seedClient("bob", 5, { banned: true, ban_reason: "spam" });
    fake.seedClient("gone", -2);
    for (let i = 1; i <= 7; i++) fake.seedClient(`user${i}`, 10 + i);

    await press("a.n:list:0:");
    const page1 = lastShown();
    expect(page1.text).toContain("👥 <b>Node clients</b>");
    expect(page1.text).toContain("10 clients · page 1 of 2");
    expect(page1.text).toContain("<b>alice</b> — until Feb 9, 2026 (30 days left)");
    expect(page1.text).toContain("🚫 <b>bob</b> — until Jan 15, 2026 (5 days left)");
    expect(page1.text).toContain("<b>gone</b> — ⌛ expired Jan 8, 2026");
    expect(page1.text).toContain("<b>user5</b>");
    expect(page1.text).not.toContain("user6");
    const clientButtons = page1.buttons.filter((b) => b.data.startsWith("a.n:card:"));
    expect(clientButtons.map((b) => b.text)).toEqual([
      "alice",
      "🚫 bob",
      "gone",
      "user1",
      "user2",
      "user3",
      "user4",
      "user5",
    ]);
    expect(button("➕ Create client")).toBe("a.n:create::");
    expect(page1.buttons.some((b) => b.text === "‹ Previous")).toBe(false);

    await press(button("Next ›"));
    const page2 = lastShown();
    expect(page2.text).toContain("page 2 of 2");
    expect(page2.text).toContain("<b>user6</b>");
    expect(page2.text).toContain("<b>user7</b>");
    expect(page2.text).not.toContain("alice");
    expect(button("‹ Previous")).toBe("a.n:list:0:");

    await press("a.n:list:0:", ADMIN_RU);
    expect(lastShown().text).toContain("10 клиентов · страница 1 из 2");
    expect(lastShown().text).toContain("<b>alice</b> — до 9 февр. 2026 г. (осталось 30 дней)");

    await press("a.n:card:alice:");
    const card = lastShown();
    const alice = fake.clients.get("alice");
    expect(card.text).toContain("👤 <b>alice</b>");
    expect(card.text).toContain("Status: ✅ active");
    expect(card.text).toContain(`UUID: <code>${alice?.uuid}</code>`);
    expect(card.text).toContain("Expires: Feb 9, 2026, 12:00 UTC (30 days left)");
    expect(card.text).toContain("Traffic limit: 10 GB · Devices: 2");
    expect(card.text).toContain(
      `<code>vless://${alice?.uuid}@node.test:443?type=ws&amp;security=tls#Amsterdam-ws%20alice</code>`,
    );
    expect(button("📅 Renew")).toBe("a.n:renew:alice:");
    expect(button("📦 Limits")).toBe("a.n:limits:alice:");
    expect(button("✏️ Rename")).toBe("a.n:rename:alice:");
    expect(button("🚫 Ban")).toBe("a.n:ban:alice:");
    expect(button("🗑 Delete")).toBe("a.n:del:alice:");
    expect(button("« Back to clients")).toBe("a.n:list:0:");

    await press(button("🔳 QR code"));
    const photo = t.telegram.last("sendPhoto");
    const file = photo?.params.photo as FakeFile;
    expect(file.data.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(String(photo?.params.caption)).toContain("alice");

    await press("a.n:card:bob:");
    expect(lastShown().text).toContain("Status: 🚫 banned (spam)");
    expect(lastShown().text).toContain("Traffic limit: not set · Devices: not set");
    expect(button("✅ Unban")).toBe("a.n:unban:bob:");

    await press("a.n:card:nobody:");
    expect(lastShown().text).toContain("No client with that name on the node");
    expect(button("« Back to clients")).toBe("a.n:list:0:");
  });

  it("refers to long names through a Redis ref", async () => {
    const long = `very.long.name@${"x".repeat(40)}`;
    fake.seedClient(long, 3);
    await press("a.n:list:0:");
    const data = button(long);
    expect(data).toMatch(/^a\.n:card:~[A-Za-z0-9_-]{8}:$/);
    for (const b of lastShown().buttons) expect(Buffer.byteLength(b.data)).toBeLessThanOrEqual(64);
    await press(data);
    expect(lastShown().text).toContain(`👤 <b>${long}</b>`);
    await press(button("🗑 Delete"));
    await press(button("🗑 Yes, delete"));
    expect(fake.clients.has(long)).toBe(false);

    await t.redis.del(`node-ref:${data.split("~")[1]?.slice(0, 8)}`);
    await press(data);
    expect(lastShown().text).toContain("This menu is outdated");
  });

  it("creates a client, asking again after each bad answer", async () => {
    await press("a.n:create::");
    expect(lastShown().text).toContain("<b>New client</b>");
    await say("bad name!");
    expect(lastShown().text).toContain("The name must be 1 to 64 characters");
    await say("x".repeat(65));
    expect(lastShown().text).toContain("The name must be 1 to 64 characters");
    await say("erin");
    expect(lastShown().text).toContain("Term in <b>days</b>");
    await say("0");
    expect(lastShown().text).toBe("Send a whole number of days, 1 or more, e.g. 30.");
    await say("abc");
    expect(lastShown().text).toBe("Send a whole number of days, 1 or more, e.g. 30.");
    await say("30");
    await say("-1");
    expect(lastShown().text).toBe("Send a number of GB, 0 or more, e.g. 50 or 2.5, or - to leave it unset.");
    await say("2,5");
    await say("1.5");
    expect(lastShown().text).toBe("Send a whole number of devices, 0 or more, or - to leave it unset.");
    expect(fake.countAny("POST", "/create")).toBe(0);
    await say("3");

    expect(fake.countAny("POST", "/create")).toBe(1);
    expect(lastBody("POST", "/create")).toEqual({
      name: "erin",
      days: 30,
      traffic_limit_gb: 2.5,
      device_limit: 3,
    });
    const erin = fake.clients.get("erin");
    expect(erin?.expires_at).toBe(NOW + 30 * DAY);
    const message = t.telegram.last("sendMessage");
    const text = String(message?.params.text);
    expect(text).toContain("✅ Client <b>erin</b> is created on the node.");
    expect(text).toContain("Traffic limit: 2.5 GB · Devices: 3");
    expect(text).toContain(`<code>vless://${erin?.uuid}@node.test:443?type=ws&amp;security=tls`);
    expect(JSON.stringify(message?.params.reply_markup)).toContain("a.n:card:erin:");
    expect(t.telegram.callsOf("sendPhoto")).toHaveLength(1);
    expect(await conversationStates(t.redis)).toEqual([]);
  });

  it("creates without limits on '-', and explains a taken name", async () => {
    fake.seedClient("taken", 3);
    await press("a.n:create::");
    await say("frank");
    await say("7");
    await say("-");
    await say("-");
    expect(lastBody("POST", "/create")).toEqual({ name: "frank", days: 7 });

    await press("a.n:create::");
    await say("taken");
    await say("7");
    await say("0");
    await say("0");
    expect(lastShown().text).toContain("A client with that name already exists on the node");
    expect(button("« Back to clients")).toBe("a.n:list:0:");
  });

  it("renews by adding N days to the current expiry, or to now for an expired client", async () => {
    fake.seedClient("alice", 10);
    fake.seedClient("late", -3);
    const before = fake.clients.get("alice")?.expires_at ?? 0;

    await press("a.n:renew:alice:");
    expect(lastShown().text).toContain("This adds N days to the current expiry");
    await say("0");
    expect(lastShown().text).toContain("Send a whole number of days, 1 or more");
    await say("7");
    expect(lastBody("PATCH", "/edit")).toEqual({ name: "alice", days: 7 });
    expect(fake.countAny("PATCH", "/edit")).toBe(1);
    expect(fake.clients.get("alice")?.expires_at).toBe(before + 7 * DAY);
    expect(lastShown().text).toBe(
      "✅ Added 7 days to <b>alice</b>: the expiry was Jan 20, 2026, 12:00 UTC, now Jan 27, 2026, 12:00 UTC (17 days left).",
    );
    expect(button("👤 Open client")).toBe("a.n:card:alice:");

    const late = fake.clients.get("late")?.expires_at ?? 0;
    await press("a.n:renew:late:", ADMIN_RU);
    expect(lastShown().text).toContain("добавит N дней к текущей дате окончания");
    await say("5", ADMIN_RU);
    // Expired 3 days ago: 8 days are sent so that it runs 5 days from now (was: late + 5 days).
    expect(lastBody("PATCH", "/edit")).toEqual({ name: "late", days: 8 });
    expect(fake.clients.get("late")?.expires_at).toBe(late + 8 * DAY);
    expect(fake.clients.get("late")?.expires_at).toBe(NOW + 5 * DAY);
    expect(lastShown().text).toContain("продлён на 5 дней");
    expect(lastShown().text).toContain("осталось 5 дней");
  });

  it("renew: the hosting write applied but its answer lost (no double days)", async () => {
    const before = fake.seedClient("alice", 10).expires_at;
    fake.loseAnswerNext("PATCH", fake.anyPrefix("/edit"));
    await press("a.n:renew:alice:");
    await say("7");
    // The lost answer is read back: the node shows the target, so it is done, once.
    expect(fake.countAny("PATCH", "/edit")).toBe(1);
    expect(fake.clients.get("alice")?.expires_at).toBe(before + 7 * DAY);
    expect(lastShown().text).toBe(
      "✅ Added 7 days to <b>alice</b>: the expiry was Jan 20, 2026, 12:00 UTC, now Jan 27, 2026, 12:00 UTC (17 days left).",
    );
  });

  it("admin node renew repeated after a timeout (+days once)", async () => {
    const clock = new ManualClock(NOW * 1000);
    const slow = await anotherBot({ node: nodeOptions(), clock });
    // A node client that gives up after 300 ms; the edit is held longer than that and our
    // read-back, then applied ("slow, then applied").
    const shortNode = new NodeApi({
      baseUrl: fake.url,
      token: () => fake.token,
      certSha256: fake.certificate?.fingerprint256,
      timeoutMs: 300,
      retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 10 },
    });
    slow.hosting.node = shortNode;
    const as = chatAs(() => slow, ADMIN);
    const views = telegramViews(() => slow);
    try {
      const before = fake.seedClient("alice", 10).expires_at;
      fake.delayNext("PATCH", fake.anyPrefix("/edit"), 300 + NODE_EDIT_SETTLE_MS + 1_000);

      await as.press("a.n:renew:alice:");
      await as.say("7");
      expect(views.lastShown().text).toContain("The node did not answer");
      expect(views.lastShown().text).toContain("Jan 27, 2026, 12:00 UTC");
      const again = views.button("🔁 Try again");
      expect(again).toBe(`a.n:renew-to:alice:${before + 7 * DAY}`);

      // Tapped while the edit may still land: nothing is sent, the admin is told to wait.
      await as.press(again);
      expect(views.lastShown().text).toContain("may still be applied");
      expect(fake.countAny("PATCH", "/edit")).toBe(1);

      // The late edit lands; "Try again" reads first, finds the target and adds nothing.
      await until(() => fake.clients.get("alice")?.expires_at === before + 7 * DAY);
      await as.press(views.button("🔁 Try again"));
      expect(views.lastShown().text).toContain(
        "✅ <b>alice</b> runs until Jan 27, 2026, 12:00 UTC (17 days left).",
      );
      expect(fake.countAny("PATCH", "/edit")).toBe(1);

      // Much later the same button still goes to the same date: nothing more is added.
      clock.advance(10 * MINUTE);
      await as.press(again);
      expect(fake.countAny("PATCH", "/edit")).toBe(1);
      expect(fake.clients.get("alice")?.expires_at).toBe(before + 7 * DAY);

      // A forged or malformed target is refused without a call.
      await as.press("a.n:renew-to:alice:abc");
      expect(views.lastShown().text).toContain("This menu is outdated");
      expect(fake.countAny("PATCH", "/edit")).toBe(1);
    } finally {
      await shortNode.close();
    }
  });

  it("a timed-out renewal that never reached the node is sent again by Try again once the doubt is over", async () => {
    const clock = new ManualClock(NOW * 1000);
    const slow = await anotherBot({ node: nodeOptions(), clock });
    const before = fake.seedClient("bob", 3).expires_at;
    fake.forceError("PATCH", "/edit", 503, "unavailable");
    const as = chatAs(() => slow, ADMIN);
    const views = telegramViews(() => slow);
    await as.press("a.n:renew:bob:");
    await as.say("2");
    expect(views.lastShown().text).toContain("temporarily unavailable");
    expect(fake.clients.get("bob")?.expires_at).toBe(before);
    const again = views.button("🔁 Try again");

    await as.press(again);
    expect(views.lastShown().text).toContain("may still be applied");
    expect(fake.countAny("PATCH", "/edit")).toBe(1);

    clock.advance(2 * MINUTE);
    await as.press(again);
    expect(fake.countAny("PATCH", "/edit")).toBe(2);
    expect(lastBody("PATCH", "/edit")).toEqual({ name: "bob", days: 2 });
    expect(fake.clients.get("bob")?.expires_at).toBe(before + 2 * DAY);
    expect(views.lastShown().text).toContain(
      "✅ <b>bob</b> runs until Jan 15, 2026, 12:00 UTC (5 days left).",
    );
  });

  it("shows a node limit of 0 as 0 and an absent one as not set, never as unlimited", async () => {
    fake.seedClient("zero", 10, { traffic_limit_gb: 0, device_limit: 0 });
    fake.seedClient("none", 10);
    await press("a.n:card:zero:");
    expect(lastShown().text).toContain("Traffic limit: 0 GB · Devices: 0");
    expect(lastShown().text).not.toContain("unlimited");
    await press("a.n:card:none:");
    expect(lastShown().text).toContain("Traffic limit: not set · Devices: not set");
    await press("a.n:card:zero:", ADMIN_RU);
    expect(lastShown().text).toContain("Лимит трафика: 0 ГБ · Устройств: 0");
    expect(lastShown().text).not.toContain("без ограничений");

    await press("a.n:create::");
    expect(lastShown().text).not.toContain("unlimited");
    await say("zed");
    await say("1");
    expect(lastShown().text).not.toContain("unlimited");
    await say("0");
    expect(lastShown().text).not.toContain("unlimited");
    await say("0");
    expect(t.telegram.last("sendMessage")?.params.text).toContain("Traffic limit: 0 GB · Devices: 0");

    await press("a.n:limits:zed:");
    expect(lastShown().text).not.toContain("unlimited");
    await say("0");
    expect(lastShown().text).not.toContain("unlimited");
    await say("0");
    expect(lastShown().text).toBe("✅ Limits of <b>zed</b>: traffic 0 GB · devices 0.");
  });

  it("changes the limits", async () => {
    fake.seedClient("alice", 10, { traffic_limit_gb: 5, device_limit: 1 });
    await press("a.n:limits:alice:");
    expect(lastShown().text).toContain("New traffic limit of <b>alice</b>");
    await say("-1");
    expect(lastShown().text).toContain("Send a number of GB");
    await say("25");
    await say("abc");
    expect(lastShown().text).toContain("Send a whole number of devices");
    await say("0");
    expect(lastBody("PATCH", "/edit")).toEqual({ name: "alice", traffic_limit_gb: 25, device_limit: 0 });
    expect(fake.clients.get("alice")).toMatchObject({ traffic_limit_gb: 25, device_limit: 0 });
    expect(lastShown().text).toBe("✅ Limits of <b>alice</b>: traffic 25 GB · devices 0.");
  });

  it("renames a client, refusing a bad, equal or taken name", async () => {
    fake.seedClient("alice", 10);
    fake.seedClient("bob", 10);
    await press("a.n:rename:alice:");
    await say("new name");
    expect(lastShown().text).toContain("The name must be 1 to 64 characters");
    await say("alice");
    expect(lastShown().text).toBe("That is the current name. Send a different one.");
    await say("alice.v2");
    expect(lastBody("PATCH", "/edit")).toEqual({ name: "alice", new_name: "alice.v2" });
    expect(fake.clients.has("alice")).toBe(false);
    expect(fake.clients.has("alice.v2")).toBe(true);
    expect(lastShown().text).toBe("✅ <b>alice</b> is now called <b>alice.v2</b>.");
    expect(button("👤 Open client")).toBe("a.n:card:alice.v2:");

    await press("a.n:rename:alice.v2:");
    await say("bob");
    expect(lastShown().text).toContain("A client with that name already exists");
    expect(fake.clients.has("alice.v2")).toBe(true);
  });

  it("bans with a reason or none, and unbans", async () => {
    fake.seedClient("alice", 10);
    await press("a.n:ban:alice:");
    expect(lastShown().text).toContain("send the reason");
    await say("abuse <spam> & more");
    expect(lastBody("PATCH", "/clients/alice/ban")).toEqual({ reason: "abuse <spam> & more" });
    expect(fake.clients.get("alice")).toMatchObject({ banned: true, ban_reason: "abuse <spam> & more" });
    expect(lastShown().text).toContain("🚫 <b>alice</b> is banned (reason: abuse &lt;spam&gt; &amp; more)");

    await press("a.n:card:alice:");
    expect(lastShown().text).toContain("Status: 🚫 banned (abuse &lt;spam&gt; &amp; more)");
    await press(button("✅ Unban"));
    expect(fake.clients.get("alice")?.banned).toBe(false);
    expect(lastShown().text).toContain("✅ <b>alice</b> is unbanned");
    expect(lastShown().text).toContain("Status: ✅ active");

    await press("a.n:ban:alice:");
    await say("-");
    expect(lastBody("PATCH", "/clients/alice/ban")).toEqual({});
    expect(fake.clients.get("alice")).toMatchObject({ banned: true });
    expect(fake.clients.get("alice")?.ban_reason).toBeUndefined();
    expect(lastShown().text).toBe(
      "🚫 <b>alice</b> is banned: removed from the configs and subscriptions, the record is kept.",
    );
  });

  it("deletes after a confirmation, once on a double tap; a forged token deletes nothing", async () => {
    fake.seedClient("alice", 10);
    fake.seedClient("bob", 10);
    await press("a.n:del:alice:");
    expect(lastShown().text).toContain("Delete client <b>alice</b> from the node?");
    const confirm = button("🗑 Yes, delete");
    expect(confirm).toMatch(/^a\.n:del-ok:alice:[A-Za-z0-9_-]{8}$/);
    expect(button("« Back")).toBe("a.n:card:alice:");
    expect(fake.clients.has("alice")).toBe(true);

    await Promise.all([press(confirm), press(confirm)]);
    await press(confirm);
    expect(fake.clients.has("alice")).toBe(false);
    expect(fake.countAny("DELETE", "/clients/alice")).toBe(1);
    expect(lastShown().text).toContain("This was already done");

    await press("a.n:del-ok:bob:AAAAAAAA");
    expect(lastShown().text).toContain("This confirmation has expired");
    expect(fake.clients.has("bob")).toBe(true);
    expect(fake.countAny("DELETE", "/clients/bob")).toBe(0);
  });

  it("adds a peer (a URL without {uuid} is refused) and removes one after a confirmation", async () => {
    await press("a.n:peers::");
    expect(lastShown().text).toContain("No peers yet.");
    expect(lastShown().text).toContain("ends with <code>/local</code>");
    await press(button("➕ Add peer"));
    await say("de 2");
    expect(lastShown().text).toContain("The peer name must be");
    await say("de-2");
    expect(lastShown().text).toContain("for a per-node link set it ends with <code>/local</code>");
    await say("https://node2.test:2096/sub/local");
    expect(lastShown().text).toContain("The URL must contain the placeholder <code>{uuid}</code>");
    await say("ftp://node2.test/{uuid}/local");
    expect(lastShown().text).toContain("That is not an http(s) URL");
    expect(fake.countAny("POST", "/peers")).toBe(0);
    await say("https://node2.test:2096/sub/{uuid}/local");
    expect(fake.countAny("POST", "/peers")).toBe(1);
    expect(lastBody("POST", "/peers")).toEqual({
      name: "de-2",
      url: "https://node2.test:2096/sub/{uuid}/local",
    });
    expect(fake.peers.get("de-2")).toBe("https://node2.test:2096/sub/{uuid}/local");
    expect(lastShown().text).toContain("✅ Peer <b>de-2</b> is saved");
    expect(lastShown().text).not.toContain("does not end with");

    await press("a.n:peer-add::");
    await say("fr-1");
    await say("https://fr1.test:2096/sub/{uuid}");
    expect(lastShown().text).toContain("does not end with <code>/local</code>");
    // Refused, not only warned about: a peer serving the whole subscription collects recursively.
    expect(lastShown().text).toContain("Send it again");
    expect(fake.peers.has("fr-1")).toBe(false);
    await say("https://fr1.test:2096/local/{uuid}");
    expect(lastShown().text).toContain("does not end with <code>/local</code>");
    expect(fake.countAny("POST", "/peers")).toBe(1);
    await say("https://fr1.test:2096/sub/{uuid}/local");
    expect(fake.countAny("POST", "/peers")).toBe(2);
    expect(fake.peers.get("fr-1")).toBe("https://fr1.test:2096/sub/{uuid}/local");

    await press("a.n:peers::");
    expect(lastShown().text).toContain("<b>de-2</b>\n<code>https://node2.test:2096/sub/{uuid}/local</code>");
    await press(button("🗑 de-2"));
    expect(lastShown().text).toContain("Remove peer <b>de-2</b>");
    const confirm = button("🗑 Yes, remove");
    await press(confirm);
    await press(confirm);
    expect(fake.peers.has("de-2")).toBe(false);
    expect(fake.peers.has("fr-1")).toBe(true);
    expect(fake.countAny("DELETE", "/peers/de-2")).toBe(1);
    expect(lastShown().text).toContain("This was already done");
  });

  it("sets the upstream: the token's message is deleted and the token is nowhere but on the node", async () => {
    await press("a.n:fed::");
    expect(lastShown().text).toContain("No upstream is set");
    await press(button("🔗 Set upstream"));
    await say("https://master.test:8443/v1");
    expect(lastShown().text).toContain("must be an http(s) URL ending in <code>/api</code>");
    await say("https://master.test:8443/api");
    expect(lastShown().text).toContain("The message is deleted as soon as it is read");
    const tokenUpdate = await say(FED_TOKEN);
    const deleted = t.telegram.callsOf("deleteMessage");
    expect(deleted.map((c) => c.params.message_id)).toContain(tokenUpdate.message?.message_id);

    expect(fake.federationConfig).toEqual({ api_url: "https://master.test:8443/api", token: FED_TOKEN });
    expect(lastShown().text).toContain("✅ Upstream saved: <code>https://master.test:8443/api</code>");
    expect(lastShown().text).toContain("(token <code>fedS…</code>)");

    await press("a.n:fed::");
    expect(lastShown().text).toContain("Master API: <code>https://master.test:8443/api</code>");
    expect(lastShown().text).toContain("Token: <code>fedS…</code>");

    expect(JSON.stringify(t.telegram.calls)).not.toContain(FED_TOKEN);
    expect(JSON.stringify(t.telegram.calls)).not.toContain(FED_TOKEN.slice(4));
    expect(t.logs()).toContain("node federation upstream set");
    expect(t.logs()).not.toContain(FED_TOKEN);
    expect(await conversationStates(t.redis)).toEqual([]);
    expect(await everythingIn(t.redis)).not.toContain(FED_TOKEN);
  });

  it("removes the upstream after a confirmation, once", async () => {
    fake.federationConfig = { api_url: "https://master.test/api", token: FED_TOKEN };
    await press("a.n:fed::");
    await press(button("✖ Remove upstream"));
    expect(lastShown().text).toContain("Remove the upstream?");
    const confirm = button("✖ Yes, remove");
    await press(confirm);
    expect(fake.federationConfig).toBeNull();
    expect(lastShown().text).toContain("✅ The upstream is removed.");
    expect(lastShown().text).toContain("No upstream is set");
    await press(confirm);
    expect(lastShown().text).toContain("This was already done");
    expect(fake.countAny("DELETE", "/federation")).toBe(1);
  });

  it("lists backups and creates one on a double tap", async () => {
    await press("a.n:backups::");
    expect(lastShown().text).toContain("💾 <b>Backups</b>: 0 backups");
    expect(lastShown().text).toContain("No backups yet.");
    const create = button("➕ Create backup");
    await Promise.all([press(create), press(create)]);
    await press(create);
    expect(fake.backupList).toHaveLength(1);
    expect(fake.countAny("POST", "/backups")).toBe(1);

    await press("a.n:backups::");
    expect(lastShown().text).toContain("1 backup");
    expect(lastShown().text).toContain("• backup-1.zip · 1 KB · Jan 10, 2026, 12:00 UTC");
    await press(button("➕ Create backup"));
    expect(fake.backupList).toHaveLength(2);
    expect(lastShown().text).toContain("✅ Backup created");
  });

  it("shows traffic per client, top 20 by total", async () => {
    for (let i = 1; i <= 25; i++) {
      fake.seedClient(`c${i}`, 10);
      fake.setTraffic(`c${i}`, i * 1024 ** 2, i * 2 * 1024 ** 2);
    }
    fake.setTraffic("c3", 5 * 1024 ** 3, 0);
    await press("a.n:traffic::");
    const text = lastShown().text;
    expect(text).toContain("📊 <b>Traffic by client</b>: top 20 of 25");
    expect(text).toContain("1. <b>c3</b> — ↑ 5 GB · ↓ 0 B · Σ 5 GB");
    expect(text).toContain("2. <b>c25</b> — ↑ 25 MB · ↓ 50 MB · Σ 75 MB");
    expect(text).toContain("20. <b>c7</b>");
    expect(text).not.toContain("<b>c6</b>");
    expect(text).not.toContain("<b>c1</b>");
  });

  it("shows the last 20 log entries escaped in <pre>, trimmed to one message", async () => {
    for (let i = 1; i <= 30; i++) fake.logLines.push(`line ${i}`);
    fake.logLines.push("create <b>eve</b> & co");
    await press("a.n:logs::");
    const seen = fake.seen.filter((r) => r.path === "/api/logs").at(-1);
    expect(seen?.query.get("count")).toBe("20");
    const text = lastShown().text;
    expect(text).toContain("📜 <b>Node log</b>: last 20 entries");
    expect(text).toContain("<pre>line 12\n");
    expect(text).toContain("line 30\ncreate &lt;b&gt;eve&lt;/b&gt; &amp; co</pre>");
    expect(text).not.toContain("line 11\n");

    fake.logLines.length = 0;
    for (let i = 1; i <= 20; i++) fake.logLines.push(`${i} ${"<".repeat(300)}`);
    await press("a.n:logs::");
    const long = lastShown().text;
    expect(long.length).toBeLessThanOrEqual(4096);
    expect(long).toContain("older entries left out");
    expect(long).toContain(`20 ${"&lt;".repeat(300)}</pre>`);
    expect(long).not.toContain("<pre>1 ");
  });

  it("explains a failure of the node with a way back", async () => {
    fake.forceInternalError("GET", "/clients");
    await press("a.n:list:0:");
    expect(lastShown().text).toContain("The node hit an internal error");
    expect(button("🔄 Refresh")).toBe("a.n:list:0:");
    expect(button("« Back to node")).toBe("a.n:home::");

    fake.forceError("GET", "/status", 503, "unavailable", 3);
    await press("a.n:home::");
    expect(lastShown().text).toContain("temporarily unavailable");
    expect(button("« Admin menu")).toBe("a.home");
  });

  it("explains a refused token, an unreachable node and a wrong certificate", async () => {
    const wrongToken = await anotherBot({ node: nodeOptions({ token: "wrong-token" }) });
    await chatAs(() => wrongToken, ADMIN).press("a.n:home::");
    const refused = telegramViews(() => wrongToken).lastShown();
    expect(refused.text).toContain("The node refused the API token");
    expect(refused.text).toContain("<code>NODE_API_TOKEN</code>");
    expect(refused.text).toContain("API: ✅ up");
    expect(refused.buttons.map((b) => b.data)).toEqual(expect.arrayContaining(["a.n:home::", "a.home"]));
    await chatAs(() => wrongToken, ADMIN).press("a.n:create::");
    await chatAs(() => wrongToken, ADMIN).say("zed");
    await chatAs(() => wrongToken, ADMIN).say("1");
    await chatAs(() => wrongToken, ADMIN).say("-");
    await chatAs(() => wrongToken, ADMIN).say("-");
    expect(telegramViews(() => wrongToken).lastShown().text).toContain("The node refused the API token");
    expect(fake.clients.has("zed")).toBe(false);

    const closed = await anotherBot({ node: nodeOptions({ url: "https://127.0.0.1:9" }) });
    await chatAs(() => closed, ADMIN).press("a.n:home::");
    const unreachable = telegramViews(() => closed).lastShown();
    expect(unreachable.text).toContain("The node did not answer");
    expect(unreachable.text).toContain("API: ⚠️ the health check did not answer");
    expect(unreachable.buttons.map((b) => b.data)).toEqual(expect.arrayContaining(["a.n:home::", "a.home"]));

    const pinned = await anotherBot({ node: nodeOptions({ certSha256: otherCert.fingerprint256 }) });
    await chatAs(() => pinned, ADMIN_RU).press("a.n:peers::");
    expect(telegramViews(() => pinned).lastShown().text).toContain(
      "Сертификат TLS ноды не совпадает с <code>NODE_API_CERT_SHA256</code>",
    );
  });

  it("refuses a non-admin's forged buttons; nothing reaches the node", async () => {
    fake.seedClient("alice", 10);
    fake.federationConfig = { api_url: "https://master.test/api", token: FED_TOKEN };
    for (const data of [
      "a.n:home::",
      "a.n:list:0:",
      "a.n:del-ok:alice:AAAAAAAA",
      "a.n:ban:alice:",
      "a.n:create::",
      "a.n:fed-del-ok::AAAAAAAA",
      "a.n:backup-new::AAAAAAAA",
      "a.n:logs::",
    ]) {
      await press(data, STRANGER);
      expect(t.telegram.last("answerCallbackQuery")?.params).toMatchObject({
        text: "This action is for the shop's admins only.",
        show_alert: true,
      });
    }
    await say("mallory", STRANGER);
    expect(fake.seen).toEqual([]);
    expect(fake.clients.has("alice")).toBe(true);
    expect(fake.federationConfig).not.toBeNull();
    expect(t.telegram.callsOf("editMessageText")).toEqual([]);
    expect(t.logs()).toContain("refused admin callback from a non-admin");
  });
});
