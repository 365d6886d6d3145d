import type { User } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callback } from "../fakes/telegram-api.js";
import { createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";

/**
 * Issue 23, finding 8: taps over the flood limit were dropped unanswered, so their buttons kept
 * spinning (of 10 quick taps on "Pay from balance", 5 never got an answer). Every callback query
 * is answered exactly once; a dropped one with a short "slow down" toast in the user's language.
 */

/** Five updates per user in a window far longer than the test: nothing here depends on timing. */
const LIMIT = { limit: 5, windowMs: 60 * 60_000 };
const TOAST = {
  en: "Slow down, please: wait a few seconds.",
  ru: "Не так быстро: подождите несколько секунд.",
};

let t: TestBot;
beforeAll(async () => {
  t = await createTestBot({ rateLimit: LIMIT });
});
afterAll(() => t.close());

const customer = newUsers(23_800);

/** Opens an order the customer can pay from their balance; returns its "Pay from balance" data. */
async function payButton(from: User): Promise<string> {
  await t.deps.books.wallet.credit(from.id, 1000, `seed:${from.id}`, { kind: "admin-credit" });
  const started = await t.deps.sales.shop.startPurchase(from.id, "de-xui", "en");
  if (!started.ok) throw new Error(`no order: ${JSON.stringify(started)}`);
  return `ord:bal:${started.order.id}`;
}

/** Sends ten taps of `data` at once and returns each query's answers, by query id. */
async function tapTenTimes(from: User, data: string): Promise<Map<string, Record<string, unknown>[]>> {
  t.telegram.clear();
  const taps = Array.from({ length: 10 }, () => callback(from, data));
  await Promise.all(taps.map((tap) => t.send(tap)));
  const answers = new Map<string, Record<string, unknown>[]>();
  for (const tap of taps) answers.set(String(tap.callback_query?.id), []);
  for (const call of t.telegram.callsOf("answerCallbackQuery")) {
    answers.get(String(call.params.callback_query_id))?.push(call.params);
  }
  return answers;
}

describe("buttons pressed faster than the flood limit", () => {
  it.each(["en", "ru"] as const)(
    "each tap is answered once, the dropped ones with a toast (%s)",
    async (lang) => {
      const ann = customer({ language_code: lang });
      const data = await payButton(ann);
      const answers = await tapTenTimes(ann, data);
      const counts = [...answers.values()].map((a) => a.length);
      expect(counts).toEqual(Array(10).fill(1));
      const toasts = [...answers.values()].flat().filter((a) => a.text === TOAST[lang]);
      expect(toasts).toHaveLength(10 - LIMIT.limit);
      expect(toasts.every((a) => a.show_alert !== true)).toBe(true);
      // The order was paid once, by one of the taps let through.
      expect(await t.deps.books.wallet.balance(ann.id)).toBe(1000 - 150);
      expect(t.enqueued).toHaveLength(lang === "en" ? 1 : 2);
    },
  );
});
