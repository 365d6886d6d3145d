import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { callback, command } from "../fakes/telegram-api.js";
import { newUsers } from "../helpers/bot-harness.js";
import { makeSalesRig, type SalesRig, startShopAccount } from "../helpers/sales-rig.js";
import { lastShownOn } from "../helpers/telegram-views.js";
import { untilValue } from "../helpers/wait.js";

export interface MyCardRigOptions {
  /** The shop's catalog for the fake account's x-ui server. */
  catalog: (servers: number[]) => Catalog;
  /** The file's first customer id (each file its own range) and its admin. */
  firstUserId: number;
  adminId: number;
  /** The fake Account API follows the shop's clock (its days left are the shop's). */
  followClock?: boolean;
}

/**
 * The chat's rig for a file of /my's subscription screens (freeze, packs, switch, seats): the shop
 * on a fake Account API with a real BullMQ order worker, customers who bought a plan from their
 * balance, buttons pressed and the last screen shown. Registers the file's hooks (the chat's
 * messages cleared before each test); `sales` and `serverId` are there once beforeAll ran.
 */
export function myCardRig(options: MyCardRigOptions) {
  const accountFake = new FakeAccountApi();
  const person = newUsers(options.firstUserId);
  let sales: SalesRig | undefined;
  let server = 0;

  beforeAll(async () => {
    const account = await startShopAccount(accountFake);
    server = account.serverId;
    sales = await makeSalesRig({
      catalog: options.catalog([server]),
      accountUrl: accountFake.url,
      accountApiKey: account.key,
      adminIds: [options.adminId],
    });
    const { clock } = sales;
    if (options.followClock) accountFake.now = () => clock.now();
    sales.startWorker();
  });
  afterAll(async () => {
    await sales?.close();
    await accountFake.stop();
  });
  beforeEach(() => rig.sales.t.telegram.clear());

  const rig = {
    accountFake,
    person,
    get sales(): SalesRig {
      if (!sales) throw new Error("the card rig's beforeAll has not run");
      return sales;
    },
    get serverId(): number {
      return server;
    },
    t: () => rig.sales.t,
    shown: () => lastShownOn(rig.t().telegram),
    press: (who: User, data: string) => rig.t().send(callback(who, data.replace(/^\+/, ""))),
    statusOf: (id: string) =>
      rig
        .t()
        .deps.books.orders.get(id)
        .then((o) => o?.status),
    untilStatus: (id: string, status: string) =>
      untilValue(
        () => rig.statusOf(id),
        (s) => s === status,
      ),

    /** A new customer who said /start, with `credit` in the wallet, bought `planId` from it. */
    async customerWith(planId: string, credit = 1000): Promise<{ who: User; sub: Subscription }> {
      const who = person();
      const { deps } = rig.t();
      await rig.t().send(command(who, "/start"));
      await deps.books.wallet.credit(who.id, credit, `seed:${who.id}`, { kind: "admin-credit" });
      const started = await deps.sales.shop.startPurchase(who.id, planId, "en");
      if (!started.ok) throw new Error(started.reason);
      const paid = await deps.sales.cashier.payFromBalance(who.id, started.order.id);
      if (paid.status !== "paid") throw new Error(paid.status);
      await rig.untilStatus(started.order.id, "active");
      const [sub] = await deps.books.subscriptions.ofCustomer(who.id);
      if (!sub) throw new Error("no subscription");
      return { who, sub };
    },

    /** The subscription's card in /my, as shown. */
    async card(who: User, sub: Subscription) {
      await rig.press(who, `my:card:${sub.id}`);
      return rig.shown();
    },
  };
  return rig;
}
