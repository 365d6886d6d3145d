import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/runtime/clock.js";
import { ok } from "../fakes/http-fake.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { command, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

/*
 * Issue 8: a 404 through fed/lproxy for a node_id the main panel does not know is not
 * "the client is not on this location": the admin's delete must not report success there.
 */

const ADMIN = user(7450, { first_name: "Boss", language_code: "en" });
const ADMIN_RU = user(7451, { first_name: "Шеф", language_code: "ru" });
const fake = new FakePanelApi({ nodes: [{ id: "2", name: "Amsterdam" }] });
let t: TestBot;

beforeAll(async () => {
  await fake.start();
  t = await createTestBot({
    adminIds: [ADMIN.id, ADMIN_RU.id],
    panel: { url: fake.url, token: fake.token },
    clock: new ManualClock(Date.now()),
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

const { lastShown, button } = telegramViews(() => t);

/** The federation list names node 9 once (then the main panel forgets it): its 404 is "unknown". */
function ghostNode(): void {
  fake.failNext(
    "GET",
    "/api/fed/lagg",
    ok({
      nodes: [
        { node_id: "2", name: "Amsterdam", online: true },
        { node_id: "9", name: "Ghost", online: true },
      ],
    }),
  );
}

describe("admin panel delete and an unknown node_id", () => {
  it("reports the location as failed (not 'not on this location') and offers to try again", async () => {
    const { press } = chatAs(() => t, ADMIN);
    fake.putClient("main", { name: "alice" });
    await press("a.p:del:alice:");
    const confirm = button("🗑 Yes, delete everywhere");
    ghostNode();
    await press(confirm);
    const text = lastShown().text;
    expect(text).toContain("• main panel: 🗑 deleted");
    expect(text).toContain("• Amsterdam (#2): — not on this location");
    expect(text).toMatch(/• Ghost \(#9\): ❌ .*does not know location <code>9<\/code>/);
    expect(text).not.toMatch(/Ghost \(#9\): — not on this location/);
    expect(text).toContain("Some locations still have the client");
    expect(button("🔁 Try again")).toBe("a.p:del:alice:");
  });

  it("says it in Russian too", async () => {
    const { press } = chatAs(() => t, ADMIN_RU);
    fake.putClient("main", { name: "bob" });
    await press("a.p:del:bob:");
    const confirm = lastShown().buttons[0]?.data ?? "";
    ghostNode();
    await press(confirm);
    expect(lastShown().text).toMatch(/не знает локацию <code>9<\/code>/);
  });
});
