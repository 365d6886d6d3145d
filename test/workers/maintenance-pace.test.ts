import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveTurn, workStarts } from "../../src/runtime/background-turn.js";
import { MINUTE } from "../../src/runtime/clock.js";
import { type PeriodicTask, startMaintenance } from "../../src/workers/maintenance.js";
import { until } from "../helpers/wait.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

let h: WorkerHarness;
beforeAll(async () => {
  h = await createWorkerHarness({ now: Date.now() });
});
afterAll(() => h.close());

describe("a periodic task's long work", () => {
  it("gives the event loop back at the process's pace, not only for a turn", async () => {
    const waits: number[] = [];
    let done = false;
    // Long work deep in a tick, as a hosting listing's parsing is: slices of ~5 ms.
    const task: PeriodicTask = {
      name: "long-work",
      everyMs: 10 * MINUTE,
      run: async () => {
        workStarts();
        for (let slice = 0; slice < 3; slice++) {
          const sliceEnd = performance.now() + 5;
          while (performance.now() < sliceEnd) {}
          await giveTurn();
        }
        done = true;
        return "ran";
      },
    };
    const connection = h.redis.duplicate({ maxRetriesPerRequest: null });
    const maintenance = await startMaintenance({
      connection,
      producer: h.redis,
      logger: h.logger,
      tasks: [task],
      pacing: { share: 0.2, wait: async (ms) => void waits.push(ms) },
    });
    try {
      await maintenance.runNow("long-work");
      await until(() => done, 10_000);
      // Each ~5 ms slice was followed by a wait of four times it (a fifth of the time).
      expect(waits).toHaveLength(3);
      for (const ms of waits) expect(ms).toBeGreaterThanOrEqual(19);
    } finally {
      await maintenance.close();
      await connection.quit();
    }
  });
});
