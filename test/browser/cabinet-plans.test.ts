import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY } from "../../src/runtime/clock.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { untilValue } from "../helpers/wait.js";
import { GERMANY, xuiBase } from "../helpers/xui-plans.js";
import { type CabinetRig, type PageUser, startCabinetRig } from "./rig.js";

/**
 * Issue 30 in a real browser: a family owner's seats on the card (an invite link; Free asks, then
 * the seat is free with a new link), a plan switch through the confirm step with the credit's
 * arithmetic, paid from the balance (the card then shows the new plan), and a freeze (the frozen
 * state, the client disabled on the fake hosting) ended by Unfreeze (the client enabled again).
 */

let rig: CabinetRig;
let next = 77_000;

beforeAll(async () => {
  rig = await startCabinetRig({
    catalog: (a) => {
      const base = xuiBase([a.serverId]);
      return {
        currency: "XTR",
        trial: undefined,
        plans: [
          {
            ...base,
            ...GERMANY,
            freeze: { times_per_year: 2, min_days: 7, max_days: 21 },
          },
          { ...base, id: "unl", title: { en: "Unlimited", ru: "Безлимит" }, traffic_gb: 0, price: 300 },
          {
            ...base,
            id: "family",
            title: { en: "Family", ru: "Семья" },
            traffic_gb: 100,
            price: 100,
            switchable: false,
            seats: { count: 3, pricing: "seat" as const, max: 4 },
          },
        ],
      };
    },
  });
  // The fake's clock follows the shop's: a freeze's first day passes for both.
  rig.fake.now = () => rig.clock.now();
}, 60_000);

afterAll(() => rig?.close());

/** A customer who bought `planId` (with `seats`), `left` on the wallet after it, and the subscription. */
async function customerWith(planId: string, paid: number, left: number, seats?: number) {
  const id = ++next;
  const { books, sales, settlement } = rig.h.t.deps;
  await seedCustomer(rig.h.t.deps, id, "en");
  await books.wallet.credit(id, paid + left, `seed:${id}`, { kind: "admin-credit" });
  const started = await sales.shop.startPurchase(id, planId, "en", undefined, false, seats);
  if (!started.ok) throw new Error(started.reason);
  expect((await sales.cashier.payFromBalance(id, started.order.id)).status).toBe("paid");
  expect((await settlement.fulfilment.fulfil(started.order.id)).outcome).toBe("active");
  const [sub] = await books.subscriptions.ofCustomer(id);
  if (!sub) throw new Error("no subscription");
  const who: PageUser = { id, first_name: `C${id}`, language_code: "en" };
  return { who, sub };
}

const cardSel = (subId: string) => `.card[data-sub='${subId}']`;

