import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { successfulPayment, user } from "../fakes/telegram-api.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { type CabinetRig, type PageUser, startCabinetRig } from "./rig.js";

/**
 * Issue 25: buying in the cabinet in a real browser, provisioned by a real order worker on the fake
 * Account API. Nothing is charged before the confirm step; a wallet purchase lands on its new
 * subscription with the connect panel open; an invoice renewal, the trial and a gift (bought, then
 * cancelled after a confirmation) each end where the customer needs to be.
 */

let rig: CabinetRig;
let next = 73_000;
const newcomer = (balance = 0): Promise<PageUser> => {
  const who: PageUser = { id: ++next, first_name: `P${next}`, language_code: "en" };
  return (async () => {
    await seedCustomer(rig.h.t.deps, who.id, "en");
    if (balance > 0)
      await rig.h.t.deps.books.wallet.credit(who.id, balance, `seed:${who.id}`, { kind: "admin-credit" });
    return who;
  })();
};

beforeAll(async () => {
  rig = await startCabinetRig({
    catalog: (a) => ({
      currency: "XTR",
      trial: { days: 1, traffic_gb: 1, plan: "de-xui" },
      plans: [
        {
          id: "de-xui",
          title: { en: "Germany, 30 days", ru: "Германия, 30 дней" },
          days: 30,
          traffic_gb: 100,
          devices: 0,
          price: 150,
          backend: { kind: "xui", servers: [a.serverId] },
        },
      ],
    }),
  });
}, 60_000);

afterAll(() => rig?.close());

const balanceOf = (id: number) => rig.h.t.deps.books.wallet.balance(id);

