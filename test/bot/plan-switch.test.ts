import type { User } from "grammy/types";
import { describe, expect, it } from "vitest";
import { customersCb } from "../../src/bot/features/admin/customers/index.js";
import type { Subscription } from "../../src/domain/books/index.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { DAY } from "../../src/runtime/clock.js";
import { findButton } from "../helpers/telegram-views.js";
import { myCardRig } from "./my-card-rig.js";

/**
 * Issue 30, a plan switch through the chat: "Switch plan" on the card, the plans it may move to,
 * the arithmetic of the credit shown before paying (days left x price per day on a days plan, the
 * GB left on a traffic plan that used most of it), then paid from the balance and applied by a
 * real BullMQ worker on the fake Account API (the same server: the same client).
 */

const GiB = 1024 ** 3;

function catalog(servers: number[]): Catalog {
  const base = { days: 30, devices: 0, backend: { kind: "xui" as const, servers } };
  return {
    currency: "XTR",
    trial: undefined,
    plans: [
      { ...base, id: "de-xui", title: { en: "Germany", ru: "Германия" }, traffic_gb: 100, price: 150 },
      { ...base, id: "days", title: { en: "Days", ru: "Дни" }, traffic_gb: 0, price: 90 },
      { ...base, id: "big", title: { en: "Big", ru: "Большой" }, traffic_gb: 300, devices: 3, price: 300 },
      {
        ...base,
        id: "fixed",
        title: { en: "Fixed", ru: "Фикс" },
        traffic_gb: 0,
        price: 60,
        switchable: false,
      },
    ],
  };
}

const rig = myCardRig({ catalog, firstUserId: 9_930, adminId: 9_929 });
const { accountFake, t, shown, press, untilStatus } = rig;

/** A customer who bought `planId` (1 000 credited) and, on x-ui, has used `usedGb` of it. */
async function customerWith(planId: string, usedGb = 0): Promise<{ who: User; sub: Subscription }> {
  const bought = await rig.customerWith(planId);
  const { sub } = bought;
  if (sub.ref.kind === "xui" && usedGb > 0) accountFake.setUsage(rig.serverId, sub.ref.name, 0, usedGb * GiB);
  return bought;
}

/** The card's "Switch plan", then the plan labelled `label`: the screen shown. */
async function switchTo(who: User, sub: Subscription, label: RegExp) {
  await press(who, `my:card:${sub.id}`);
  await press(who, findButton(shown().buttons, /Switch plan/));
  const list = shown();
  expect(list.text).toContain("Switch «");
  await press(who, findButton(list.buttons, label));
  return shown();
}

describe("plan switch in the chat", () => {
  it("a days plan: the days left x the price per day, the credit, the price, what is left to pay", async () => {
    const { who, sub } = await customerWith("days");
    rig.sales.clock.advance(10 * DAY + 1000);
    const view = await switchTo(who, sub, /^Big/);
    expect(view.text).toContain("Left of your term: 19 days × 3 ⭐ a day = <b>57 ⭐</b>");
    expect(view.text).toContain("New plan «Big»: 300 ⭐");
    expect(view.text).toContain("Credit: −57 ⭐");
    expect(view.text).toContain("To pay: 243 ⭐");
    rig.sales.clock.set(Date.now());
  });

  it("a traffic plan: the GB left limit the credit; paid from the balance, the same client takes the new plan", async () => {
    const { who, sub } = await customerWith("de-xui", 80);
    const view = await switchTo(who, sub, /^Big/);
    expect(view.text).toContain(
      "Left of your term: 20 GB of 100 GB (less than its 30 days left) = <b>30 ⭐</b>",
    );
    expect(view.text).toContain("To pay: 270 ⭐");
    const pay = findButton(view.buttons, /from balance/);
    await press(who, pay);
    const orderId = pay.split(":")[2] ?? "";
    await untilStatus(orderId, "active");
    const now = await t().deps.books.subscriptions.get(sub.id);
    expect(now).toMatchObject({ planId: "big", ref: sub.ref, trafficGb: 300, devices: 3 });
    expect(await t().deps.books.wallet.balance(who.id)).toBe(1000 - 150 - 270);
    await t().telegram.waitFor(
      (c) =>
        c.method === "sendMessage" &&
        c.chatId === who.id &&
        String(c.params.text).includes("Switched to Big"),
    );
  });

  it("a credit that covers the price: nothing to pay, the surplus shown, the switch taken with one press", async () => {
    const { who, sub } = await customerWith("big");
    const view = await switchTo(who, sub, /^Germany/);
    expect(view.text).toContain("To pay: 0 ⭐");
    expect(view.text).toContain("150 ⭐ more than the new plan's price");
    await press(who, findButton(view.buttons, /Switch now/));
    const [order] = (await t().deps.books.orders.ofCustomer(who.id)).filter((o) => o.kind === "switch");
    await untilStatus(order?.id ?? "", "active");
    expect(await t().deps.books.wallet.balance(who.id)).toBe(1000 - 300 + 150);
  });

  it("an unswitchable plan is not among the plans offered", async () => {
    const { who, sub } = await customerWith("de-xui");
    await press(who, `my:card:${sub.id}`);
    await press(who, findButton(shown().buttons, /Switch plan/));
    const labels = shown().buttons.map((b) => b.text);
    expect(labels.some((l) => l.startsWith("Big"))).toBe(true);
    expect(labels.some((l) => l.startsWith("Fixed"))).toBe(false);
  });
});

describe("the admin's fair refund in the chat", () => {
  const admin: User = { id: 9_929, is_bot: false, first_name: "Admin" };

  it("shows the arithmetic and where the money goes, then refunds once under two taps at once", async () => {
    const { who, sub } = await customerWith("days");
    rig.sales.clock.advance(10 * DAY + 1000);
    await press(admin, customersCb.pack({ act: "sub", customer: who.id, sub: sub.id }));
    await press(admin, findButton(shown().buttons, /Refund unused part/));
    const view = shown();
    expect(view.text).toContain("Left of the term: 19 days × 3 ⭐ a day = <b>57 ⭐</b>");
    expect(view.text).toContain("not paid by one Telegram Stars payment");
    const before = await t().deps.books.wallet.balance(who.id);
    const yes = findButton(view.buttons, /Refund 57/);
    await Promise.all([press(admin, yes), press(admin, yes)]);
    expect(await t().deps.books.wallet.balance(who.id)).toBe(before + 57);
    const texts = t()
      .telegram.calls.filter((c) => c.method === "sendMessage" || c.method === "editMessageText")
      .map((c) => String(c.params.text));
    expect(texts.some((x) => x.includes("Refunded 57 ⭐ to the customer's balance"))).toBe(true);
    const ended = await t().deps.books.subscriptions.get(sub.id);
    expect(ended?.expiresAt).toBeLessThanOrEqual(rig.sales.clock.now());
    rig.sales.clock.set(Date.now());
  });
});
