import type { User } from "grammy/types";
import { describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { DAY } from "../../src/runtime/clock.js";
import { command, preCheckout, successfulPayment } from "../fakes/telegram-api.js";
import { findButton, textsTo } from "../helpers/telegram-views.js";
import { untilValue } from "../helpers/wait.js";
import { GERMANY, xuiBase } from "../helpers/xui-plans.js";
import { myCardRig } from "./my-card-rig.js";

/**
 * Issue 26, traffic packs through the chat: /my offers a subscription's packs, the pack goes
 * through the shop's confirm step (balance or Telegram invoice, pre-checkout, the payment), a
 * real BullMQ worker raises the xui client's limit on the fake Account API, /my shows the new
 * limit at once; an unlimited plan, a trial, an expired subscription are offered none.
 */

const GiB = 1024 ** 3;
function catalog(servers: number[]): Catalog {
  const base = xuiBase(servers);
  return {
    currency: "XTR",
    trial: { days: 1, traffic_gb: 1, plan: "de-xui" },
    plans: [
      {
        ...base,
        ...GERMANY,
        traffic_packs: [
          { id: "plus50", gb: 50, price: 40 },
          { id: "plus200", gb: 200, price: 120 },
        ],
      },
      { ...base, id: "unl", title: { en: "Unlimited", ru: "Безлимит" }, traffic_gb: 0, price: 300 },
    ],
  };
}

const rig = myCardRig({ catalog, firstUserId: 9_870, adminId: 9_869 });
const { accountFake, person, t, shown, press, untilStatus, card } = rig;

/** A customer with `balance` left in the wallet and an active subscription of `planId` bought in the shop, 29 of its GB used. */
async function customerWith(planId = "de-xui", balance = 1000): Promise<{ who: User; sub: Subscription }> {
  const bought = await rig.customerWith(planId, balance + 150);
  const { sub } = bought;
  if (sub.ref.kind === "xui") accountFake.setUsage(rig.serverId, sub.ref.name, GiB, 29 * GiB);
  return bought;
}

const limitOf = (sub: Subscription) =>
  sub.ref.kind === "xui" ? accountFake.client(rig.serverId, sub.ref.name)?.totalGb : undefined;

/** Presses the pack's button on the card and pays from the balance; returns the order id. */
async function buyPackFromBalance(who: User, sub: Subscription, label: RegExp): Promise<string> {
  await press(who, findButton((await card(who, sub)).buttons, label));
  const pay = findButton(shown().buttons, /from balance/);
  await press(who, pay);
  return pay.split(":")[2] ?? "";
}

describe("a traffic pack in /my", () => {
  it("is offered on the card, confirmed with what it does, paid from the balance and added", async () => {
    const { who, sub } = await customerWith();
    // The card is read first, so its hosting read is cached (a minute) before the pack.
    const before = await card(who, sub);
    expect(before.text).toContain("Traffic: 30 GB / 100 GB");
    expect(before.buttons.map((b) => b.text)).toEqual(
      expect.arrayContaining(["➕ 50 GB for 40 ⭐", "➕ 200 GB for 120 ⭐"]),
    );
    // Promo codes are for plans and renewals: a live one is not offered on a pack's confirmation.
    await t().deps.sales.promos.create({
      code: "PACK10",
      kind: "percent",
      value: 10,
      perCustomer: 1,
      newCustomersOnly: false,
      plans: [],
      createdBy: 1,
      expiresAt: undefined,
      totalUses: undefined,
    });
    await press(who, findButton(before.buttons, "➕ 50 GB for 40 ⭐"));
    const confirm = shown();
    expect(confirm.text).toContain("🚀 <b>Traffic pack</b>");
    expect(confirm.text).toContain("Adds: <b>+50 GB</b>");
    expect(confirm.text).toContain("Price: <b>40 ⭐</b>");
    expect(confirm.text).toContain("Traffic for this term: 100 GB now, <b>150 GB</b> with this pack");
    expect(confirm.text).toContain("The expiry does not change.");
    expect(confirm.text).toContain("A renewal gives the plan's 100 GB afresh");
    expect(confirm.buttons.map((b) => b.text)).toEqual(["✅ Pay 40 ⭐ from balance", "✖ Cancel"]);

    const orderId = findButton(confirm.buttons, /from balance/).split(":")[2] ?? "";
    await press(who, findButton(confirm.buttons, /from balance/));
    expect(shown().text).toContain("Adding the traffic");
    await untilStatus(orderId, "active");
    const added = await untilValue(
      async () => textsTo(t().telegram, who.id).find((m) => m.includes("added")) ?? "",
      (m) => m !== "",
    );
    expect(added).toContain("🚀 <b>+50 GB added: Germany</b>");
    expect(added).toContain("Traffic for this term is now 150 GB");
    expect(limitOf(sub)).toBe(150);
    // /my shows the new limit at once, not the read cached before the pack landed.
    const after = await card(who, sub);
    expect(after.text).toContain("Traffic: 30 GB / 150 GB");
    const record = await t().deps.books.subscriptions.get(sub.id);
    expect(record?.expiresAt).toBe(sub.expiresAt);
    expect(await t().deps.books.wallet.balance(who.id)).toBe(1000 - 40);
  });

  it("paid twice in a row adds twice", async () => {
    const { who, sub } = await customerWith();
    const first = await buyPackFromBalance(who, sub, /^➕ 50 GB/);
    await untilStatus(first, "active");
    const second = await buyPackFromBalance(who, sub, /^➕ 50 GB/);
    expect(second).not.toBe(first);
    await untilStatus(second, "active");
    expect(limitOf(sub)).toBe(200);
    expect((await t().deps.books.subscriptions.get(sub.id))?.trafficGb).toBe(200);
    expect(await t().deps.books.wallet.balance(who.id)).toBe(1000 - 80);
  });

  it("is paid by a Telegram invoice: checked at pre-checkout, credited once, added once", async () => {
    const { who, sub } = await customerWith("de-xui", 0);
    await press(who, findButton((await card(who, sub)).buttons, /^➕ 200 GB/));
    await press(who, findButton(shown().buttons, /by invoice/));
    const invoice = t().telegram.last("sendInvoice")?.params;
    expect(invoice?.title).toBe("VPN traffic pack");
    expect(invoice?.prices).toEqual([{ label: "+200 GB for Germany", amount: 120 }]);
    const payload = String(invoice?.payload);
    await t().send(preCheckout(who, payload, 120, "XTR"));
    expect(t().telegram.last("answerPreCheckoutQuery")?.params).toMatchObject({ ok: true });
    // The same payment delivered twice (an update Telegram sent again) is credited once.
    await t().send(successfulPayment(who, payload, 120, "XTR", `charge-pack-${who.id}`));
    await t().send(successfulPayment(who, payload, 120, "XTR", `charge-pack-${who.id}`));
    const orderId = payload.split(":")[1] ?? "";
    await untilStatus(orderId, "active");
    expect(limitOf(sub)).toBe(300);
    const order = await t().deps.books.orders.get(orderId);
    expect(order?.kind).toBe("pack");
    expect(await t().deps.books.wallet.balance(who.id)).toBe(0);
    const { entries } = await t().deps.books.wallet.history(who.id, 0, 10);
    expect(entries.filter((e) => e.kind === "pack").map((e) => e.amount)).toEqual([-120]);
  });

  it("cancelled before it is paid leads back to the subscription; nothing is charged", async () => {
    const { who, sub } = await customerWith();
    await press(who, findButton((await card(who, sub)).buttons, /^➕ 50 GB/));
    await press(who, findButton(shown().buttons, "✖ Cancel"));
    expect(shown().text).toBe("Traffic pack cancelled. Nothing was charged; your subscription is as it was.");
    expect(findButton(shown().buttons, "🔑 Back to the subscription")).toBe(`my:card:${sub.id}`);
    expect(await t().deps.books.wallet.balance(who.id)).toBe(1000);
    expect(limitOf(sub)).toBe(100);
  });
});

describe("what is not offered", () => {
  it("a plan with unlimited traffic offers no pack, and a forged press is refused", async () => {
    const { who, sub } = await customerWith("unl");
    const view = await card(who, sub);
    expect(view.text).toContain("unlimited");
    expect(view.buttons.some((b) => b.data.includes("pack:"))).toBe(false);
    await press(who, `pack:${sub.id}:plus50`);
    expect(t().telegram.last("answerCallbackQuery")?.params).toMatchObject({ show_alert: true });
    expect(String(t().telegram.last("answerCallbackQuery")?.params.text)).toContain("not offered");
    expect((await t().deps.books.orders.ofCustomer(who.id)).some((o) => o.kind === "pack")).toBe(false);
  });

  it("a free trial offers no pack; nor does a subscription whose term is over", async () => {
    const who = person();
    await t().send(command(who, "/start"));
    const trial = await t().deps.sales.shop.startTrial(who.id, "en");
    if (!trial.ok) throw new Error(trial.reason);
    await untilStatus(trial.order.id, "active");
    const [sub] = await t().deps.books.subscriptions.ofCustomer(who.id);
    if (!sub) throw new Error("no trial");
    expect((await card(who, sub)).buttons.some((b) => b.data.includes("pack:"))).toBe(false);

    const { who: ann, sub: paid } = await customerWith();
    rig.sales.clock.advance(31 * DAY);
    try {
      expect((await card(ann, paid)).buttons.some((b) => b.data.includes("pack:"))).toBe(false);
      await press(ann, `pack:${paid.id}:plus50`);
      expect(String(t().telegram.last("answerCallbackQuery")?.params.text)).toContain("not offered");
    } finally {
      rig.sales.clock.advance(-31 * DAY);
    }
  });

  it("while the shop is closed for maintenance a pack's button gets the notice: nothing is opened", async () => {
    const { who, sub } = await customerWith();
    await t().deps.catalog.maintenance.close({ by: 1 });
    try {
      await press(who, `pack:${sub.id}:plus50`);
      expect(String(t().telegram.last("answerCallbackQuery")?.params.text)).not.toContain("not offered");
      expect((await t().deps.books.orders.ofCustomer(who.id)).some((o) => o.kind === "pack")).toBe(false);
    } finally {
      await t().deps.catalog.maintenance.open();
    }
  });

  it("someone else's subscription is not found", async () => {
    const { sub } = await customerWith();
    const mallory = person();
    await t().send(command(mallory, "/start"));
    await press(mallory, `pack:${sub.id}:plus50`);
    expect(String(t().telegram.last("answerCallbackQuery")?.params.text)).toContain("not found");
    expect(await t().deps.books.orders.ofCustomer(mallory.id)).toEqual([]);
  });

  it("a pack the catalog stopped selling is refused at pre-checkout: nothing is taken", async () => {
    const { who, sub } = await customerWith("de-xui", 0);
    await press(who, findButton((await card(who, sub)).buttons, /^➕ 50 GB/));
    await press(who, findButton(shown().buttons, /by invoice/));
    const payload = String(t().telegram.last("sendInvoice")?.params.payload);
    // An admin edits the plan in the bot: its packs are gone (the file is as it was).
    const store = t().deps.catalogFile;
    const plan = store.full().plans.find((p) => p.id === "de-xui");
    if (!plan) throw new Error("no plan");
    const saved = await store.savePlan({ ...plan, traffic_packs: [] }, await store.version("de-xui"), 1, 0);
    expect(saved.ok).toBe(true);
    try {
      await t().send(preCheckout(who, payload, 40, "XTR"));
      expect(t().telegram.last("answerPreCheckoutQuery")?.params).toMatchObject({ ok: false });
      expect((await card(who, sub)).buttons.some((b) => b.data.includes("pack:"))).toBe(false);
    } finally {
      await store.useFile("de-xui", await store.version("de-xui"));
    }
  });
});

describe("a pack that cannot be added", () => {
  it("is refunded to the wallet, the customer and the admins are told", async () => {
    const { who, sub } = await customerWith();
    // The client is gone from the server after the pack was offered.
    await press(who, findButton((await card(who, sub)).buttons, /^➕ 50 GB/));
    await t().deps.provisioning.provisioner("xui").remove(sub.ref);
    const orderId = findButton(shown().buttons, /from balance/).split(":")[2] ?? "";
    await press(who, findButton(shown().buttons, /from balance/));
    await untilStatus(orderId, "refunded");
    expect(await t().deps.books.wallet.balance(who.id)).toBe(1000);
    const told = await untilValue(
      async () => textsTo(t().telegram, who.id).find((m) => m.includes("could not add")) ?? "",
      (m) => m !== "",
    );
    expect(told).toContain("40 ⭐ went back to your wallet; your subscription is as it was.");
    await untilValue(
      async () => textsTo(t().telegram, 9_869).find((m) => m.includes(`Traffic pack ${orderId}`)) ?? "",
      (m) => m !== "",
    );
  });
});
