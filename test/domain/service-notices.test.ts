import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTICES_KEPT, ServiceNotices, serviceNoticeKeys } from "../../src/domain/fleet/index.js";
import { DAY, ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { testRedis } from "../helpers/redis.js";

// Issue 25: the service notices kept per customer for the cabinet (what was said, never its words).

let redis: Redis;
const clock = new ManualClock();
let notices: ServiceNotices;

beforeAll(async () => {
  redis = await testRedis();
  notices = new ServiceNotices({ redis, clock });
});
afterAll(async () => {
  await redis.quit();
});

describe("ServiceNotices", () => {
  it("keeps a notice once per customer however often its round runs, newest first", async () => {
    const told = [
      { customerId: 1, subscriptions: ["s1", "s2"] },
      { customerId: 2, subscriptions: [] },
    ];
    await notices.record("outage:off:7:100", "outage-offline", told);
    clock.advance(MINUTE);
    // A round run again (a crash after sending, an overlapping run): the same once id.
    await notices.record("outage:off:7:100", "outage-offline", told);
    await notices.record("outage:back:7:100", "outage-back", [{ customerId: 1, subscriptions: [] }]);
    const start = clock.now() - MINUTE;
    expect(await notices.of(1)).toEqual([
      { id: "outage:back:7:100", at: clock.now(), kind: "outage-back", subscriptions: [] },
      { id: "outage:off:7:100", at: start, kind: "outage-offline", subscriptions: ["s1", "s2"] },
    ]);
    expect(await notices.of(2)).toHaveLength(1);
    expect(await notices.of(3)).toEqual([]);
  });

  it("keeps the newest NOTICES_KEPT of the last 30 days, and skips what it did not write", async () => {
    for (let i = 0; i < NOTICES_KEPT + 5; i++) {
      clock.advance(MINUTE);
      await notices.record(`outage:off:8:${i}`, "outage-offline", [{ customerId: 9, subscriptions: [] }]);
    }
    const kept = await notices.of(9);
    expect(kept).toHaveLength(NOTICES_KEPT);
    expect(kept[0]?.id).toBe(`outage:off:8:${NOTICES_KEPT + 4}`);
    expect(await redis.zcard(serviceNoticeKeys.log(9))).toBe(NOTICES_KEPT);
    // A member it did not write is never shown (it only takes a place).
    await redis.zadd(serviceNoticeKeys.log(9), clock.now() + 1, "junk|{not json");
    const read = await notices.of(9);
    expect(read.map((n) => n.id)).toEqual(kept.slice(0, NOTICES_KEPT - 1).map((n) => n.id));
    clock.advance(31 * DAY);
    expect(await notices.of(9)).toEqual([]);
  });
});
