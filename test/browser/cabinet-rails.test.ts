import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RailStore } from "../../src/domain/settlement/index.js";
import { MemoryRail } from "../helpers/memory-rail.js";
import { xuiShopCatalog } from "../helpers/sales-rig.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { type CabinetRig, type PageUser, startCabinetRig } from "./rig.js";

/**
 * Issue 27: paying on outside rails in the cabinet, in a real browser, in a fiat shop with no
 * provider token (so no Telegram invoice): a button per rail on the confirm step (one that is
 * down shown disabled with why), the e-mail a rail's receipts need asked first and checked by the
 * server, the rail's page opened with Telegram's openLink, "I paid" saying not yet, then landing
 * on the new subscription once the rail has the payment; a top-up likewise; Persian right to left.
 */

let rig: CabinetRig;
let memrail: MemoryRail;
let receipts: MemoryRail;
let next = 93_000;

const newcomer = async (locale = "en"): Promise<PageUser> => {
  const who: PageUser = { id: ++next, first_name: `R${next}`, language_code: locale };
  await seedCustomer(rig.h.t.deps, who.id, locale === "fa" ? "fa" : "en");
  return who;
};
/** The payment a rail was asked for `payerId`. */
const paymentOf = (rail: MemoryRail, payerId: number) => {
  const found = [...rail.payments.values()].filter((p) => p.ref?.payerId === payerId);
  expect(found).toHaveLength(1);
  return found[0] as NonNullable<(typeof found)[0]>;
};

beforeAll(async () => {
  memrail = new MemoryRail();
  receipts = new MemoryRail({
    id: "receipts",
    name: "ReceiptPay",
    emailFlag: "receipts",
    choices: [{ key: "receipts", kind: "flag", default: true }],
  });
  const down = new MemoryRail({ id: "downrail", name: "DownPay" });
  rig = await startCabinetRig({
    catalog: (a) => xuiShopCatalog(a, { currency: "RUB" }),
    rails: [memrail, receipts, down],
  });
  // The last look at it found it down: offered, but disabled.
  down.down = true;
  await rig.h.t.deps.settlement.railPayments.poll("downrail");
}, 60_000);

afterAll(() => rig?.close());

