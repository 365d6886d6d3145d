import { describe, expect, it } from "vitest";
import { GB_BYTES } from "../../src/domain/books/index.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { GERMANY, xuiBase } from "../helpers/xui-plans.js";
import { type Body, cabinetRig, json, post } from "./cabinet-rig.js";

/**
 * Issue 26, traffic packs in the cabinet: the card offers a subscription's packs, POST orders
 * `{ subscription_id, pack_id }` opens one through the same confirm step (its summary says what
 * it adds), it is paid from the balance or by an invoice link, the fulfilment raises the xui
 * client's limit on the fake Account API, and the card shows the new limit at once.
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
      },
      { ...base, id: "unl", title: { en: "Unlimited", ru: "Безлимит" }, traffic_gb: 0, price: 300 },
    ],
  };
}

const rig = cabinetRig({ catalog, firstCustomerId: 74_000 });
const { customerWith, cardOf } = rig;

describe("traffic packs in the cabinet", () => {
  it("the card offers the packs; one is confirmed, paid from the balance and added, the card shows it at once", async () => {
    const { who, sub } = await customerWith("de-xui", 100);
    const card = await cardOf(who, sub.id);
    expect(card.traffic_limit_bytes).toBe(100 * GB_BYTES);
    expect(card.traffic_packs).toEqual([
      { id: "plus50", gb: 50, gb_text: "+50 GB", price: 40, price_text: "40 ⭐" },
    ]);

    const opened = await json(
      await rig.h.api("/app/api/orders", who, post({ subscription_id: sub.id, pack_id: "plus50" })),
    );
    expect(opened.status).toBe(200);
    const order = opened.body.order as { id: string; kind: string; status: string; subscription_id: string };
    expect(order).toMatchObject({ kind: "pack", status: "awaiting_payment", subscription_id: sub.id });
    expect(opened.body.summary).toMatchObject({
      title: "Germany",
      price: 40,
      price_text: "40 ⭐",
      pack_text: "+50 GB: 100 GB → 150 GB this term",
      covered: true,
      balance_after_text: "60 ⭐",
      promo_text: null,
    });
    expect(String((opened.body.summary as Body).days_text)).toMatch(/^Expiry stays: /);
    expect(String((opened.body.summary as Body).pack_note_text)).toContain("afresh");
    // Asked again: the same open order, nothing charged.
    const again = await json(
      await rig.h.api("/app/api/orders", who, post({ subscription_id: sub.id, pack_id: "plus50" })),
    );
    expect((again.body.order as { id: string }).id).toBe(order.id);
    expect(await rig.h.t.deps.books.wallet.balance(who.id)).toBe(100);

    const paid = await json(await rig.h.api(`/app/api/orders/${order.id}/pay`, who, post({ pay: "wallet" })));
    expect(paid.body).toMatchObject({ paid_from_wallet: true, order: { kind: "pack", status: "paid" } });
    expect(rig.h.t.enqueued).toContain(order.id);
    expect((await rig.h.t.deps.settlement.fulfilment.fulfil(order.id)).outcome).toBe("active");
    expect((await json(await rig.h.api(`/app/api/orders/${order.id}`, who))).body.order).toMatchObject({
      status: "active",
    });
    // The card was read (and its hosting read cached) before: it shows the new limit at once.
    const after = await cardOf(who, sub.id);
    expect(after.traffic_limit_bytes).toBe(150 * GB_BYTES);
    expect(after.expires_at).toBe(card.expires_at);
    expect(await rig.h.t.deps.books.wallet.balance(who.id)).toBe(60);
  });

  it("is paid by an invoice link for what the balance does not cover", async () => {
    const { who, sub } = await customerWith("de-xui", 10);
    rig.h.t.telegram.clear();
    const opened = await json(
      await rig.h.api(
        "/app/api/orders",
        who,
        post({ subscription_id: sub.id, pack_id: "plus50", pay: "invoice" }),
      ),
    );
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ paid_from_wallet: false, invoice_amount_text: "30 ⭐" });
    const link = rig.h.t.telegram.last("createInvoiceLink")?.params;
    expect(link?.title).toBe("VPN traffic pack");
    expect(link?.prices).toEqual([{ label: "+50 GB for Germany", amount: 30 }]);
  });

  it("two payments of one pack at once charge it once", async () => {
    const { who, sub } = await customerWith("de-xui", 100);
    const opened = await json(
      await rig.h.api("/app/api/orders", who, post({ subscription_id: sub.id, pack_id: "plus50" })),
    );
    const id = (opened.body.order as { id: string }).id;
    const answers = await Promise.all(
      [1, 2].map(
        async () => (await rig.h.api(`/app/api/orders/${id}/pay`, who, post({ pay: "wallet" }))).status,
      ),
    );
    expect(answers.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(await rig.h.t.deps.books.wallet.balance(who.id)).toBe(60);
  });

  it("a subscription on an unlimited plan is offered no pack; asking for one is refused", async () => {
    const { who, sub } = await customerWith("unl", 100);
    expect((await cardOf(who, sub.id)).traffic_packs).toEqual([]);
    const refused = await json(
      await rig.h.api("/app/api/orders", who, post({ subscription_id: sub.id, pack_id: "plus50" })),
    );
    expect(refused).toEqual({ status: 409, body: { ok: false, error: "pack-not-offered" } });
    expect((await rig.h.t.deps.books.orders.ofCustomer(who.id)).filter((o) => o.kind === "pack")).toEqual([]);
  });
});
