import { describe, expect, it } from "vitest";
import type { BotContext } from "../../src/bot/context.js";
import { blockedOf, chosenLocaleOf, shopClosedFor, startEarlyReads } from "../../src/bot/early-reads.js";

/** A private-chat update's context with its reads counted; `fail` makes them reject. */
function contextWith(fail: boolean, fromId = 42) {
  const calls = { locale: 0, closed: 0 };
  const read = <T>(value: T) => (fail ? Promise.reject(new Error("redis down")) : Promise.resolve(value));
  const ctx = {
    chat: { id: fromId, type: "private" },
    from: { id: fromId, is_bot: false, first_name: "A" },
    deps: {
      // The owner (1) is staff; the roster lists nobody else.
      staff: { roster: { isOwner: (id: number) => id === 1, ids: async () => [] } },
      books: {
        customers: {
          chatView: () => {
            calls.locale++;
            return read({ chosenLocale: "ru" as const, blocked: true });
          },
          chosenLocale: () => {
            calls.locale++;
            return read("ru" as const);
          },
          isBlocked: () => {
            calls.locale++;
            return read(true);
          },
        },
      },
      catalog: {
        maintenance: {
          closed: () => {
            calls.closed++;
            return read(undefined);
          },
        },
      },
    },
  } as unknown as BotContext;
  return { ctx, calls };
}

describe("early reads", () => {
  it("reads the chosen language, the block and the maintenance switch once, before the middlewares that use them", async () => {
    const { ctx, calls } = contextWith(false);
    await startEarlyReads(ctx, async () => {
      expect(calls).toEqual({ locale: 1, closed: 1 });
      expect(await chosenLocaleOf(ctx, 42)).toBe("ru");
      expect(await blockedOf(ctx, 42)).toBe(true);
      expect(await shopClosedFor(ctx)).toBeUndefined();
    });
    expect(calls).toEqual({ locale: 1, closed: 1 });
  });

  it("leaves the maintenance switch unread for an admin, whom the gate lets through", async () => {
    const { ctx, calls } = contextWith(false, 1);
    await startEarlyReads(ctx, async () => undefined);
    expect(calls).toEqual({ locale: 1, closed: 0 });
  });

  it("reads on demand for an update it did not start reads for", async () => {
    const { ctx, calls } = contextWith(false);
    expect(await chosenLocaleOf(ctx, 42)).toBe("ru");
    expect(await blockedOf(ctx, 42)).toBe(true);
    expect(calls.locale).toBe(2);
  });

  it("gives a failed read's error to whoever awaits it, and none to an update that ended first", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (err: unknown) => unhandled.push(err);
    process.on("unhandledRejection", onUnhandled);
    try {
      const ended = contextWith(true);
      await startEarlyReads(ended.ctx, async () => undefined);
      const awaited = contextWith(true);
      await startEarlyReads(awaited.ctx, async () => {
        await expect(chosenLocaleOf(awaited.ctx, 42)).rejects.toThrow("redis down");
        await expect(blockedOf(awaited.ctx, 42)).rejects.toThrow("redis down");
        await expect(shopClosedFor(awaited.ctx)).rejects.toThrow("redis down");
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
