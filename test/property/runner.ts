import type { Redis } from "ioredis";
import { DAY, HOUR, MINUTE, SECOND } from "../../src/runtime/clock.js";
import { ARCHIVE_ACTIONS } from "./actions-archive.js";
import { AUTO_RENEW_ACTIONS } from "./actions-auto-renew.js";
import { FREEZE_ACTIONS, unfreeze } from "./actions-freeze.js";
import { SALES_ACTIONS } from "./actions-sales.js";
import { SEAT_ACTIONS } from "./actions-seats.js";
import { SWITCH_ACTIONS } from "./actions-switch.js";
import { applyQueued, attempt, giveUp, giveUpChange, termActions } from "./actions-terms.js";
import type { Action, Ctx, Planned } from "./ctx.js";
import { armFault } from "./faults.js";
import { checkInvariants } from "./invariants.js";
import { Model } from "./model.js";
import { Rng } from "./prng.js";
import { DOUBT_MS, makeWorld } from "./world.js";

/*
 * One run of the model: a fresh world, a few customers with money, `steps` random steps (some two
 * at once, some with a hosting fault armed before them, the clock moved between them), a drain
 * that finishes what can be finished, then the invariants. The seed decides every choice.
 */

export interface RunResult {
  seed: number;
  steps: number;
  violations: string[];
  log: string[];
  /** How often each action ran, and the faults armed. */
  counts: Record<string, number>;
  /** What the steps came to (orders active, refunds, changes applied, ...). */
  outcomes: Record<string, number>;
}

const ACTIONS: Action[] = [
  ...[...SALES_ACTIONS, ...termActions(), ...AUTO_RENEW_ACTIONS, ...ARCHIVE_ACTIONS],
  ...[...SEAT_ACTIONS, ...SWITCH_ACTIONS, ...FREEZE_ACTIONS],
];
/** Rounds of the drain before what is still open is given up. */
const DRAIN_ROUNDS = 12;

export async function runModel(redis: Redis, seed: number, steps: number): Promise<RunResult> {
  const rng = new Rng(seed);
  const m = new Model();
  const violations: string[] = [];
  const counts: Record<string, number> = {};
  const outcomes: Record<string, number> = {};
  const w = await makeWorld(redis);
  const c: Ctx = {
    w,
    m,
    rng,
    note: (line) => m.log.push(line),
    violation: (line) => {
      violations.push(line);
      m.log.push(`  VIOLATION: ${line}`);
    },
    tally: (outcome, by = 1) => {
      outcomes[outcome] = (outcomes[outcome] ?? 0) + by;
    },
  };
  try {
    await seedCustomers(c);
    for (let i = 1; i <= steps; i++) await step(c, i, counts);
    await drain(c);
    // The invariants also hold with what the drain finished moved to the archive (issue 29).
    if (c.rng.chance(0.5)) await c.w.rooms.settlement.archiving?.run();
    await checkInvariants(c);
  } finally {
    await w.close();
  }
  if (m.locationRepairs > 0) outcomes["final reconciliation set back a location"] = m.locationRepairs;
  return { seed, steps, violations, log: m.log, counts, outcomes };
}

async function seedCustomers(c: Ctx): Promise<void> {
  const n = c.rng.int(2, 4);
  for (let i = 0; i < n; i++) {
    const id = c.m.newCustomerId();
    const money = c.rng.int(3, 10) * 100;
    await c.w.rooms.books.customers.seen({ id, firstName: `C${id}`, locale: "en" });
    await c.w.rooms.books.wallet.credit(id, money, `seed:${id}`, { kind: "admin-credit" });
    c.m.customers.push(id);
    c.note(`c${id} starts with ${money}`);
  }
}

async function step(c: Ctx, i: number, counts: Record<string, number>): Promise<void> {
  // A late xui or panel write lands before anything else touches its client: those backends keep
  // no doubt window, a write reordered after a later one is beyond what the shop guarantees. A
  // late node edit may stay in flight (the node's doubt window covers it) while the clock allows.
  await Promise.all([c.w.account.idle(), c.w.panel.idle()]);
  const moved = await advanceClock(c);
  const fault = c.rng.chance(0.4) ? armFault(c.w, c.rng) : undefined;
  const first = choose(c, counts);
  const other = c.rng.chance(0.2) ? choose(c, counts) : undefined;
  const shared = other?.touches?.some((id) => first.touches?.includes(id));
  const second = shared ? undefined : other;
  c.note(
    `#${i} (+${moved / SECOND}s)${fault ? ` ${fault.label};` : ""} ${first.label}${second ? ` || ${second.label}` : ""}`,
  );
  if (fault) counts[fault.key] = (counts[fault.key] ?? 0) + 1;
  // A service that throws (a hosting fault it passes on, as the bot would show an error) is noted
  // and counted; the invariants decide whether anything it left behind is wrong.
  const guard = (p: Planned) =>
    p.run().catch((err: unknown) => {
      c.tally("a step threw");
      c.note(`  ${p.label} threw: ${err instanceof Error ? err.stack : err}`);
    });
  await Promise.all([guard(first), ...(second ? [guard(second)] : [])]);
}

