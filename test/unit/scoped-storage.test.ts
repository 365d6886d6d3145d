import { describe, expect, it } from "vitest";
import { giveTurn, inBackground } from "../../src/runtime/background-turn.js";
import { withLogFields } from "../../src/runtime/log-context.js";
import { ScopedStorage } from "../../src/runtime/scoped-storage.js";

/** Whether Node's promise hooks are on: a hooked promise carries async ids as symbol properties. */
const promisesHooked = () => Object.getOwnPropertySymbols(Promise.resolve().then(() => 1)).length > 0;
const later = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("scoped storage", () => {
  it("hooks promises only while a scope runs: a periodic task's tick or a job leaves none behind", async () => {
    expect(promisesHooked()).toBe(false);
    let inside = false;
    await inBackground({ share: 0.5, wait: async () => undefined }, async () => {
      await giveTurn();
      inside = promisesHooked();
    });
    expect(inside).toBe(true);
    // Left on, every promise of the bot's updates paid the hooks (a sixth of its CPU) for good.
    expect(promisesHooked()).toBe(false);
    await withLogFields({ jobId: "j" }, later);
    expect(promisesHooked()).toBe(false);
  });

  it("keeps a running scope's store until the last nested or overlapping one ends", async () => {
    const storage = new ScopedStorage<string>();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const long = storage.run("long", async () => {
      await gate;
      return storage.getStore();
    });
    const short = storage.run("short", async () => {
      await later();
      return storage.getStore();
    });
    expect(await short).toBe("short");
    release();
    expect(await long).toBe("long");
    expect(storage.getStore()).toBeUndefined();
    expect(() =>
      storage.run("sync", () => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    // Node switches the hooks off a turn after the storage (see the first test's awaits).
    await later();
    expect(promisesHooked()).toBe(false);
  });
});
