import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config.js";
import { type AuditEntry, auditEntry, writeAuditIn } from "../../src/domain/staff/index.js";
import { DAY, MINUTE } from "../../src/runtime/clock.js";
import {
  AUDIT_KEEP_DAYS,
  createAuditRetentionTask,
  keepAuditLog,
} from "../../src/workers/audit-retention.js";
import { startMaintenance } from "../../src/workers/maintenance.js";
import { BASE_ENV, configErrorOf } from "../helpers/config-env.js";
import { until } from "../helpers/wait.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/**
 * The audit log's retention task: entries older than AUDIT_KEEP_DAYS go, actions left `started`
 * by a process that died become `unknown`, and nothing younger is touched.
 */

const NOW = Date.UTC(2026, 5, 1, 9);
const OWNER = 9501;

let h: WorkerHarness;
const audit = () => h.rooms.staff.audit;

beforeAll(async () => {
  h = await createWorkerHarness({ now: NOW });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.redis.flushdb();
  h.clock.set(NOW);
});

/** One entry `daysAgo` days before now, with `outcome`. */
async function entryAt(daysAgo: number, outcome: AuditEntry["outcome"] = "done"): Promise<AuditEntry> {
  const entry = auditEntry(
    { actorId: OWNER, role: "owner", action: "settings.set", subject: `days:${daysAgo}`, outcome },
    NOW - daysAgo * DAY,
  );
  await writeAuditIn(h.redis.multi(), entry).exec();
  return entry;
}

async function kept(): Promise<string[]> {
  const subjects: string[] = [];
  for await (const chunk of audit().all({})) subjects.push(...chunk.map((e) => e.subject));
  return subjects;
}

describe("AUDIT_KEEP_DAYS", () => {
  it("defaults to 365 and takes 7 to 3650 days", () => {
    expect(parseConfig(BASE_ENV).auditKeepDays).toBe(AUDIT_KEEP_DAYS);
    expect(parseConfig({ ...BASE_ENV, AUDIT_KEEP_DAYS: "30" }).auditKeepDays).toBe(30);
    expect(configErrorOf({ ...BASE_ENV, AUDIT_KEEP_DAYS: "6" })).toBe(
      "AUDIT_KEEP_DAYS must be at least 7 days",
    );
    expect(configErrorOf({ ...BASE_ENV, AUDIT_KEEP_DAYS: "3651" })).toBe(
      "AUDIT_KEEP_DAYS must be at most 3650 days (ten years)",
    );
    expect(configErrorOf({ ...BASE_ENV, AUDIT_KEEP_DAYS: "1.5" })).toBe(
      "AUDIT_KEEP_DAYS must be a whole number of days",
    );
  });
});

describe("the retention task", () => {
  it("removes entries past the kept days and keeps the rest", async () => {
    for (const days of [400, 366, 364, 29, 0]) await entryAt(days);
    expect(await keepAuditLog({ audit: audit(), logger: h.logger })).toEqual({ settled: 0, trimmed: 2 });
    expect(await kept()).toEqual(["days:364", "days:29", "days:0"]);

    expect(await keepAuditLog({ audit: audit(), logger: h.logger, keepDays: 30 })).toEqual({
      settled: 0,
      trimmed: 1,
    });
    expect(await kept()).toEqual(["days:29", "days:0"]);
  });

  it("marks actions left started for over ten minutes unknown; a younger one keeps running", async () => {
    const dead = await audit().begin({
      actorId: OWNER,
      role: "owner",
      action: "server.extend",
      subject: "server:1",
    });
    h.clock.advance(8 * MINUTE);
    const running = await audit().begin({
      actorId: OWNER,
      role: "owner",
      action: "server.extend",
      subject: "server:2",
    });
    h.clock.advance(3 * MINUTE);
    expect(await keepAuditLog({ audit: audit(), logger: h.logger })).toEqual({ settled: 1, trimmed: 0 });
    expect((await audit().get(dead.id))?.outcome).toBe("unknown");
    expect((await audit().get(running.id))?.outcome).toBe("started");
  });

  it("runs as a periodic task of the maintenance worker", async () => {
    await entryAt(500);
    await entryAt(1);
    const connection = h.redis.duplicate({ maxRetriesPerRequest: null });
    const task = createAuditRetentionTask({ audit: audit(), logger: h.logger, keepDays: 90 });
    expect(task.name).toBe("audit-retention");
    const maintenance = await startMaintenance({
      connection,
      producer: h.redis,
      logger: h.logger,
      tasks: [task],
    });
    try {
      await maintenance.runNow(task.name);
      await until(async () => (await kept()).length === 1);
      expect(await kept()).toEqual(["days:1"]);
    } finally {
      await maintenance.close();
      await connection.quit();
    }
  });
});
