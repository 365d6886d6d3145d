import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { subscriptionKeys } from "../../src/domain/books/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { formatDateTime } from "../../src/render/format.js";
import { myCb, WALLET_VIEW, walletCb } from "../../src/render/shop-callbacks.js";
import { DAY, HOUR } from "../../src/runtime/clock.js";
import { createAutoRenewTask } from "../../src/workers/auto-renew.js";
import { createReminderTask } from "../../src/workers/reminders.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { FAST_HTTP } from "../helpers/fake-hosting.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { keyboardOf, telegramViews } from "../helpers/telegram-views.js";
import { sleep } from "../helpers/wait.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/*
 * Issue 26: the periodic auto-renew task and what the owner hears. A renewal paid from the balance
 * is queued like any renewal and its owner is told; a short balance is told once per term, with a
 * Top up button for what is missing, while the expiry reminders go on as for any subscription.
 */

const T0 = Date.UTC(2026, 4, 4, 12, 0);
const account = new FakeAccountApi();
let h: WorkerHarness;
let serverId = 0;
let seq = 0;

beforeAll(async () => {
  await account.start();
  account.addAccount({ login: "shop", password: "pw" });
  const key = account.addKey("shop");
  serverId = account.addServer("shop", { type: "xui", daysLeft: 400 }).id;
  account.addServer("shop", { type: "xui", daysLeft: 400 });
  const client = new AccountApi({ baseUrl: account.url, apiKey: () => key, retry: FAST_HTTP });
  h = await createWorkerHarness({ now: T0, hosting: { account: client } });
  account.now = () => h.clock.now();
  h.startOutbox({ perChatGapMs: 20 });
});
afterAll(async () => {
  await h.close();
  await account.stop();
});
beforeEach(async () => {
  h.telegram.clear();
  h.clock.set(T0);
  h.enqueued.length = 0;
  // Each test sees only its own subscriptions in the expiry index.
  await h.redis.del(subscriptionKeys.byExpiry);
});

const task = () => createAutoRenewTask({ ...h.rooms, outbox: h.outbox, i18n: h.i18n, logger: h.logger });
const { sendsTo, textsTo } = telegramViews(() => h);

async function settle(): Promise<void> {
  await h.drainOutbox();
  await sleep(100);
}

/** A customer with `balance` and a subscription expiring in `expiresIn` with auto-renew on. */
async function due(balance: number, expiresIn = 12 * HOUR) {
  const customerId = 71_000 + ++seq;
  await seedCustomer(h.rooms, customerId, "en");
  if (balance > 0)
    await h.rooms.books.wallet.credit(customerId, balance, `seed:${customerId}`, { kind: "topup" });
  const name = `c${customerId}-w`;
  const expiresAt = h.clock.now() + expiresIn;
  account.addClient(serverId, { email: name, totalGb: 100, expiryMs: expiresAt });
  h.clock.set(T0 - 30 * DAY);
  const sub = await seedSubscription(h.rooms, `o-w${seq}`, {
    customerId,
    ref: { kind: "xui", serverId, name },
    expiresAt,
    trafficGb: 100,
  });
  h.clock.set(T0);
  await h.rooms.sales.autoRenew.set(customerId, sub.id, true);
  return { customerId, sub };
}

describe("the auto-renew task", () => {
  it("renews what is due, queues the renewal like any other and tells the owner", async () => {
    const { customerId, sub } = await due(400);
    expect(await task().run()).toEqual({ renewed: 1, done: 0, short: 0, refused: 0 });
    const [order] = (await h.rooms.books.orders.ofCustomer(customerId)).filter((o) => o.kind === "renewal");
    expect(order).toMatchObject({ status: "paid", subscriptionId: sub.id, price: 150 });
    expect(h.enqueued).toEqual([order?.id]);
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(250);
    await settle();
    expect(textsTo(customerId)).toEqual([
      "🔁 <b>Germany, 30 days, 100 GB</b> was renewed automatically from your balance: 150 ⭐.",
    ]);
    // A second run while the renewal is under way: nothing more, nobody told again.
    expect(await task().run()).toMatchObject({ renewed: 0, done: 1 });
    await settle();
    expect(sendsTo(customerId)).toHaveLength(1);
  });

  it("tells a short balance once per term, with a Top up for what is missing; the reminders go on", async () => {
    const { customerId, sub } = await due(100);
    // Two runs (two workers' ticks, a restart): one notice.
    await Promise.all([task().run(), task().run()]);
    await task().run();
    await settle();
    const notices = sendsTo(customerId);
    expect(notices).toHaveLength(1);
    expect(String(notices[0]?.params.text)).toBe(
      `🔁 <b>Germany, 30 days, 100 GB</b> is due to renew itself from your balance, but the balance (100 ⭐) does not cover its price (150 ⭐). Top up and it renews at once; otherwise it ends ${formatDateTime("en", sub.expiresAt)}.`,
    );
    // 50 are missing: the smallest top-up amount that covers them, and the wallet.
    expect(keyboardOf(notices[0])).toEqual([
      { text: "💳 Top up 50 ⭐", callback_data: `+${walletCb.pack({ act: "top", n: 50 })}` },
      { text: "💰 Wallet", callback_data: `+${WALLET_VIEW}` },
    ]);
    expect(await h.rooms.books.orders.ofCustomer(customerId)).toEqual([]);

    // The expiry reminder is sent as for any subscription (1 day before), with its Renew button.
    await createReminderTask({
      ...h.rooms,
      outbox: h.outbox,
      i18n: h.i18n,
      clock: h.clock,
      logger: h.logger,
    }).run();
    await settle();
    const reminder = sendsTo(customerId)[1];
    expect(String(reminder?.params.text)).toContain("ends in less than a day");
    expect(keyboardOf(reminder).map((b) => b.callback_data)).toEqual([
      myCb.pack({ act: "renew", id: sub.id }),
    ]);

    // A new term (an admin gave days): told again once, for that term.
    await h.rooms.books.subscriptions.setTerm(sub.id, sub.expiresAt + 6 * HOUR);
    await task().run();
    await task().run();
    await settle();
    expect(sendsTo(customerId).filter((c) => String(c.params.text).includes("does not cover"))).toHaveLength(
      2,
    );
  });

  it("an empty wallet is offered the smallest top-up amount that covers the price", async () => {
    const { customerId } = await due(0);
    // Costs 150 with nothing in the wallet: the 250 preset covers it.
    await task().run();
    await settle();
    expect(keyboardOf(sendsTo(customerId)[0]).map((b) => b.text)).toEqual(["💳 Top up 250 ⭐", "💰 Wallet"]);
  });

  it("tells nobody blocked by the admins, and renews nothing of theirs", async () => {
    const short = await due(100);
    const rich = await due(1000);
    for (const who of [short, rich]) await h.rooms.books.customers.setBlocked(who.customerId, true);
    expect(await task().run()).toEqual({ renewed: 0, done: 0, short: 0, refused: 2 });
    await settle();
    for (const who of [short, rich]) {
      expect(sendsTo(who.customerId)).toEqual([]);
      expect(await h.rooms.books.orders.ofCustomer(who.customerId)).toEqual([]);
    }
    expect(h.enqueued).toEqual([]);
  });
});
