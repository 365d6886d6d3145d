import type { Redis } from "ioredis";
import { z } from "zod";
import { type Clock, DAY, MINUTE } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { type Lease, withLease } from "../../store/lease.js";
import { LuaScript } from "../../store/lua.js";
import { readHash } from "../../store/records.js";
import type { Subscription, Subscriptions } from "../books/index.js";
import type { RequiredChannel, RequiredChannels } from "../catalog/index.js";
import type { ProvisionerFor } from "../provisioning/index.js";
import type { ChannelGate, GateNotices } from "./channel-gate.js";
import { gateKeys } from "./keys.js";

/** How often a watched trial's owner is checked again, counted from the trial's own last check. */
export const TRIAL_RECHECK_MS = 15 * MINUTE;
/** A check that could not finish (Telegram or the hosting side did not answer) is tried again sooner. */
export const TRIAL_RETRY_MS = MINUTE;
/** A watch whose trial never appeared (its order failed) is given up after this. */
export const TRIAL_WATCH_WAIT_MS = 2 * DAY;
/** Watched trials checked per run (the rest at the next run). */
const BATCH = 100;
/** One step's lease: a pause or a resume is one hosting write and a few Redis calls. */
const STEP_LEASE_MS = 30_000;

const DUE = LuaScript.load(new URL("./lua/gate-trials-due.lua", import.meta.url));

const stateSchema = z.object({
  since: z.coerce.number(),
  /** `pending`: the gate decided to pause and may have sent it; `done`: the hosting side said yes. */
  pause: z.enum(["pending", "done"]).optional(),
  pausedAt: z.coerce.number().optional(),
});
type WatchState = z.output<typeof stateSchema>;

/**
 * What one look at a watched trial did. `waiting`: its access is not made yet; `ended`: expired or
 * removed (no longer watched); `kept`: nothing to change; `unknown`: Telegram or the hosting side
 * did not answer (tried again soon); `admin-disabled`: an admin's ban, not the gate's, left alone.
 */
export type TrialStep =
  | "none"
  | "waiting"
  | "ended"
  | "kept"
  | "paused"
  | "resumed"
  | "unknown"
  | "admin-disabled"
  | "busy";

export interface TrialWatchDeps {
  redis: Redis;
  clock: Clock;
  gate: ChannelGate;
  channels: RequiredChannels;
  subscriptions: Pick<Subscriptions, "ofCustomer">;
  provisioner: ProvisionerFor;
  notices?: GateNotices;
  logger: Logger;
}

/**
 * Trials taken through the channel gate, watched on their own schedule: a trial whose owner left
 * a required channel is paused (disabled on the hosting side) and resumed when they are back.
 * Every trial has its own next check in a sorted set (taken and moved on in one Lua step, so two
 * workers never check one trial at once), and each pause or resume runs under the trial's lease
 * (a worker and the owner's Check never act on it together). A pause is marked `pending` before
 * the hosting write and `done` after it: a lost answer or a crash between the two is sent again
 * (disable and enable are safe to repeat). Only what the gate paused is resumed: a trial an admin
 * disabled before is left as it is.
 */
export class TrialWatch {
  constructor(private readonly deps: TrialWatchDeps) {}

  /** Starts watching the trial `customerId` is taking now (its first check after TRIAL_RECHECK_MS). */
  async watch(customerId: number): Promise<void> {
    const { redis, clock } = this.deps;
    const now = clock.now();
    await redis
      .multi()
      .hsetnx(gateKeys.trial(customerId), "since", String(now))
      .zadd(gateKeys.trials, "NX", now + TRIAL_RECHECK_MS, String(customerId))
      .exec();
  }

  /** Checks every watched trial that is due (the periodic task): what each check did, counted. */
  async runDue(): Promise<Partial<Record<TrialStep, number>>> {
    const { redis, clock, logger } = this.deps;
    const now = clock.now();
    const due = (await DUE.run(redis, [gateKeys.trials], [now, now + TRIAL_RECHECK_MS, BATCH])) as string[];
    const counts: Partial<Record<TrialStep, number>> = {};
    for (const member of due) {
      const customerId = Number(member);
      const step = await this.step(customerId, true).catch((err: unknown) => {
        logger.warn({ err, customerId }, "channel gate: a watched trial's check failed");
        return "unknown" as const;
      });
      counts[step] = (counts[step] ?? 0) + 1;
      if (step === "unknown" || step === "busy")
        await redis.zadd(gateKeys.trials, "XX", clock.now() + TRIAL_RETRY_MS, member);
    }
    return counts;
  }

