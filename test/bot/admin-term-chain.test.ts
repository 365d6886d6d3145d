import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { nodeCb } from "../../src/bot/features/admin/node/callbacks.js";
import { panelCb } from "../../src/bot/features/admin/panel/callbacks.js";
import { xuiCb } from "../../src/bot/features/admin/xui/callbacks.js";
import type { AccessRef } from "../../src/domain/books/index.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { fail } from "../fakes/http-fake.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { command, user } from "../fakes/telegram-api.js";
import { chatAs, type TestBot } from "../helpers/bot-harness.js";
import { startHostingAdminBot } from "../helpers/hosting-admin-bot.js";
import { seedSubscription } from "../helpers/shop-seed.js";
import { telegramViews } from "../helpers/telegram-views.js";

/*
 * Issue 22, finding 2: an admin's term change of a customer's client and a paid renewal of that
 * subscription take turns in the subscription's chain: neither overwrites the other's days.
 */

const ADMIN = user(7700, { first_name: "Boss", language_code: "en" });
const account = new FakeAccountApi();
const panel = new FakePanelApi({ nodes: [] });
const node = new FakeNodeApi({ token: "node-token-term-chain" });
const clock = new ManualClock(Date.now());
let t: TestBot;
let serverId: number;

let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, serverId, close } = await startHostingAdminBot(
    ADMIN,
    { account, panel, node, clock },
    { daysLeft: 400 },
  ));
});
afterAll(() => close());
beforeEach(async () => {
  clock.set(Date.now());
  await t.send(command(ADMIN, "/cancel"));
  t.telegram.clear();
  t.enqueued.length = 0;
});

const { press, say } = chatAs(() => t, ADMIN);
const { lastShown } = telegramViews(() => t);

let orders = 0;
/** Customer `id` holding a subscription of `planId` on `ref`, with 500 ⭐ on the balance. */
async function customerOn(id: number, planId: string, ref: AccessRef, expiresAt: number) {
  await t.deps.books.customers.seen({ id, firstName: `C${id}`, locale: "en" });
  await t.deps.books.wallet.credit(id, 500, `test:term-chain:${id}`, { kind: "admin-credit" });
  orders += 1;
  return seedSubscription(t.deps, `otc${orders}x${id}`, { customerId: id, planId, ref, expiresAt });
}

/** A paid renewal of `subscriptionId` whose first hosting write fails: it holds the chain's head. */
async function renewalInFlight(customerId: number, subscriptionId: string, failWrite: () => void) {
  const started = await t.deps.sales.shop.startRenewal(customerId, subscriptionId, "en");
  if (!started.ok) throw new Error(started.reason);
  expect((await t.deps.sales.cashier.payFromBalance(customerId, started.order.id)).status).toBe("paid");
  failWrite();
  await expect(t.deps.settlement.fulfilment.fulfil(started.order.id)).rejects.toThrow();
  expect((await t.deps.books.orders.get(started.order.id))?.status).toBe("provisioning");
  return started.order.id;
}

/** The admin's term change queued by the last request (what the order worker runs). */
function queuedChange(): string {
  const id = t.enqueued.filter((x) => x.startsWith("t")).at(-1);
  if (!id) throw new Error("no term change queued");
  return id;
}

