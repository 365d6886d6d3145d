import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { nodeCb } from "../../src/bot/features/admin/node/callbacks.js";
import { panelCb } from "../../src/bot/features/admin/panel/callbacks.js";
import { serversCb } from "../../src/bot/features/admin/servers/callbacks.js";
import { xuiCb } from "../../src/bot/features/admin/xui/callbacks.js";
import { createI18n } from "../../src/bot/i18n.js";
import type { AccessRef } from "../../src/domain/books/index.js";
import { myCb } from "../../src/render/shop-callbacks.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import type { OutboxMessage } from "../../src/workers/outbox.js";
import { createReminderTask } from "../../src/workers/reminders.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { callback, command, user } from "../fakes/telegram-api.js";
import { chatAs, type TestBot } from "../helpers/bot-harness.js";
import { startHostingAdminBot } from "../helpers/hosting-admin-bot.js";
import { seedSubscription } from "../helpers/shop-seed.js";
import { telegramViews } from "../helpers/telegram-views.js";

/**
 * Issue 10, item 5: an admin's destructive action on a hosting client that is a customer's
 * subscription names the customers first, and the shop's records follow it afterwards.
 */

const ADMIN = user(7600, { first_name: "Boss", language_code: "en" });
const account = new FakeAccountApi();
const panel = new FakePanelApi({ nodes: [{ id: "2", name: "Amsterdam" }] });
const node = new FakeNodeApi({ token: "node-token-shop-clients" });
const clock = new ManualClock(Date.now());
let t: TestBot;
let serverId: number;

let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, serverId, close } = await startHostingAdminBot(ADMIN, { account, panel, node, clock }));
});
afterAll(() => close());
beforeEach(async () => {
  clock.set(Date.now());
  await t.send(command(ADMIN, "/cancel"));
  t.telegram.clear();
});

const { press, say } = chatAs(() => t, ADMIN);
const { lastShown, button, textsTo } = telegramViews(() => t);

let orders = 0;
/** Customer `id` (named, with a @username) holding a de-xui subscription on `ref`. */
async function customerOn(id: number, name: string, ref: AccessRef, expiresAt = clock.now() + 10 * DAY) {
  await t.deps.books.customers.seen({ id, firstName: name, username: name.toLowerCase(), locale: "en" });
  orders += 1;
  return seedSubscription(t.deps, `oshop${orders}x${id}`, { customerId: id, ref, expiresAt });
}

describe("warnings name the customers on a client", () => {
  it("xui delete: '1 customer is on it' before the confirmation; afterwards the subscription is removed", async () => {
    account.addClient(serverId, { email: "ira-1", expiryMs: clock.now() + 2 * DAY });
    const sub = await customerOn(
      8501,
      "Ira",
      { kind: "xui", serverId, name: "ira-1" },
      clock.now() + 2 * DAY,
    );
    await press(xuiCb.pack({ act: "del", server: serverId, ref: "ira-1" }));
    const confirm = lastShown().text;
    expect(confirm).toContain("1 customer is on it");
    expect(confirm).toContain("Ira @ira (<code>8501</code>)");
    await press(button("🗑 Yes, delete"));
    expect(lastShown().text).toContain("🗑 User <b>ira-1</b> is deleted.");
    expect(lastShown().text).toContain("Marked as removed in the shop: Ira @ira (<code>8501</code>)");
    const after = await t.deps.books.subscriptions.get(sub.id);
    expect(after?.removedAt).toBeDefined();
    // No more reminders: the subscription left the expiry index.
    const due = await t.deps.books.subscriptions.expiringBetween(0, Number.MAX_SAFE_INTEGER, 10_000);
    expect(due.map((d) => d.id)).not.toContain(sub.id);
    // The customer sees it in /my.
    const ira = user(8501, { first_name: "Ira", language_code: "en" });
    await t.send(command(ira, "/my"));
    expect(textsTo(8501).at(-1)).toContain("removed by the shop");
    // An old Renew button of it sells nothing.
    await t.send(callback(ira, myCb.pack({ act: "renew", id: sub.id })));
    expect(t.telegram.last("answerCallbackQuery")?.params).toMatchObject({
      text: expect.stringContaining("removed by the shop's admins"),
    });
    expect(await t.deps.books.orders.ofCustomer(8501)).toEqual([]);
  });

  it("node delete and rename warn; a rename moves the subscription to the new name", async () => {
    node.seedClient("kai", 10);
    const sub = await customerOn(8502, "Kai", { kind: "node", name: "kai" });
    await press(nodeCb.pack({ act: "del", client: "kai" }));
    expect(lastShown().text).toContain("1 customer is on it");
    expect(lastShown().text).toContain("Kai @kai (<code>8502</code>)");
    // Not deleted: the admin renames it instead.
    await press(nodeCb.pack({ act: "rename", client: "kai" }));
    expect(lastShown().text).toContain("1 customer is on it");
    await say("kai-2");
    expect(lastShown().text).toContain("<b>kai-2</b>");
    expect((await t.deps.books.subscriptions.get(sub.id))?.ref.name).toBe("kai-2");
    const owners = await t.deps.books.owners.of({ kind: "node", name: "kai-2" });
    expect(owners.map((o) => o.subscription.id)).toEqual([sub.id]);
    expect(await t.deps.books.owners.of({ kind: "node", name: "kai" })).toEqual([]);
  });

  it("panel delete: '2 customers are on it', both named; afterwards both are removed", async () => {
    panel.putClient("main", { name: "duo", expiresAt: Math.floor(clock.now() / 1000) + 86_400 * 5 });
    const ref: AccessRef = { kind: "panel", name: "duo", uuid: "u", locations: ["main"] };
    const a = await customerOn(8503, "Ann", ref);
    const b = await customerOn(8504, "Bob", ref);
    await press(panelCb.pack({ act: "del", ref: "duo" }));
    const confirm = lastShown().text;
    expect(confirm).toContain("2 customers are on it");
    expect(confirm).toContain("Ann @ann (<code>8503</code>)");
    expect(confirm).toContain("Bob @bob (<code>8504</code>)");
    await press(button("🗑 Yes, delete everywhere"));
    expect((await t.deps.books.subscriptions.get(a.id))?.removedAt).toBeDefined();
    expect((await t.deps.books.subscriptions.get(b.id))?.removedAt).toBeDefined();
  });

  it("xui regenerate warns with the customers, then lists the subscriptions whose links stopped working", async () => {
    const s = account.addServer("shop", { type: "xui", name: "Paris-1" });
    account.addClient(s.id, { email: "zoe-1" });
    await customerOn(8505, "Zoe", { kind: "xui", serverId: s.id, name: "zoe-1" });
    await press(serversCb.pack({ act: "regen", server: s.id }));
    expect(lastShown().text).toContain("1 customer is on it");
    expect(lastShown().text).toContain("Zoe @zoe (<code>8505</code>)");
    await press(button("⚠️ Yes, regenerate"));
    const done = lastShown().text;
    expect(done).toContain("Config regenerated");
    expect(done).toContain("Zoe @zoe (<code>8505</code>)");
    expect(done).toContain("their links stopped working");
  });
});

