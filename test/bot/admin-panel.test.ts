import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/runtime/clock.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { callback, command, type FakeFile, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { conversationStates } from "../helpers/conversation-states.js";
import { buttonsOf, findButton, telegramViews } from "../helpers/telegram-views.js";

const ADMIN = user(7400, { first_name: "Boss", language_code: "en" });
const ADMIN_RU = user(7401, { first_name: "Шеф", language_code: "ru" });
const STRANGER = user(7499, { first_name: "Mallory", language_code: "en" });
const DAY = 86_400;
/** 1 Dec 2030, 14:05 UTC in Unix seconds. */
const FAR = Date.UTC(2030, 11, 1, 14, 5) / 1000;
const fake = new FakePanelApi({ nodes: [{ id: "2", name: "Amsterdam" }] });
let t: TestBot;
let bare: TestBot;
let clock: ManualClock;

beforeAll(async () => {
  await fake.start();
  clock = new ManualClock(Date.now());
  t = await createTestBot({
    adminIds: [ADMIN.id, ADMIN_RU.id],
    panel: { url: fake.url, token: fake.token },
    clock,
  });
  bare = await createTestBot({ adminIds: [ADMIN.id] });
});
afterAll(async () => {
  await t.close();
  await bare.close();
  await fake.stop();
});
beforeEach(async () => {
  fake.reset();
  clock.set(Date.now());
  await t.send(command(ADMIN, "/cancel"));
  t.telegram.clear();
  fake.seen.length = 0;
});

const { press, say } = chatAs(() => t, ADMIN);
const { lastShown, button } = telegramViews(() => t);

/** Bodies of the requests with this method and path, in order. */
function bodies(method: string, path: string): unknown[] {
  return fake.seen.filter((r) => r.method === method && r.path === path).map((r) => r.body);
}

const nowS = () => Math.floor(Date.now() / 1000);

describe("the Panel section", () => {
  it("without PANEL_API_URL / PANEL_API_TOKEN says which settings to set", async () => {
    await bare.send(command(ADMIN, "/admin"));
    const buttons = buttonsOf(bare.telegram.last("sendMessage")?.params.reply_markup);
    const labels = buttons.map((b) => b.text);
    expect(labels.indexOf("🧩 Panel")).toBeGreaterThan(labels.indexOf("📣 Broadcast"));
    await bare.send(callback(ADMIN, findButton(buttons, "🧩 Panel")));
    const view = lastShown(bare);
    expect(view.text).toContain("The panel is not connected");
    expect(view.text).toContain("<code>PANEL_API_URL</code>");
    expect(view.text).toContain("<code>PANEL_API_TOKEN</code>");
    expect(view.buttons).toEqual([{ text: "« Admin menu", data: "a.home" }]);

    // A stale button of the section says the same.
    await bare.send(callback(ADMIN, "a.p:list::0"));
    expect(lastShown(bare).text).toContain("The panel is not connected");
  });

  it("shows the locations with online flag and client count, and the main panel's inbounds", async () => {
    fake.putClient("main", { name: "alice", inboundIds: ["1"] });
    fake.putClient("main", { name: "bob", inboundIds: ["1", "2"] });
    fake.putClient("2", { name: "alice", inboundIds: ["201"] });

    await t.send(command(ADMIN, "/admin"));
    await press(button("🧩 Panel"));
    const home = lastShown();
    expect(home.text).toContain("🧩 <b>Panel</b>");
    expect(home.text).toContain("🟢 main panel — 2 clients");
    expect(home.text).toContain("🟢 Amsterdam (#2) — 1 client");
    expect(home.text).toContain("<b>#1</b> vless-ws · vless · ws · port 443 · 2 clients");
    expect(home.text).toContain("<b>#2</b> vless-reality · vless · tcp · port 8443 · 1 client");
    expect(button("👥 Clients")).toBe("a.p:list::0");
    expect(button("➕ New multi-location client")).toBe("a.p:new::");
    expect(button("« Admin menu")).toBe("a.home");

    fake.setUnreachable("2", true);
    await press("a.p:home::");
    expect(lastShown().text).toContain("🔴 Amsterdam (#2) — 1 client (offline)");

    await press("a.p:home::", ADMIN_RU);
    const ru = lastShown().text;
    expect(ru).toContain("🟢 главная панель — 2 клиента");
    expect(ru).toContain("🔴 Amsterdam (#2) — 1 клиент (не в сети)");
    expect(ru).toContain("<b>Инбаунды главной панели</b>");
  });

  it("lists clients 8 a page and shows a card with the subscription URL and its QR code", async () => {
    const alice = fake.putClient("main", {
      name: "alice",
      expiresAt: FAR,
      trafficLimitGb: 10,
      deviceLimit: 3,
      inboundIds: ["1", "2"],
      channels: ["main", "reality"],
      wg: true,
    });
    fake.setUsage("main", "alice", { trafficUsedGb: 2.5, devicesCount: 1 });
    fake.putClient("main", { name: "bob", expiresAt: nowS() - DAY });
    for (let i = 1; i <= 8; i++) fake.putClient("main", { name: `user${i}` });

    await press("a.p:list::0");
    const page1 = lastShown();
    expect(page1.text).toContain("10 clients · page 1 of 2");
    expect(page1.text).toContain(
      "<b>alice</b> — until Dec 1, 2030, 14:05 UTC · 📶 2.5 GB / 10 GB · 📱 1 / 3",
    );
    expect(page1.text).toMatch(/<b>bob<\/b> — ⌛ expired .+ UTC · 📶 0 B \/ unlimited · 📱 0 \/ unlimited/);
    expect(page1.text).toContain("<b>user6</b> — no expiry");
    expect(page1.text).not.toContain("user7");
    expect(page1.buttons.filter((b) => b.data.startsWith("a.p:card:")).map((b) => b.text)).toEqual([
      "alice",
      "bob",
      "user1",
      "user2",
      "user3",
      "user4",
      "user5",
      "user6",
    ]);
    await press(button("Next ›"));
    expect(lastShown().text).toContain("page 2 of 2");
    expect(lastShown().text).toContain("<b>user8</b>");
    expect(lastShown().text).not.toContain("alice");
    expect(button("‹ Previous")).toBe("a.p:list::0");

    await press("a.p:card:alice:");
    const card = lastShown();
    expect(card.text).toContain("🧩 <b>alice</b>");
    expect(card.text).toContain(`UUID: <code>${alice.uuid}</code>`);
    expect(card.text).toContain("Term: until Dec 1, 2030, 14:05 UTC");
    expect(card.text).toContain("Traffic: 2.5 GB / 10 GB");
    expect(card.text).toContain("Devices: 1 / 3");
    expect(card.text).toContain("Inbound ids: 1, 2");
    expect(card.text).toContain("Channels: main, reality");
    expect(card.text).toContain("WireGuard: on");
    expect(card.text).toContain(`<code>${fake.combinedSubUrl(alice.uuid)}</code>`);
    expect(button("➕ Extend")).toBe("a.p:ext:alice:");
    expect(button("📅 Set term")).toBe("a.p:term:alice:");
    expect(button("📦 Limits")).toBe("a.p:lim:alice:");
    expect(button("🗑 Delete")).toBe("a.p:del:alice:");
    expect(button("« Back to clients")).toBe("a.p:list::0");

    await press(button("🔳 QR code"));
    const photo = t.telegram.last("sendPhoto");
    const file = photo?.params.photo as FakeFile;
    expect(file.data.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(String(photo?.params.caption)).toContain("alice");

    await press("a.p:card:nobody:");
    expect(lastShown().text).toContain("Not found");
    expect(button("« Back to clients")).toBe("a.p:list::0");
  });

  it("refers to long names through a Redis ref", async () => {
    const long = `client.${"x".repeat(40)}@example.com`;
    fake.putClient("main", { name: long });
    await press("a.p:list::0");
    const data = findButton(lastShown().buttons, long);
    expect(data).toMatch(/^a\.p:card:~[A-Za-z0-9_-]{10}:$/);
    for (const b of lastShown().buttons) expect(Buffer.byteLength(b.data)).toBeLessThanOrEqual(64);
    await press(data);
    expect(lastShown().text).toContain(`🧩 <b>${long}</b>`);
  });

  it("extends with an absolute expires_at on every location the client is on; a repeated confirmation adds nothing", async () => {
    fake.addNode({ id: "3", name: "Tokyo" });
    const mainExpiry = nowS() + 10 * DAY;
    const uuid = fake.putClient("main", { name: "alice", expiresAt: mainExpiry }).uuid;
    fake.putClient("2", { name: "alice", uuid, expiresAt: nowS() + 5 * DAY });

    await press("a.p:ext:alice:");
    expect(lastShown().text).toContain("How many days to <b>add</b> to the remaining term of <b>alice</b>");
    expect(lastShown().text).toContain("added to the current expiry");
    await say("0");
    expect(lastShown().text).toBe("Send a whole number of days, 1 or more, e.g. 30.");
    await say("30");

    const target = mainExpiry + 30 * DAY;
    const confirm = lastShown();
    expect(confirm.text).toContain("Add 30 days to the remaining term of <b>alice</b>");
    expect(confirm.text).toContain("• Tokyo (#3): — not on this location");
    expect(confirm.text).toContain("cannot add the days twice");
    expect(button("✅ Extend")).toBe(`a.p:ext-ok:alice:${target}`);
    expect(fake.seen.filter((r) => r.method === "PATCH")).toEqual([]);

    await press(button("✅ Extend"));
    expect(bodies("PATCH", "/api/clients/alice")).toEqual([{ expires_at: target }]);
    expect(bodies("PATCH", "/api/fed/lproxy/2/clients/alice")).toEqual([{ expires_at: target }]);
    expect(fake.seen.filter((r) => r.method === "PATCH" && r.path.includes("/3/"))).toEqual([]);
    expect(fake.clientAt("main", "alice")?.expiresAt).toBe(target);
    expect(fake.clientAt("2", "alice")?.expiresAt).toBe(target);
    const report = lastShown().text;
    expect(report).toContain("✅ <b>alice</b>: term set to");
    expect(report).toMatch(/• main panel: ✅ until .+ UTC/);
    expect(report).toMatch(/• Amsterdam \(#2\): ✅ until .+ UTC/);
    expect(report).toContain("• Tokyo (#3): — not on this location");
    expect(report).not.toContain("differs");

    // The same confirmation again sets the same date: nothing is added twice.
    await press(`a.p:ext-ok:alice:${target}`);
    expect(fake.clientAt("main", "alice")?.expiresAt).toBe(target);
    expect(fake.clientAt("2", "alice")?.expiresAt).toBe(target);
    const patches = fake.seen.filter((r) => r.method === "PATCH").map((r) => r.body);
    expect(patches).toHaveLength(4);
    for (const body of patches) expect(body).toEqual({ expires_at: target });
  });

  it("reports a location unreachable from the main panel and extends it on Try again", async () => {
    const uuid = fake.putClient("main", { name: "alice", expiresAt: nowS() + DAY }).uuid;
    fake.putClient("2", { name: "alice", uuid, expiresAt: nowS() + DAY });
    fake.setUnreachable("2", true);
    await press("a.p:ext:alice:");
    await say("7");
    const confirmData = button("✅ Extend");
    await press(confirmData);
    const report = lastShown();
    expect(report.text).toContain(
      "• Amsterdam (#2): ❌ 📡 Location Amsterdam (#2) is unreachable from the main panel (502)",
    );
    expect(report.text).toMatch(/• main panel: ✅ until/);
    expect(button("🔁 Try again")).toBe(confirmData);

    fake.setUnreachable("2", false);
    await press(confirmData);
    const target = Number(confirmData.split(":")[3]);
    expect(fake.clientAt("2", "alice")?.expiresAt).toBe(target);
    expect(fake.clientAt("main", "alice")?.expiresAt).toBe(target);
    expect(lastShown().text).not.toContain("❌");
  });

  it("sets a term from today with set_days on every location", async () => {
    const uuid = fake.putClient("main", { name: "alice", expiresAt: FAR }).uuid;
    fake.putClient("2", { name: "alice", uuid, expiresAt: FAR });
    await press("a.p:term:alice:");
    expect(lastShown().text).toContain("the number of days <b>from today</b>");
    expect(lastShown().text).toContain("the remaining term is not kept");
    const before = nowS();
    await say("45");
    expect(bodies("PATCH", "/api/clients/alice")).toEqual([{ set_days: 45 }]);
    expect(bodies("PATCH", "/api/fed/lproxy/2/clients/alice")).toEqual([{ set_days: 45 }]);
    for (const location of ["main", "2"]) {
      const expiry = fake.clientAt(location, "alice")?.expiresAt ?? 0;
      expect(expiry).toBeGreaterThanOrEqual(before + 45 * DAY);
      expect(expiry).toBeLessThanOrEqual(nowS() + 45 * DAY);
    }
    expect(lastShown().text).toContain("✅ New term of <b>alice</b>: 45 days from today.");
    expect(lastShown().text).toMatch(/• Amsterdam \(#2\): ✅ until/);
  });

  it("sets the traffic and device limits on every location (0 = unlimited)", async () => {
    const uuid = fake.putClient("main", { name: "alice", trafficLimitGb: 5, deviceLimit: 1 }).uuid;
    fake.putClient("2", { name: "alice", uuid, trafficLimitGb: 5, deviceLimit: 1 });
    await press("a.p:lim:alice:");
    expect(lastShown().text).toContain("traffic limit of <b>alice</b> in <b>GB</b>");
    await say("-1");
    expect(lastShown().text).toBe("Send a number of GB, 0 or more (0 = unlimited), e.g. 50 or 2.5.");
    await say("2,5");
    expect(lastShown().text).toContain("device limit of <b>alice</b>");
    await say("two");
    expect(lastShown().text).toBe("Send a whole number of devices, 0 or more (0 = unlimited), e.g. 3.");
    await say("0");
    const want = { traffic_limit_gb: 2.5, device_limit: 0 };
    expect(bodies("PATCH", "/api/clients/alice")).toEqual([want]);
    expect(bodies("PATCH", "/api/fed/lproxy/2/clients/alice")).toEqual([want]);
    expect(fake.clientAt("2", "alice")).toMatchObject({ trafficLimitGb: 2.5, deviceLimit: 0 });
    expect(lastShown().text).toContain("• main panel: ✅ traffic 2.5 GB · devices unlimited");
    expect(lastShown().text).toContain("• Amsterdam (#2): ✅ traffic 2.5 GB · devices unlimited");
  });

  it("deletes on every location after a confirmation, once on a double tap", async () => {
    const uuid = fake.putClient("main", { name: "alice" }).uuid;
    fake.putClient("2", { name: "alice", uuid });
    fake.putClient("main", { name: "bob" });

    await press("a.p:del:alice:");
    expect(lastShown().text).toContain("Delete <b>alice</b> on every location where it exists?");
    const confirm = button("🗑 Yes, delete everywhere");
    expect(confirm).toMatch(/^a\.p:del-ok:alice:[A-Za-z0-9_-]{8}$/);
    expect(button("« Back")).toBe("a.p:card:alice:");
    expect(fake.clientAt("main", "alice")).toBeDefined();

    await press(confirm);
    expect(fake.clientAt("main", "alice")).toBeUndefined();
    expect(fake.clientAt("2", "alice")).toBeUndefined();
    expect(fake.clientAt("main", "bob")).toBeDefined();
    expect(lastShown().text).toContain("• main panel: 🗑 deleted");
    expect(lastShown().text).toContain("• Amsterdam (#2): 🗑 deleted");

    await press(confirm);
    expect(lastShown().text).toContain("already done");
    expect(fake.count("DELETE", "/api/clients/alice")).toBe(1);
    expect(fake.count("DELETE", "/api/fed/lproxy/2/clients/alice")).toBe(1);

    await press("a.p:del-ok:bob:AAAAAAAA");
    expect(lastShown().text).toContain("confirmation has expired");
    expect(fake.clientAt("main", "bob")).toBeDefined();
    expect(fake.count("DELETE", "/api/clients/bob")).toBe(0);
  });

  it("creates a multi-location client with the same UUID and each location's inbound ids", async () => {
    await press("a.p:new::");
    expect(lastShown().text).toContain("<b>New multi-location client</b>");
    await say("bad name!");
    expect(lastShown().text).toContain("The name must be 1 to 64 characters");
    await say("multi");
    expect(lastShown().text).toContain("Pick the locations of <b>multi</b>");
    expect(lastShown().buttons.map((b) => b.text)).toEqual([
      "✅ main panel",
      "⬜ Amsterdam (#2)",
      "➡️ Continue",
      "✖ Cancel",
    ]);
    await press(button("⬜ Amsterdam (#2)"));
    expect(lastShown().buttons.map((b) => b.text)).toContain("✅ Amsterdam (#2)");
    await press(button("➡️ Continue"));
    expect(lastShown().text).toContain("Inbound ids on <b>main panel</b>");
    expect(lastShown().text).toContain("<code>1</code> — vless-ws · vless · port 443");
    await say("9");
    expect(lastShown().text).toBe("main panel has no inbound 9. Its inbounds: 1, 2.");
    await say("1, 2");
    expect(lastShown().text).toContain("Inbound ids on <b>Amsterdam (#2)</b>");
    await say("201");
    expect(lastShown().text).toContain("<b>days counted from today</b>");
    await say("30");
    await say("10");
    await say("2");
    // A summary with Create / Cancel comes before anything is created (issue 10, item 16).
    await press(button("✅ Create"));

    const onMain = fake.clientAt("main", "multi");
    const onNode = fake.clientAt("2", "multi");
    expect(onMain?.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(onNode?.uuid).toBe(onMain?.uuid);
    expect(onMain?.inboundIds).toEqual(["1", "2"]);
    expect(onNode?.inboundIds).toEqual(["201"]);
    expect(onNode?.expiresAt).toBe(onMain?.expiresAt);
    expect(onMain).toMatchObject({ trafficLimitGb: 10, deviceLimit: 2 });
    const [mainBody] = bodies("POST", "/api/create");
    expect(mainBody).toEqual({
      name: "multi",
      uuid: onMain?.uuid,
      expires_at: onMain?.expiresAt,
      traffic_limit_gb: 10,
      device_limit: 2,
      inbound_ids: ["1", "2"],
      manual: true,
    });
    expect(bodies("POST", "/api/fed/lproxy/2/create")).toEqual([
      { ...(mainBody as object), inbound_ids: ["201"] },
    ]);

    const text = lastShown().text;
    expect(text).toContain("✅ Client <b>multi</b> is created on every chosen location.");
    expect(text).toContain("• main panel (inbounds 1, 2): ✅ created");
    expect(text).toContain("• Amsterdam (#2) (inbounds 201): ✅ created");
    expect(text).toContain(`<code>${fake.combinedSubUrl(onMain?.uuid ?? "")}</code>`);
    expect(button("🧩 Open client")).toBe("a.p:card:multi:");
    expect(await conversationStates(t.redis)).toEqual([]);
  });

  it("reports a location that failed and completes only the missing ones, without duplicates", async () => {
    fake.setUnreachable("2", true);
    await press("a.p:new::");
    await say("multi");
    expect(lastShown().buttons.map((b) => b.text)).toContain("⬜ Amsterdam (#2) (offline)");
    await press(button(/Amsterdam/));
    await press(button("➡️ Continue"));
    await say("1");
    await say("201");
    await say("30");
    await say("0");
    await say("0");
    // A summary with Create / Cancel comes before anything is created (issue 10, item 16).
    await press(button("✅ Create"));

    const partial = lastShown();
    expect(partial.text).toContain("⚠️ Client <b>multi</b> is not created on every chosen location yet.");
    expect(partial.text).toContain("• main panel (inbounds 1): ✅ created");
    expect(partial.text).toContain(
      "• Amsterdam (#2) (inbounds 201): ❌ 📡 Location Amsterdam (#2) is unreachable from the main panel (502)",
    );
    expect(partial.text).toContain("not atomic");
    expect(fake.clientsAt("2")).toEqual([]);
    const retry = button("🔁 Complete missing locations");
    expect(retry).toMatch(/^a\.p:mk-retry::[A-Za-z0-9_-]{8}$/);

    // Still unreachable: reported again, nothing duplicated on main.
    await press(retry);
    expect(lastShown().text).toContain("• main panel (inbounds 1): ✅ already there");
    expect(lastShown().text).toContain("unreachable from the main panel");

    fake.setUnreachable("2", false);
    await press(retry);
    expect(lastShown().text).toContain("✅ Client <b>multi</b> is created on every chosen location.");
    expect(lastShown().text).toContain("• main panel (inbounds 1): ✅ already there");
    expect(lastShown().text).toContain("• Amsterdam (#2) (inbounds 201): ✅ created");
    await press(retry);
    expect(lastShown().text).toContain("• Amsterdam (#2) (inbounds 201): ✅ already there");

    const main = fake.clientsAt("main");
    const node = fake.clientsAt("2");
    expect(main).toHaveLength(1);
    expect(node).toHaveLength(1);
    expect(node[0]?.uuid).toBe(main[0]?.uuid);
    expect(node[0]?.expiresAt).toBe(main[0]?.expiresAt);
    expect(node[0]?.inboundIds).toEqual(["201"]);
    expect(fake.count("POST", "/api/create")).toBe(1);
    expect(fake.count("POST", "/api/fed/lproxy/2/create")).toBe(1);
  });

  it("does not take over a name held by another client on a location", async () => {
    const other = fake.putClient("2", { name: "multi" });
    await press("a.p:new::");
    await say("multi");
    await press(button("⬜ Amsterdam (#2)"));
    await press(button("➡️ Continue"));
    await say("1");
    await say("201");
    await say("7");
    await say("0");
    await say("0");
    // A summary with Create / Cancel comes before anything is created (issue 10, item 16).
    await press(button("✅ Create"));
    expect(lastShown().text).toContain("• main panel (inbounds 1): ✅ created");
    expect(lastShown().text).toContain(
      "• Amsterdam (#2) (inbounds 201): ❌ another client is already called <b>multi</b> there (with another UUID).",
    );
    expect(fake.clientAt("2", "multi")?.uuid).toBe(other.uuid);
    expect(fake.count("POST", "/api/fed/lproxy/2/create")).toBe(0);
  });

  it("explains a 401: the panel token, with a way back", async () => {
    const token = fake.token;
    fake.token = "rotated-token";
    try {
      await press("a.p:home::");
      expect(lastShown().text).toContain("The panel refused the API token (401)");
      expect(lastShown().text).toContain("<code>PANEL_API_TOKEN</code>");
      expect(lastShown().buttons.map((b) => b.data)).toEqual(["a.p:home::", "a.home"]);
      await press("a.p:list::0");
      expect(lastShown().text).toContain("The panel refused the API token (401)");
      expect(button("« Back to panel")).toBe("a.p:home::");
      await press("a.p:home::", ADMIN_RU);
      expect(lastShown().text).toContain("Панель не приняла API-токен (401)");
    } finally {
      fake.token = token;
    }
  });

  it("refuses a non-admin's forged buttons; nothing reaches the panel", async () => {
    fake.putClient("main", { name: "alice", expiresAt: FAR });
    fake.seen.length = 0;
    for (const data of [
      "a.p:home::",
      "a.p:list::0",
      "a.p:card:alice:",
      `a.p:ext-ok:alice:${FAR + DAY}`,
      "a.p:del-ok:alice:AAAAAAAA",
      "a.p:new::",
      "a.p:mk-retry::AAAAAAAA",
    ]) {
      await press(data, STRANGER);
      expect(t.telegram.last("answerCallbackQuery")?.params).toMatchObject({
        text: "This action is for the shop's admins only.",
        show_alert: true,
      });
    }
    await say("mallory", STRANGER);
    expect(fake.seen).toEqual([]);
    expect(fake.clientAt("main", "alice")?.expiresAt).toBe(FAR);
    expect(t.telegram.callsOf("editMessageText")).toEqual([]);
  });
});
