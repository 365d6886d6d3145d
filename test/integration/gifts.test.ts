import type { User } from "grammy/types";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { formatMoney } from "../../src/domain/catalog/index.js";
import { DAY } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { expireGifts } from "../../src/workers/gift-expiry.js";
import { sweepOrders } from "../../src/workers/order-sweep.js";
import type { OutboxMessage } from "../../src/workers/outbox.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { callback, command, successfulPayment } from "../fakes/telegram-api.js";
import { newUsers, type TestBot } from "../helpers/bot-harness.js";
import {
  makeSalesRig,
  type SalesRig,
  type ShopAccount,
  startShopAccount,
  xuiShopCatalog,
} from "../helpers/sales-rig.js";
import { findButton, lastShownOn, textsTo } from "../helpers/telegram-views.js";
import { untilValue } from "../helpers/wait.js";

/**
 * Issue 14, gifts through the bot: a plan bought as a gift in /buy (paid from the wallet or by
 * invoice), its link claimed with /start gift_<code> by another user, real BullMQ order workers
 * provisioning on the fake Account API, cancels and the expiry refunding the buyer's wallet.
 */

const person = newUsers(9_810);
const accountFake = new FakeAccountApi();
let accountKey = "";
let account: ShopAccount;

beforeAll(async () => {
  account = await startShopAccount(accountFake);
  accountKey = account.key;
});
afterAll(() => accountFake.stop());

interface Rig extends SalesRig {
  /** Order ids whose enqueue "failed" (a crash right after the claim's step). */
  lostEnqueues: Set<string>;
}

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function makeRig(): Promise<Rig> {
  const lostEnqueues = new Set<string>();
  const made = await makeSalesRig({
    catalog: xuiShopCatalog(account),
    accountUrl: accountFake.url,
    accountApiKey: accountKey,
    attempts: 2,
    enqueue: async (queue, id) => {
      if (lostEnqueues.has(id)) throw new Error("process died before the enqueue");
      await queue.enqueue(id);
    },
  });
  rig = { ...made, lostEnqueues };
  return rig;
}

const balance = (t: TestBot, who: User) => t.deps.books.wallet.balance(who.id);
const statusOf = (t: TestBot, orderId: string) => t.deps.books.orders.get(orderId).then((o) => o?.status);
const untilStatus = (t: TestBot, orderId: string, status: string) =>
  untilValue(
    () => statusOf(t, orderId),
    (s) => s === status,
  );
const subsOf = (t: TestBot, who: User) => t.deps.books.subscriptions.ofCustomer(who.id);
const refunds = async (t: TestBot, who: User) =>
  (await t.deps.books.wallet.history(who.id, 0, 50)).entries.filter((e) => e.kind === "refund");

/** A buyer with 1000 in the wallet who bought `planId` as a gift in /buy and paid from the balance. */
async function boughtGift(t: TestBot, planId = "de-xui") {
  const buyer = person();
  await t.send(command(buyer, "/start"));
  await t.deps.books.wallet.credit(buyer.id, 1000, `seed:${buyer.id}`, { kind: "admin-credit" });
  await t.send(callback(buyer, `buy:plan:${planId}`));
  const card = lastShownOn(t.telegram);
  await t.send(callback(buyer, findButton(card.buttons, "🎁 Buy as a gift")));
  const confirm = lastShownOn(t.telegram);
  expect(confirm.text).toContain("🎁 <b>Gift</b>");
  const pay = findButton(confirm.buttons, /from balance/);
  const orderId = pay.split(":")[2] ?? "";
  await t.send(callback(buyer, pay));
  expect(lastShownOn(t.telegram).text).toContain("Your gift link is on its way");
  return { buyer, orderId };
}

/** Waits for the buyer's gift link (the message to forward) and returns its code. */
async function linkSentTo(t: TestBot, buyer: User): Promise<string> {
  const text = await untilValue(
    async () => textsTo(t.telegram, buyer.id).find((m) => m.includes("start=gift_")) ?? "",
    (m) => m !== "",
  );
  expect(text).toContain(`https://t.me/${t.telegram.botInfo.username}?start=gift_`);
  return /start=gift_([A-Za-z0-9]{12})/.exec(text)?.[1] ?? "";
}

/** What the bot answered `who`'s latest /start with. */
const startReply = (t: TestBot, who: User) => textsTo(t.telegram, who.id).at(-1) ?? "";
const claim = (t: TestBot, who: User, code: string) => t.send(command(who, `/start gift_${code}`));

