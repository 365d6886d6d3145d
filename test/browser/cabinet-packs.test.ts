import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCustomer } from "../helpers/shop-seed.js";
import { type CabinetRig, type PageUser, startCabinetRig } from "./rig.js";

/**
 * Issue 26: a traffic pack bought in the cabinet in a real browser, applied by a real order
 * worker on the fake Account API: the card offers it, the confirm step says what it adds and
 * charges nothing, and the card shows the new limit once it is added (the connect panel stays
 * closed: the customer already has the links).
 */

let rig: CabinetRig;
let next = 75_000;

beforeAll(async () => {
  rig = await startCabinetRig({
    catalog: (a) => ({
      currency: "XTR",
      trial: undefined,
      plans: [
        {
          id: "de-xui",
          title: { en: "Germany, 30 days", ru: "Германия, 30 дней" },
          days: 30,
          traffic_gb: 100,
          devices: 0,
          price: 150,
          traffic_packs: [{ id: "plus50", gb: 50, price: 40 }],
          backend: { kind: "xui", servers: [a.serverId] },
        },
      ],
    }),
  });
}, 60_000);

afterAll(() => rig?.close());

const balanceOf = (id: number) => rig.h.t.deps.books.wallet.balance(id);

describe("a traffic pack in the cabinet", () => {
  it("is offered on the card, confirmed with what it adds, paid from the balance, and the card shows the new limit", async () => {
    const who: PageUser = { id: ++next, first_name: `P${next}`, language_code: "en" };
    await seedCustomer(rig.h.t.deps, who.id, "en");
    await rig.h.t.deps.books.wallet.credit(who.id, 300, `seed:${who.id}`, { kind: "admin-credit" });
    const p = await rig.open(who);
    await p.press("Buy", "nav");
    await p.press("Buy", "#view-buy .card[data-plan='de-xui']");
    await p.press("Pay from the balance", "#sheet");
    await p.until(`document.querySelector(".card.highlight")`);
    expect(await p.text(".card.highlight")).toContain("of 100 GB");

    await p.press("+50 GB · 40 ⭐", ".card.highlight");
    await p.until(`!document.getElementById("sheet").hidden`);
    const sheet = await p.text("#sheet");
    for (const part of [
      "Adds",
      "+50 GB: 100 GB → 150 GB this term",
      "Expiry stays",
      "afresh",
      "40 ⭐",
      "110 ⭐",
    ])
      expect(sheet).toContain(part);
    expect(sheet).not.toContain("Promo");
    expect(await balanceOf(who.id)).toBe(150);
    await p.screenshot("pack-confirm");

    await p.press("Pay from the balance", "#sheet");
    await p.until(
      `document.getElementById("sheet").hidden && /of 150 GB/.test(document.querySelector(".card.highlight")?.textContent ?? "")`,
    );
    expect(await p.text("#message")).toContain("the traffic is added");
    // The links were not opened again: a pack adds to an access the customer already has.
    expect(await p.page.evaluate(`!document.querySelector(".card.highlight svg.qr")`)).toBe(true);
    expect(await balanceOf(who.id)).toBe(110);
    expect(p.errors).toEqual([]);
    await p.screenshot("pack-added");
    await p.close();
  });
});
