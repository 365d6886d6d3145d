import { describe, expect, it } from "vitest";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { formatDate } from "../../src/render/format.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { GERMANY, xuiBase } from "../helpers/xui-plans.js";
import { type Body, cabinetRig, json, post } from "./cabinet-rig.js";

/**
 * Issue 30, freeze in the cabinet: the card of a plan with `freeze` offers the days (each with
 * its confirmation: the freeze's end and the new end date), POST freeze disables the xui client
 * on the fake Account API, the card shows the frozen state and Unfreeze, POST unfreeze refuses on
 * the freeze's first day and gives the days back after it. An order paid while frozen (what the
 * page polls after paying) says "applies when the freeze ends (<date>)"; one not frozen does not.
 */

const clock = new ManualClock();
function catalog(servers: number[]): Catalog {
  const base = xuiBase(servers);
  return {
    currency: "XTR",
    trial: undefined,
    plans: [
      {
        ...base,
        ...GERMANY,
        freeze: { times_per_year: 2, min_days: 7, max_days: 21 },
      },
      { ...base, id: "plain", title: { en: "Plain", ru: "Простой" }, traffic_gb: 100, price: 150 },
    ],
  };
}

const rig = cabinetRig({ catalog, clock, firstCustomerId: 76_000 });
const { account, customerWith, cardOf } = rig;

describe("a freeze in the cabinet", () => {
  it("is offered with its days, frozen, shown, and unfrozen after its first day", async () => {
    const { who, sub } = await customerWith("de-xui", 150);
    const before = await cardOf(who, sub.id);
    const offer = before.freeze as { choices: { days: number; confirm_text: string }[]; pick_text: string };
    expect(offer.choices.map((c) => c.days)).toEqual([7, 14, 21]);
    expect(offer.pick_text).toContain("Freezes left for the next 365 days: 2 of 2.");
    expect(offer.choices[1]?.confirm_text).toContain("Freeze for 14 days?");

    const frozen = await json(
      await rig.h.api(`/app/api/subscriptions/${sub.id}/freeze`, who, post({ days: 14 })),
    );
    expect(frozen.status).toBe(200);
    expect(frozen.body).toMatchObject({ ok: true, done: true });
    expect(String(frozen.body.text)).toContain("❄️ Frozen until");
    if (sub.ref.kind !== "xui") throw new Error("not xui");
    expect(account.client(rig.serverId, sub.ref.name)?.enable).toBe(false);

    const card = await cardOf(who, sub.id);
    expect(card.status).toBe("frozen");
    expect(card.traffic_packs).toEqual([]);
    expect(card.freeze).toMatchObject({ frozen: true, unfreeze_text: "▶️ Unfreeze now", choices: [] });
    expect(String((card.freeze as Body).state_text)).toContain("· 30 days kept ·");

    const soon = await json(await rig.h.api(`/app/api/subscriptions/${sub.id}/unfreeze`, who, post({})));
    expect(soon.body).toMatchObject({
      ok: true,
      done: false,
      text: "A freeze can be ended after its first day.",
    });
    clock.advance(2 * DAY);
    const back = await json(await rig.h.api(`/app/api/subscriptions/${sub.id}/unfreeze`, who, post({})));
    expect(back.body).toMatchObject({ ok: true, done: true });
    expect(account.client(rig.serverId, sub.ref.name)?.enable).toBe(true);
    expect((await rig.h.t.deps.books.subscriptions.get(sub.id))?.expiresAt).toBe(sub.expiresAt + 2 * DAY);
  });

  it("a plan without freeze offers none; someone else's subscription and a bad body are refused", async () => {
    const plain = await customerWith("plain", 150);
    expect((await cardOf(plain.who, plain.sub.id)).freeze).toBeNull();
    const { sub } = await customerWith("de-xui", 150);
    const other = await rig.h.api(`/app/api/subscriptions/${sub.id}/freeze`, plain.who, post({ days: 7 }));
    expect(other.status).toBe(404);
    const bad = await rig.h.api(`/app/api/subscriptions/${sub.id}/freeze`, plain.who, post({ days: "x" }));
    expect(bad.status).toBe(400);
  });
});

const orderOf = async (who: { id: number }, id: string) =>
  (await json(await rig.h.api(`/app/api/orders/${id}`, who))).body.order as Body;

describe("an order paid while its subscription is frozen, in the cabinet", () => {
  it("says it applies when the freeze ends, with the date; a renewal of one not frozen does not", async () => {
    const { who, sub } = await customerWith("de-xui", 150);
    const renewal = await rig.h.t.deps.sales.shop.startRenewal(who.id, sub.id, "en");
    if (!renewal.ok) throw new Error(renewal.reason);
    const frozen = await rig.h.t.deps.terms.freezes.ask(sub.id, who.id, 14);
    if (frozen.kind !== "frozen") throw new Error(frozen.kind);
    const paid = await json(
      await rig.h.api(`/app/api/orders/${renewal.order.id}/pay`, who, post({ pay: "wallet" })),
    );
    expect(paid.status).toBe(200);
    const order = await orderOf(who, renewal.order.id);
    expect(["paid", "provisioning"]).toContain(order.status);
    const until = formatDate("en", frozen.view.until ?? 0);
    expect(order.frozen_text).toBe(
      `❄️ This subscription is frozen: what you paid for applies when the freeze ends (${until}), or when you unfreeze it earlier.`,
    );

    const other = await customerWith("de-xui", 150);
    const plain = await rig.h.t.deps.sales.shop.startRenewal(other.who.id, other.sub.id, "en");
    if (!plain.ok) throw new Error(plain.reason);
    await rig.h.api(`/app/api/orders/${plain.order.id}/pay`, other.who, post({ pay: "wallet" }));
    expect((await orderOf(other.who, plain.order.id)).frozen_text).toBeUndefined();
  });
});
