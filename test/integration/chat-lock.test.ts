import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_LOCK_CHANNEL, ChatLock, chatLockKey } from "../../src/bot/chat-lock.js";
import { testRedis } from "../helpers/redis.js";
import { sleep } from "../helpers/wait.js";

// Two ChatLocks on one Redis, each with its own wake-up connection: two processes.
let redis: Redis;
const locks: ChatLock[] = [];
const lockOf = (options: ConstructorParameters<typeof ChatLock>[1] = {}) => {
  const lock = new ChatLock(redis, options);
  locks.push(lock);
  return lock;
};

beforeAll(async () => {
  redis = await testRedis();
});
afterAll(async () => {
  await Promise.all(locks.map((l) => l.close()));
  await redis.quit();
});

describe("ChatLock (one update of a chat at a time across processes)", () => {
  it("a second holder waits for the first one's release and is woken by it", async () => {
    // Without the wake-up the waiter would look again only after a minute (past the test's limit).
    const a = lockOf({ lookAgainMs: 60_000, ttlMs: 60_000 });
    const b = lockOf({ lookAgainMs: 60_000, ttlMs: 60_000, waitMs: 30_000 });
    // b waits once (another chat) so that it listens for wake-ups from then on.
    const warm = await a.acquire("500");
    const warmWait = b.acquire("500");
    while (Number((await redis.pubsub("NUMSUB", CHAT_LOCK_CHANNEL))[1]) === 0) await sleep(10);
    await warm?.release();
    await (await warmWait)?.release();

    const events: string[] = [];
    const first = await a.acquire("501");
    expect(first).toBeDefined();
    events.push("a holds");
    const second = b.acquire("501").then((held) => {
      events.push("b holds");
      return held;
    });
    // b has tried (listening since before the try) and marked itself waiting.
    while ((await redis.exists(`${chatLockKey("501")}:waiters`)) === 0) await sleep(10);
    // Another chat is not held up.
    const other = await b.acquire("502");
    expect(other).toBeDefined();
    await other?.release();
    events.push("a releases");
    await first?.release();
    const held = await second;
    expect(held).toBeDefined();
    expect(events).toEqual(["a holds", "a releases", "b holds"]);
    await held?.release();
    expect(await redis.exists(chatLockKey("501"))).toBe(0);
  });

  it("a wait that runs out answers nothing held and leaves the holder's lock alone", async () => {
    const a = lockOf();
    const b = lockOf({ waitMs: 300 });
    const held = await a.acquire("511");
    expect(await b.acquire("511")).toBeUndefined();
    const token = await redis.get(chatLockKey("511"));
    expect(token).not.toBeNull();
    await held?.release();
    expect(await redis.exists(chatLockKey("511"))).toBe(0);
  });

  it("a holder that died (no renewal, no release) blocks the chat until its lock expires only", async () => {
    await redis.set(chatLockKey("521"), "dead-process", "PX", 400);
    const b = lockOf({ waitMs: 5_000 });
    const held = await b.acquire("521");
    expect(held).toBeDefined();
    expect(await redis.get(chatLockKey("521"))).not.toBe("dead-process");
    await held?.release();
  });

  it("is renewed while its update runs longer than the lock's life", async () => {
    const a = lockOf({ ttlMs: 300 });
    const held = await a.acquire("531");
    const token = await redis.get(chatLockKey("531"));
    // Four lives of the lock: without renewal it would be gone.
    await sleep(1_200);
    expect(await redis.get(chatLockKey("531"))).toBe(token);
    expect(await lockOf({ waitMs: 100 }).acquire("531")).toBeUndefined();
    await held?.release();
    expect(await redis.exists(chatLockKey("531"))).toBe(0);
  });

  it("a late release (its lock expired and another took it) does not delete the new holder's lock", async () => {
    const a = lockOf({ ttlMs: 60_000 });
    const stale = await a.acquire("541");
    // As if a's lock ran out and b took the chat.
    await redis.del(chatLockKey("541"));
    const b = lockOf();
    const current = await b.acquire("541");
    const token = await redis.get(chatLockKey("541"));
    await stale?.release();
    expect(await redis.get(chatLockKey("541"))).toBe(token);
    await current?.release();
    expect(await redis.exists(chatLockKey("541"))).toBe(0);
  });

  it("many updates of one chat from two processes run one at a time, none lost", async () => {
    const a = lockOf();
    const b = lockOf();
    let inside = 0;
    let most = 0;
    let done = 0;
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const held = await (i % 2 ? a : b).acquire("551");
        if (!held) throw new Error("not held");
        inside++;
        most = Math.max(most, inside);
        await sleep(5);
        inside--;
        done++;
        await held.release();
      }),
    );
    expect(most).toBe(1);
    expect(done).toBe(20);
  });
});