describe("an admin's extend of a shop client moves the shop's expiry and its reminders", () => {
  it("node renew: the subscription takes the new expiry and the next reminder follows it", async () => {
    const before = node.seedClient("lea", 2).expires_at;
    const sub = await customerOn(8506, "Lea", { kind: "node", name: "lea" }, before * 1000);
    await press(nodeCb.pack({ act: "renew", client: "lea" }));
    await say("5");
    const renewed = node.clients.get("lea")?.expires_at ?? 0;
    expect(renewed).toBe(before + 5 * 86_400);
    expect((await t.deps.books.subscriptions.get(sub.id))?.expiresAt).toBe(renewed * 1000);

    // The reminders key on the expiry: none is due now (7 days left), the 1-day one comes a day before.
    const sent: OutboxMessage[] = [];
    const reminders = createReminderTask({
      books: t.deps.books,
      sales: t.deps.sales,
      outbox: { sendMany: async (m) => void sent.push(...m) },
      i18n: createI18n("en"),
      clock,
      logger: createLogger("silent"),
    });
    await reminders.run();
    expect(sent.filter((m) => m.chatId === 8506)).toEqual([]);
    clock.set(renewed * 1000 - DAY + 60_000);
    await reminders.run();
    const mine = sent.filter((m) => m.chatId === 8506);
    expect(mine.map((m) => m.once)).toEqual([`remind:${sub.id}:${renewed * 1000}:1d`]);
  });

  it("panel extend and xui term: the subscription follows the new term", async () => {
    const nowS = Math.floor(clock.now() / 1000);
    panel.putClient("main", { name: "pat", expiresAt: nowS + 86_400 });
    const ps = await customerOn(8507, "Pat", { kind: "panel", name: "pat", uuid: "u", locations: ["main"] });
    const target = nowS + 31 * 86_400;
    await press(panelCb.pack({ act: "ext-ok", ref: "pat", target }));
    expect((await t.deps.books.subscriptions.get(ps.id))?.expiresAt).toBe(target * 1000);

    account.addClient(serverId, { email: "xen-1", expiryMs: clock.now() + DAY });
    const xs = await customerOn(8508, "Xen", { kind: "xui", serverId, name: "xen-1" });
    await press(xuiCb.pack({ act: "term", server: serverId, ref: "xen-1" }));
    await say("20");
    const hosting = account.serverState(serverId).clients.find((c) => c.email === "xen-1")?.expiryMs ?? 0;
    // The record is the date asked; the xui side counts whole days from its own now, a little later.
    const asked = clock.now() + 20 * DAY;
    expect((await t.deps.books.subscriptions.get(xs.id))?.expiresAt).toBe(asked);
    expect(hosting - asked).toBeGreaterThanOrEqual(0);
    expect(hosting - asked).toBeLessThan(DAY);
  });
});
