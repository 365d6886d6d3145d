import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { TEST_CATALOG } from "../helpers/bot-harness.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "./harness.js";

// Issue 25: a gift bought in the cabinet, its link, its cancel (the chat's, refunding once), and
// the invite view (the chat's link and terms), over real HTTP.

const CATALOG: Catalog = { ...TEST_CATALOG, referral: { percent: 10, bonus_days: 3, rewarded_payments: 0 } };
let h: WebappHarness;
let bot = "";
let nextId = 74_000;

beforeAll(async () => {
  h = await createWebappHarness({
    // A gift's record expires in Redis at an absolute time: the test clock runs at the real one.
    clock: new ManualClock(Date.now()),
    catalog: CATALOG,
    supportContact: "@demo_shop_support",
    guard: { perUser: 1000, ordersPerUser: 100, perAddress: 1000 },
  });
  bot = h.t.telegram.botInfo.username;
});
afterAll(async () => {
  await h.close();
});

type Body = Record<string, unknown>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Body });
const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

async function customer(balance = 0) {
  const id = nextId++;
  await seedCustomer(h.t.deps, id, "en");
  if (balance > 0)
    await h.t.deps.books.wallet.credit(id, balance, `test:seed-${id}`, { kind: "topup", ref: "test" });
  return { id, first_name: `C${id}`, language_code: "en" };
}

type GiftRow = { code: string; status: string; link: string | null; cancellable: boolean } & Body;

/** Buys a gift of de-xui from the balance in the cabinet, then parks it as the fulfilment does. */
async function buyGift(buyer: { id: number }): Promise<GiftRow> {
  const { status, body } = await json(
    await h.api("/app/api/orders", buyer, post({ plan_id: "de-xui", gift: true, pay: "wallet" })),
  );
  expect(status).toBe(200);
  expect(body).toMatchObject({ paid_from_wallet: true, summary: { gift: true, price: 150 } });
  const order = await h.t.deps.books.orders.get((body.order as { id: string }).id);
  if (!order) throw new Error("no order");
  expect(await h.t.deps.sales.gifts.park(order)).toBeDefined();
  const gifts = (await json(await h.api("/app/api/gifts", buyer))).body.gifts as GiftRow[];
  const gift = gifts[0];
  if (!gift) throw new Error("no gift listed");
  return gift;
}

describe("gifts in the cabinet", () => {
  it("lists a paid gift as waiting, with its claim link and what cancelling gives back", async () => {
    const buyer = await customer(150);
    const gift = await buyGift(buyer);
    expect(gift).toEqual({
      code: expect.stringMatching(/^[A-Za-z0-9]{12}$/),
      title: "Germany, 30 days, 100 GB",
      status: "waiting",
      status_text: expect.stringMatching(/^Waiting to be claimed, the link works until /),
      link: `https://t.me/${bot}?start=gift_${gift.code}`,
      created_text: expect.any(String),
      expires_text: expect.stringMatching(/^until /),
      cancellable: true,
      refund_text: "150 ⭐ back to your balance",
    });
    expect(await h.t.deps.books.wallet.balance(buyer.id)).toBe(0);
  });

  it("refunds once when Cancel is pressed twice at once; the gift is cancelled, its link gone", async () => {
    const buyer = await customer(150);
    const gift = await buyGift(buyer);
    const both = await Promise.all(
      [0, 1].map(async () => json(await h.api(`/app/api/gifts/${gift.code}/cancel`, buyer, post({})))),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 200)?.body).toEqual({
      ok: true,
      refunded_text: "Gift cancelled: 150 ⭐ went back to your balance.",
      balance: 150,
      balance_text: "150 ⭐",
    });
    expect(both.find((r) => r.status === 409)?.body).toEqual({ ok: false, error: "gift-not-cancellable" });
    expect(await h.t.deps.books.wallet.balance(buyer.id)).toBe(150);
    const [row] = (await json(await h.api("/app/api/gifts", buyer))).body.gifts as GiftRow[];
    expect(row).toMatchObject({ code: gift.code, status: "cancelled", link: null, cancellable: false });
    expect(row?.refund_text).toBeNull();
    // A third press later says the same, and refunds nothing.
    const later = await json(await h.api(`/app/api/gifts/${gift.code}/cancel`, buyer, post({})));
    expect(later.status).toBe(409);
    expect(await h.t.deps.books.wallet.balance(buyer.id)).toBe(150);
  });

  it("does not cancel someone else's gift, nor an unknown one (404)", async () => {
    const buyer = await customer(150);
    const other = await customer();
    const gift = await buyGift(buyer);
    for (const code of [gift.code, "AAAAAAAAAAAA", "short"]) {
      expect(await json(await h.api(`/app/api/gifts/${code}/cancel`, other, post({})))).toEqual({
        status: 404,
        body: { ok: false, error: "unknown-gift" },
      });
    }
    expect((await h.t.deps.sales.gifts.get(gift.code))?.state).toBe("open");
    expect(await h.t.deps.books.wallet.balance(other.id)).toBe(0);
    expect((await json(await h.api("/app/api/gifts", other))).body.gifts).toEqual([]);
  });
});

describe("the invite view", () => {
  it("gives the chat's invite link, its QR code, the terms and the figures", async () => {
    const inviter = await customer();
    const me = await json(await h.api("/app/api/me", inviter));
    expect(me.body).toMatchObject({
      referrals: true,
      support: { url: "https://t.me/demo_shop_support", text: "@demo_shop_support" },
    });
    const first = await json(await h.api("/app/api/invite", inviter));
    expect(first.status).toBe(200);
    const link = String(first.body.link);
    expect(link).toMatch(new RegExp(`^https://t\\.me/${bot}\\?start=r[2-9a-hjkmnp-z]{7}$`));
    expect(first.body).toMatchObject({
      enabled: true,
      terms_text:
        "💸 You get 10% of every payment of each friend you invite, to your wallet.\n🎁 Your friends get 3 extra days on their first purchase.",
      invited: 0,
      invited_text: "0 friends joined",
      earned: 0,
      earned_text: "Earned: 0 ⭐",
    });
    expect((first.body.qr as { size: number }).size).toBeGreaterThan(20);
    // A friend starts the bot with the link: counted.
    const friend = nextId++;
    await seedCustomer(h.t.deps, friend, "en");
    const code = link.split("start=")[1] ?? "";
    expect(await h.t.deps.sales.referrals.started(friend, code)).toBe("attributed");
    const after = await json(await h.api("/app/api/invite", inviter));
    expect(after.body).toMatchObject({ link, invited: 1, invited_text: "1 friend joined", paid: 0 });
  });
});
