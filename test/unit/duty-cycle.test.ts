import { describe, expect, it } from "vitest";
import { BACKGROUND_SHARE, DutyCycle, pacingFor, WORKER_SHARE } from "../../src/runtime/duty-cycle.js";

/** A clock moved by hand, and the waits asked for (each moves the clock too). */
function rig(share: number) {
  let t = 1_000;
  const waits: number[] = [];
  const cycle = new DutyCycle({
    share,
    now: () => t,
    wait: async (ms) => {
      waits.push(ms);
      t += ms;
    },
  });
  const work = (ms: number) => {
    t += ms;
  };
  return { cycle, waits, work };
}

describe("DutyCycle", () => {
  it("waits after each step so the pass is busy at most its share of the time", async () => {
    const { cycle, waits, work } = rig(0.2);
    work(30);
    await cycle.pause();
    work(10);
    await cycle.pause();
    expect(waits).toEqual([120, 40]);
    expect(cycle.waitedMs).toBe(160);
  });

  it("does not count its own waits as busy time", async () => {
    const { cycle, waits, work } = rig(0.5);
    work(20);
    await cycle.pause();
    await cycle.pause();
    expect(waits).toEqual([20]);
  });

  it("never waits with the whole of the time to itself", async () => {
    const { cycle, waits, work } = rig(1);
    work(500);
    await cycle.pause();
    expect(waits).toEqual([]);
  });
});

describe("pacingFor", () => {
  it("keeps the updates first where the process takes them, and lets a worker-only process work most of the time", () => {
    expect(pacingFor("all").share).toBe(BACKGROUND_SHARE);
    expect(pacingFor("bot").share).toBe(BACKGROUND_SHARE);
    expect(pacingFor("worker").share).toBe(WORKER_SHARE);
    expect(WORKER_SHARE).toBeGreaterThan(BACKGROUND_SHARE);
  });
});