describe("a gift", () => {
  it("is bought in /buy, paid from the balance, and its link goes to the buyer", async () => {
    const r = await makeRig();
    r.startWorker();
    const { t } = r;
    const { buyer, orderId } = await boughtGift(t);
    const code = await linkSentTo(t, buyer);
    expect(code).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(textsTo(t.telegram, buyer.id).some((m) => m.includes("Your gift is ready: Germany"))).toBe(true);
    // Paid as any purchase (one debit), provisioned to nobody yet.
    expect(await balance(t, buyer)).toBe(850);
    expect(await statusOf(t, orderId)).toBe("awaiting_claim");
    expect(await subsOf(t, buyer)).toEqual([]);
    expect(await t.redis.zscore("orders:open", orderId)).toBeNull();
  });

  it("paid by invoice is a gift the same way", async () => {
    const r = await makeRig();
    r.startWorker();
    const { t } = r;
    const buyer = person();
    await t.send(command(buyer, "/start"));
    const started = await t.deps.sales.shop.startPurchase(buyer.id, "de-xui", "en", undefined, true);
    if (!started.ok) throw new Error(started.reason);
    const due = await t.deps.sales.cashier.invoiceAmount(started.order);
    const paid = successfulPayment(buyer, `o:${started.order.id}`, due, "XTR", "gift-charge-1");
    await Promise.all([t.send(paid), t.send(paid)]);
    expect(textsTo(t.telegram, buyer.id)).toContain("✅ Payment received. Your gift link is on its way…");
    await linkSentTo(t, buyer);
    await untilStatus(t, started.order.id, "awaiting_claim");
    expect(await balance(t, buyer)).toBe(0);
  });

  it("goes to whoever opens the link first, and the buyer is told", async () => {
    const r = await makeRig();
    r.startWorker();
    const { t } = r;
    const { buyer, orderId } = await boughtGift(t);
    const code = await linkSentTo(t, buyer);
    const friend = person({ first_name: "Ann <3" });
    await claim(t, friend, code);
    // The greeting and the claim in one HTML message: bold, not raw tags; the name escaped.
    const reply = t.telegram.calls.filter((c) => c.method === "sendMessage" && c.chatId === friend.id).at(-1);
    expect(reply?.params.parse_mode).toBe("HTML");
    expect(String(reply?.params.text)).toContain("Hi, Ann &lt;3!");
    expect(startReply(t, friend)).toContain("<b>You got a gift: Germany!</b>");
    expect(textsTo(t.telegram, buyer.id)).toContain("🎁 Your gift (Germany) was claimed by Ann &lt;3.");
    await untilStatus(t, orderId, "active");
    const [sub] = await subsOf(t, friend);
    expect(sub).toMatchObject({ customerId: friend.id, planId: "de-xui" });
    expect(await subsOf(t, buyer)).toEqual([]);
    // The access is delivered to the friend, not to the buyer.
    const delivered = await untilValue(
      async () => textsTo(t.telegram, friend.id).find((m) => m.includes("Your gift is ready")) ?? "",
      (m) => m !== "",
    );
    expect(delivered).toContain("Germany");
    expect(textsTo(t.telegram, buyer.id).some((m) => m.includes("Your VPN is ready"))).toBe(false);
    // The link afterwards: already claimed (for others), already yours (for the friend).
    const late = person();
    await claim(t, late, code);
    expect(startReply(t, late)).toContain("This gift has already been claimed by someone else.");
    await claim(t, friend, code);
    expect(startReply(t, friend)).toContain("This gift is already yours");
  });

  it("claimed by two users at once goes to exactly one of them", async () => {
    const r = await makeRig();
    r.startWorker();
    const { t } = r;
    const { buyer, orderId } = await boughtGift(t);
    const code = await linkSentTo(t, buyer);
    const [a, b] = [person(), person()];
    await Promise.all([claim(t, a, code), claim(t, b, code)]);
    await untilStatus(t, orderId, "active");
    const owners = [...(await subsOf(t, a)), ...(await subsOf(t, b))];
    expect(owners).toHaveLength(1);
    const winner = owners[0]?.customerId === a.id ? a : b;
    const loser = winner === a ? b : a;
    const told = (who: User, what: string) => textsTo(t.telegram, who.id).some((m) => m.includes(what));
    expect(told(winner, "You got a gift")).toBe(true);
    expect(told(loser, "This gift has already been claimed by someone else.")).toBe(true);
    expect(told(loser, "You got a gift")).toBe(false);
    // One hosting client, made for the order (its name is the order's, whoever claimed it).
    const order = await t.deps.books.orders.get(orderId);
    expect(order?.subscriptionId).toBe(owners[0]?.id);
  });

  it("cannot be claimed by its buyer", async () => {
    const r = await makeRig();
    r.startWorker();
    const { t } = r;
    const { buyer, orderId } = await boughtGift(t);
    const code = await linkSentTo(t, buyer);
    await claim(t, buyer, code);
    expect(startReply(t, buyer)).toContain("This is your own gift link");
    expect(await statusOf(t, orderId)).toBe("awaiting_claim");
    expect(await subsOf(t, buyer)).toEqual([]);
  });

  it("says so for an unknown code", async () => {
    const r = await makeRig();
    const { t } = r;
    const someone = person();
    await claim(t, someone, "AAAAAAAAAAAA");
    expect(startReply(t, someone)).toContain("This gift link is not valid");
    await claim(t, someone, "short");
    expect(startReply(t, someone)).toContain("This gift link is not valid");
  });

  it("duplicate /start updates from the claimer provision it once", async () => {
    const r = await makeRig();
    r.startWorker();
    const { t } = r;
    const { buyer, orderId } = await boughtGift(t);
    const code = await linkSentTo(t, buyer);
    const friend = person();
    const update = command(friend, `/start gift_${code}`);
    await Promise.all([t.send(update), t.send(update), t.send(update)]);
    await untilStatus(t, orderId, "active");
    expect(await subsOf(t, friend)).toHaveLength(1);
    const told = textsTo(t.telegram, buyer.id).filter((m) => m.includes("was claimed by"));
    expect(told).toHaveLength(1);
    expect(await balance(t, buyer)).toBe(850);
  });

  it("is provisioned after a crash between the claim and the enqueue (the order sweep)", async () => {
    const r = await makeRig();
    r.startWorker();
    const { t } = r;
    const { buyer, orderId } = await boughtGift(t);
    const code = await linkSentTo(t, buyer);
    r.lostEnqueues.add(orderId);
    const friend = person();
    await claim(t, friend, code);
    expect(await statusOf(t, orderId)).toBe("paid");
    r.lostEnqueues.delete(orderId);
    await sweepOrders({
      ...{
        redis: t.redis,
        orders: t.deps.books.orders,
        queue: r.queue,
        fulfilment: t.deps.settlement.fulfilment,
        afterActive: t.deps.settlement.afterActive,
        termChanges: t.deps.terms.changes,
      },
      ...{ notifier: r.notifier, clock: r.clock, logger: createLogger("silent"), graceMs: -1 },
    });
    await untilStatus(t, orderId, "active");
    expect(await subsOf(t, friend)).toHaveLength(1);
  });

  it("that cannot be provisioned after its claim refunds the buyer", async () => {
    const r = await makeRig();
    r.startWorker();
    const { t } = r;
    const { buyer, orderId } = await boughtGift(t, "broken");
    const code = await linkSentTo(t, buyer);
    const friend = person();
    await claim(t, friend, code);
    await untilStatus(t, orderId, "refunded");
    expect(await balance(t, buyer)).toBe(1000);
    expect(await refunds(t, buyer)).toEqual([expect.objectContaining({ amount: 150, ref: orderId })]);
    expect(await balance(t, friend)).toBe(0);
    const buyerTold = await untilValue(
      async () => textsTo(t.telegram, buyer.id).find((m) => m.includes("could not set up")) ?? "",
      (m) => m !== "",
    );
    expect(buyerTold).toContain("Your gift (Germany) was claimed");
    await untilValue(
      async () =>
        textsTo(t.telegram, friend.id).some((m) => m.includes("could not set up the gifted access")),
      (told) => told,
    );
  });
});