  /**
   * After the owner's Check found them back in: their paused trial runs again now (they are told
   * by whoever asked, so no notice). A step under way elsewhere is waited for a moment.
   */
  async recheckNow(customerId: number): Promise<TrialStep> {
    for (let attempt = 0; ; attempt++) {
      const step = await this.step(customerId, false);
      if (step !== "busy") return step;
      if (attempt >= 4) {
        // Still held (a slow hosting write): the watch's next run, within a minute, looks again.
        await this.deps.redis.zadd(gateKeys.trials, "XX", this.deps.clock.now(), String(customerId));
        return step;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  private async step(customerId: number, notify: boolean): Promise<TrialStep> {
    const { redis, logger } = this.deps;
    const result = await withLease(
      redis,
      gateKeys.trialRun(customerId),
      STEP_LEASE_MS,
      (lease) => this.look(customerId, notify, lease),
      { failed: (err) => logger.warn({ err, customerId }, "channel gate: trial lease renewal failed") },
    );
    return result === "busy" ? "busy" : result;
  }

  private async look(customerId: number, notify: boolean, lease: Lease): Promise<TrialStep> {
    const { redis, clock } = this.deps;
    const state = await readHash(redis, gateKeys.trial(customerId), stateSchema, { marker: "since" });
    if (!state) {
      await redis.zrem(gateKeys.trials, String(customerId));
      return "none";
    }
    const now = clock.now();
    const sub = (await this.deps.subscriptions.ofCustomer(customerId)).find((s) => s.trial);
    if (!sub) {
      if (now - state.since <= TRIAL_WATCH_WAIT_MS) return "waiting";
      await this.drop(customerId);
      return "ended";
    }
    if (sub.removedAt !== undefined || (sub.expiresAt > 0 && sub.expiresAt <= now)) {
      await this.drop(customerId);
      return "ended";
    }
    const channels = await this.deps.channels.list();
    const standings = await this.deps.gate.standings(customerId, channels, false);
    const out = channels.filter((c) => standings.get(c.id) === "out");
    if (out.length > 0) return this.pause(sub, state, out, notify, lease);
    // Telegram did not answer: nothing is decided on a guess (the bot not seeing a channel is no guess:
    // a check it cannot make lets the owner through, so a paused trial is resumed).
    if ([...standings.values()].includes("unavailable")) return "unknown";
    return state.pause ? this.resume(sub, state, notify, lease) : "kept";
  }

  private async pause(
    sub: Subscription,
    state: WatchState,
    out: RequiredChannel[],
    notify: boolean,
    lease: Lease,
  ): Promise<TrialStep> {
    const { redis, clock, logger } = this.deps;
    if (state.pause === "done") return "kept";
    const key = gateKeys.trial(sub.customerId);
    const provisioner = this.deps.provisioner(sub.ref.kind);
    let pausedAt = state.pausedAt;
    if (state.pause !== "pending" || pausedAt === undefined) {
      const live = await provisioner.state(sub.ref).catch(() => undefined);
      if (!live) return "unknown";
      // Disabled, and not by the gate: an admin's ban. Resuming it later would lift that ban.
      if (!live.enabled) return "admin-disabled";
      pausedAt = clock.now();
      await lease.hold();
      await redis.hset(key, { pause: "pending", pausedAt: String(pausedAt) });
    }
    await lease.hold();
    await provisioner.setEnabled(sub.ref, false);
    await redis.hset(key, "pause", "done");
    logger.info({ customerId: sub.customerId, subscriptionId: sub.id }, "channel gate: trial paused");
    if (notify) {
      const once = `gate-pause:${sub.id}:${pausedAt}`;
      await this.deps.notices?.trialPaused({ customerId: sub.customerId, channels: out, once });
    }
    return "paused";
  }

  private async resume(
    sub: Subscription,
    state: WatchState,
    notify: boolean,
    lease: Lease,
  ): Promise<TrialStep> {
    const { redis, logger } = this.deps;
    await lease.hold();
    await this.deps.provisioner(sub.ref.kind).setEnabled(sub.ref, true);
    await redis.hdel(gateKeys.trial(sub.customerId), "pause", "pausedAt");
    logger.info({ customerId: sub.customerId, subscriptionId: sub.id }, "channel gate: trial resumed");
    if (notify) {
      const once = `gate-resume:${sub.id}:${state.pausedAt ?? 0}`;
      await this.deps.notices?.trialResumed({ customerId: sub.customerId, once });
    }
    return "resumed";
  }

  private async drop(customerId: number): Promise<void> {
    await this.deps.redis
      .multi()
      .zrem(gateKeys.trials, String(customerId))
      .del(gateKeys.trial(customerId))
      .exec();
  }
}
