import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatLock, chatLockKey } from "../../src/bot/chat-lock.js";
import { callback, command } from "../fakes/telegram-api.js";
import { createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";
import { testRedis } from "../helpers/redis.js";

// A webhook replica whose chat is held by another replica (another ChatLock on the same Redis)
// for longer than the update may wait.
let redis: Redis;
let t: TestBot;
let other: ChatLock;
let mine: ChatLock;
const customer = newUsers(8700);

beforeAll(async () => {
  redis = await testRedis();
  mine = new ChatLock(redis, { waitMs: 200 });
  other = new ChatLock(redis);
  t = await createTestBot({ redis, chatLock: mine });
});
afterAll(async () => {
  await Promise.all([mine.close(), other.close()]);
  await t.close();
  await redis.quit();
});

describe("an update whose chat stays locked by another process", () => {
  it("is not handled: logged, and the user is told politely in their language", async () => {
    const ivan = customer({ language_code: "ru" });
    const held = await other.acquire(String(ivan.id));
    await t.send(command(ivan, "/start"));
    expect(t.texts()).toEqual(["Извините, у нас что-то пошло не так. Попробуйте ещё раз чуть позже."]);
    // Not run unlocked: no greeting, the customer not even recorded, no session written.
    expect(await t.deps.books.customers.get(ivan.id)).toBeUndefined();
    expect(await t.redis.exists(`session:${ivan.id}`)).toBe(0);
    expect(t.logs()).toContain("update not handled: its chat stayed locked");

    const ann = customer();
    const press = await other.acquire(String(ann.id));
    await t.send(callback(ann, "wallet:view"));
    expect(t.telegram.last("answerCallbackQuery")?.params).toMatchObject({
      text: "Sorry, something went wrong on our side. Please try again in a moment.",
      show_alert: true,
    });
    await press?.release();

    // Once the other process is done, the chat's updates are handled again.
    await held?.release();
    t.telegram.clear();
    await t.send(command(ivan, "/start"));
    expect(t.texts()[0]).toMatch(/^Привет/);
    expect(await t.redis.exists(chatLockKey(String(ivan.id)))).toBe(0);
  });
});
