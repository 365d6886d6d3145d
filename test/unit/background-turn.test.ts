import { describe, expect, it } from "vitest";
import {
  giveTurn,
  ITEMS_PER_TURN,
  inBackground,
  mapInTurns,
  workStarts,
} from "../../src/runtime/background-turn.js";
import { turnsDuring } from "../helpers/turns.js";

/** A pace whose clock the test moves and whose waits it records instead of sleeping. */
function recordingPace(share: number) {
  let now = 1_000;
  const waits: number[] = [];
  const pacing = {
    share,
    now: () => now,
    wait: async (ms: number) => {
      waits.push(ms);
    },
  };
  const work = (ms: number) => {
    now += ms;
  };
  return { pacing, waits, work };
}

describe("giving the event loop back inside long work", () => {
  it("outside a background task: one turn, no wait", async () => {
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    await giveTurn();
    expect(turned).toBe(true);
  });

  it("inside one: waits in proportion to the slice just done, at the task's share", async () => {
    const pace = recordingPace(0.2);
    await inBackground(pace.pacing, async () => {
      workStarts();
      pace.work(10);
      await giveTurn();
      pace.work(5);
      await giveTurn();
    });
    expect(pace.waits).toEqual([40, 20]);
  });

  it("does not count the wait before the work started (the hosting's answer) as work", async () => {
    const pace = recordingPace(0.2);
    await inBackground(pace.pacing, async () => {
      pace.work(300);
      workStarts();
      pace.work(2);
      await giveTurn();
    });
    expect(pace.waits).toEqual([8]);
  });

  it("follows the task through its awaits, and ends with it", async () => {
    const pace = recordingPace(0.5);
    await inBackground(pace.pacing, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      await Promise.resolve();
      workStarts();
      pace.work(4);
      await giveTurn();
    });
    pace.work(4);
    await giveTurn();
    expect(pace.waits).toEqual([4]);
  });

  it("indexes a long list into a Map a slice at a time, every entry kept", async () => {
    const items = Array.from({ length: ITEMS_PER_TURN * 4 + 3 }, (_, i) => ({ name: `c${i}`, used: i }));
    const { result, turns } = await turnsDuring(() => mapInTurns(items, (c) => [c.name, c.used]));
    expect(result.size).toBe(items.length);
    expect(result.get(`c${items.length - 1}`)).toBe(items.length - 1);
    expect(turns).toBeGreaterThanOrEqual(4);
  });
});
