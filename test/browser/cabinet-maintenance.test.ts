import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAINTENANCE_KEY } from "../../src/domain/catalog/index.js";
import { DAY, HOUR } from "../../src/runtime/clock.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { type CabinetRig, type PageUser, startCabinetRig } from "./rig.js";

/**
 * Issue 26: the cabinet in a real browser while the shop is closed for maintenance. The Buy tab
 * says so with the admins' message and the end time (and Retry, which shows the plans once the
 * shop is open); Renew on a card says so in its line; the subscriptions, their links and the
 * wallet keep working. Screenshots go to test-artifacts/.
 */

const NINA: PageUser = { id: 72_101, first_name: "Nina", language_code: "en" };
const PARI: PageUser = { id: 72_102, first_name: "Pari", language_code: "fa" };
let rig: CabinetRig;
let subId = "";

beforeAll(async () => {
  rig = await startCabinetRig();
  const rooms = rig.h.t.deps;
  await seedCustomer(rooms, NINA.id, "en");
  await seedCustomer(rooms, PARI.id, "fa");
  subId = (
    await seedSubscription(rooms, "o-browser-maint", {
      customerId: NINA.id,
      planId: "de-xui",
      ref: { kind: "xui", serverId: rig.account.serverId, name: "nina-1" },
      links: {
        links: ["vless://nina@vpn.example:443?type=tcp#nina"],
        subscriptionUrl: "https://sub.example/s/nina",
      },
      expiresAt: rooms.clock.now() + 12 * DAY,
      trafficGb: 100,
    })
  ).id;
}, 60_000);

afterAll(() => rig?.close());

async function closeShop(): Promise<void> {
  await rig.h.t.redis.del(MAINTENANCE_KEY);
  await rig.h.t.deps.catalog.maintenance.close({
    message: "Moving to faster servers <tonight>",
    endsAt: rig.h.t.deps.clock.now() + 2 * HOUR,
    by: 1,
  });
}

describe("the cabinet while the shop is closed", () => {
  it("Buy shows the notice with the message and end time; Retry after opening shows the plans", async () => {
    await closeShop();
    const p = await rig.open(NINA);
    // The subscriptions still load, with their connect panel.
    expect(await p.text(`.card[data-sub='${subId}']`)).toContain("Germany");
    await p.press("Buy", "nav");
    await p.until(`document.querySelector("#view-buy .error-box.maintenance")`);
    const box = await p.text("#view-buy .error-box");
    expect(box).toContain("The shop is closed for maintenance.");
    expect(box).toContain("Moving to faster servers <tonight>");
    expect(box).toContain("Expected back:");
    await p.screenshot("maintenance-buy");

    await p.press("Wallet", "nav");
    await p.until(`document.querySelector("#view-wallet .chips button")`);

    await p.press("Buy", "nav");
    await p.until(`document.querySelector("#view-buy .error-box.maintenance")`);
    await rig.h.t.deps.catalog.maintenance.open();
    await p.press("Try again", "#view-buy");
    await p.until(`document.querySelector("#view-buy .card[data-plan]")`);
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it("Renew on a card says the shop is closed, with the message, in its own line", async () => {
    await closeShop();
    const p = await rig.open(NINA);
    await p.press("Renew", `.card[data-sub='${subId}']`);
    await p.until(
      `document.querySelector(".card[data-sub='${subId}'] .status.bad")?.textContent.includes("closed")`,
    );
    const line = await p.text(`.card[data-sub='${subId}'] .status.bad`);
    expect(line).toContain("The shop is closed for maintenance.");
    expect(line).toContain("Moving to faster servers <tonight>");
    expect(await rig.h.t.deps.books.orders.ofCustomer(NINA.id)).toEqual([]);
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it("in Persian, right to left, in Persian words, also for a customer with nothing bought yet", async () => {
    await closeShop();
    const p = await rig.open(PARI);
    // With nothing bought yet the first tab offers the plans: it says the shop is closed instead.
    await p.until(`document.querySelector("#view-subs .error-box.maintenance")`);
    expect(await p.page.evaluate(`document.documentElement.dir`)).toBe("rtl");
    await p.press("خرید", "nav");
    await p.until(`document.querySelector("#view-buy .error-box.maintenance")`);
    expect(await p.text("#view-buy .error-box")).toContain("فروشگاه برای تعمیر و نگهداری بسته است.");
    await p.screenshot("maintenance-buy-fa");
    await p.close();
  });
});
