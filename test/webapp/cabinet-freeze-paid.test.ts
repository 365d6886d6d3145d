import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { formatDate } from "../../src/render/format.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "./harness.js";

/**
 * Issue 30: a renewal opened before a freeze and paid during it applies at the unfreeze (it waits
 * behind the freeze in the term chain, by design): the cabinet's order (GET orders/:id, what the
 * page polls after paying) says "applies when the freeze ends (<date>)"; one not frozen does not.
 */

const account = new FakeAccountApi();
let h: WebappHarness;
let serverId = 0;
let nextId = 76_500;
const clock = new ManualClock();

function catalog(servers: number[]): Catalog {
  const base = { days: 30, devices: 0, backend: { kind: "xui" as const, servers } };
  return {
    currency: "XTR",
    trial: undefined,
    plans: [
      {
        ...base,
        id: "de-xui",
        title: { en: "Germany", ru: "Германия" },
        traffic_gb: 100,
        price: 150,
        freeze: { times_per_year: 2, min_days: 7, max_days: 21 },
      },
      { ...base, id: "plain", title: { en: "Plain", ru: "Простой" }, traffic_gb: 100, price: 150 },
    ],
  };
}

beforeAll(async () => {
  await account.start();
  account.addAccount({ login: "shop", password: "pw" });
  const key = account.addKey("shop");
  serverId = account.addServer("shop", { type: "xui", daysLeft: 400 }).id;
  h = await createWebappHarness({
    clock,
    catalog: catalog([serverId]),
    accountUrl: account.url,
    accountApiKey: key,
    guard: { perUser: 1000, ordersPerUser: 100, perAddress: 1000 },
  });
  // The fake's clock follows the shop's: the days banked are the shop's days left.
  account.now = () => clock.now();
});
afterAll(async () => {
  await h.close();
  await account.stop();
});

type Body = Record<string, unknown>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Body });
const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

async function customerWith(planId: string) {
  const id = nextId++;
  await seedCustomer(h.t.deps, id, "en");
  const { books, sales, settlement } = h.t.deps;
  await books.wallet.credit(id, 300, `test:seed-${id}`, { kind: "topup", ref: "test" });
  const started = await sales.shop.startPurchase(id, planId, "en");
  if (!started.ok) throw new Error(started.reason);
  expect((await sales.cashier.payFromBalance(id, started.order.id)).status).toBe("paid");
  expect((await settlement.fulfilment.fulfil(started.order.id)).outcome).toBe("active");
  const [sub] = await books.subscriptions.ofCustomer(id);
  if (!sub) throw new Error("no subscription");
  return { who: { id, first_name: `C${id}`, language_code: "en" }, sub };
}

const orderOf = async (who: { id: number }, id: string) =>
  (await json(await h.api(`/app/api/orders/${id}`, who))).body.order as Body;

describe("an order paid while its subscription is frozen, in the cabinet", () => {
  it("says it applies when the freeze ends, with the date; a renewal of one not frozen does not", async () => {
    const { who, sub } = await customerWith("de-xui");
    const renewal = await h.t.deps.sales.shop.startRenewal(who.id, sub.id, "en");
    if (!renewal.ok) throw new Error(renewal.reason);
    const frozen = await h.t.deps.terms.freezes.ask(sub.id, who.id, 14);
    if (frozen.kind !== "frozen") throw new Error(frozen.kind);
    const paid = await json(
      await h.api(`/app/api/orders/${renewal.order.id}/pay`, who, post({ pay: "wallet" })),
    );
    expect(paid.status).toBe(200);
    const order = await orderOf(who, renewal.order.id);
    expect(["paid", "provisioning"]).toContain(order.status);
    const until = formatDate("en", frozen.view.until ?? 0);
    expect(order.frozen_text).toBe(
      `❄️ This subscription is frozen: what you paid for applies when the freeze ends (${until}), or when you unfreeze it earlier.`,
    );

    const other = await customerWith("de-xui");
    const plain = await h.t.deps.sales.shop.startRenewal(other.who.id, other.sub.id, "en");
    if (!plain.ok) throw new Error(plain.reason);
    await h.api(`/app/api/orders/${plain.order.id}/pay`, other.who, post({ pay: "wallet" }));
    expect((await orderOf(other.who, plain.order.id)).frozen_text).toBeUndefined();
  });
});
