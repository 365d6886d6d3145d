import { afterAll, beforeAll, expect } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import type { ManualClock } from "../../src/runtime/clock.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { createWebappHarness, type InitUser, type WebappHarness } from "./harness.js";

/** A JSON answer's body, read loosely (each test names what it expects). */
export type Body = Record<string, unknown>;
export const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Body });
export const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

export interface CabinetRigOptions {
  /** The shop's catalog for the fake account's first server (default: the test bot's). */
  catalog?: (servers: number[]) => Catalog;
  /** The first Telegram id the file's customers take (each file its own range). */
  firstCustomerId: number;
  /** The shop's clock; the fake Account API follows it, so its days left are the shop's. */
  clock?: ManualClock;
  /** Servers on the hosting account besides the one the catalog sells. */
  moreServers?: number;
}

/** A customer as the cabinet's requests carry them. */
export type Who = Required<InitUser>;

/**
 * The cabinet's test rig for a file of the cabinet's subscription screens: a fake Account API with
 * one xui server (and `moreServers`), the cabinet on a test bot selling `catalog` on that server,
 * customers who bought a plan from their balance, and a subscription's card as the cabinet shows
 * it. Registers the file's beforeAll and afterAll; `h` and `serverId` are there once it ran.
 */
export function cabinetRig(options: CabinetRigOptions) {
  const account = new FakeAccountApi();
  let harness: WebappHarness | undefined;
  let server = 0;
  let nextId = options.firstCustomerId;

  beforeAll(async () => {
    await account.start();
    account.addAccount({ login: "shop", password: "pw" });
    const key = account.addKey("shop");
    server = account.addServer("shop", { type: "xui", daysLeft: 400 }).id;
    for (let i = 0; i < (options.moreServers ?? 0); i++)
      account.addServer("shop", { type: "xui", daysLeft: 400 });
    const { clock } = options;
    if (clock) account.now = () => clock.now();
    harness = await createWebappHarness({
      ...(clock ? { clock } : {}),
      ...(options.catalog ? { catalog: options.catalog([server]) } : {}),
      accountUrl: account.url,
      accountApiKey: key,
      guard: { perUser: 1000, ordersPerUser: 100, perAddress: 1000 },
    });
  });
  afterAll(async () => {
    await harness?.close();
    await account.stop();
  });

  const rig = {
    account,
    get h(): WebappHarness {
      if (!harness) throw new Error("the cabinet rig's beforeAll has not run");
      return harness;
    },
    get serverId(): number {
      return server;
    },

    /** A new customer (seeded in `locale`) with `balance` in the wallet. */
    async person(balance: number, locale: "en" | "ru" = "en"): Promise<Who> {
      const id = nextId++;
      const { deps } = rig.h.t;
      await seedCustomer(deps, id, locale);
      if (balance > 0)
        await deps.books.wallet.credit(id, balance, `test:seed-${id}`, { kind: "topup", ref: "test" });
      return { id, first_name: `C${id}`, language_code: locale };
    },

    /** A customer who bought `planId` from the balance and kept `left` of it, and what it made. */
    async customerWith(planId: string, left = 0): Promise<{ who: Who; sub: Subscription }> {
      const { sales, settlement, books } = rig.h.t.deps;
      const price = sales.shop.plan(planId)?.price;
      if (price === undefined) throw new Error(`no plan ${planId} in the rig's catalog`);
      const who = await rig.person(price + left);
      const started = await sales.shop.startPurchase(who.id, planId, "en");
      if (!started.ok) throw new Error(started.reason);
      expect((await sales.cashier.payFromBalance(who.id, started.order.id)).status).toBe("paid");
      expect((await settlement.fulfilment.fulfil(started.order.id)).outcome).toBe("active");
      const [sub] = await books.subscriptions.ofCustomer(who.id);
      if (!sub) throw new Error("no subscription");
      return { who, sub };
    },

    /** The subscription's card as the cabinet gives it to `who`. */
    async cardOf(who: { id: number }, subId: string): Promise<Body> {
      const res = await json(await rig.h.api(`/app/api/subscriptions/${subId}`, who));
      return res.body.subscription as Body;
    },
  };
  return rig;
}
