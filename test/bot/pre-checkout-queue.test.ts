import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callback, preCheckout } from "../fakes/telegram-api.js";
import { createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";

let t: TestBot;
const customer = newUsers(33_000);

beforeAll(async () => {
  t = await createTestBot();
});
afterAll(() => t.close());

describe("pre-checkout", () => {
  it("is answered while a slow update of the same user is still being handled", async () => {
    const buyer = customer();
    const started = await t.deps.sales.shop.startPurchase(buyer.id, "de-xui", "en");
    if (!started.ok) throw new Error(started.reason);
    const due = await t.deps.sales.cashier.invoiceAmount(started.order);

    // The user's previous tap hangs on a slow Bot API answer until released.
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    t.telegram.setHandler("answerCallbackQuery", async () => {
      await slow;
      return true;
    });
    const mark = t.telegram.calls.length;
    const tap = t.send(callback(buyer, "wallet:view"));
    await t.telegram.waitFor("answerCallbackQuery", 5_000, mark);

    const query = t.send(preCheckout(buyer, `o:${started.order.id}`, due, "XTR"));
    try {
      const answer = await t.telegram.waitFor("answerPreCheckoutQuery", 5_000, mark);
      expect(answer.params).toMatchObject({ ok: true });
    } finally {
      release();
      t.telegram.setHandler("answerCallbackQuery", () => true);
      await Promise.all([tap, query]);
    }
  });

  it("is answered (refused, try again) when its check cannot read Redis", async () => {
    const buyer = customer();
    // Redis answers an error to the order lookup: the key holds the wrong type.
    await t.redis.set("order:oBrokenOrder1", "not a hash");
    const mark = t.telegram.calls.length;
    await t.send(preCheckout(buyer, "o:oBrokenOrder1", 150, "XTR"));
    const answer = await t.telegram.waitFor("answerPreCheckoutQuery", 5_000, mark);
    expect(answer.params).toMatchObject({
      ok: false,
      error_message: "The shop is busy right now. Please try again in a moment.",
    });
  });
});
