import { describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import { DAY, HOUR, ManualClock } from "../../src/runtime/clock.js";
import { type Body, cabinetRig, json, post } from "./cabinet-rig.js";

/*
 * Issue 26 in the cabinet: the subscription's card says whether it renews itself from the balance and
 * what that means, POST subscriptions/:id/auto-renew switches it through the chat's own rule, and the
 * renewal it leads to is an ordinary one: it shows on the card and in the wallet's history.
 */

const rig = cabinetRig({ clock: new ManualClock(Date.now()), moreServers: 1, firstCustomerId: 74_000 });
const { account, person } = rig;

/** A customer with `balance` and an xui subscription expiring in 12 hours. */
async function customerWithSubscription(
  balance: number,
  opts: { trial?: boolean; locale?: "en" | "ru" } = {},
): Promise<{ user: { id: number; language_code: string }; sub: Subscription }> {
  const locale = opts.locale ?? "en";
  const { id } = await person(balance, locale);
  const name = `c${id}-cab`;
  const expiresAt = rig.h.t.deps.clock.now() + 12 * HOUR;
  account.addClient(rig.serverId, { email: name, totalGb: 100, expiryMs: expiresAt });
  const sub = await rig.h.t.deps.books.subscriptions.create(`ocab${id}`, {
    customerId: id,
    planId: "de-xui",
    ref: { kind: "xui", serverId: rig.serverId, name },
    links: { links: ["vless://cab@host:443"], subscriptionUrl: undefined },
    expiresAt,
    trafficGb: opts.trial ? 1 : 100,
    devices: 0,
    trial: opts.trial ?? false,
  });
  return { user: { id, language_code: locale }, sub };
}

const cardOf = (user: { id: number }, sub: Subscription) => rig.cardOf(user, sub.id);

describe("auto-renew in the cabinet", () => {
  it("is switched on from the card, renews from the balance when due, and the renewal shows on the card and in the wallet", async () => {
    const { user, sub } = await customerWithSubscription(400);
    expect(await cardOf(user, sub)).toMatchObject({
      auto_renew: false,
      auto_renew_text: "Off: renew it yourself before it ends.",
    });

    const on = await json(
      await rig.h.api(`/app/api/subscriptions/${sub.id}/auto-renew`, user, post({ on: true })),
    );
    expect(on).toEqual({
      status: 200,
      body: {
        ok: true,
        auto_renew: true,
        auto_renew_text: "Renews itself from your balance 1 day before expiry.",
      },
    });
    // The chat reads the same switch.
    expect(await rig.h.t.deps.sales.autoRenew.isOn(sub.id)).toBe(true);
    expect(await cardOf(user, sub)).toMatchObject({ auto_renew: true });
    // Nothing was paid by switching it on: the task does that.
    expect(await rig.h.t.deps.books.orders.ofCustomer(user.id)).toEqual([]);

    const outcomes = await rig.h.t.deps.sales.autoRenew.runDue();
    const renewed = outcomes.find((o) => o.sub.id === sub.id);
    if (renewed?.kind !== "renewed") throw new Error(`not renewed: ${renewed?.kind}`);
    expect(rig.h.t.enqueued).toContain(renewed.order.id);
    // The order worker's step.
    await rig.h.t.deps.settlement.fulfilment.fulfil(renewed.order.id);
    expect((await rig.h.t.deps.books.subscriptions.get(sub.id))?.expiresAt).toBe(sub.expiresAt + 30 * DAY);
    // The card reads the hosting side, which counts whole days (rounded up).
    const shown = Number((await cardOf(user, sub)).expires_at) * 1000;
    expect(shown).toBeGreaterThanOrEqual(sub.expiresAt + 30 * DAY - 1000);
    expect(shown).toBeLessThan(sub.expiresAt + 31 * DAY);
    const wallet = await json(await rig.h.api("/app/api/wallet", user));
    expect(wallet.body).toMatchObject({ balance: 250 });
    expect((wallet.body.entries as Body[])[0]).toMatchObject({
      kind_text: "Renewal: Germany, 30 days, 100 GB · from the balance",
      amount_text: "−150 ⭐",
    });

    const off = await json(
      await rig.h.api(`/app/api/subscriptions/${sub.id}/auto-renew`, user, post({ on: false })),
    );
    expect(off.body).toMatchObject({
      auto_renew: false,
      auto_renew_text: "Off: renew it yourself before it ends.",
    });
    expect(await rig.h.t.deps.sales.autoRenew.isOn(sub.id)).toBe(false);
  });

  it("a trial has no switch on its card and cannot be switched on (409)", async () => {
    const { user, sub } = await customerWithSubscription(400, { trial: true });
    expect(await cardOf(user, sub)).toMatchObject({ auto_renew: null, auto_renew_text: null });
    expect(
      await json(await rig.h.api(`/app/api/subscriptions/${sub.id}/auto-renew`, user, post({ on: true }))),
    ).toEqual({
      status: 409,
      body: { ok: false, error: "auto-renew-unavailable" },
    });
    expect(await rig.h.t.deps.sales.autoRenew.isOn(sub.id)).toBe(false);
  });

  it("says it in the customer's language", async () => {
    const { user, sub } = await customerWithSubscription(0, { locale: "ru" });
    const on = await json(
      await rig.h.api(`/app/api/subscriptions/${sub.id}/auto-renew`, user, post({ on: true })),
    );
    expect(on.body.auto_renew_text).toBe("Продлевается сама с вашего баланса за 1 день до окончания.");
  });
});
