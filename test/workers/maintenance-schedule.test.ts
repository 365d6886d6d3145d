import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MINUTE } from "../../src/runtime/clock.js";
import {
  AT_ONCE_UP_TO_MS,
  firstRunOffset,
  MAINTENANCE_QUEUE,
  type PeriodicTask,
  startMaintenance,
} from "../../src/workers/maintenance.js";
import { QUEUE_PREFIX } from "../../src/workers/queues.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

let h: WorkerHarness;
beforeAll(async () => {
  h = await createWorkerHarness({ now: Date.now() });
});
afterAll(() => h.close());

const idle = (name: string, everyMs: number): PeriodicTask => ({ name, everyMs, run: async () => "ran" });

describe("the periodic tasks' first runs", () => {
  it("frequent tasks start at once; the others at a stable point of their period, never 0", () => {
    expect(firstRunOffset("reminders", MINUTE)).toBeUndefined();
    expect(firstRunOffset("order-sweep", AT_ONCE_UP_TO_MS)).toBeUndefined();
    const names = ["traffic", "drift-sync", "reconcile-stars", "daily-report", "audit-retention"];
    const offsets = names.map((n) => firstRunOffset(n, 10 * MINUTE) ?? 0);
    for (const o of offsets) {
      expect(o).toBeGreaterThan(0);
      expect(o).toBeLessThan(10 * MINUTE);
    }
    // Spread, not bunched: the same name gives the same point, different names different ones.
    expect(new Set(offsets).size).toBe(names.length);
    expect(firstRunOffset("traffic", 10 * MINUTE)).toBe(offsets[0]);
  });

  it("on a fresh Redis the heavy passes wait for their point while the light ones run; a second process keeps that schedule", async () => {
    const tasks = [idle("light", MINUTE), idle("heavy", 10 * MINUTE), idle("heavier", 15 * MINUTE)];
    // Paused, so the light task's first job waits where the scheduler put it (nothing runs it).
    const queue = new Queue(MAINTENANCE_QUEUE, { connection: h.redis, prefix: QUEUE_PREFIX });
    await queue.pause();
    const one = h.redis.duplicate({ maxRetriesPerRequest: null });
    const two = h.redis.duplicate({ maxRetriesPerRequest: null });
    const before = Date.now();
    const first = await startMaintenance({ connection: one, producer: h.redis, logger: h.logger, tasks });
    const schedule = async () =>
      new Map((await queue.getJobSchedulers()).map((s) => [s.key, s.next ?? 0] as const));
    try {
      const at = await schedule();
      // The light task is due now; the heavy ones at their point, within one period, not now.
      expect(at.get("light")).toBeLessThanOrEqual(Date.now());
      for (const [name, every] of [
        ["heavy", 10 * MINUTE],
        ["heavier", 15 * MINUTE],
      ] as const) {
        expect(at.get(name)).toBeGreaterThan(before);
        expect(at.get(name)).toBeLessThanOrEqual(before + every);
        expect((at.get(name) ?? 0) % every).toBe(firstRunOffset(name, every));
      }
      const second = await startMaintenance({ connection: two, producer: h.redis, logger: h.logger, tasks });
      await second.close();
      // The spread runs stay where the first process put them (not moved to "now" or later).
      const again = await schedule();
      expect([again.get("heavy"), again.get("heavier")]).toEqual([at.get("heavy"), at.get("heavier")]);
    } finally {
      await first.close();
      await queue.close();
      await one.quit();
      await two.quit();
    }
  });
});
