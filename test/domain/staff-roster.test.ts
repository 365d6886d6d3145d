import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type AuditEntry,
  AuditLog,
  auditKeys,
  NotPermitted,
  StaffRoster,
  staffKeys,
} from "../../src/domain/staff/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { redisUrl, testRedis } from "../helpers/redis.js";
import { cutBeforeExec } from "../helpers/redis-cut.js";

/**
 * The roster: owners from ADMIN_IDS, every other member kept in Redis; the one permission check
 * (a refusal leaves a trace); and role changes, made only by an owner, each with its audit record
 * in the same step.
 */

const OWNER = 9101;
const OWNER2 = 9102;
const ADMIN = 9201;
const SUPPORT = 9202;
const VIEWER = 9203;
const STRANGER = 9299;
const NOW = Date.UTC(2026, 4, 1, 12);

let redis: Redis;
const clock = new ManualClock(NOW);
const now = () => clock.now();
let audit: AuditLog;
let roster: StaffRoster;

beforeAll(async () => {
  redis = await testRedis();
  audit = new AuditLog(redis, now);
  roster = new StaffRoster(redis, [OWNER, OWNER2], audit, now);
});
afterAll(() => redis.quit());
beforeEach(async () => {
  await redis.flushdb();
  clock.set(NOW);
});

/** Every entry of the log, oldest first. */
async function entries(filter: { actorId?: number; subject?: string } = {}): Promise<AuditEntry[]> {
  const out: AuditEntry[] = [];
  for await (const chunk of audit.all(filter)) out.push(...chunk);
  return out;
}

describe("who is staff", () => {
  it("knows the owners from ADMIN_IDS and the others from Redis; a stored 'owner' is nobody", async () => {
    await roster.setRole(OWNER, ADMIN, "admin");
    await roster.setRole(OWNER, VIEWER, "viewer");
    // Redis cannot make anyone an owner, whatever is written there.
    await redis.hset(staffKeys.roles, String(STRANGER), "owner");

    expect(await roster.roleOf(OWNER)).toBe("owner");
    expect(await roster.roleOf(OWNER2)).toBe("owner");
    expect(await roster.roleOf(ADMIN)).toBe("admin");
    expect(await roster.roleOf(VIEWER)).toBe("viewer");
    expect(await roster.roleOf(STRANGER)).toBeUndefined();
    expect(await roster.roleOf(4242)).toBeUndefined();

    expect(await roster.can(ADMIN, "money")).toBe(true);
    expect(await roster.can(ADMIN, "staff")).toBe(false);
    expect(await roster.can(VIEWER, "audit")).toBe(true);
    expect(await roster.can(VIEWER, "customers.block")).toBe(false);
    expect(await roster.can(STRANGER, "customers.view")).toBe(false);
    expect((await roster.ids()).sort()).toEqual([OWNER, OWNER2, ADMIN, VIEWER, STRANGER].sort());
  });

  it("lists owners first, then the others by id, with the names it remembered", async () => {
    await roster.setRole(OWNER, VIEWER, "viewer");
    await roster.setRole(OWNER, SUPPORT, "support");
    await roster.rememberName(SUPPORT, "@helpdesk");
    await roster.rememberName(OWNER2, "Deputy");
    expect(await roster.list()).toEqual([
      { id: OWNER, role: "owner", name: undefined },
      { id: OWNER2, role: "owner", name: "Deputy" },
      { id: SUPPORT, role: "support", name: "@helpdesk" },
      { id: VIEWER, role: "viewer", name: undefined },
    ]);
  });
});

describe("require: the one check", () => {
  it("hands back the role when it allows the permission, and records nothing", async () => {
    await roster.setRole(OWNER, SUPPORT, "support");
    const before = (await entries()).length;
    expect(await roster.require(SUPPORT, "customers.block", "customer.block", "customer:5")).toBe("support");
    expect(await roster.require(OWNER, "staff")).toBe("owner");
    expect(await entries()).toHaveLength(before);
  });

  it("throws NotPermitted for a role without it, or no role, and records the refusal", async () => {
    await roster.setRole(OWNER, VIEWER, "viewer");
    const refused = await roster.require(VIEWER, "money", "wallet.credit", "customer:42").catch((e) => e);
    expect(refused).toBeInstanceOf(NotPermitted);
    expect(refused).toMatchObject({ actorId: VIEWER, permission: "money", role: "viewer" });
    clock.advance(1);
    const stranger = await roster.require(STRANGER, "customers.view").catch((e) => e);
    expect(stranger).toMatchObject({ name: "NotPermitted", role: undefined });

    const refusals = (await entries()).filter((e) => e.outcome === "refused");
    expect(refusals).toEqual([
      expect.objectContaining({
        actorId: VIEWER,
        role: "viewer",
        action: "wallet.credit",
        subject: "customer:42",
        note: "needs money",
      }),
      expect.objectContaining({ actorId: STRANGER, role: "none", action: "customers.view", subject: "shop" }),
    ]);
  });
});

