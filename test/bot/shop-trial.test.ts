import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callback, command } from "../fakes/telegram-api.js";
import { botMessage, createTestBot, newUsers, TEST_CATALOG, type TestBot } from "../helpers/bot-harness.js";

let t: TestBot;

beforeAll(async () => {
  t = await createTestBot();
});
afterAll(() => t.close());
beforeEach(() => {
  t.telegram.clear();
  t.enqueued.length = 0;
});

const customer = newUsers(8800);

describe("/trial", () => {
  it("starts the free trial once: a paid trial order handed to the worker; the second time is refused", async () => {
    const ann = customer();
    await t.send(command(ann, "/trial"));
    expect(t.texts()).toEqual(["🎁 Preparing your free trial, this takes a few seconds…"]);
    expect(t.enqueued).toHaveLength(1);
    const order = await t.deps.books.orders.get(t.enqueued[0] ?? "");
    expect(order).toMatchObject({
      kind: "trial",
      customerId: ann.id,
      planId: "de-xui",
      price: 0,
      status: "paid",
    });

    t.telegram.clear();
    await t.send(command(ann, "/trial"));
    await t.send(callback(ann, "trial:go"));
    expect(t.texts()).toEqual([
      "You have already used your free trial.",
      "You have already used your free trial.",
    ]);
    expect(t.enqueued).toHaveLength(1);
    expect(await t.deps.books.orders.ofCustomer(ann.id)).toHaveLength(1);
    expect(await t.deps.books.wallet.history(ann.id, 0, 10)).toEqual({ entries: [], total: 0 });
  });

  it("in Russian", async () => {
    const ivan = customer({ language_code: "ru" });
    await t.send(command(ivan, "/trial"));
    await t.send(command(ivan, "/trial"));
    expect(t.texts()).toEqual([
      "🎁 Готовим пробный период, это займёт несколько секунд…",
      "Вы уже использовали пробный период.",
    ]);
  });

  it("concurrent requests (different chats) still give one trial", async () => {
    const ann = customer();
    const taps = Array.from({ length: 5 }, (_, i) =>
      callback(ann, "trial:go", botMessage(ann, "…", ann.id * 10 + i)),
    );
    await Promise.all(taps.map((u) => t.send(u)));
    expect(t.enqueued).toHaveLength(1);
    expect(t.texts().filter((x) => x.startsWith("🎁 Preparing"))).toHaveLength(1);
    expect(t.texts().filter((x) => x === "You have already used your free trial.")).toHaveLength(4);
  });

  it("says so when no trial is offered", async () => {
    const noTrial = await createTestBot({ catalog: { ...TEST_CATALOG, trial: undefined }, redis: t.redis });
    try {
      await noTrial.send(command(customer(), "/trial"));
      expect(noTrial.texts()).toEqual(["No free trial is offered right now."]);
      expect(noTrial.enqueued).toEqual([]);
    } finally {
      await noTrial.close();
    }
  });

  it("refuses a blocked customer without using up their trial", async () => {
    const ann = customer();
    await t.deps.books.customers.seen({ id: ann.id, firstName: "Ann", locale: "en" });
    await t.deps.books.customers.setBlocked(ann.id, true);
    await t.send(command(ann, "/trial"));
    await t.send(callback(ann, "trial:go"));
    const blocked = "Your access to this shop is blocked. Contact support if you think this is a mistake.";
    expect(t.texts()).toEqual([blocked]);
    expect(t.telegram.last("answerCallbackQuery")?.params.text).toBe(blocked);
    expect(t.enqueued).toEqual([]);
    expect((await t.deps.books.customers.get(ann.id))?.trialUsedAt).toBeUndefined();
  });
});
