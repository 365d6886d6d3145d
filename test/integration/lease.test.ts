import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FENCE_KEPT_MS,
  fenceKey,
  Lease,
  LeaseLost,
  type ReleaseAnnouncement,
  withLease,
} from "../../src/store/lease.js";
import { testRedis } from "../helpers/redis.js";
import { sleep, until } from "../helpers/wait.js";

// Two connections to one Redis database: two processes.
let one: Redis;
let two: Redis;
beforeAll(async () => {
  one = await testRedis();
  two = one.duplicate();
});
afterAll(async () => {
  await Promise.all([one.quit(), two.quit()]);
});

/** The fence of a take that must succeed. */
async function taken(lease: Lease): Promise<number> {
  const got = await lease.take();
  if (!got.held) throw new Error(`${lease.key} not taken: held ${got.leftMs} ms more`);
  return got.fence;
}

describe("Lease", () => {
  it("is held by one holder at a time across connections; renewed and released only by it", async () => {
    const a = new Lease(one, "l:one", { ms: 5_000 });
    const b = new Lease(two, "l:one", { ms: 5_000 });
    const fence = await taken(a);
    expect(a.held).toBe(true);
    expect(a.fence).toBe(fence);
    const answer = await b.take();
    expect(answer.held).toBe(false);
    if (answer.held) return;
    expect(answer.leftMs).toBeGreaterThan(4_000);
    expect(answer.leftMs).toBeLessThanOrEqual(5_000);
    expect(await b.renew()).toBe(false);
    await expect(b.hold()).rejects.toBeInstanceOf(LeaseLost);
    expect(await b.release()).toBe(false);
    expect(await one.get("l:one")).toBe(a.token);
    expect(await a.renew()).toBe(true);
    await a.hold();
    expect(await a.release()).toBe(true);
    expect(a.held).toBe(false);
    expect(await one.exists("l:one")).toBe(0);
    expect(await taken(b)).toBeGreaterThan(fence);
    expect(await two.get("l:one")).toBe(b.token);
    await b.release();
  });

  it("is taken again once it expired, and a late release leaves the new holder's lease alone", async () => {
    const a = new Lease(one, "l:expiry", { ms: 200 });
    const b = new Lease(two, "l:expiry", { ms: 5_000 });
    await taken(a);
    expect((await b.take()).held).toBe(false);
    await sleep(300);
    expect(await one.exists("l:expiry")).toBe(0);
    await taken(b);
    expect(await a.renew()).toBe(false);
    expect(await a.release()).toBe(false);
    expect(await one.get("l:expiry")).toBe(b.token);
    await b.release();
  });

  it("gives every take a larger fence: by another holder, after an expiry, after its counter is gone", async () => {
    const key = "l:fence";
    const fences: number[] = [];
    const a = new Lease(one, key, { ms: 150 });
    const b = new Lease(two, key, { ms: 150 });
    fences.push(await taken(a));
    await a.release();
    fences.push(await taken(b));
    await sleep(250); // b's lease expires without a release
    fences.push(await taken(a));
    expect(await a.renew()).toBe(true);
    expect(a.fence).toBe(fences[2]); // a renewal is the same take
    await a.release();
    // A later take by the same holder is a new take.
    fences.push(await taken(a));
    await a.release();
    // The counter itself is gone (it expired, or a restart without persistence): still larger.
    await one.del(fenceKey(key));
    fences.push(await taken(b));
    await b.release();
    for (let i = 1; i < fences.length; i++) expect(fences[i]).toBeGreaterThan(fences[i - 1] ?? 0);
    // The counter outlives the lease, bounded: FENCE_KEPT_MS past the last take.
    const kept = await one.pttl(fenceKey(key));
    expect(kept).toBeGreaterThan(FENCE_KEPT_MS - 60_000);
    expect(kept).toBeLessThanOrEqual(FENCE_KEPT_MS + 150);
  });

  it("hold() throws LeaseLost once another holder took it, and goes on throwing", async () => {
    const a = new Lease(one, "l:hold", { ms: 150 });
    await taken(a);
    await a.hold();
    await sleep(250);
    const b = new Lease(two, "l:hold", { ms: 5_000 });
    await taken(b);
    await expect(a.hold()).rejects.toBeInstanceOf(LeaseLost);
    expect(a.held).toBe(false);
    await expect(a.hold()).rejects.toThrow("the lease l:hold was lost");
    expect(await one.get("l:hold")).toBe(b.token);
    await b.release();
  });

  it("a renewal takes a vanished lease back (a new take) only when asked to", async () => {
    const plain = new Lease(one, "l:plain", { ms: 5_000 });
    await taken(plain);
    await one.del("l:plain");
    expect(await plain.renew()).toBe(false);
    expect(await one.exists("l:plain")).toBe(0);

    const poller = new Lease(one, "l:retake", { ms: 5_000, retake: true });
    const first = await taken(poller);
    await one.del("l:retake"); // as after a Redis restart without persistence
    expect(await poller.renew()).toBe(true);
    expect(await one.get("l:retake")).toBe(poller.token);
    expect(poller.fence).toBeGreaterThan(first);
    // Taken by another meanwhile: not taken back.
    await one.set("l:retake", "another", "PX", 5_000);
    expect(await poller.renew()).toBe(false);
    expect(await one.get("l:retake")).toBe("another");
  });

  it("a take whose answer was lost is held under its token: the retry answers held, same fence", async () => {
    const token = "retried-token";
    // The first attempt reached Redis; its answer never came back (the connection dropped).
    await taken(new Lease(one, "l:retry", { ms: 5_000, token }));
    const retry = new Lease(two, "l:retry", { ms: 5_000, token });
    const fence = Number(await one.get(fenceKey("l:retry")));
    expect(await taken(retry)).toBe(fence);
    expect(await retry.take()).toEqual({ held: true, fence }); // as often as it is retried
    expect((await new Lease(one, "l:retry", { ms: 5_000 }).take()).held).toBe(false);
    expect(await retry.release()).toBe(true);
    expect(await one.exists("l:retry")).toBe(0);
  });

  it("is renewed while kept, and tells when it was found lost", async () => {
    const a = new Lease(one, "l:kept", { ms: 300 });
    await taken(a);
    let lost = 0;
    a.keepRenewed({ lost: () => lost++ });
    await sleep(1_000); // more than three lives
    expect(await one.get("l:kept")).toBe(a.token);
    await one.set("l:kept", "another", "PX", 5_000);
    await until(() => lost === 1);
    expect(a.held).toBe(false);
    await sleep(300); // the renewals stopped
    expect(lost).toBe(1);
    expect(await one.get("l:kept")).toBe("another");
    await a.release();
  });
});

