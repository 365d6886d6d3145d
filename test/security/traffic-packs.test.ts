import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { callback } from "../fakes/telegram-api.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { GERMANY, xuiBase } from "../helpers/xui-plans.js";
import { createWebappHarness, type WebappHarness } from "../webapp/harness.js";

/**
 * Issue 26: traffic packs attacked from a customer's own session, in the cabinet and the chat:
 * someone else's subscription, a pack of another plan, ids that are not ids, a price or a promo
 * code slipped into the body, a blocked customer. Nothing is opened, charged or added by any.
 */

const VICTIM = { id: 78_001, first_name: "Vera", language_code: "en" };
const MALLORY = { id: 78_002, first_name: "Mallory", language_code: "en" };
const account = new FakeAccountApi();
let h: WebappHarness;
let victimSub = "";
let mallorySub = "";
let limitBefore = 0;

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
      {
        ...base,
        id: "big",
        title: { en: "Big", ru: "Большой" },
        traffic_gb: 500,
        price: 400,
        traffic_packs: [{ id: "cheap1", gb: 1000, price: 1 }],
      },
    ],
  };
}

async function subscriptionOf(id: number): Promise<string> {
  const { books, sales, settlement } = h.t.deps;
  const started = await sales.shop.startPurchase(id, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  await sales.cashier.payFromBalance(id, started.order.id);
  await settlement.fulfilment.fulfil(started.order.id);
  const [sub] = await books.subscriptions.ofCustomer(id);
  if (!sub) throw new Error("no subscription");
  return sub.id;
}

beforeAll(async () => {
  await account.start();
  account.addAccount({ login: "shop", password: "pw" });
  const key = account.addKey("shop");
  const serverId = account.addServer("shop", { type: "xui", daysLeft: 400 }).id;
  h = await createWebappHarness({
    catalog: catalog([serverId]),
    accountUrl: account.url,
    accountApiKey: key,
    guard: { perUser: 1000, ordersPerUser: 1000, perAddress: 10_000 },
  });
  for (const who of [VICTIM, MALLORY]) {
    await seedCustomer(h.t.deps, who.id, "en");
    await h.t.deps.books.wallet.credit(who.id, 1000, `test:seed-${who.id}`, { kind: "topup", ref: "test" });
  }
  victimSub = await subscriptionOf(VICTIM.id);
  mallorySub = await subscriptionOf(MALLORY.id);
  const sub = await h.t.deps.books.subscriptions.get(victimSub);
  limitBefore = sub?.ref.kind === "xui" ? (account.client(serverId, sub.ref.name)?.totalGb ?? 0) : 0;
  expect(limitBefore).toBe(100);
});
afterAll(async () => {
  await h.close();
  await account.stop();
});

const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });

/** Nothing moved: both wallets as they were after their purchase, no pack order anywhere. */
async function nothingMoved(): Promise<void> {
  const { wallet, orders, subscriptions } = h.t.deps.books;
  expect(await wallet.balance(VICTIM.id)).toBe(850);
  expect(await wallet.balance(MALLORY.id)).toBe(850);
  for (const who of [VICTIM, MALLORY])
    expect((await orders.ofCustomer(who.id)).filter((o) => o.kind === "pack")).toEqual([]);
  expect((await subscriptions.get(victimSub))?.trafficGb).toBe(100);
  expect(h.t.telegram.callsOf("createInvoiceLink")).toHaveLength(0);
}

describe("traffic packs under attack", () => {
  it("the cabinet refuses a pack body with a field that does not belong, or ids that are not ids (400)", async () => {
    const cases: unknown[] = [
      { subscription_id: mallorySub, pack_id: "plus50", price: 1 },
      { subscription_id: mallorySub, pack_id: "plus50", promo_code: "SPRING" },
      { subscription_id: mallorySub, pack_id: "plus50", gb: 100_000 },
      { subscription_id: mallorySub, pack_id: "plus50", plan_id: "big" },
      { subscription_id: mallorySub, pack_id: "PLUS50" },
      { subscription_id: mallorySub, pack_id: "plus50'; --" },
      { subscription_id: mallorySub, pack_id: "a".repeat(33) },
      { subscription_id: mallorySub, pack_id: ["plus50"] },
      { subscription_id: mallorySub, pack_id: 50 },
      { subscription_id: mallorySub, pack_id: "" },
    ];
    for (const body of cases) {
      const answer = await json(await h.api("/app/api/orders", MALLORY, post(body)));
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    await nothingMoved();
  });

  it("someone else's subscription is unknown (404), paid or not; a missing one alike", async () => {
    for (const pay of [undefined, "wallet", "invoice"]) {
      const body = { subscription_id: victimSub, pack_id: "plus50", ...(pay ? { pay } : {}) };
      expect(await json(await h.api("/app/api/orders", MALLORY, post(body)))).toEqual({
        status: 404,
        body: { ok: false, error: "unknown-subscription" },
      });
    }
    expect(
      await json(
        await h.api("/app/api/orders", MALLORY, post({ subscription_id: "s0000", pack_id: "plus50" })),
      ),
    ).toEqual({ status: 404, body: { ok: false, error: "unknown-subscription" } });
    await nothingMoved();
  });

  it("a pack of another plan (cheaper per GB) is not offered for one's own subscription (409)", async () => {
    expect(
      await json(
        await h.api("/app/api/orders", MALLORY, post({ subscription_id: mallorySub, pack_id: "cheap1" })),
      ),
    ).toEqual({ status: 409, body: { ok: false, error: "pack-not-offered" } });
    await nothingMoved();
  });

  it("a blocked customer is refused (403)", async () => {
    await h.t.deps.books.customers.setBlocked(MALLORY.id, true);
    try {
      const answer = await json(
        await h.api("/app/api/orders", MALLORY, post({ subscription_id: mallorySub, pack_id: "plus50" })),
      );
      expect(answer.status).toBe(403);
    } finally {
      await h.t.deps.books.customers.setBlocked(MALLORY.id, false);
    }
    await nothingMoved();
  });

  it("the chat's pack buttons: another's subscription, another plan's pack and forged data open nothing", async () => {
    const mallory = { id: MALLORY.id, is_bot: false, first_name: "Mallory", language_code: "en" };
    for (const data of [
      `pack:${victimSub}:plus50`,
      `pack:${mallorySub}:cheap1`,
      `pack:${mallorySub}:PLUS50`,
      `pack:${mallorySub}:plus50:extra`,
      `pack:${"s".repeat(41)}:plus50`,
      "pack:",
    ]) {
      await h.t.send(callback(mallory, data));
    }
    expect(h.t.telegram.callsOf("sendInvoice")).toHaveLength(0);
    await nothingMoved();
  });
});
