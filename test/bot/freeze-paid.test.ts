import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { formatDate } from "../../src/render/format.js";
import { orderCb } from "../../src/render/shop-callbacks.js";
import { DAY } from "../../src/runtime/clock.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { callback, command } from "../fakes/telegram-api.js";
import { newUsers } from "../helpers/bot-harness.js";
import { makeSalesRig, type SalesRig, startShopAccount } from "../helpers/sales-rig.js";
import { lastShownOn } from "../helpers/telegram-views.js";
import { untilValue } from "../helpers/wait.js";

/**
 * Issue 30: a renewal opened before a freeze and paid during it (from the balance, in the chat)
 * applies when the freeze ends, by design (it waits behind the freeze in the term chain): the paid
 * message says so, with the freeze's end date; at the unfreeze the renewal's days are added to
 * the term given back.
 */

const person = newUsers(9_750);
const accountFake = new FakeAccountApi();
let rig: SalesRig;
let serverId = 0;

function catalog(servers: number[]): Catalog {
  const base = { days: 30, devices: 0, backend: { kind: "xui" as const, servers } };
  return {
    currency: "XTR",
    trial: { days: 1, traffic_gb: 1, plan: "de-xui" },
    plans: [
      {
        ...base,
        id: "de-xui",
        title: { en: "Germany", ru: "Германия" },
        traffic_gb: 100,
        price: 150,
        freeze: { times_per_year: 1, min_days: 7, max_days: 30 },
      },
      { ...base, id: "plain", title: { en: "Plain", ru: "Простой" }, traffic_gb: 100, price: 100 },
    ],
  };
}

beforeAll(async () => {
  const account = await startShopAccount(accountFake);
  serverId = account.serverId;
  rig = await makeSalesRig({
    catalog: catalog([serverId]),
    accountUrl: accountFake.url,
    accountApiKey: account.key,
    adminIds: [9_749],
  });
  accountFake.now = () => rig.clock.now();
  rig.startWorker();
});
afterAll(async () => {
  await rig.close();
  await accountFake.stop();
});
beforeEach(() => rig.t.telegram.clear());

const t = () => rig.t;
const shown = () => lastShownOn(t().telegram);
const press = (who: User, data: string) => t().send(callback(who, data.replace(/^\+/, "")));

async function customerWith(planId: string): Promise<{ who: User; sub: Subscription }> {
  const who = person();
  await t().send(command(who, "/start"));
  await t().deps.books.wallet.credit(who.id, 1000, `seed:${who.id}`, { kind: "admin-credit" });
  const started = await t().deps.sales.shop.startPurchase(who.id, planId, "en");
  if (!started.ok) throw new Error(started.reason);
  await t().deps.sales.cashier.payFromBalance(who.id, started.order.id);
  await untilValue(
    () =>
      t()
        .deps.books.orders.get(started.order.id)
        .then((o) => o?.status),
    (s) => s === "active",
  );
  const [sub] = await t().deps.books.subscriptions.ofCustomer(who.id);
  if (!sub) throw new Error("no subscription");
  return { who, sub };
}

describe("a renewal paid while frozen, in the chat", () => {
  it("says it applies when the freeze ends (the date), and is applied at the unfreeze", async () => {
    const { who, sub } = await customerWith("de-xui");
    const renewal = await t().deps.sales.shop.startRenewal(who.id, sub.id, "en");
    if (!renewal.ok) throw new Error(renewal.reason);
    const frozenAt = rig.clock.now();
    const frozen = await t().deps.terms.freezes.ask(sub.id, who.id, 14);
    if (frozen.kind !== "frozen") throw new Error(frozen.kind);
    await press(who, orderCb.pack({ act: "bal", id: renewal.order.id }));
    const until = formatDate("en", frozen.view.until ?? 0);
    const text = shown().text;
    expect(text).toContain("✅ Paid 150 ⭐ from your balance");
    expect(text).toContain(
      `❄️ This subscription is frozen: what you paid for applies when the freeze ends (${until}), or when you unfreeze it earlier.`,
    );
    // Still waiting behind the freeze.
    expect(["paid", "provisioning"]).toContain((await t().deps.books.orders.get(renewal.order.id))?.status);

    rig.clock.advance(2 * DAY);
    const out = await t().deps.terms.freezes.unfreeze(sub.id, { customerId: who.id });
    expect(out.kind).toBe("unfrozen");
    await t().deps.settlement.jobs.enqueueOrder(renewal.order.id);
    await untilValue(
      () =>
        t()
          .deps.books.orders.get(renewal.order.id)
          .then((o) => o?.status),
      (s) => s === "active",
    );
    // The bank given back at the unfreeze, then the renewal's 30 days.
    const bank = sub.expiresAt - frozenAt;
    expect((await t().deps.books.subscriptions.get(sub.id))?.expiresAt).toBe(
      rig.clock.now() + bank + 30 * DAY,
    );
  });

  it("a renewal of a subscription not frozen says nothing of a freeze", async () => {
    const { who, sub } = await customerWith("de-xui");
    const renewal = await t().deps.sales.shop.startRenewal(who.id, sub.id, "en");
    if (!renewal.ok) throw new Error(renewal.reason);
    await press(who, orderCb.pack({ act: "bal", id: renewal.order.id }));
    expect(shown().text).toContain("✅ Paid 150 ⭐ from your balance");
    expect(shown().text).not.toContain("frozen");
  });
});