describe("ordering in the cabinet", () => {
  it("a wallet purchase shows the order and the balance after, charges only on confirm, and lands on the new subscription", async () => {
    const who = await newcomer(500);
    const p = await rig.open(who, { theme: "dark" });
    await p.press("Buy", "nav");
    await p.press("Buy", "#view-buy .card[data-plan='de-xui']");
    await p.until(`!document.getElementById("sheet").hidden`);
    const sheet = await p.text("#sheet");
    for (const part of [
      "Germany, 30 days",
      "30 days",
      "Price",
      "150 ⭐",
      "Balance",
      "500 ⭐",
      "Balance after",
      "350 ⭐",
    ])
      expect(sheet).toContain(part);
    expect(await p.telegram()).toMatchObject({
      main: { text: "Pay from the balance · 150 ⭐", visible: true },
    });
    // The confirm step charged nothing.
    expect(await balanceOf(who.id)).toBe(500);
    await p.screenshot("confirm-dark");

    await p.page.evaluate("window.__tg.main.fn()");
    await p.until(`document.querySelector(".card.highlight svg.qr")`);
    const landed = await p.text(".card.highlight");
    expect(landed).toContain("Germany, 30 days");
    expect(landed).toMatch(/3[01] days left/); // the fake hosting keeps whole days
    expect(await p.page.evaluate(`document.getElementById("view-subs").hidden`)).toBe(false);
    expect(await p.text("#message")).toContain("Done");
    expect(await balanceOf(who.id)).toBe(350);
    expect(await p.text("#balance")).toContain("350");
    expect((await p.telegram()).haptics).toContain("success");
    // The sheet is gone and the main button is back to nothing.
    expect(await p.page.evaluate(`document.getElementById("sheet").hidden`)).toBe(true);
    await p.screenshot("landed-dark");
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it("Cancel on the confirm step closes the order and charges nothing", async () => {
    const who = await newcomer(500);
    const p = await rig.open(who);
    await p.press("Buy", "nav");
    await p.press("Buy", "#view-buy .card[data-plan='de-xui']");
    await p.until(`!document.getElementById("sheet").hidden`);
    await p.press("Cancel", "#sheet");
    await p.until(`document.getElementById("sheet").hidden`);
    const orders = await rig.h.t.deps.books.orders.ofCustomer(who.id);
    await expect
      .poll(async () => (await rig.h.t.deps.books.orders.get(orders[0]?.id ?? ""))?.status)
      .toBe("cancelled");
    expect(await balanceOf(who.id)).toBe(500);
    await p.close();
  });

  it("a refused promo code says why on the confirm step, and the order stays at the plan's price", async () => {
    const who = await newcomer(500);
    const p = await rig.open(who);
    await p.press("Buy", "nav");
    await p.until(`document.querySelector("#view-buy details")`);
    await p.page.evaluate(`document.querySelector("#view-buy details").open = true`);
    await p.page.type("#view-buy details input", "NOSUCHCODE");
    await p.press("Buy", "#view-buy .card[data-plan='de-xui']");
    await p.until(`document.querySelector("#sheet .status.bad")`);
    expect((await p.text("#sheet .status.bad")).length).toBeGreaterThan(5);
    expect(await p.text("#sheet")).toContain("150 ⭐");
    await p.close();
  });

  it("a renewal paid by an invoice follows the payment and lands on the subscription", async () => {
    const who = await newcomer(150);
    const p = await rig.open(who);
    // Bought from the balance first (a real access on the fake hosting), then renewed by an invoice.
    await p.press("Buy", "nav");
    await p.press("Buy", "#view-buy .card[data-plan='de-xui']");
    await p.press("Pay from the balance", "#sheet");
    await p.until(`document.querySelector(".card.highlight")`);
    const subId = await p.page.$eval(
      ".card.highlight",
      (n) => (n as unknown as { dataset: { sub: string } }).dataset.sub,
    );
    rig.h.t.telegram.clear();
    await p.press("Renew", `.card[data-sub='${subId}']`);
    await p.until(`!document.getElementById("sheet").hidden`);
    expect(await p.text("#sheet")).toContain("To pay by invoice");
    await p.press("Pay by invoice", "#sheet");
    await p.until("window.__tg.invoices.length === 1");
    const payload = String(rig.h.t.telegram.last("createInvoiceLink")?.params.payload);
    expect(payload).toMatch(/^o:/);
    await rig.h.t.send(successfulPayment(user(who.id), payload, 150, "XTR", `charge-${who.id}`));
    await p.page.evaluate('window.__invoiceDone("paid")');
    // Landed on the renewed subscription, its new term read from the hosting side.
    await p.until(
      `document.getElementById("sheet").hidden && /6[01] days left/.test(document.querySelector(".card.highlight[data-sub='${subId}']")?.textContent ?? "")`,
    );
    const renewed = await p.text(`.card[data-sub='${subId}']`);
    expect(renewed, renewed).toMatch(/6[01] days left/);
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it("a new customer's trial, from the empty cabinet's main button, lands on the trial", async () => {
    const who = await newcomer(0);
    const p = await rig.open(who);
    expect((await p.telegram()).main.text).toBe("Try free");
    await p.page.evaluate("window.__tg.main.fn()");
    await p.until(`document.querySelector(".card.highlight")`);
    expect(await p.text(".card.highlight h2")).toBe("Free trial · 1 day, 1 GB");
    expect(await p.text(".card.highlight")).toContain("Choose a plan");
    await p.close();
  });

  it("a gift bought from the balance shows its link; cancelling it asks first, then refunds once", async () => {
    const who = await newcomer(500);
    const p = await rig.open(who);
    await p.press("Buy", "nav");
    await p.press("🎁 As a gift", "#view-buy .card[data-plan='de-xui']");
    await p.until(`!document.getElementById("sheet").hidden`);
    expect(await p.text("#sheet")).toContain("A gift: after paying");
    await p.press("Pay from the balance", "#sheet");
    await p.until(
      `!document.getElementById("view-more").hidden && document.querySelector("#view-more [data-section='gifts'] code")`,
    );
    expect(await p.text("#view-more [data-section='gifts'] code")).toMatch(/^https:\/\/t\.me\//);
    expect(await balanceOf(who.id)).toBe(350);
    await p.screenshot("gift");

    await p.press("Cancel the gift", "#view-more");
    await p.until(`!document.getElementById("sheet").hidden`);
    // Dismissed: nothing happens.
    await p.press("Cancel", "#sheet");
    await p.until(`document.getElementById("sheet").hidden`);
    expect(await balanceOf(who.id)).toBe(350);
    await p.press("Cancel the gift", "#view-more");
    await p.press("Yes, cancel it", "#sheet");
    await p.until(`!document.querySelector("#view-more [data-section='gifts'] button.danger")`);
    expect(await balanceOf(who.id)).toBe(500);
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it("a typed top-up amount is checked and asks Telegram for an invoice of that amount", async () => {
    const who = await newcomer(0);
    const p = await rig.open(who);
    await p.press("Wallet", "nav");
    await p.page.waitForSelector("#view-wallet input");
    await p.page.type("#view-wallet input", "abc");
    await p.press("Top up", "#view-wallet .field");
    await p.until(`document.querySelector("#view-wallet .status.bad")`);
    await p.page.$eval("#view-wallet input", (i) => {
      (i as unknown as { value: string }).value = "";
    });
    rig.h.t.telegram.clear();
    await p.page.type("#view-wallet input", "120");
    await p.press("Top up", "#view-wallet .field");
    await p.until("window.__tg.invoices.length === 1");
    const prices = rig.h.t.telegram.last("createInvoiceLink")?.params.prices as { amount: number }[];
    expect(prices[0]?.amount).toBe(120);
    await p.close();
  });
});
