import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/runtime/clock.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { command, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, TEST_CATALOG, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

/** Issue 10, item 16: panel create offers each location's inbounds as buttons, then a summary. */

const ADMIN = user(7700, { first_name: "Boss", language_code: "en" });
const fake = new FakePanelApi({ nodes: [{ id: "2", name: "Amsterdam" }] });
let t: TestBot;

beforeAll(async () => {
  await fake.start();
  t = await createTestBot({
    adminIds: [ADMIN.id],
    panel: { url: fake.url, token: fake.token },
    clock: new ManualClock(Date.UTC(2030, 0, 1, 12)),
    // The catalog's panel plan knows location 2's inbound (the panel API lists only the main one's).
    catalog: {
      ...TEST_CATALOG,
      plans: TEST_CATALOG.plans.map((p) =>
        p.backend.kind === "panel"
          ? {
              ...p,
              backend: {
                ...p.backend,
                locations: [
                  { node: "main", inbound_ids: ["1"] },
                  { node: "2", inbound_ids: ["201"] },
                ],
              },
            }
          : p,
      ),
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(async () => {
  fake.reset();
  await t.send(command(ADMIN, "/cancel"));
  t.telegram.clear();
});

const { press, say } = chatAs(() => t, ADMIN);
const { lastShown, button } = telegramViews(() => t);

async function upToInbounds(name: string) {
  await press("a.p:new::");
  await say(name);
  await press(button("⬜ Amsterdam (#2)"));
  await press(button("➡️ Continue"));
}

describe("panel create: inbounds as buttons and a summary", () => {
  it("offers the main panel's inbounds read from the API and the location's from the catalog, then a summary before creating", async () => {
    await upToInbounds("multi");
    const main = lastShown();
    expect(main.text).toContain("Inbound ids on <b>main panel</b>");
    expect(main.buttons.map((b) => b.text)).toEqual([
      "⬜ 1 · vless-ws",
      "⬜ 2 · vless-reality",
      "➡️ Continue",
      "✖ Cancel",
    ]);
    await press(button("➡️ Continue"));
    expect(t.telegram.last("answerCallbackQuery")?.params).toMatchObject({
      text: "Pick at least one inbound, or type the ids.",
      show_alert: true,
    });
    await press(button("⬜ 1 · vless-ws"));
    await press(button("⬜ 2 · vless-reality"));
    expect(lastShown().buttons.map((b) => b.text)).toContain("✅ 2 · vless-reality");
    await press(button("➡️ Continue"));

    const node = lastShown();
    expect(node.text).toContain("Inbound ids on <b>Amsterdam (#2)</b>");
    expect(node.buttons.map((b) => b.text)).toContain("⬜ 201 · from the catalog");
    await press(button("⬜ 201 · from the catalog"));
    await press(button("➡️ Continue"));
    await say("30");
    await say("10");
    await say("2");

    const summary = lastShown();
    expect(summary.text).toContain("<b>Create client multi?</b>");
    expect(summary.text).toContain("• main panel: inbounds 1, 2");
    expect(summary.text).toContain("• Amsterdam (#2): inbounds 201");
    expect(summary.text).toContain("30 days, until Jan 31, 2030");
    expect(summary.text).toContain("Traffic: 10 GB · Devices: 2");
    expect(summary.buttons.map((b) => b.text)).toEqual(["✅ Create", "✖ Cancel"]);
    expect(fake.clientsAt("main")).toEqual([]);

    await press(button("✅ Create"));
    expect(lastShown().text).toContain("✅ Client <b>multi</b> is created on every chosen location.");
    expect(fake.clientAt("main", "multi")?.inboundIds).toEqual(["1", "2"]);
    expect(fake.clientAt("2", "multi")?.inboundIds).toEqual(["201"]);
  });

  it("Cancel at the summary creates nothing", async () => {
    await upToInbounds("nope");
    await say("1");
    await say("201");
    await say("7");
    await say("0");
    await say("0");
    expect(lastShown().text).toContain("<b>Create client nope?</b>");
    await press(button("✖ Cancel"));
    expect(t.texts()).toContain("Cancelled.");
    expect(fake.clientsAt("main")).toEqual([]);
    expect(fake.clientsAt("2")).toEqual([]);
  });
});
