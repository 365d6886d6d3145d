import { describe, expect, it } from "vitest";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { GERMANY, xuiBase } from "../helpers/xui-plans.js";
import { cabinetRig, json, post } from "./cabinet-rig.js";

/**
 * Issue 30, a plan switch in the cabinet: the card lists the plans a subscription may switch to,
 * POST orders `{ subscription_id, switch_to }` opens one with its credit fixed (the summary shows
 * the sum and the chat's arithmetic of the credit), it is paid from the balance, and the
 * fulfilment keeps the client on the same server. A frozen subscription switches to nothing.
 */

function catalog(servers: number[]): Catalog {
  const base = xuiBase(servers);
  return {
    currency: "XTR",
    trial: undefined,
    plans: [
      {
        ...base,
        ...GERMANY,
        traffic_packs: [{ id: "plus50", gb: 50, price: 40 }],
        freeze: { times_per_year: 2, min_days: 7, max_days: 21 },
      },
      { ...base, id: "unl", title: { en: "Unlimited", ru: "Безлимит" }, traffic_gb: 0, price: 300 },
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

const rig = cabinetRig({ catalog, firstCustomerId: 74_500 });
const { customerWith, cardOf } = rig;

describe("plan switch in the cabinet", () => {
  it("the card lists the plans; a switch is opened with its sum, paid from the balance, and the same client takes the plan", async () => {
    const { who, sub } = await customerWith("de-xui", 200);
    const card = await cardOf(who, sub.id);
    expect(card.switch_plans).toEqual([{ id: "unl", title: "Unlimited", price_text: "300 ⭐" }]);
    const opened = await json(
      await rig.h.api("/app/api/orders", who, post({ subscription_id: sub.id, switch_to: "unl" })),
    );
    expect(opened.status).toBe(200);
    const order = opened.body.order as { id: string; kind: string; status: string };
    expect(order).toMatchObject({ kind: "switch", status: "awaiting_payment" });
    const summary = opened.body.summary as { switch_text: string; price: number };
    expect(summary.price).toBe(150);
    expect(summary.switch_text).toContain("Credit: −150 ⭐");
    expect(summary.switch_text).toContain("To pay: 150 ⭐");
    // The chat's arithmetic of the credit (termValueLines): 30 days at 5 a day.
    expect(opened.body.summary).toMatchObject({
      switch_value_lines: ["Left of your term: 30 days × 5 ⭐ a day = 150 ⭐"],
    });
    const paid = await json(await rig.h.api(`/app/api/orders/${order.id}/pay`, who, post({ pay: "wallet" })));
    expect(paid.status).toBe(200);
    expect((await rig.h.t.deps.settlement.fulfilment.fulfil(order.id)).outcome).toBe("active");
    const now = await rig.h.t.deps.books.subscriptions.get(sub.id);
    expect(now).toMatchObject({ planId: "unl", ref: sub.ref, trafficGb: 0 });
  });

  it("a plan it may not switch to is refused in the cabinet's words", async () => {
    const { who, sub } = await customerWith("de-xui", 200);
    const res = await json(
      await rig.h.api("/app/api/orders", who, post({ subscription_id: sub.id, switch_to: "fixed" })),
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("switch-not-offered");
  });
});

describe("plan switch of a frozen subscription", () => {
  it("is refused in the domain, in the cabinet (409 subscription-frozen) and left off the card; nothing opened or charged", async () => {
    const { who, sub } = await customerWith("de-xui", 200);
    const frozen = await json(
      await rig.h.api(`/app/api/subscriptions/${sub.id}/freeze`, who, post({ days: 7 })),
    );
    expect(frozen.status).toBe(200);
    const { shop } = rig.h.t.deps.sales;
    expect(await shop.switches.targets(sub)).toEqual([]);
    expect(await shop.switches.quote(sub, "unl")).toEqual({ ok: false, reason: "subscription-frozen" });
    expect(await shop.switches.start(who.id, sub.id, "unl", "en")).toMatchObject({
      ok: false,
      reason: "subscription-frozen",
    });
    expect((await cardOf(who, sub.id)).switch_plans).toEqual([]);
    const res = await json(
      await rig.h.api(
        "/app/api/orders",
        who,
        post({ subscription_id: sub.id, switch_to: "unl", pay: "wallet" }),
      ),
    );
    expect(res).toMatchObject({ status: 409, body: { error: "subscription-frozen" } });
    const orders = await rig.h.t.deps.books.orders.ofCustomer(who.id, 50);
    expect(orders.filter((o) => o.kind === "switch")).toEqual([]);
    expect(await rig.h.t.deps.books.wallet.balance(who.id)).toBe(200);
  });
});
