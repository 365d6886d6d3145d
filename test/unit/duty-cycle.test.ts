import { describe, expect, it } from "vitest";
import {
  BACKGROUND_SHARE,
  BUSY_SHARE,
  DutyCycle,
  pacingFor,
  WORKER_SHARE,
} from "../../src/runtime/duty-cycle.js";

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

describe("DutyCycle beside busy updates", () => {
  /** As rig, with the loop's utilisation during each wait given in turn. */
  function busyRig(loads: number[]) {
    let t = 1_000;
    const waits: number[] = [];
    const readings = [...loads];
    let waiting = false;
    const cycle = new DutyCycle({
      share: 0.2,
      busyShare: 0.05,
      now: () => t,
      // Read before a wait (the window opens) and after it (the utilisation during the wait).
      utilisation: () => (waiting ? (readings.shift() ?? 0) : 0),
      wait: async (ms) => {
        waiting = true;
        waits.push(ms);
        t += ms;
      },
    });
    const work = async (ms: number) => {
      t += ms;
      await cycle.pause();
      waiting = false;
    };
    return { waits, work };
  }

  it("stands aside longer while the loop stayed busy through its last wait, and less once it calms", async () => {
    const { waits, work } = busyRig([0.9, 0.95, 0.1]);
    await work(10); // first step: nothing known yet, the calm share
    await work(10); // the loop was busy during the wait before: the busy share
    await work(10); // still busy
    await work(10); // calm again
    expect(waits).toEqual([40, 190, 190, 40]);
  });

  it("keeps the calm share when nothing else keeps the loop at work", async () => {
    const { waits, work } = busyRig([0.2, 0.3]);
    await work(10);
    await work(10);
    await work(10);
    expect(waits).toEqual([40, 40, 40]);
  });
});

describe("pacingFor", () => {
  it("keeps the updates first where the process takes them, and lets a worker-only process work most of the time", () => {
    expect(pacingFor("all").share).toBe(BACKGROUND_SHARE);
    expect(pacingFor("bot").share).toBe(BACKGROUND_SHARE);
    expect(pacingFor("worker").share).toBe(WORKER_SHARE);
    expect(WORKER_SHARE).toBeGreaterThan(BACKGROUND_SHARE);
    expect(pacingFor("all").busyShare).toBe(BUSY_SHARE);
    expect(pacingFor("worker").busyShare).toBeUndefined();
  });
});
