import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { broadcastStatsKey } from "../../src/domain/backoffice/index.js";
import { peak } from "../helpers/rate.js";
import { sleep, until } from "../helpers/wait.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

let h: WorkerHarness;

beforeAll(async () => {
  h = await createWorkerHarness();
  h.startOutbox({ perSecond: 20, perChatGapMs: 300 });
});
afterAll(() => h.close());
beforeEach(() => h.telegram.clear());

const sends = () => h.telegram.calls.filter((c) => c.method === "sendMessage" || c.method === "sendPhoto");

describe("outbox", () => {
  it("stays within the overall rate", async () => {
    await h.outbox.sendMany(
      Array.from({ length: 50 }, (_, i) => ({ chatId: 10_000 + i, text: `hello ${i}` })),
    );
    await until(() => sends().length === 50);
    // 20 a second on average; a fixed-window limiter of 4 per 200 ms peaks at 6 windows' worth.
    expect(
      peak(
        sends().map((c) => c.at),
        1_000,
      ),
    ).toBeLessThanOrEqual(24);
    const span = Math.max(...sends().map((c) => c.at)) - Math.min(...sends().map((c) => c.at));
    expect(span).toBeGreaterThanOrEqual(1_800);
  });

  it("keeps one message per chat per gap", async () => {
    await h.outbox.sendMany(Array.from({ length: 3 }, (_, i) => ({ chatId: 777, text: `n${i}` })));
    await until(() => sends().length === 3);
    const times = sends().map((c) => c.at);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(290);
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(290);
  });

  it("waits out a 429 and then delivers", async () => {
    h.telegram.failNext("sendMessage", {
      error_code: 429,
      description: "Too Many Requests: retry after 1",
      parameters: { retry_after: 1 },
    });
    await h.outbox.send({ chatId: 4242, text: "after the pause" });
    await until(() => h.telegram.callsOf("sendMessage").filter((c) => c.chatId === 4242).length === 2);
    const attempts = h.telegram.callsOf("sendMessage").filter((c) => c.chatId === 4242);
    expect(attempts).toHaveLength(2);
    expect((attempts[1]?.at ?? 0) - (attempts[0]?.at ?? 0)).toBeGreaterThanOrEqual(900);
  });

  it("marks a chat that blocked the bot and skips it in broadcasts", async () => {
    await h.rooms.books.customers.seen({ id: 5151, firstName: "Z", locale: "en" });
    h.telegram.blockChat(5151);
    await h.outbox.send({ chatId: 5151, text: "first", broadcastId: "b1" });
    await until(async () => (await h.rooms.books.customers.get(5151))?.botBlocked === true);
    h.telegram.clear();
    // The next broadcast skips it (one broadcast's message to a chat is one job: a second is not queued).
    await h.outbox.send({ chatId: 5151, text: "second", broadcastId: "b2" });
    await until(async () => Number(await h.redis.hget(broadcastStatsKey("b2"), "blocked")) === 1);
    expect(h.telegram.callsOf("sendMessage")).toHaveLength(0);
  });

  it("sends a once-only message once, even when queued again after it went out", async () => {
    await h.outbox.send({ chatId: 6161, text: "remind", once: "test:once:1" });
    await until(() => sends().length === 1);
    await h.outbox.send({ chatId: 6161, text: "remind", once: "test:once:1" });
    await h.outbox.forget("test:once:1");
    await h.outbox.send({ chatId: 6161, text: "remind", once: "test:once:1" });
    await sleep(500);
    expect(sends()).toHaveLength(1);
  });

  it("a delivery or a reminder is never queued behind a broadcast's fan-out", async () => {
    await h.outbox.sendMany(
      Array.from({ length: 60 }, (_, i) => ({ chatId: 20_000 + i, text: `news ${i}`, broadcastId: "bprio" })),
    );
    await h.outbox.send({ chatId: 30_001, text: "your VPN is ready" });
    await h.outbox.sendMany([{ chatId: 30_002, text: "expires in 3 days", once: "remind:prio:3d" }]);
    await until(() => sends().some((c) => c.chatId === 30_002) && sends().some((c) => c.chatId === 30_001));
    // At 20 a second the fan-out takes 3 s; the two urgent ones go out within its first beats.
    const order = sends().map((c) => c.chatId);
    expect(order.indexOf(30_001)).toBeLessThan(12);
    expect(order.indexOf(30_002)).toBeLessThan(12);
    await until(() => sends().length === 62);
  });
});