describe("cancelling a gift", () => {
  it("asks first, then refunds the buyer's wallet once under duplicate presses, and the link then says cancelled", async () => {
    const r = await makeRig();
    r.startWorker();
    const { t } = r;
    const { buyer, orderId } = await boughtGift(t);
    const code = await linkSentTo(t, buyer);
    await t.send(callback(buyer, "wallet:view"));
    await t.send(callback(buyer, findButton(lastShownOn(t.telegram).buttons, "🎁 My gifts")));
    const list = lastShownOn(t.telegram);
    expect(list.text).toContain("1. <b>Germany</b>");
    // Cancel asks first (issue 24, item 5: it used to refund at once); keeping it changes nothing.
    await t.send(callback(buyer, findButton(list.buttons, "✖ Cancel 1")));
    const asked = lastShownOn(t.telegram);
    expect(asked.text).toBe(
      "Cancel the gift <b>Germany</b>?\n\n150 ⭐ goes back to your wallet, and the link stops working: whoever you sent it to can no longer claim it.",
    );
    expect(asked.buttons.map((b) => b.text)).toEqual(["✖ Yes, cancel and refund 150 ⭐", "« Keep the gift"]);
    expect(await balance(t, buyer)).toBe(850);
    await t.send(callback(buyer, findButton(asked.buttons, "« Keep the gift")));
    expect(lastShownOn(t.telegram).text).toContain("1. <b>Germany</b>");
    expect(await balance(t, buyer)).toBe(850);
    expect(await statusOf(t, orderId)).toBe("awaiting_claim");
    await t.send(callback(buyer, findButton(lastShownOn(t.telegram).buttons, "✖ Cancel 1")));
    const cancel = findButton(lastShownOn(t.telegram).buttons, "✖ Yes, cancel and refund 150 ⭐");
    await Promise.all([t.send(callback(buyer, cancel)), t.send(callback(buyer, cancel))]);
    expect(await balance(t, buyer)).toBe(1000);
    expect(await refunds(t, buyer)).toHaveLength(1);
    expect(await statusOf(t, orderId)).toBe("refunded");
    const answers = t.telegram.callsOf("answerCallbackQuery").map((c) => String(c.params.text ?? ""));
    expect(answers).toContain("This gift is already cancelled; its money is back in your wallet.");
    await t.send(callback(buyer, cancel));
    expect(await refunds(t, buyer)).toHaveLength(1);
    const friend = person();
    await claim(t, friend, code);
    expect(startReply(t, friend)).toContain("This gift was cancelled by the person who bought it.");
    expect(await subsOf(t, friend)).toEqual([]);
  });

  it("at the same moment as a claim: exactly one of them wins", async () => {
    const r = await makeRig();
    r.startWorker();
    const { t } = r;
    for (let round = 0; round < 4; round++) {
      const { buyer, orderId } = await boughtGift(t);
      const code = await linkSentTo(t, buyer);
      const friend = person();
      await t.send(callback(buyer, `gift:cancel:${code}`));
      const yes = findButton(lastShownOn(t.telegram).buttons, /^✖ Yes/);
      await Promise.all([t.send(callback(buyer, yes)), claim(t, friend, code)]);
      const claimed = textsTo(t.telegram, friend.id).some((m) => m.includes("You got a gift"));
      if (claimed) {
        await untilStatus(t, orderId, "active");
        expect(await subsOf(t, friend)).toHaveLength(1);
        expect(await balance(t, buyer)).toBe(850);
        expect(await refunds(t, buyer)).toEqual([]);
        const answer = t.telegram.callsOf("answerCallbackQuery").at(-1)?.params.text;
        expect(answer).toBe("This gift has already been claimed, so it can no longer be cancelled.");
      } else {
        expect(startReply(t, friend)).toContain("This gift was cancelled");
        expect(await statusOf(t, orderId)).toBe("refunded");
        expect(await subsOf(t, friend)).toEqual([]);
        expect(await balance(t, buyer)).toBe(1000);
        expect(await refunds(t, buyer)).toHaveLength(1);
      }
    }
  });
});