describe("paying on a rail in the cabinet", () => {
  it("an order: rail buttons, the e-mail first, the payment page opened, 'I paid', then the new subscription", async () => {
    const who = await newcomer();
    const p = await rig.open(who);
    await p.press("Buy", "nav");
    await p.press("Buy", "#view-buy .card[data-plan='de-xui']");
    await p.until(`!document.getElementById("sheet").hidden`);
    const sheet = await p.text("#sheet");
    for (const part of [
      "Pay with MemRail",
      "Pay with ReceiptPay",
      "Pay with DownPay",
      "Unavailable right now",
    ])
      expect(sheet).toContain(part);
    // A fiat shop without a provider token: no Telegram invoice anywhere.
    expect(sheet).not.toContain("invoice");
    expect(sheet).toContain("To pay");
    expect(
      await p.page.evaluate(`document.querySelector("#sheet button[data-rail='downrail']").disabled`),
    ).toBe(true);
    expect((await p.telegram()).main).toMatchObject({ visible: true });
    expect((await p.telegram()).main.text).toMatch(/^Pay with MemRail · /);

    // ReceiptPay sends receipts: the e-mail first, checked by the server.
    await p.press("Pay with ReceiptPay", "#sheet");
    await p.until(`document.querySelector("#sheet .email-form input[type=email]")`);
    expect(await p.text("#sheet .email-form")).toContain("Your e-mail for the receipt");
    await p.page.type("#sheet .email-form input", "not-an-address");
    await p.press("Continue", "#sheet");
    await p.until(
      `/does not look like/.test(document.querySelector("#sheet .email-form .status.bad")?.textContent ?? "")`,
    );
    expect(receipts.creates).toBe(0);
    await p.page.$eval("#sheet .email-form input", (i) => {
      (i as unknown as { value: string }).value = "";
    });
    await p.page.type("#sheet .email-form input", "Buyer@Example.com");
    await p.press("Continue", "#sheet");
    await p.until("window.__tg.openLinks.length === 1");
    const payment = paymentOf(receipts, who.id);
    expect((await p.telegram()).openLinks).toEqual([`https://pay.example/receipts/${payment.id}`]);
    expect(payment.charge?.receipt?.email).toBe("buyer@example.com");
    expect(await new RailStore(rig.h.t.redis).email(who.id)).toBe("buyer@example.com");
    await p.until(`document.querySelector("#sheet .rail-wait")`);
    expect(await p.text("#sheet")).toContain("Waiting for the payment");
    await p.screenshot("rails-waiting");

    // Not paid yet.
    await p.press("I paid", "#sheet");
    await p.until(`/Not paid yet/.test(document.querySelector("#sheet .rail-wait")?.textContent ?? "")`);
    expect((await rig.h.t.deps.books.orders.get(payment.ref?.payload.slice(2) ?? ""))?.status).toBe(
      "awaiting_payment",
    );

    // The payer pays on the rail's page; "I paid" finds it, and the order lands as any paid one.
    receipts.pay(payment.id);
    await p.press("I paid", "#sheet");
    await p.until(
      `document.getElementById("sheet").hidden && document.querySelector(".card.highlight svg.qr")`,
    );
    expect(await p.text(".card.highlight")).toContain("Germany");
    expect(await p.text("#message")).toContain("Done");
    expect((await p.telegram()).haptics).toContain("success");
    // A second press made no second payment; the balance took nothing.
    expect(receipts.creates).toBe(1);
    expect(await rig.h.t.deps.books.wallet.balance(who.id)).toBe(0);
    await p.screenshot("rails-paid");
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it("a top-up: the way chosen in a sheet, the rail's page opened, 'I paid' puts it on the balance", async () => {
    const who = await newcomer();
    const p = await rig.open(who);
    await p.press("Wallet", "nav");
    await p.until(`document.querySelector("#view-wallet .chips button")`);
    await p.page.evaluate(`document.querySelector("#view-wallet .chips button").click()`);
    await p.until(`!document.getElementById("sheet").hidden`);
    const sheet = await p.text("#sheet");
    expect(sheet).toContain("How would you like to pay?");
    expect(sheet).not.toContain("Pay by invoice");
    await p.screenshot("rails-topup");
    await p.press("Pay with MemRail", "#sheet");
    await p.until("window.__tg.openLinks.length === 1");
    const payment = paymentOf(memrail, who.id);
    expect((await p.telegram()).openLinks).toEqual([`https://pay.example/memrail/${payment.id}`]);
    expect(payment.ref?.payload).toMatch(/^t:/);
    memrail.pay(payment.id);
    await p.press("I paid", "#sheet");
    await p.until(`/topped up/.test(document.getElementById("message").textContent)`);
    const credited = Math.round(Number(payment.amount) * 100);
    expect(credited).toBeGreaterThan(0);
    expect(await rig.h.t.deps.books.wallet.balance(who.id)).toBe(credited);
    expect(await p.page.evaluate(`document.getElementById("sheet").hidden`)).toBe(true);
    expect(await p.text("#view-wallet")).toContain(payment.amount.split(".")[0] ?? "?");
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it("in Persian the rail buttons and the e-mail form run right to left, the address left to right", async () => {
    const who = await newcomer("fa");
    const p = await rig.open(who, { theme: "dark" });
    expect(await p.page.evaluate("document.documentElement.dir")).toBe("rtl");
    await p.press("خرید", "nav");
    await p.until(`document.querySelector("#view-buy .card[data-plan='de-xui'] button")`);
    await p.page.evaluate(`document.querySelector("#view-buy .card[data-plan='de-xui'] button").click()`);
    await p.until(`!document.getElementById("sheet").hidden`);
    const sheet = await p.text("#sheet");
    expect(sheet).toContain("پرداخت با MemRail");
    expect(sheet).toContain("در حال حاضر در دسترس نیست");
    await p.press("پرداخت با ReceiptPay", "#sheet");
    await p.until(`document.querySelector("#sheet .email-form input")`);
    expect(await p.page.evaluate(`document.querySelector("#sheet .email-form input").dir`)).toBe("ltr");
    expect(await p.text("#sheet .email-form")).toContain("ایمیل شما برای رسید");
    await p.screenshot("rails-fa");
    expect(p.errors).toEqual([]);
    await p.close();
  });
});
