import { describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import { formatDate } from "../../src/render/format.js";
import { orderCb } from "../../src/render/shop-callbacks.js";
import { DAY } from "../../src/runtime/clock.js";
import { freezeCatalog } from "../helpers/freeze-catalog.js";
import { findButton } from "../helpers/telegram-views.js";
import { untilValue } from "../helpers/wait.js";
import { myCardRig } from "./my-card-rig.js";

/**
 * Issue 30, freeze through the chat: the card of a plan with `freeze` offers it, the days are
 * picked with buttons, the confirmation shows the new end date, the card then shows the frozen
 * state and Unfreeze; the xui client on the fake Account API is disabled and enabled again. A
 * renewal opened before a freeze and paid during it (from the balance) applies when the freeze
 * ends, by design (it waits behind the freeze in the term chain): the paid message says so, with
 * the freeze's end date; at the unfreeze the renewal's days are added to the term given back.
 */

const rig = myCardRig({
  catalog: (servers) => freezeCatalog(servers, 1, true),
  firstUserId: 9_950,
  adminId: 9_949,
  followClock: true,
});
const { accountFake, t, shown, press, customerWith, card } = rig;

const enabled = (sub: Subscription) =>
  sub.ref.kind === "xui" ? accountFake.client(rig.serverId, sub.ref.name)?.enable : undefined;

describe("a freeze in /my", () => {
  it("is picked with buttons, confirmed with the new end date, shown on the card, and unfrozen", async () => {
    const { who, sub } = await customerWith("de-xui");
    const start = await card(who, sub);
    await press(who, findButton(start.buttons, "❄️ Freeze"));
    const pick = shown();
    expect(pick.text).toContain("Choose how long (7–30 days). Freezes left for the next 365 days: 1 of 1.");
    expect(pick.buttons.map((b) => b.text)).toEqual(
      expect.arrayContaining(["7 days", "14 days", "21 days", "30 days"]),
    );
    await press(who, findButton(pick.buttons, "14 days"));
    const confirm = shown();
    const now = rig.sales.clock.now();
    const end = sub.expiresAt + 14 * DAY;
    expect(confirm.text).toContain(`Frozen until: ${formatDate("en", now + 14 * DAY)}`);
    expect(confirm.text).toContain(`New end of the subscription: ${formatDate("en", end)}`);
    await press(who, findButton(confirm.buttons, "✅ Freeze"));
    expect(shown().text).toContain(`❄️ Frozen until ${formatDate("en", now + 14 * DAY)}.`);
    expect(enabled(sub)).toBe(false);

    const frozen = await card(who, sub);
    expect(frozen.text).toContain("❄️ frozen");
    expect(frozen.text).toContain(`ends ${formatDate("en", end)}`);
    expect(frozen.buttons.map((b) => b.text)).not.toContain("❄️ Freeze");
    // Not on its first day.
    await press(who, findButton(frozen.buttons, "▶️ Unfreeze now"));
    expect(shown().text).toContain("A freeze can be ended after its first day.");
    rig.sales.clock.advance(2 * DAY);
    await press(who, findButton(frozen.buttons, "▶️ Unfreeze now"));
    expect(shown().text).toContain("Unfrozen: the connection is on again");
    expect(enabled(sub)).toBe(true);
    expect((await t().deps.books.subscriptions.get(sub.id))?.expiresAt).toBe(sub.expiresAt + 2 * DAY);

    // The plan allows one freeze a year: the next is refused with the number.
    await press(who, findButton((await card(who, sub)).buttons, "❄️ Freeze"));
    await press(who, findButton(shown().buttons, "7 days"));
    await press(who, findButton(shown().buttons, "✅ Freeze"));
    expect(shown().text).toContain("This subscription has had its 1 freezes for the last 365 days.");
  });

  it("is not offered on a plan without it, and a renewal of a frozen one is refused with why", async () => {
    const plain = await customerWith("plain");
    expect((await card(plain.who, plain.sub)).buttons.map((b) => b.text)).not.toContain("❄️ Freeze");

    const { who, sub } = await customerWith("de-xui");
    expect((await t().deps.terms.freezes.ask(sub.id, who.id, 7)).kind).toBe("frozen");
    const orders = (await t().deps.books.orders.ofCustomer(who.id)).length;
    await press(who, `my:renew:${sub.id}`);
    const answer = t().telegram.last("answerCallbackQuery");
    expect(String(answer?.params.text)).toContain("This subscription is frozen, so it cannot be renewed now");
    expect(await t().deps.books.orders.ofCustomer(who.id)).toHaveLength(orders);
  });
});

describe("a renewal paid while frozen, in the chat", () => {
  it("says it applies when the freeze ends (the date), and is applied at the unfreeze", async () => {
    const { who, sub } = await customerWith("de-xui");
    const renewal = await t().deps.sales.shop.startRenewal(who.id, sub.id, "en");
    if (!renewal.ok) throw new Error(renewal.reason);
    const frozenAt = rig.sales.clock.now();
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

    rig.sales.clock.advance(2 * DAY);
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
      rig.sales.clock.now() + bank + 30 * DAY,
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