/** A little most of the time; now and then minutes, hours (never near a 30-day term's end). */
async function advanceClock(c: Ctx): Promise<number> {
  const ms = c.rng.weighted<[number, number]>([
    [[0, 10 * SECOND], 70],
    [[10 * SECOND, 2 * MINUTE], 20],
    [[2 * MINUTE, HOUR], 8],
    [[HOUR, 10 * HOUR], 2],
  ]);
  const by = Math.round(ms[0] + c.rng.next() * (ms[1] - ms[0]));
  await c.w.advance(by);
  return by;
}

function choose(c: Ctx, counts: Record<string, number>): Planned {
  for (let tries = 0; tries < 20; tries++) {
    const action = c.rng.weighted(ACTIONS.map((a) => [a, a.weight] as const));
    const planned = action.plan(c);
    if (!planned) continue;
    counts[action.name] = (counts[action.name] ?? 0) + 1;
    return planned;
  }
  return { label: "nothing to do", run: async () => undefined };
}

/**
 * No more faults; the clock past any doubt window; open gifts claimed or cancelled; queued orders
 * and term changes run until nothing is left (what still cannot finish is a violation, then given
 * up: refunded); the follow-ups of activations a crash cut off settled, as the order sweep does.
 */
async function drain(c: Ctx): Promise<void> {
  const { w } = c;
  c.note("drain");
  w.disarm();
  await w.idle();
  await settleGifts(c);
  for (let round = 0; round < DRAIN_ROUNDS && (await pending(c)) > 0; round++) {
    await w.advance(DOUBT_MS + SECOND);
    for (const id of [...w.jobs.orders]) await attempt(c, id, true);
    for (const id of [...w.jobs.changes]) await applyQueued(c, id);
    // A freeze holds its chain: the customers end theirs so what waits behind them can finish.
    for (const subId of [...c.m.frozen.keys()]) await unfreeze(c, subId, DAY);
    await settleGifts(c);
  }
  // Without faults and past every doubt window, what is still queued is stuck (a liveness bug).
  for (const id of [...w.jobs.orders]) {
    c.violation(`order ${id} could not finish without faults in ${DRAIN_ROUNDS} rounds`);
    await giveUp(c, id, "the drain gave up");
  }
  for (const id of [...w.jobs.changes]) {
    c.violation(`term change ${id} could not be applied without faults in ${DRAIN_ROUNDS} rounds`);
    await giveUpChange(c, id, "the drain gave up");
  }
  await w.rooms.settlement.afterActive.settleDue(w.clock.now() + 1);
  // A write the shop gave up on under load (its answer slow, not lost) lands before the checks.
  await w.idle();
}

/** Every gift still open is claimed by another customer or cancelled by its buyer. */
async function settleGifts(c: Ctx): Promise<void> {
  const { w, m } = c;
  for (const gift of m.gifts.filter((g) => g.open)) {
    const claimer = m.customers.find((id) => id !== gift.buyerId);
    const claim = claimer !== undefined && c.rng.chance(0.5);
    const out = claim
      ? (await w.rooms.sales.gifts.claim(gift.code, claimer)).status
      : (await w.rooms.sales.gifts.cancel(gift.code, gift.buyerId)).status;
    c.note(`  gift ${gift.orderId} ${claim ? `claimed by c${claimer}` : "cancelled"}: ${out}`);
    gift.open = false;
    if (!claim && out === "ok") m.refunded(gift.orderId);
  }
}

/** Queued work left; a paid order in flight the queue does not hold is a lost job (rule 9). */
async function pending(c: Ctx): Promise<number> {
  for (const id of await c.w.rooms.books.orders.openIds()) {
    if (!c.w.jobs.orders.has(id)) {
      c.violation(`paid order ${id} is in flight without a job`);
      c.w.jobs.orders.add(id);
    }
  }
  return c.w.jobs.orders.size + c.w.jobs.changes.size + c.m.frozen.size;
}

/** The failure message: the seed first (to replay it), what broke, then the step log. */
export function failureReport(r: RunResult): string {
  return [
    `MODEL_SEED=${r.seed} (replay: MODEL_SEED=${r.seed} MODEL_STEPS=${r.steps} npx vitest run test/property)`,
    ...r.violations.map((v) => `  broken: ${v}`),
    "step log:",
    ...r.log,
  ].join("\n");
}
