import type { Chat, User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  callback,
  command,
  preCheckout,
  successfulPayment,
  textMessage,
  user,
} from "../fakes/telegram-api.js";
import { createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";

const ADMIN = user(7900, { first_name: "Boss", language_code: "en" });
/** Five updates per user in a window far longer than any test run: nothing here depends on timing. */
const LIMIT = { limit: 5, windowMs: 60 * 60_000 };
const NOTICE_EN = "You are going a bit fast. Please wait a few seconds, then try again.";
const TOAST_RU = "Не так быстро: подождите несколько секунд.";

let a: TestBot;
let b: TestBot;

beforeAll(async () => {
  a = await createTestBot({ adminIds: [ADMIN.id], rateLimit: LIMIT });
  // A second bot process on the same Redis (two replicas behind one token).
  b = await createTestBot({ adminIds: [ADMIN.id], rateLimit: LIMIT, redis: a.redis });
});
afterAll(async () => {
  await b.close();
  await a.close();
});
beforeEach(() => {
  a.telegram.clear();
  b.telegram.clear();
});

const customer = newUsers(9100);

/** Texts both bots sent to `to`. */
function textsTo(to: User): string[] {
  return [a, b].flatMap((bot) =>
    bot.telegram
      .callsOf("sendMessage")
      .filter((c) => c.params.chat_id === to.id)
      .map((c) => String(c.params.text)),
  );
}

const helpReplies = (to: User) => textsTo(to).filter((text) => text.includes("/buy"));

describe("per-user rate limit", () => {
  it("holds across two bot instances sharing Redis, with one polite notice", async () => {
    const ann = customer();
    for (let i = 0; i < 4; i++) {
      await a.send(command(ann, "/help"));
      await b.send(command(ann, "/help"));
    }
    expect(helpReplies(ann).length).toBe(LIMIT.limit);
    expect(textsTo(ann).filter((text) => text === NOTICE_EN)).toHaveLength(1);
    expect(await a.redis.pttl(`ratelimit:${ann.id}`)).toBeGreaterThan(0);
  });

  it("drops button presses over the limit, each answered with a toast in the presser's language", async () => {
    const ivan = customer({ language_code: "ru" });
    for (let i = 0; i < 12; i++) await a.send(callback(ivan, "wallet:view"));
    const answers = a.telegram.callsOf("answerCallbackQuery");
    // Every press is answered (a dropped one too, or its button keeps spinning): see test/security/.
    expect(answers.length).toBe(12);
    expect(answers.filter((c) => c.params.text === TOAST_RU)).toHaveLength(12 - LIMIT.limit);
    expect(a.telegram.callsOf("editMessageText").length + a.telegram.callsOf("sendMessage").length).toBe(
      LIMIT.limit,
    );
  });

  it("never limits payments: pre-checkout and the payment go through over the limit", async () => {
    const bob = customer();
    for (let i = 0; i < 8; i++) await a.send(command(bob, "/help"));
    const topUp = await a.deps.sales.cashier.startTopUp(bob.id, 100);
    if (!topUp.ok) throw new Error("no top-up");
    await a.send(preCheckout(bob, `t:${topUp.id}`, 100, "XTR"));
    expect(a.telegram.last("answerPreCheckoutQuery")?.params.ok).toBe(true);
    await b.send(successfulPayment(bob, `t:${topUp.id}`, 100, "XTR", `charge-rl-${bob.id}`));
    expect(await a.deps.books.wallet.balance(bob.id)).toBe(100);
  });

  it("leaves other users and admins alone", async () => {
    const cat = customer();
    const dan = customer();
    for (let i = 0; i < 8; i++) await a.send(command(cat, "/help"));
    await a.send(command(dan, "/help"));
    expect(helpReplies(dan)).toHaveLength(1);
    for (let i = 0; i < 12; i++) await a.send(command(ADMIN, "/help"));
    expect(helpReplies(ADMIN)).toHaveLength(12);
    expect(textsTo(ADMIN)).not.toContain(NOTICE_EN);
  });

  it("counts each update once, in the private chat (hit early, beside the session) and in a group", async () => {
    const eve = customer();
    for (let i = 0; i < 3; i++) await a.send(command(eve, "/help"));
    await a.send(callback(eve, "wallet:view"));
    expect(await a.redis.get(`ratelimit:${eve.id}`)).toBe("4");
    const group = { id: -100_777, type: "group", title: "Friends" } as Chat;
    await a.send(textMessage(eve, "hello all", group));
    expect(await a.redis.get(`ratelimit:${eve.id}`)).toBe("5");
  });
});
