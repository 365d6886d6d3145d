import { execFile } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseConfig } from "../../src/config.js";
import { CALM_PERCENT, LOOK_EVERY_MS, startHeapGrowth } from "../../src/runtime/heap-growth.js";
import { projectRoot } from "../../src/runtime/paths.js";
import { BASE_ENV, configErrorOf } from "../helpers/config-env.js";

/**
 * A process of the built code sets the growth, keeps ~30 MB alive and churns objects that live
 * long enough to be promoted; it prints the largest heap it reached (MB).
 */
async function peakHeapMb(percent: number): Promise<number> {
  const module = pathToFileURL(join(projectRoot(), "dist/src/runtime/heap-growth.js")).href;
  const script = `
    const { startHeapGrowth } = await import(${JSON.stringify(module)});
    startHeapGrowth(${percent});
    const live = [];
    for (let i = 0; i < 300000; i++) live.push({ a: i, b: "x" + i });
    const recent = [];
    let peak = 0;
    for (let round = 0; round < 300; round++) {
      const batch = [];
      for (let j = 0; j < 20000; j++) batch.push({ j, s: "y" + j });
      recent.push(batch);
      if (recent.length > 8) recent.shift();
      peak = Math.max(peak, process.memoryUsage().heapTotal);
    }
    process.stdout.write(String(live.length > 0 ? peak / 2 ** 20 : 0));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script]);
  return Number(stdout);
}

describe("heap growth", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Starts the growth with a loop whose utilisation the test sets; returns the flags V8 got. */
  function started(percent: number) {
    vi.useFakeTimers();
    const flags: string[] = [];
    let busy = 1;
    const stop = startHeapGrowth(percent, { setFlags: (f) => flags.push(f), utilisation: () => busy });
    const look = (utilisation: number) => {
      busy = utilisation;
      vi.advanceTimersByTime(LOOK_EVERY_MS);
    };
    return { flags, look, stop };
  }

  it("is set in V8 at once; tighter while the event loop is calm, back when it is busy", () => {
    const { flags, look, stop } = started(50);
    expect(flags).toEqual(["--heap-growing-percent=50"]);
    look(0.9);
    expect(flags).toHaveLength(1);
    look(0.1);
    look(0.3);
    expect(flags).toEqual(["--heap-growing-percent=50", `--heap-growing-percent=${CALM_PERCENT}`]);
    look(0.7);
    expect(flags.at(-1)).toBe("--heap-growing-percent=50");
    stop();
    look(0.1);
    expect(flags).toHaveLength(3);
  });

  it("is left to V8 at 0; a setting at or under the calm one is kept as it is", () => {
    expect(started(0).flags).toEqual([]);
    const low = started(25);
    low.look(0.1);
    low.look(0.9);
    expect(low.flags).toEqual(["--heap-growing-percent=25"]);
  });

  // Two processes that churn memory for seconds of CPU each: the time allowed is for a busy machine.
  it("takes effect in a running process: the heap stays near its live size", async () => {
    const [tight, loose] = await Promise.all([peakHeapMb(20), peakHeapMb(300)]);
    // 1.2x vs 4x the live size: about 100 vs 200 MB on this machine.
    expect(tight).toBeLessThan(loose * 0.75);
  }, 60_000);

  it("is read from HEAP_GROWTH_PERCENT: 50 unless set, 0 to leave it to V8, else 10 to 400", () => {
    expect(parseConfig(BASE_ENV).heapGrowthPercent).toBe(50);
    expect(parseConfig({ ...BASE_ENV, HEAP_GROWTH_PERCENT: "0" }).heapGrowthPercent).toBe(0);
    expect(parseConfig({ ...BASE_ENV, HEAP_GROWTH_PERCENT: "120" }).heapGrowthPercent).toBe(120);
    expect(configErrorOf({ ...BASE_ENV, HEAP_GROWTH_PERCENT: "5" })).toMatch(
      /HEAP_GROWTH_PERCENT.*10 to 400/,
    );
    expect(configErrorOf({ ...BASE_ENV, HEAP_GROWTH_PERCENT: "1000" })).toMatch(/HEAP_GROWTH_PERCENT.*400/);
    expect(configErrorOf({ ...BASE_ENV, HEAP_GROWTH_PERCENT: "lots" })).toMatch(/HEAP_GROWTH_PERCENT/);
  });
});
