import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type AuditEntry,
  type AuditFilter,
  AuditLog,
  auditEntry,
  auditKeys,
  execAudited,
  NotPermitted,
  writeAuditIn,
} from "../../src/domain/staff/index.js";
import { DAY, ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { testRedis } from "../helpers/redis.js";

/**
 * The audit log: records made in the change's own step, actions outside Redis begun and
 * finished (and settled `unknown` when their process died), pages and filters, the export's
 * stream, and retention.
 */

const NOW = Date.UTC(2026, 4, 1, 12);
const OWNER = 9101;
const ADMIN = 9201;

let redis: Redis;
const clock = new ManualClock(NOW);
let audit: AuditLog;

beforeAll(async () => {
  redis = await testRedis();
  audit = new AuditLog(redis, () => clock.now());
});
afterAll(() => redis.quit());
beforeEach(async () => {
  await redis.flushdb();
  clock.set(NOW);
});

async function all(filter: AuditFilter = {}, from?: number, chunk?: number): Promise<AuditEntry[][]> {
  const chunks: AuditEntry[][] = [];
  for await (const c of audit.all(filter, from, chunk)) chunks.push(c);
  return chunks;
}

/** `n` entries, one a minute from `start`, alternating between two actors and three subjects. */
async function seed(n: number, start = NOW): Promise<void> {
  const tx = redis.multi();
  for (let i = 0; i < n; i++) {
    const input = {
      actorId: i % 2 === 0 ? OWNER : ADMIN,
      role: i % 2 === 0 ? "owner" : "admin",
      action: "wallet.credit",
      subject: `customer:${i % 3}`,
      after: String(i),
    };
    writeAuditIn(tx, auditEntry(input, start + i * MINUTE));
  }
  await tx.exec();
}

describe("recording", () => {
  it("keeps who, what, on which subject, before and after, when and the outcome; long states are cut", async () => {
    const entry = await audit.record({
      actorId: OWNER,
      role: "owner",
      action: "settings.set",
      subject: "settings:trialDays",
      before: "1",
      after: "x".repeat(900),
    });
    expect(await audit.get(entry.id)).toEqual({
      id: entry.id,
      at: NOW,
      actorId: OWNER,
      role: "owner",
      action: "settings.set",
      subject: "settings:trialDays",
      before: "1",
      after: "x".repeat(500),
      outcome: "done",
    });
    // Ids sort by time, so the log's order and the ids' agree.
    clock.advance(1);
    const later = await audit.record({ actorId: OWNER, role: "owner", action: "a.b", subject: "s:1" });
    expect(later.id > entry.id).toBe(true);
  });

  it("recordIn runs the change and its record as one MULTI", async () => {
    const tx = redis.multi().hset("settings:test", "trialDays", "3");
    await audit.recordIn(tx, {
      actorId: ADMIN,
      role: "admin",
      action: "settings.set",
      subject: "settings:x",
    });
    expect(await redis.hget("settings:test", "trialDays")).toBe("3");
    expect((await audit.page({ actorId: ADMIN }, 0, 10)).total).toBe(1);
  });

  it("refuses to call a MULTI done when one of its commands failed (Redis runs the rest anyway)", async () => {
    await redis.set("not-a-hash", "text");
    const tx = redis.multi().hset("not-a-hash", "f", "v");
    await expect(
      audit.recordIn(tx, { actorId: ADMIN, role: "admin", action: "x.y", subject: "s:1" }),
    ).rejects.toThrow(/WRONGTYPE/);
    await expect(execAudited(redis.multi().incr("counter"))).resolves.toBeUndefined();
  });
});

describe("actions outside Redis: begin, finish, around, settleStarted", () => {
  const input = { actorId: ADMIN, role: "admin", action: "server.extend", subject: "server:7" };

  it("around records done with what the action made", async () => {
    const result = await audit.around(
      input,
      async () => ({ days: 37 }),
      (r) => `${r.days} days`,
    );
    expect(result).toEqual({ days: 37 });
    const [entry] = (await audit.page({ subject: "server:7" }, 0, 10)).entries;
    expect(entry).toMatchObject({ outcome: "done", after: "37 days", action: "server.extend" });
    expect(await redis.zcard(auditKeys.started)).toBe(0);
  });

  it("around records failed with the error (rethrown), and refused for NotPermitted", async () => {
    await expect(
      audit.around(input, async () => {
        throw new Error("hosting answered 503");
      }),
    ).rejects.toThrow("hosting answered 503");
    clock.advance(1);
    await expect(
      audit.around(input, async () => {
        throw new NotPermitted(ADMIN, "hosting", "viewer");
      }),
    ).rejects.toBeInstanceOf(NotPermitted);
    const entries = (await audit.page({}, 0, 10)).entries;
    expect(entries.map((e) => [e.outcome, e.note])).toEqual([
      ["refused", `staff ${ADMIN} (viewer) may not hosting`],
      ["failed", "hosting answered 503"],
    ]);
  });

  it("settles entries started over 10 minutes ago as unknown, and only those", async () => {
    const dead = await audit.begin(input);
    clock.advance(5 * MINUTE);
    const running = await audit.begin({ ...input, subject: "server:8" });
    const finished = await audit.begin({ ...input, subject: "server:9" });
    await audit.finish(finished, "done", "30 days");
    clock.advance(6 * MINUTE);

    expect(await audit.settleStarted(10 * MINUTE)).toBe(1);
    expect(await audit.get(dead.id)).toMatchObject({
      outcome: "unknown",
      note: "the process stopped before the outcome was known",
    });
    expect((await audit.get(running.id))?.outcome).toBe("started");
    expect((await audit.get(finished.id))?.outcome).toBe("done");
    expect(await audit.settleStarted(10 * MINUTE)).toBe(0);

    // A finish arriving after the settling leaves `unknown` as it is; the other way round too.
    await audit.finish(dead, "done", "37 days");
    expect((await audit.get(dead.id))?.outcome).toBe("unknown");
    await audit.finish(running, "failed", undefined, "timeout");
    clock.advance(20 * MINUTE);
    expect(await audit.settleStarted(10 * MINUTE)).toBe(0);
    expect(await audit.get(running.id)).toMatchObject({ outcome: "failed", note: "timeout" });
  });

  it("finds a started entry however long the log is", async () => {
    await seed(2_100, NOW - 3 * DAY);
    const dead = await audit.begin(input);
    clock.advance(11 * MINUTE);
    expect(await audit.settleStarted(10 * MINUTE)).toBe(1);
    expect((await audit.get(dead.id))?.outcome).toBe("unknown");
  });
});

describe("reading", () => {
  it("pages newest first, by staff member and by subject, with totals", async () => {
    await seed(25);
    const first = await audit.page({}, 0, 10);
    expect(first.total).toBe(25);
    expect(first.entries.map((e) => e.after)).toEqual([
      "24",
      "23",
      "22",
      "21",
      "20",
      "19",
      "18",
      "17",
      "16",
      "15",
    ]);
    const last = await audit.page({}, 20, 10);
    expect(last.entries.map((e) => e.after)).toEqual(["4", "3", "2", "1", "0"]);

    const admin = await audit.page({ actorId: ADMIN }, 0, 3);
    expect(admin.total).toBe(12);
    expect(admin.entries.map((e) => [e.actorId, e.after])).toEqual([
      [ADMIN, "23"],
      [ADMIN, "21"],
      [ADMIN, "19"],
    ]);
    const subject = await audit.page({ subject: "customer:1" }, 0, 100);
    expect(subject.total).toBe(8);
    expect(subject.entries.every((e) => e.subject === "customer:1")).toBe(true);
    expect(await audit.page({ subject: "customer:404" }, 0, 10)).toEqual({ entries: [], total: 0 });
  });

  it("streams every entry of a filter oldest first, in chunks, from a time", async () => {
    await seed(25);
    const chunks = await all({}, 0, 10);
    expect(chunks.map((c) => c.length)).toEqual([10, 10, 5]);
    expect(chunks.flat().map((e) => e.after)).toEqual(Array.from({ length: 25 }, (_, i) => String(i)));
    expect((await all({ actorId: OWNER })).flat()).toHaveLength(13);
    expect((await all({}, NOW + 20 * MINUTE)).flat().map((e) => e.after)).toEqual([
      "20",
      "21",
      "22",
      "23",
      "24",
    ]);
  });
});

describe("retention", () => {
  it("trims entries older than the kept time from the log and every index", async () => {
    await seed(6, NOW - 40 * DAY);
    await seed(4, NOW - 10 * DAY);
    clock.set(NOW - 35 * DAY);
    const stale = await audit.begin({ actorId: ADMIN, role: "admin", action: "x", subject: "server:1" });
    clock.set(NOW);

    expect(await audit.trim(30 * DAY)).toBe(7);
    const kept = (await all()).flat();
    expect(kept).toHaveLength(4);
    expect(kept.every((e) => e.at >= NOW - 10 * DAY)).toBe(true);
    expect(await redis.hlen(auditKeys.entries)).toBe(4);
    // The indexes count only what is kept: a staff member's pages and a subject's agree with the log.
    const byOwner = await audit.page({ actorId: OWNER }, 0, 100);
    const byAdmin = await audit.page({ actorId: ADMIN }, 0, 100);
    expect(byOwner.total + byAdmin.total).toBe(4);
    expect(byOwner.entries).toHaveLength(byOwner.total);
    expect(await redis.exists(auditKeys.bySubject("server:1"))).toBe(0);
    expect(await redis.zscore(auditKeys.started, stale.id)).toBeNull();
    expect(await audit.trim(30 * DAY)).toBe(0);
  });

  it("trims a long backlog in one run up to its limit, the rest next time", async () => {
    await seed(1_200, NOW - 400 * DAY);
    clock.set(NOW);
    expect(await audit.trim(365 * DAY, 1_000)).toBe(1_000);
    expect(await audit.trim(365 * DAY, 1_000)).toBe(200);
    expect(await redis.zcard(auditKeys.log)).toBe(0);
  });
});
