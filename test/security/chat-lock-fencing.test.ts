import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatLock, chatLockKey } from "../../src/bot/chat-lock.js";
import { callback, command, textMessage } from "../fakes/telegram-api.js";
import { createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";
import { conversationStates } from "../helpers/conversation-states.js";
import { testRedis } from "../helpers/redis.js";
import { until } from "../helpers/wait.js";

// Issue 23, finding 5: two webhook replicas on one Redis, each with its own chat lock. The first
// replica's update stalls (its Bot API call hangs) while its chat's lock runs out; the second
// replica takes the lock, handles the chat's next update and writes its session. The first
// replica's late session write must be refused (its user gets the polite error), never land on
// top of the second's.

/** The error boundary's answer, in the language the stalled update had switched to. */
const POLITE_RU = "Извините, у нас что-то пошло не так. Попробуйте ещё раз чуть позже.";

let redis: Redis;
let first: TestBot;
let second: TestBot;
let firstLock: ChatLock;
let secondLock: ChatLock;
const customer = newUsers(23_500);

beforeAll(async () => {
  redis = await testRedis();
  firstLock = new ChatLock(redis);
  secondLock = new ChatLock(redis);
  first = await createTestBot({ redis, chatLock: firstLock, rateLimit: false });
  second = await createTestBot({ redis, chatLock: secondLock, rateLimit: false });
});
afterAll(async () => {
  await Promise.all([firstLock.close(), secondLock.close()]);
  await Promise.all([first.close(), second.close()]);
  await redis.quit();
});

async function session(chat: number): Promise<{ locale?: string; conversations?: object }> {
  return JSON.parse((await redis.get(`session:${chat}`)) ?? "{}");
}

/**
 * Starts `update` on the first replica with its next sendMessage held (the stall), waits until it
 * hangs there, then lets the chat's lock run out (as a stall past its life or a failover does).
 * Returns the stalled handling and what lets it go on.
 */
async function stallFirst(chat: number, update: Parameters<TestBot["send"]>[0]) {
  first.telegram.clear();
  const resume = first.telegram.holdNext("sendMessage");
  const handling = first.send(update);
  await until(() => first.telegram.callsOf("sendMessage").length > 0);
  const key = chatLockKey(String(chat));
  expect(await redis.exists(key)).toBe(1);
  await redis.pexpire(key, 1);
  await until(async () => (await redis.exists(key)) === 0);
  return { handling, resume };
}

describe("a replica whose chat lock ran out mid-update", () => {
  it("has its late session write refused: its user gets the polite error, the other replica's session stands", async () => {
    const ann = customer();
    await first.send(command(ann, "/start"));
    const stalled = await stallFirst(ann.id, command(ann, "/language ru"));

    // The second replica takes the chat meanwhile and writes its session.
    await second.send(command(ann, "/language en"));
    expect(second.texts()).toEqual(["Language set to English."]);
    expect((await session(ann.id)).locale).toBe("en");

    stalled.resume();
    await stalled.handling;
    expect((await session(ann.id)).locale).toBe("en");
    expect(first.texts().at(-1)).toBe(POLITE_RU);
    expect(first.logs()).toContain("session not written: the update's chat lock was lost");
    // The stalled update never took another replica's lock with it.
    expect(await redis.exists(chatLockKey(String(ann.id)))).toBe(0);
  });

  it("does not overwrite a conversation the other replica started meanwhile", async () => {
    const bo = customer();
    await first.send(command(bo, "/wallet"));
    const stalled = await stallFirst(bo.id, command(bo, "/language ru"));

    // The second replica opens the top-up question (its state sealed in the session).
    await second.send(callback(bo, "wallet:custom:0"));
    const open = await conversationStates(redis);
    expect(open).toContain(`session:${bo.id}/${bo.id}`);

    stalled.resume();
    await stalled.handling;
    expect(first.texts().at(-1)).toBe(POLITE_RU);
    expect(await conversationStates(redis)).toEqual(open);

    // The question is still open: the next answer of the chat is taken as the amount.
    second.telegram.clear();
    await second.send(textMessage(bo, "1500"));
    // The amount is what counts here. Its label's digits follow the language, and the stalled
    // `/language ru` stored the customer's choice (the customer record is not fenced by the chat
    // lock, only the session and the conversations are): "1 500 ⭐" or "1,500 ⭐" are both right.
    const prices = second.telegram.last("sendInvoice")?.params.prices as { label: string; amount: number }[];
    expect(prices).toHaveLength(1);
    expect(prices[0]?.amount).toBe(1500);
    expect(prices[0]?.label).toMatch(/^1[ ,\u00a0\u202f]500 ⭐$/);
  });

  it("still writes normally while it holds its lock", async () => {
    const cy = customer();
    await first.send(command(cy, "/language ru"));
    expect((await session(cy.id)).locale).toBe("ru");
    await second.send(callback(cy, "wallet:custom:0"));
    expect(await conversationStates(redis)).toContain(`session:${cy.id}/${cy.id}`);
    expect(first.logs()).not.toContain(`"chat":"${cy.id}"`);
  });
});