describe("the cabinet's plan options in a real browser", () => {
  it("a family owner sees the seats with an invite link; Free asks, then the seat is free with a new link", async () => {
    const { who, sub } = await customerWith("family", 300, 0, 3);
    const { deps } = rig.h.t;
    // A member takes seat 2 with its invite link (as the bot's /start does).
    const member = ++next;
    await seedCustomer(deps, member, "en");
    const p = await rig.open(who);
    const seats = `${cardSel(sub.id)} .seats`;
    await p.until(`document.querySelectorAll(${JSON.stringify(`${seats} .seat code`)}).length === 2`);
    const links = (await p.page.$$eval(`${seats} .seat code`, (n) =>
      n.map((c) => c.textContent ?? ""),
    )) as string[];
    const code = /start=seat_([A-Za-z0-9]{12})$/.exec(links[0] ?? "")?.[1] ?? "";
    expect(code).toHaveLength(12);
    expect(await p.text(seats)).toContain("Family seats (3)");
    expect(await p.text(seats)).toContain("Add a seat");
    await p.close();

    const claim = await deps.sales.seats.claim(code, member, "en");
    if (claim.status !== "claimed") throw new Error(claim.status);
    // Made by the order worker (the claim queues it) or by this call, whichever comes first.
    await deps.settlement.fulfilment.fulfil(claim.orderId);
    await untilValue(
      () => deps.books.orders.get(claim.orderId).then((o) => o?.status),
      (status) => status === "active",
    );
    const [seatSub] = await deps.books.subscriptions.ofCustomer(member);
    if (!seatSub) throw new Error("no seat");

    const q = await rig.open(who);
    await q.until(`/C${member}/.test(document.querySelector(${JSON.stringify(seats)})?.textContent ?? "")`);
    await q.screenshot("seats");
    await q.press("Free", seats);
    await q.until(`!document.getElementById("sheet").hidden`);
    expect(await q.text("#sheet")).toContain("Free this seat?");
    await q.press("Free", "#sheet");
    await q.until(
      `document.querySelectorAll(${JSON.stringify(`${seats} .seat code`)}).length === 2 && !/C${member}/.test(document.querySelector(${JSON.stringify(seats)}).textContent)`,
    );
    const after = (await q.page.$$eval(`${seats} .seat code`, (n) =>
      n.map((c) => c.textContent ?? ""),
    )) as string[];
    expect(after.join(" ")).not.toContain(code);
    expect(await q.text("#toast")).toContain("free again");
    expect((await deps.books.subscriptions.get(seatSub.id))?.removedAt).toBeDefined();
    expect(q.errors).toEqual([]);
    await q.close();
  });

  it("Switch plan opens the confirm step with the credit's arithmetic; paid from the wallet, the card shows the new plan", async () => {
    const { who, sub } = await customerWith("de-xui", 150, 200);
    const p = await rig.open(who);
    const card = cardSel(sub.id);
    await p.until(`/Switch plan/.test(document.querySelector(${JSON.stringify(card)})?.textContent ?? "")`);
    await p.press("Unlimited · 300 ⭐", card);
    await p.until(`!document.getElementById("sheet").hidden`);
    const sheet = await p.text("#sheet");
    for (const part of [
      "Plan switch",
      "Left of your term: 30 days × 5 ⭐ a day = 150 ⭐",
      "Credit: −150 ⭐",
      "150 ⭐",
      "50 ⭐",
    ])
      expect(sheet).toContain(part);
    // The switch's sum shows as its lines, not run together.
    expect(await p.page.evaluate(`document.querySelector("#sheet .sum .lines").innerText`)).toMatch(
      /«Unlimited».*\n.*Credit: −150 ⭐.*\n.*To pay: 150 ⭐/,
    );
    await p.screenshot("switch-confirm");
    await p.press("Pay from the balance", "#sheet");
    await p.until(
      `document.getElementById("sheet").hidden && document.querySelector(${JSON.stringify(`${card} h2`)})?.textContent === "Unlimited"`,
    );
    expect(await p.text(`${card} h2`)).toBe("Unlimited");
    // The same client takes the new plan: the page says so and does not hand the links out again.
    expect(await p.text("#message")).toContain("on its new plan");
    expect(await p.page.evaluate(`!document.querySelector(${JSON.stringify(`${card} .connect`)})`)).toBe(
      true,
    );
    expect(await rig.h.t.deps.books.wallet.balance(who.id)).toBe(50);
    expect(await rig.h.t.deps.books.subscriptions.get(sub.id)).toMatchObject({ planId: "unl", ref: sub.ref });
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it("Freeze with 7 days shows the frozen state (the client disabled); Unfreeze brings it back (enabled)", async () => {
    const { who, sub } = await customerWith("de-xui", 150, 0);
    if (sub.ref.kind !== "xui") throw new Error("not xui");
    const name = sub.ref.name;
    const p = await rig.open(who);
    const card = cardSel(sub.id);
    await p.press("7 days", `${card} .freeze`);
    await p.until(`!document.getElementById("sheet").hidden`);
    expect(await p.text("#sheet")).toContain("Freeze for 7 days?");
    await p.press("✅ Freeze", "#sheet");
    await p.until(`document.querySelector(${JSON.stringify(`${card} .freeze`)})?.dataset.frozen === "yes"`);
    expect(await p.text(`${card} .freeze`)).toContain("❄️ Frozen until");
    expect(await p.text(`${card} .pill`)).not.toBe("");
    expect(rig.fake.client(rig.account.serverId, name)?.enable).toBe(false);
    await p.screenshot("frozen");
    expect(p.errors).toEqual([]);
    await p.close();

    // A freeze is ended after its first day: the customer comes back (a new sign-in) two days on.
    rig.clock.advance(2 * DAY);
    const q = await rig.open(who);
    await q.press("▶️ Unfreeze now", `${card} .freeze`);
    await q.until(`document.querySelector(${JSON.stringify(`${card} .freeze`)})?.dataset.frozen === "no"`);
    expect(await q.text("#toast")).toContain("Unfrozen");
    expect(await q.text(`${card} .freeze`)).toContain("7 days");
    expect(rig.fake.client(rig.account.serverId, name)?.enable).toBe(true);
    expect(q.errors).toEqual([]);
    await q.close();
  });
});
