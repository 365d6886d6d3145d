import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import { freezeCb } from "../../src/render/shop-callbacks.js";
import { DAY } from "../../src/runtime/clock.js";
import { newUsers } from "../helpers/bot-harness.js";
import { base, chatOf, type PlansRig, startPlansRig, untilOrder } from "../helpers/plans-rig.js";
import { untilValue } from "../helpers/wait.js";

/**
 * Issue 30, a freeze meeting a family, through the chat. A family plan that also offers freezes
 * (the catalog file refuses both now; a plan built past it, as here, is the domain's guard): a member's freeze of their seat was overwritten by the owner's
 * renewal of the family (the seat's term set to the family's target while frozen, then the
 * unfreeze gave back only the bank from before: the renewal's 30 days lost), and the owner's
 * freeze paused only the owner's own client while the seats ran on, then handed the seats the
 * freeze's days at the next renewal (days nobody paid for). The rule chosen (as for a switch): a
 * family, its owner's subscription and its seats, is not frozen; the card offers no Freeze and a
 * forged tap is refused.
 */

const person = newUsers(30_900);
let r: PlansRig;

beforeAll(async () => {
  r = await startPlansRig({
    adminIds: [30_899],
    plans: ({ a }) => [
      {
        ...base,
        id: "fam",
        title: { en: "Family", ru: "Семья" },
        traffic_gb: 100,
        price: 100,
        backend: { kind: "xui", servers: [a] },
        seats: { count: 3, pricing: "seat", max: 4 },
        freeze: { times_per_year: 2, min_days: 7, max_days: 30 },
      },
    ],
  });
});
afterAll(() => r.close());
beforeEach(() => r.rig.t.telegram.clear());

const t = () => r.rig.t;
const { press, tap, start, card, untilSent } = chatOf(() => r.rig);

/** A family of 3 bought from the balance, and a member who claimed seat 2 (their client made). */
async function familyWithMember(): Promise<{
  owner: User;
  member: User;
  family: Subscription;
  seat: Subscription;
}> {
  const [owner, member] = [person(), person()];
  await start(owner);
  await t().deps.books.wallet.credit(owner.id, 1000, `seed:${owner.id}`, { kind: "admin-credit" });
  const started = await t().deps.sales.shop.startPurchase(owner.id, "fam", "en", undefined, false, 3);
  if (!started.ok) throw new Error(started.reason);
  await t().deps.sales.cashier.payFromBalance(owner.id, started.order.id);
  await untilOrder(r.rig, started.order.id, "active");
  const [family] = await t().deps.books.subscriptions.ofCustomer(owner.id);
  if (!family) throw new Error("no family");
  const code = (await t().deps.sales.seats.family(family.id))?.seats[0]?.code ?? "";
  await start(member, `seat_${code}`);
  const [seat] = await untilValue(
    () => t().deps.books.subscriptions.ofCustomer(member.id),
    (subs) => subs.length === 1,
  );
  if (!seat) throw new Error("no seat");
  await untilSent(member.id, "vless://");
  return { owner, member, family, seat };
}

const labels = (view: { buttons: { text: string }[] }) => view.buttons.map((b) => b.text);

describe("a family and a freeze, through the chat", () => {
  it("a member's seat offers no Freeze, a forged tap is refused, and the owner's renewal reaches the seat in full", async () => {
    const { owner, member, family, seat } = await familyWithMember();
    expect(labels(await card(member, seat))).not.toContain("❄️ Freeze");
    await press(member, freezeCb.pack({ act: "go", id: seat.id, days: 7 }));
    expect(await t().deps.terms.freezes.current(seat.id)).toBeUndefined();
    expect(r.account.client(r.xui.a, seat.ref.name)?.enable).toBe(true);

    // The owner renews the family from the card: the seat goes to the family's new term.
    await card(owner, family);
    await tap(owner, /^🔄 Renew for 300/);
    await tap(owner, /from balance/);
    const renewal = (await t().deps.books.orders.ofCustomer(owner.id)).find((o) => o.kind === "renewal");
    await untilOrder(r.rig, renewal?.id ?? "", "active");
    r.rig.clock.advance(2 * DAY);
    const target = family.expiresAt + 30 * DAY;
    expect((await t().deps.books.subscriptions.get(family.id))?.expiresAt).toBe(target);
    expect((await t().deps.books.subscriptions.get(seat.id))?.expiresAt).toBe(target);
    r.rig.clock.set(Date.now());
  });

  it("the owner's family card offers no Freeze, and a forged tap leaves every client on", async () => {
    const { owner, family, seat } = await familyWithMember();
    expect(labels(await card(owner, family))).not.toContain("❄️ Freeze");
    await press(owner, freezeCb.pack({ act: "go", id: family.id, days: 7 }));
    expect(t().telegram.last("answerCallbackQuery")?.params.text).toBe("This subscription cannot be frozen.");
    expect(await t().deps.terms.freezes.current(family.id)).toBeUndefined();
    expect((await t().deps.books.subscriptions.get(family.id))?.expiresAt).toBe(family.expiresAt);
    expect(r.account.client(r.xui.a, family.ref.name)?.enable).toBe(true);
    expect(r.account.client(r.xui.a, seat.ref.name)?.enable).toBe(true);
  });
});