describe("setRole", () => {
  it("adds, changes and removes a member, each recorded once with before and after", async () => {
    expect(await roster.setRole(OWNER, ADMIN, "support")).toEqual({
      status: "done",
      before: undefined,
      after: "support",
    });
    clock.advance(1_000);
    expect(await roster.setRole(OWNER2, ADMIN, "admin")).toEqual({
      status: "done",
      before: "support",
      after: "admin",
    });
    clock.advance(1_000);
    expect(await roster.setRole(OWNER, ADMIN, undefined)).toEqual({
      status: "done",
      before: "admin",
      after: undefined,
    });
    expect(await roster.roleOf(ADMIN)).toBeUndefined();
    expect(await roster.version()).toBe(3);

    const records = await entries({ subject: `staff:${ADMIN}` });
    expect(records.map((e) => [e.actorId, e.role, e.action, e.before, e.after, e.outcome, e.at])).toEqual([
      [OWNER, "owner", "staff.role", "none", "support", "done", NOW],
      [OWNER2, "owner", "staff.role", "support", "admin", "done", NOW + 1_000],
      [OWNER, "owner", "staff.remove", "admin", "none", "done", NOW + 2_000],
    ]);
    expect((await audit.page({ actorId: OWNER }, 0, 10)).total).toBe(2);
  });

  it("leaves owners as ADMIN_IDS says, and never gives the owner role", async () => {
    expect(await roster.setRole(OWNER, OWNER2, "viewer")).toEqual({ status: "owner" });
    expect(await roster.setRole(OWNER, OWNER2, undefined)).toEqual({ status: "owner" });
    expect(await roster.setRole(OWNER, ADMIN, "owner")).toEqual({ status: "refused" });
    expect(await roster.roleOf(OWNER2)).toBe("owner");
    expect(await roster.roleOf(ADMIN)).toBeUndefined();
    expect(await roster.version()).toBe(0);
    expect(await entries()).toEqual([]);
  });

  it("is for owners only: an admin or anyone else changes nothing and leaves a refusal", async () => {
    await roster.setRole(OWNER, ADMIN, "admin");
    await roster.setRole(OWNER, VIEWER, "viewer");
    for (const actor of [ADMIN, VIEWER, STRANGER]) {
      await expect(roster.setRole(actor, SUPPORT, "admin")).rejects.toBeInstanceOf(NotPermitted);
      await expect(roster.setRole(actor, VIEWER, undefined)).rejects.toBeInstanceOf(NotPermitted);
    }
    expect(await roster.roleOf(SUPPORT)).toBeUndefined();
    expect(await roster.roleOf(VIEWER)).toBe("viewer");
    expect(await roster.version()).toBe(2);
    const refused = (await entries()).filter((e) => e.outcome === "refused");
    expect(refused).toHaveLength(6);
    expect(refused.every((e) => e.action === "staff.role" && e.note === "needs staff")).toBe(true);
    expect(refused.map((e) => e.subject)).toContain(`staff:${SUPPORT}`);
  });

  it("makes the change and its record in one step: cut before EXEC, neither is there", async () => {
    const db = redis.options.db ?? 0;
    const proxy = await cutBeforeExec(`${redisUrl()}/${db}`);
    try {
      const cutAudit = new AuditLog(proxy.redis, now);
      const cutRoster = new StaffRoster(proxy.redis, [OWNER], cutAudit, now);
      // The reads before the MULTI pass through the proxy; the transaction never reaches EXEC.
      await expect(cutRoster.setRole(OWNER, SUPPORT, "support")).rejects.toThrow();
      expect(proxy.cut()).toBe(true);
    } finally {
      await proxy.close();
    }
    expect(await roster.roleOf(SUPPORT)).toBeUndefined();
    expect(await roster.version()).toBe(0);
    expect(await redis.exists(auditKeys.entries, auditKeys.log, auditKeys.byActor(OWNER))).toBe(0);
    expect(await redis.exists(auditKeys.bySubject(`staff:${SUPPORT}`))).toBe(0);

    // The same step through a whole connection does both.
    await roster.setRole(OWNER, SUPPORT, "support");
    expect(await roster.roleOf(SUPPORT)).toBe("support");
    expect(await entries({ subject: `staff:${SUPPORT}` })).toHaveLength(1);
  });

  it("two owners changing two members at the same moment make two changes and two records", async () => {
    const results = await Promise.all([
      roster.setRole(OWNER, ADMIN, "admin"),
      roster.setRole(OWNER2, SUPPORT, "support"),
    ]);
    expect(results.map((r) => r.status)).toEqual(["done", "done"]);
    expect(await roster.roleOf(ADMIN)).toBe("admin");
    expect(await roster.roleOf(SUPPORT)).toBe("support");
    expect(await roster.version()).toBe(2);
    const records = await entries();
    expect(records).toHaveLength(2);
    expect(new Set(records.map((e) => e.id)).size).toBe(2);
    expect(records.map((e) => `${e.actorId}>${e.subject}`).sort()).toEqual(
      [`${OWNER}>staff:${ADMIN}`, `${OWNER2}>staff:${SUPPORT}`].sort(),
    );
    expect(records.every((e) => e.at === NOW)).toBe(true);
  });
});