describe("a lease someone waits for", () => {
  const announce: ReleaseAnnouncement = {
    waitersKey: "l:wait:waiters",
    waitersMs: 5_000,
    channel: "l:released",
    message: "wait",
  };

  it("announces its release on the channel when a take found it held, and only then", async () => {
    const listener = one.duplicate();
    const heard: string[] = [];
    listener.on("message", (_channel: string, message: string) => heard.push(message));
    await listener.subscribe(announce.channel);
    try {
      const a = new Lease(one, "l:wait", { ms: 5_000, announce });
      await taken(a);
      await a.release(); // nobody waited
      await taken(a);
      const waiter = new Lease(two, "l:wait", { ms: 5_000, announce });
      expect((await waiter.take()).held).toBe(false);
      expect(await one.pttl(announce.waitersKey)).toBeGreaterThan(4_000);
      await a.release();
      await until(() => heard.length > 0);
      await sleep(100); // had the first release announced anything, it would be here by now
      expect(heard).toEqual(["wait"]);
      await taken(waiter);
      await waiter.release();
    } finally {
      await listener.quit();
    }
  });
});

describe("withLease", () => {
  it("runs the work under the lease, answers busy while another holds it, releases after", async () => {
    const key = "l:once";
    const inside = await withLease(one, key, 5_000, async (lease) => {
      expect(await one.get(key)).toBe(lease.token);
      expect(await withLease(two, key, 5_000, async () => "ran")).toBe("busy");
      return lease.fence;
    });
    expect(inside).toBeGreaterThan(0);
    expect(await one.exists(key)).toBe(0);
    await expect(
      withLease(one, key, 5_000, async () => {
        throw new Error("work failed");
      }),
    ).rejects.toThrow("work failed");
    expect(await one.exists(key)).toBe(0);
    expect(await withLease(two, key, 5_000, async (lease) => lease.fence)).toBeGreaterThan(inside as number);
  });
});
