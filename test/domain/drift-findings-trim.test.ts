import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DriftFindings, driftKeys, FINDINGS_PER_KIND } from "../../src/domain/drift/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { testRedis } from "../helpers/redis.js";

/*
 * Issue 29 (goal 3): a reconciliation that found thousands of clients missing (a server wiped)
 * recorded each finding and then trimmed its kind by reading every waiting one: quadratic, 17
 * million Redis commands for 10 000 subscriptions. The trim now reads the settled ones only.
 */

let redis: Redis;
let findings: DriftFindings;
const clock = new ManualClock(Date.UTC(2026, 10, 1));
let sent = 0;

beforeAll(async () => {
  redis = await testRedis();
  // Counts every command this client sends (a MULTI's queued ones included).
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = (...args: Parameters<Redis["sendCommand"]>) => {
    sent += 1;
    return send(...args);
  };
  findings = new DriftFindings(redis, clock);
});
afterAll(() => redis.quit());

const ref = (n: number) => ({ kind: "xui", serverId: 101, name: `c${n}-00000000` }) as const;
const missing = (n: number) =>
  ({ kind: "missing", subscriptionId: `s${n}`, customerId: n, ref: ref(n) }) as const;
const expiry = (n: number) =>
  ({ kind: "expiry_changed", subscriptionId: `e${n}`, customerId: n, from: 1, to: 2 }) as const;

describe("drift findings: the trim", () => {
  it("records many waiting findings at a cost that does not grow with how many wait", async () => {
    const waiting = FINDINGS_PER_KIND + 600;
    for (let n = 0; n < waiting - 50; n++) await findings.record(missing(n), "waiting", "xui:101");
    const before = sent;
    for (let n = waiting - 50; n < waiting; n++) await findings.record(missing(n), "waiting", "xui:101");
    // Before: each record read every waiting finding past the kind's 200 (about 600 ZSCOREs).
    expect((sent - before) / 50).toBeLessThan(12);
    expect(await redis.zcard(driftKeys.waiting)).toBe(waiting);
    expect(await redis.zcard(driftKeys.byKind("missing"))).toBe(waiting);
  });

  it("keeps the latest settled findings of a kind and every waiting one", async () => {
    for (let n = 0; n < 30; n++) {
      clock.advance(1_000);
      await findings.record(expiry(n), "waiting", "xui:101");
    }
    for (let n = 30; n < 30 + FINDINGS_PER_KIND + 40; n++) {
      clock.advance(1_000);
      await findings.record(expiry(n), "repaired", "xui:101");
    }
    const kept = await redis.zrange(driftKeys.byKind("expiry_changed"), "0", "-1");
    expect(kept).toHaveLength(30 + FINDINGS_PER_KIND);
    const first = (await findings.latest("expiry_changed", 1_000)).map((f) =>
      "subscriptionId" in f ? f.subscriptionId : "",
    );
    for (let n = 0; n < 30; n++) expect(first).toContain(`e${n}`);
    for (let n = 30; n < 70; n++) expect(first).not.toContain(`e${n}`);
    expect(await redis.exists(`drift:f:${(await findings.latest("expiry_changed", 1))[0]?.id}`)).toBe(1);
  });

  it("a resolved finding becomes one of the settled ones the trim may drop", async () => {
    const [oldest] = await findings.waiting(1);
    expect(oldest).toBeDefined();
    if (!oldest) return;
    expect(await findings.resolve(oldest.id, "repaired by hand")).toBe(true);
    expect(await redis.zscore(driftKeys.settled(oldest.kind), oldest.id)).not.toBeNull();
    expect(await redis.zscore(driftKeys.waiting, oldest.id)).toBeNull();
  });
});
