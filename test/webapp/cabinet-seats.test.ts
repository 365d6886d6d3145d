import { describe, expect, it } from "vitest";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { type Body, cabinetRig, json, post } from "./cabinet-rig.js";

/**
 * Family seats in the cabinet (issue 30): a family bought with 3 seats (POST orders with `seats`),
 * the owner's card shows the seats (free ones with their invite links), a member's claim makes the
 * seat taken, the owner frees it (the member's client gone, a new link), adds one seat through the
 * orders' confirm step at the pro-rata price; the member's card says whose seat it is.
 */

function catalog(servers: number[]): Catalog {
  return {
    currency: "XTR",
    trial: undefined,
    plans: [
      {
        id: "family",
        title: { en: "Family", ru: "Семья" },
        days: 30,
        devices: 0,
        traffic_gb: 100,
        price: 100,
        backend: { kind: "xui", servers },
        seats: { count: 3, pricing: "seat", max: 4 },
      },
    ],
  };
}

const rig = cabinetRig({ catalog, firstCustomerId: 75_000 });
const { person, cardOf } = rig;

type Seats = {
  count: number;
  items: { n: number; taken: boolean; link: string | null; text: string }[];
  add_text: string | null;
};

describe("family seats in the cabinet", () => {
  it("bought with 3 seats; the card shows the seats and links; a seat claimed, freed and one added", async () => {
    const owner = await person(1000);
    const bought = await json(
      await rig.h.api("/app/api/orders", owner, post({ plan_id: "family", seats: 3, pay: "wallet" })),
    );
    expect(bought.status).toBe(200);
    const orderId = (bought.body.order as { id: string }).id;
    expect((await rig.h.t.deps.settlement.fulfilment.fulfil(orderId)).outcome).toBe("active");
    expect(await rig.h.t.deps.books.wallet.balance(owner.id)).toBe(700);
    const [sub] = await rig.h.t.deps.books.subscriptions.ofCustomer(owner.id);
    if (!sub) throw new Error("no subscription");

    const card = await cardOf(owner, sub.id);
    expect(card.renew_price).toBe(300);
    const seats = card.seats as Seats;
    expect(seats.count).toBe(3);
    expect(seats.items.map((s) => s.taken)).toEqual([false, false]);
    const code = /start=seat_([A-Za-z0-9]{12})$/.exec(seats.items[0]?.link ?? "")?.[1] ?? "";
    expect(code).toHaveLength(12);

    const member = await person(0);
    const claim = await rig.h.t.deps.sales.seats.claim(code, member.id, "en");
    if (claim.status !== "claimed") throw new Error(claim.status);
    expect((await rig.h.t.deps.settlement.fulfilment.fulfil(claim.orderId)).outcome).toBe("active");
    const [seatSub] = await rig.h.t.deps.books.subscriptions.ofCustomer(member.id);
    if (!seatSub) throw new Error("no seat");
    const memberCard = await cardOf(member, seatSub.id);
    expect(memberCard.family_seat_text).toBe(`👪 Family seat of C${owner.id}: renewed by the owner`);
    expect(memberCard.renew_price).toBeNull();
    expect(memberCard.seats).toBeNull();
    expect(((await cardOf(owner, sub.id)).seats as Seats).items[0]).toMatchObject({
      n: 2,
      taken: true,
      link: null,
    });

    // Someone else's seat is not theirs to free; the owner frees it.
    const stranger = await json(
      await rig.h.api(`/app/api/subscriptions/${sub.id}/seats/free`, member, post({ n: 2 })),
    );
    expect(stranger.status).toBe(404);
    const freed = await json(
      await rig.h.api(`/app/api/subscriptions/${sub.id}/seats/free`, owner, post({ n: 2 })),
    );
    expect(freed.status).toBe(200);
    const after = (freed.body.seats as Seats).items[0];
    expect(after?.taken).toBe(false);
    expect(after?.link).not.toContain(code);
    expect((await rig.h.t.deps.books.subscriptions.get(seatSub.id))?.removedAt).toBeDefined();
    const bad = await json(
      await rig.h.api(`/app/api/subscriptions/${sub.id}/seats/free`, owner, post({ n: "2" })),
    );
    expect(bad.status).toBe(400);

    // One seat more, through the confirm step (30 whole days left of 30: the full 100).
    expect((freed.body.seats as Seats).add_text).toContain("Add a seat");
    const add = await json(
      await rig.h.api("/app/api/orders", owner, post({ subscription_id: sub.id, add_seats: 1 })),
    );
    expect(add.status).toBe(200);
    expect(add.body.order).toMatchObject({ kind: "seats", status: "awaiting_payment" });
    const addId = (add.body.order as { id: string }).id;
    expect((add.body.summary as Body).days_text).toBe("+1 family seat(s) until the end of the current term");
    const paid = await json(await rig.h.api(`/app/api/orders/${addId}/pay`, owner, post({ pay: "wallet" })));
    expect(paid.status).toBe(200);
    expect((await rig.h.t.deps.settlement.fulfilment.fulfil(addId)).outcome).toBe("active");
    expect(((await cardOf(owner, sub.id)).seats as Seats).count).toBe(4);
    const tooMany = await json(
      await rig.h.api("/app/api/orders", owner, post({ subscription_id: sub.id, add_seats: 1 })),
    );
    expect(tooMany.body).toMatchObject({ error: "seats-too-many" });
  });
});
