import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gateKeys } from "../../src/domain/sales/index.js";
import { callback, command, user } from "../fakes/telegram-api.js";
import { createWebappHarness, type WebappHarness } from "../webapp/harness.js";

/**
 * Issue 26: the channel gate's new surfaces attacked. The admin screen's buttons pressed by a
 * customer or forged; the customer's Check with data that is not ours, from a blocked customer or
 * a group; the cabinet's channels/check without a session, with a body, by GET, and flooded; the
 * refusal carrying only what the page needs. Nothing is changed, opened or asked of Telegram.
 */

const NEWS = -1001000000801;
const ADMIN = user(7_800, { first_name: "Boss" });
const MALLORY = user(7_801, { first_name: "Mallory" });
let h: WebappHarness;

beforeAll(async () => {
  h = await createWebappHarness({
    adminIds: [ADMIN.id],
    guard: { perUser: 1000, ordersPerUser: 3, perAddress: 10_000 },
  });
  h.t.telegram.channels.add({ id: NEWS, title: "Shop News", username: "shop_news" });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.t.redis.del("settings:shop", "settings:gate-channels");
  const stale = await h.t.redis.keys("gate:*");
  if (stale.length) await h.t.redis.del(...stale);
  await h.t.deps.sales.gate.addChannel(NEWS, 1);
  h.t.telegram.clear();
});

const press = (from: typeof MALLORY, data: string) => h.t.send(callback(from, data));
const listed = async () => (await h.t.deps.catalog.requiredChannels.list()).map((c) => c.id);
const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

describe("the admin screen's buttons from anyone else", () => {
  it("refuses a customer's every press: the coverage, removing, adding", async () => {
    for (const data of [
      "a.chan:cover:trial",
      "a.chan:cover:purchases",
      `a.chan:rm:${NEWS}`,
      "a.chan:add:",
      "a.chan:view:",
    ]) {
      await press(MALLORY, data);
      expect(h.t.telegram.last("answerCallbackQuery")?.params).toMatchObject({
        text: "This action is for the shop's admins only.",
        show_alert: true,
      });
    }
    expect(await h.t.deps.catalog.settings.gateCoverage()).toBe("trial");
    expect(await listed()).toEqual([NEWS]);
    expect(h.t.telegram.callsOf("editMessageText")).toEqual([]);
    expect(h.t.telegram.callsOf("sendMessage")).toEqual([]);
  });

  it("an admin's forged data only shows the screen", async () => {
    for (const data of [
      "a.chan:cover:all",
      "a.chan:rm:NEWS",
      "a.chan:rm:1e9",
      "a.chan:cover:trial:x",
      "a.chan::",
    ])
      await press(ADMIN, data);
    expect(await h.t.deps.catalog.settings.gateCoverage()).toBe("trial");
    expect(await listed()).toEqual([NEWS]);
  });
});

describe("the customer's Check", () => {
  it("ignores data that is not ours and asks Telegram nothing for it", async () => {
    for (const data of [
      "gate:steal:",
      "gate:buy:../../etc",
      "gate:trial:x:y",
      "gate:",
      `gate:buy:${"p".repeat(40)}`,
    ])
      await press(MALLORY, data);
    expect(h.t.telegram.callsOf("getChatMember")).toEqual([]);
    expect(await h.t.deps.books.orders.ofCustomer(MALLORY.id)).toEqual([]);
  });

  it("a plan that is not sold opens nothing, joined or not", async () => {
    h.t.telegram.channels.join(NEWS, MALLORY.id);
    await press(MALLORY, "gate:buy:no-such-plan");
    expect(await h.t.deps.books.orders.ofCustomer(MALLORY.id)).toEqual([]);
  });

  it("refuses a blocked customer before asking Telegram, and does nothing in a group", async () => {
    const blocked = user(7_802);
    await h.t.deps.books.customers.seen({ id: blocked.id, firstName: "B", locale: "en" });
    await h.t.deps.books.customers.setBlocked(blocked.id, true);
    await press(blocked, "gate:trial:");
    const group = { id: -555, type: "supergroup" as const, title: "Some group" };
    await h.t.send(
      callback(MALLORY, "gate:trial:", { message_id: 1, date: 0, chat: group, text: "…" } as never),
    );
    await h.t.send(command(MALLORY, "/trial", group));
    expect(h.t.telegram.callsOf("getChatMember")).toEqual([]);
    expect(await h.t.deps.books.orders.ofCustomer(blocked.id)).toEqual([]);
    expect(await h.t.deps.books.orders.ofCustomer(MALLORY.id)).toEqual([]);
  });
});

describe("the cabinet's channels/check", () => {
  it("wants a session, a POST and an empty body", async () => {
    expect((await h.api("/app/api/channels/check", { auth: undefined }, post({}))).status).toBe(401);
    expect((await h.api("/app/api/channels/check", { auth: "tma forged" }, post({}))).status).toBe(401);
    expect((await h.api("/app/api/channels/check", MALLORY)).status).toBe(405);
    for (const body of [{ customer_id: ADMIN.id }, { channels: [NEWS] }, { joined: true }]) {
      const res = await h.api("/app/api/channels/check", MALLORY, post(body));
      expect(res.status).toBe(400);
    }
    expect(h.t.telegram.callsOf("getChatMember")).toEqual([]);
  });

  it("spends the orders budget (it asks Telegram): a flood gets 429, not a call per request", async () => {
    const flooder = { id: 7_803, first_name: "F", language_code: "en" };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await h.api("/app/api/channels/check", flooder, post({}))).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect(h.t.telegram.callsOf("getChatMember").length).toBeLessThanOrEqual(3);
  });

  it("a refusal carries the channels' public names and links only, and asks only about the caller", async () => {
    const victim = 7_804;
    await h.t.redis.set(gateKeys.member(victim, NEWS), "1");
    const res = await h.api("/app/api/trial", { id: 7_805, first_name: "E", language_code: "en" }, post({}));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      ok: false,
      error: "channel-required",
      channels: [{ id: NEWS, title: "Shop News", username: "shop_news", join_url: "https://t.me/shop_news" }],
    });
    expect(h.t.telegram.callsOf("getChatMember").map((c) => c.params.user_id)).toEqual([7_805]);
  });
});
