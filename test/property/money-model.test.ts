import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, it } from "vitest";
import { testRedis } from "../helpers/redis.js";
import { failureReport, type RunResult, runModel } from "./runner.js";

/*
 * Issue 22's property test: seeded random interleavings of purchases, renewals, admins' term
 * changes, refunds, charge again, promo codes, gifts, referrals, top-ups and reconciliations,
 * with hosting faults, against the real services on Redis and the three hosting fakes; after
 * each run the money and term invariants (runner.ts, invariants.ts).
 *
 * CI runs MODEL_RUNS (default 30) seeds from MODEL_SEED_BASE (default 1), MODEL_STEPS steps each
 * (default 20). MODEL_SEED=<n> replays one seed. `npm run soak` runs thousands and reports every
 * failing seed.
 */

const env = process.env;
const steps = Number(env.MODEL_STEPS ?? 20);
const single = env.MODEL_SEED === undefined ? undefined : Number(env.MODEL_SEED);
const runs = single === undefined ? Number(env.MODEL_RUNS ?? 30) : 1;
const base = Number(env.MODEL_SEED_BASE ?? 1);
const seeds = single === undefined ? Array.from({ length: runs }, (_, i) => base + i) : [single];
/** A long run (the soak) goes on after a failure, to report every failing seed. */
const soak = env.MODEL_SOAK === "1" || runs > 100;

let redis: Redis;
beforeAll(async () => {
  redis = await testRedis();
});
afterAll(async () => {
  await redis.quit();
});

describe("the money and term model (issue 22)", () => {
  it(
    `holds over ${runs} seeded interleaving(s) of ${steps} steps`,
    async () => {
      const started = Date.now();
      const failed: RunResult[] = [];
      const totals: Record<string, number> = {};
      const outcomes: Record<string, number> = {};
      for (const seed of seeds) {
        const result = await runModel(redis, seed, steps);
        for (const [k, n] of Object.entries(result.counts)) totals[k] = (totals[k] ?? 0) + n;
        for (const [k, n] of Object.entries(result.outcomes)) outcomes[k] = (outcomes[k] ?? 0) + n;
        if (result.violations.length > 0) failed.push(result);
        if (failed.length > 0 && !soak) break;
      }
      const ran = soak || failed.length === 0 ? seeds.length : seeds.indexOf(failed[0]?.seed ?? 0) + 1;
      const summary = [
        `money model: ${ran} interleavings of ${steps} steps in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        `seeds ${seeds[0]}..${seeds[seeds.length - 1]}; ${failed.length} failed${failed.length ? `: ${failed.map((f) => f.seed).join(", ")}` : ""}`,
        `actions and faults: ${Object.entries(totals)
          .sort()
          .map(([k, n]) => `${k} ${n}`)
          .join(", ")}`,
        `outcomes: ${Object.entries(outcomes)
          .sort()
          .map(([k, n]) => `${k} ${n}`)
          .join(", ")}`,
      ];
      if (soak) for (const f of failed) summary.push(`seed ${f.seed}:\n  ${f.violations.join("\n  ")}`);
      console.log(summary.join("\n"));
      const first = failed[0];
      if (first) throw new Error(`${failureReport(first)}\n\n${summary.join("\n")}`);
    },
    Math.max(60_000, seeds.length * steps * 1_000),
  );
});
