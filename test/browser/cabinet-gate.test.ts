import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCustomer } from "../helpers/shop-seed.js";
import { type CabinetRig, type PageUser, startCabinetRig } from "./rig.js";

/**
 * Issue 26: the channel gate in a real browser. The trial and a purchase refused with
 * `channel-required` show the channels with a Join button each and Check; Check while out says so,
 * and once joined it runs what was refused: the trial lands on its access, the purchase opens its
 * confirm step.
 */

const NEWS = -1001000000991;
let rig: CabinetRig;
let next = 79_000;

async function newcomer(balance = 0): Promise<PageUser> {
  const who: PageUser = { id: ++next, first_name: `G${next}`, language_code: "en" };
  await seedCustomer(rig.h.t.deps, who.id, "en");
  if (balance > 0)
    await rig.h.t.deps.books.wallet.credit(who.id, balance, `seed:${who.id}`, { kind: "admin-credit" });
  return who;
}

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
  rig.h.t.telegram.channels.add({ id: NEWS, title: "Shop News", username: "shop_news" });
  await rig.h.t.deps.sales.gate.addChannel(NEWS, 1);
}, 60_000);

afterAll(() => rig?.close());

describe("the channel gate in the cabinet", () => {
  it("the trial: the channel with Join and Check; Check after joining takes the trial", async () => {
    const who = await newcomer();
    const p = await rig.open(who);
    await p.press("Buy", "nav");
    await p.press("Try free", "#view-buy .card[data-trial]");
    await p.until(`document.querySelector("#view-buy .card.gate")`);
    const gate = await p.text("#view-buy .card.gate");
    expect(gate).toContain("Join these channels first, then press Check.");
    expect(gate).toContain("Shop News (@shop_news)");
    await p.screenshot("gate-trial");

    await p.press("Join", "#view-buy .card.gate");
    expect((await p.telegram()).links).toContain("https://t.me/shop_news");
    await p.press("Check", "#view-buy .card.gate");
    await p.until(`document.querySelector("#view-buy .card.gate .status.bad")`);
    expect(await p.text("#view-buy .card.gate .status.bad")).toBe("You have not joined all of them yet.");

    rig.h.t.telegram.channels.join(NEWS, who.id);
    await p.press("Check", "#view-buy .card.gate");
    await p.until(`document.querySelector(".card.highlight")`);
    expect(await p.text(".card.highlight h2")).toBe("Free trial · 1 day, 1 GB");
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it("a purchase, when purchases are covered: Check after joining opens the confirm step", async () => {
    await rig.h.t.deps.catalog.settings.setGateCoverage("purchases");
    const who = await newcomer(500);
    const p = await rig.open(who);
    await p.press("Buy", "nav");
    await p.press("Buy", "#view-buy .card[data-plan='de-xui']");
    await p.until(`document.querySelector("#view-buy .card[data-plan='de-xui'] .card.gate")`);
    rig.h.t.telegram.channels.join(NEWS, who.id);
    await p.press("Check", "#view-buy .card[data-plan='de-xui'] .card.gate");
    await p.until(`!document.getElementById("sheet").hidden`);
    expect(await p.text("#sheet")).toContain("Germany, 30 days");
    expect(await p.page.evaluate(`document.querySelector(".card.gate")`)).toBeNull();
    // Nothing charged before Pay.
    expect(await rig.h.t.deps.books.wallet.balance(who.id)).toBe(500);
    expect(p.errors).toEqual([]);
    await p.close();
  });
});