describe("an admin's change and a paid renewal of one subscription take turns", () => {
  it("panel: +10 days asked while the paid renewal's write fails wait for it: +30, then +10", async () => {
    const start = Math.floor(clock.now() / 1000) + 5 * 86_400;
    panel.putClient("main", { name: "pia", expiresAt: start, inboundIds: ["1"] });
    const ref = { kind: "panel", name: "pia", uuid: "u-pia", locations: ["main"] } satisfies AccessRef;
    const sub = await customerOn(8701, "multi", ref, start * 1000);
    const order = await renewalInFlight(8701, sub.id, () =>
      panel.failNext("PATCH", "/api/clients/pia", fail(500, "internal_error")),
    );

    await press(panelCb.pack({ act: "ext", ref: "pia" }));
    await say("10");
    expect(lastShown().text).toContain(
      "A paid renewal of this customer's subscription is being applied first",
    );
    expect(panel.clientAt("main", "pia")?.expiresAt).toBe(start);

    expect(await t.deps.settlement.fulfilment.fulfil(order)).toMatchObject({ outcome: "active" });
    expect(panel.clientAt("main", "pia")?.expiresAt).toBe(start + 30 * 86_400);
    expect(await t.deps.terms.terms.apply(queuedChange())).toMatchObject({ kind: "applied" });
    expect(panel.clientAt("main", "pia")?.expiresAt).toBe(start + 40 * 86_400);
    expect((await t.deps.books.subscriptions.get(sub.id))?.expiresAt).toBe((start + 40 * 86_400) * 1000);
  });

  it("panel: a confirmation's date fixed before a paid renewal landed does not take its days away", async () => {
    const start = Math.floor(clock.now() / 1000) + 5 * 86_400;
    panel.putClient("main", { name: "pol", expiresAt: start, inboundIds: ["1"] });
    const ref = { kind: "panel", name: "pol", uuid: "u-pol", locations: ["main"] } satisfies AccessRef;
    const sub = await customerOn(8702, "multi", ref, start * 1000);
    // The admin saw "extend to start + 10 days" and has not pressed it yet; a renewal lands meanwhile.
    const started = await t.deps.sales.shop.startRenewal(8702, sub.id, "en");
    if (!started.ok) throw new Error(started.reason);
    await t.deps.sales.cashier.payFromBalance(8702, started.order.id);
    await t.deps.settlement.fulfilment.fulfil(started.order.id);
    expect(panel.clientAt("main", "pol")?.expiresAt).toBe(start + 30 * 86_400);

    await press(panelCb.pack({ act: "ext-ok", ref: "pol", target: start + 10 * 86_400 }));
    expect(lastShown().text).toContain("The term already ends after that date");
    expect(panel.clientAt("main", "pol")?.expiresAt).toBe(start + 30 * 86_400);
  });

  it("node: +5 days asked during a paid renewal are added after its 30", async () => {
    const before = node.seedClient("nia", 3).expires_at;
    const sub = await customerOn(8703, "node", { kind: "node", name: "nia" }, before * 1000);
    const order = await renewalInFlight(8703, sub.id, () =>
      node.forceError("PATCH", "/edit", 400, "bad_request"),
    );
    await press(nodeCb.pack({ act: "renew", client: "nia" }));
    await say("5");
    expect(lastShown().text).toContain("is being applied first");
    expect(node.clients.get("nia")?.expires_at).toBe(before);

    expect(await t.deps.settlement.fulfilment.fulfil(order)).toMatchObject({ outcome: "active" });
    expect(await t.deps.terms.terms.apply(queuedChange())).toMatchObject({ kind: "applied" });
    expect(node.clients.get("nia")?.expires_at).toBe(before + 35 * 86_400);
    expect((await t.deps.books.subscriptions.get(sub.id))?.expiresAt).toBe((before + 35 * 86_400) * 1000);
  });

  it("xui: a term set during a paid renewal says it overrides it, and is applied after it", async () => {
    account.addClient(serverId, { email: "xia-1", expiryMs: clock.now() + 4 * DAY });
    const sub = await customerOn(
      8704,
      "de-xui",
      { kind: "xui", serverId, name: "xia-1" },
      clock.now() + 4 * DAY,
    );
    const order = await renewalInFlight(8704, sub.id, () =>
      account.failNext("PATCH", `/api/v1/servers/${serverId}/clients/xia-1`, fail(500, "internal"), 1),
    );
    await press(xuiCb.pack({ act: "term", server: serverId, ref: "xia-1" }));
    await say("20");
    const text = lastShown().text;
    expect(text).toContain("is being applied first");
    expect(text).toContain(`1 paid renewal still being applied (<code>${order}</code>)`);

    await t.deps.settlement.fulfilment.fulfil(order);
    expect(await t.deps.terms.terms.apply(queuedChange())).toMatchObject({ kind: "applied" });
    const hosting = account.serverState(serverId).clients.find((c) => c.email === "xia-1")?.expiryMs ?? 0;
    const asked = clock.now() + 20 * DAY;
    // The record is the date asked; the xui side counts whole days from its own now, a little later.
    expect(hosting - asked).toBeGreaterThanOrEqual(0);
    expect(hosting - asked).toBeLessThan(DAY);
    expect((await t.deps.books.subscriptions.get(sub.id))?.expiresAt).toBe(asked);
  });

  it("a change the hosting side refuses leaves the chain: the renewal behind it goes on", async () => {
    const start = Math.floor(clock.now() / 1000) + 5 * 86_400;
    panel.putClient("main", { name: "pru", expiresAt: start, inboundIds: ["1"] });
    const ref = { kind: "panel", name: "pru", uuid: "u-pru", locations: ["main"] } satisfies AccessRef;
    const sub = await customerOn(8705, "multi", ref, start * 1000);
    panel.failNext("PATCH", "/api/clients/pru", fail(400, "bad_request"));
    await press(panelCb.pack({ act: "ext", ref: "pru" }));
    await say("10");
    expect(lastShown().text).toContain("refused the change");
    const started = await t.deps.sales.shop.startRenewal(8705, sub.id, "en");
    if (!started.ok) throw new Error(started.reason);
    await t.deps.sales.cashier.payFromBalance(8705, started.order.id);
    expect(await t.deps.settlement.fulfilment.fulfil(started.order.id)).toMatchObject({ outcome: "active" });
    expect(panel.clientAt("main", "pru")?.expiresAt).toBe(start + 30 * 86_400);
  });
});