describe("an expired gift link", () => {
  it("is refunded once by the expiry task, and the link then says it expired", async () => {
    const r = await makeRig();
    r.startWorker();
    const { t, clock } = r;
    const { buyer, orderId } = await boughtGift(t);
    const code = await linkSentTo(t, buyer);
    const sent: OutboxMessage[] = [];
    const deps = {
      books: t.deps.books,
      sales: t.deps.sales,
      outbox: { send: async (m: OutboxMessage) => void sent.push(m) },
      i18n: createI18n("en"),
      logger: createLogger("silent"),
    };
    // Not yet: nothing happens a day before the 30 days are over.
    clock.advance(29 * DAY);
    expect(await expireGifts(deps)).toBe(0);
    clock.advance(DAY + 1);
    // Two workers at once, then again: one refund.
    const counts = await Promise.all([expireGifts(deps), expireGifts(deps)]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await expireGifts(deps)).toBe(0);
    expect(await balance(t, buyer)).toBe(1000);
    expect(await refunds(t, buyer)).toHaveLength(1);
    expect(await statusOf(t, orderId)).toBe("refunded");
    expect(sent).toEqual([
      expect.objectContaining({
        chatId: buyer.id,
        text: `⌛ Nobody claimed your gift (Germany) in time: the link has expired and ${formatMoney("XTR", 150, "en")} went back to your wallet.`,
      }),
    ]);
    const friend = person();
    await claim(t, friend, code);
    expect(startReply(t, friend)).toContain("This gift link has expired.");
    expect(await subsOf(t, friend)).toEqual([]);
  });

  it("past its time cannot be claimed even before the task has run", async () => {
    const r = await makeRig();
    r.startWorker();
    const { t, clock } = r;
    const { buyer, orderId } = await boughtGift(t);
    const code = await linkSentTo(t, buyer);
    await t.deps.catalog.settings.setGiftExpiryDays(1);
    clock.advance(31 * DAY);
    const friend = person();
    await claim(t, friend, code);
    expect(startReply(t, friend)).toContain("This gift link has expired.");
    expect(await statusOf(t, orderId)).toBe("awaiting_claim");
  });
});
