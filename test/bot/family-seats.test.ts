import type { User } from "grammy/types";
import { describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { command } from "../fakes/telegram-api.js";
import { findButton, textsTo } from "../helpers/telegram-views.js";
import { untilValue } from "../helpers/wait.js";
import { myCardRig } from "./my-card-rig.js";

/**
 * Family seats through the chat: a seat-priced plan bought with 3 seats, the owner's seats screen
 * with the invite links, a member's /start with a link (their own access follows from a real
 * BullMQ worker on the fake Account API), a second person told the seat is taken, the owner
 * freeing the seat (the member told, the client gone, a new link) and adding one.
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

const rig = myCardRig({ catalog, firstUserId: 9_970, adminId: 9_969 });
const { accountFake, person, t, shown, press } = rig;
const untilText = (chatId: number, part: string) =>
  untilValue(
    async () => textsTo(t().telegram, chatId).find((m) => m.includes(part)) ?? "",
    (m) => m !== "",
  );

/** The owner buys the family with 3 seats from the plan card and pays from the balance. */
async function buyFamily(owner: User): Promise<Subscription> {
  await t().send(command(owner, "/start"));
  await t().deps.books.wallet.credit(owner.id, 1000, `seed:${owner.id}`, { kind: "admin-credit" });
  await press(owner, "buy:plan:family");
  const card = shown();
  expect(card.buttons.map((b) => b.text)).toEqual(
    expect.arrayContaining(["👪 2 seats · 200 ⭐", "👪 3 seats · 300 ⭐", "👪 4 seats · 400 ⭐"]),
  );
  await press(owner, findButton(card.buttons, "👪 3 seats · 300 ⭐"));
  expect(shown().text).toContain("Price: <b>300 ⭐</b>");
  await press(owner, findButton(shown().buttons, /from balance/));
  const sub = await untilValue(
    async () => (await t().deps.books.subscriptions.ofCustomer(owner.id))[0],
    (s) => s !== undefined,
  );
  if (!sub) throw new Error("no subscription");
  return sub;
}

async function seatsScreen(owner: User, sub: Subscription) {
  await press(owner, `my:card:${sub.id}`);
  await press(owner, findButton(shown().buttons, /Family seats \(\d\/3\)/));
  return shown();
}

describe("family seats in the chat", () => {
  it("one invite link opened by two people at the same moment: one takes the seat, the other is told", async () => {
    const [owner, a, b] = [person(), person(), person()];
    const sub = await buyFamily(owner);
    const screen = await seatsScreen(owner, sub);
    const code = screen.text.match(/\?start=seat_([A-Za-z0-9]{12})/)?.[1] ?? "";
    await Promise.all([
      t().send(command(a, `/start seat_${code}`)),
      t().send(command(b, `/start seat_${code}`)),
    ]);
    const seats = await untilValue(
      async () => [
        ...(await t().deps.books.subscriptions.ofCustomer(a.id)),
        ...(await t().deps.books.subscriptions.ofCustomer(b.id)),
      ],
      (subs) => subs.length >= 1,
    );
    expect(seats).toHaveLength(1);
    const winner = seats[0]?.customerId === a.id ? a : b;
    const loser = winner === a ? b : a;
    await untilText(winner.id, "You took a seat in");
    await untilText(loser.id, "Someone else took this seat first");
  });

  it("bought with 3 seats, a seat claimed by a link (a second person told it is taken), freed and added", async () => {
    const [owner, member, late] = [person(), person(), person()];
    const sub = await buyFamily(owner);
    expect(await t().deps.books.wallet.balance(owner.id)).toBe(700);
    const screen = await seatsScreen(owner, sub);
    expect(screen.text).toContain("1 · you (the owner)");
    const links = [...screen.text.matchAll(/\?start=seat_([A-Za-z0-9]{12})/g)].map((m) => m[1] ?? "");
    expect(links).toHaveLength(2);

    await t().send(command(member, `/start seat_${links[0]}`));
    expect(await untilText(member.id, "You took a seat in")).toContain("family");
    await untilText(owner.id, "took a seat in your family");
    const [seatSub] = await untilValue(
      () => t().deps.books.subscriptions.ofCustomer(member.id),
      (subs) => subs.length === 1,
    );
    if (!seatSub) throw new Error("no seat subscription");
    await untilText(member.id, "vless://");
    expect(seatSub.familyOf).toBe(sub.id);
    expect(seatSub.expiresAt).toBe(sub.expiresAt);
    await t().send(command(late, `/start seat_${links[0]}`));
    expect(await untilText(late.id, "Someone else took this seat first")).toBeTruthy();

    // The owner's card renews the whole family: 3 seats x 100.
    await press(owner, `my:card:${sub.id}`);
    expect(shown().buttons.map((b) => b.text)).toContain("🔄 Renew for 300 ⭐");
    // The member's card says whose family it is, and offers no renewal of its own.
    await press(member, `my:card:${seatSub.id}`);
    expect(shown().text).toContain("Family seat of");
    expect(shown().buttons.some((b) => b.text.includes("Renew"))).toBe(false);

    // The owner frees it: asked, then the member is told, the client is gone, a new link.
    t().telegram.clear();
    const taken = await seatsScreen(owner, sub);
    expect(taken.text).toMatch(/2 · .* · .* used/);
    await press(owner, findButton(taken.buttons, "✖ Free seat 2"));
    await press(owner, findButton(shown().buttons, "✖ Yes, free seat 2"));
    await untilText(member.id, "freed your seat");
    if (seatSub.ref.kind === "xui")
      expect(accountFake.client(rig.serverId, seatSub.ref.name)).toBeUndefined();
    const after = shown().text;
    expect(after).toContain("2 · free · invite:");
    expect(after).not.toContain(links[0] ?? "-");

    // One seat more, at the per-seat price for the days left (30 of 30: the whole 100).
    await press(owner, findButton(shown().buttons, /Add a seat/));
    expect(shown().text).toContain("👪 <b>Family seats</b>");
    expect(shown().text).toContain("Seats to add: <b>1</b>");
    await press(owner, findButton(shown().buttons, /from balance/));
    await untilValue(
      () => t().deps.sales.seats.count(sub.id),
      (n) => n === 4,
    );
    expect(await t().deps.books.wallet.balance(owner.id)).toBeLessThan(700);
  });
});
