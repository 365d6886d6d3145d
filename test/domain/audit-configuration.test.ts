import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BroadcastRecords, broadcastStopKey } from "../../src/domain/backoffice/index.js";
import { Orders, Wallet } from "../../src/domain/books/index.js";
import {
  CATALOG_GENERATION_KEY,
  CatalogStore,
  MAX_REQUIRED_CHANNELS,
  parseCatalog,
  RequiredChannels,
  SETTINGS_KEY,
  ShopMaintenance,
  ShopSettings,
  StaffActor,
} from "../../src/domain/catalog/index.js";
import { ChannelGate, PromoCodes } from "../../src/domain/sales/index.js";
import {
  type AuditEntry,
  auditKeys,
  createStaffServices,
  NotPermitted,
  type Role,
  type StaffServices,
} from "../../src/domain/staff/index.js";
import { HOUR, ManualClock } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import type { TelegramChats } from "../../src/runtime/telegram-chats.js";
import { testRedis } from "../helpers/redis.js";

/**
 * Issue 28, the shop's configuration in the domain: every staff entry point (settings, referrals,
 * the gate's coverage and channels, maintenance, plans, the catalog reload, promo codes,
 * broadcasts) checks the acting member's role as stored now, whatever the caller checked, and
 * writes its audit record in the same step as the change: the record is there if and only if
 * the change is, a refusal changes nothing and is recorded, and two members acting at once make
 * two records.
 */

const OWNER = 1_000;
const STAFF: Record<Exclude<Role, "owner">, number> = { admin: 1_001, support: 1_002, viewer: 1_003 };
const ROLE_IDS: [Role, number][] = [
  ["owner", OWNER],
  ...Object.entries(STAFF).map(([r, id]) => [r as Role, id] as [Role, number]),
];
const NEWS = -1_001_000_000_500;

const dir = mkdtempSync(join(tmpdir(), "audit-config-"));
const file = join(dir, "catalog.yaml");
const plan = (id: string, price: number) => `  - id: ${id}
    title: { en: "Plan ${id}", ru: "Тариф ${id}" }
    days: 30
    traffic_gb: 10
    price: ${price}
    backend: { kind: xui, servers: [1] }
`;
const yaml = (...plans: string[]) => `currency: XTR\nplans:\n${plans.join("")}`;

let redis: Redis;
const clock = new ManualClock();
let staff: StaffServices;
let settings: ShopSettings;
let maintenance: ShopMaintenance;
let channels: RequiredChannels;
let gate: ChannelGate;
let store: CatalogStore;
let promos: PromoCodes;
let broadcasts: BroadcastRecords;

/** Telegram's answers about chats: every chat is a channel the bot administers. */
const chats: TelegramChats = {
  memberStatus: async () => ({ kind: "member" }),
  inspect: async (ref) => {
    const id = typeof ref === "number" ? ref : NEWS;
    return { ok: true, chat: { id, title: `Chat ${id}` }, botCanReadMembers: true };
  },
};

const actor = (id: number) => new StaffActor(id, staff, () => clock.now());

/** The audit entries of `action`, oldest first. */
async function recorded(action: string): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  for await (const chunk of staff.audit.all({})) entries.push(...chunk);
  return entries.filter((e) => e.action === action);
}

beforeAll(async () => {
  redis = await testRedis();
  settings = new ShopSettings(redis);
  maintenance = new ShopMaintenance({ redis, clock });
  channels = new RequiredChannels(redis);
  gate = new ChannelGate({ redis, chats, channels, settings, logger: createLogger("silent") });
  const orders = new Orders(redis, clock);
  promos = new PromoCodes({
    redis,
    clock,
    orders,
    wallet: new Wallet(redis, clock, "XTR"),
    unpaidTtlMs: HOUR,
  });
  broadcasts = new BroadcastRecords(redis);
});
afterAll(() => redis.quit());
beforeEach(async () => {
  await redis.flushdb();
  clock.advance(HOUR);
  staff = createStaffServices({ redis, clock, ownerIds: [OWNER] });
  for (const [role, id] of Object.entries(STAFF)) await staff.roster.setRole(OWNER, id, role as Role);
  writeFileSync(file, yaml(plan("one", 100), plan("two", 200)));
  store = new CatalogStore(parseCatalog(yaml(plan("one", 100))), file, redis, createLogger("silent"));
});

/** One staff change: what it needs, how to make it, and whether it shows. */
interface Change {
  action: string;
  make: (who: StaffActor) => Promise<unknown>;
  /** True once the change is there. */
  made: () => Promise<boolean>;
  /** The state the change is made from (before each role's try). */
  prepare?: () => Promise<void>;
}

const CHANGES: Record<string, Change> = {
  "a setting": {
    action: "settings.set",
    make: (who) => settings.setAs(who, { key: "autoExtend", value: true }),
    made: () => settings.autoExtend(),
  },
  referrals: {
    action: "referrals.set",
    make: (who) => settings.setAs(who, { key: "referrals", value: false }),
    made: async () => !(await settings.referralsOn()),
  },
  "the gate's coverage": {
    action: "settings.set",
    make: (who) => settings.setAs(who, { key: "gateCoverage", value: "purchases" }),
    made: async () => (await settings.gateCoverage()) === "purchases",
  },
  "closing the shop": {
    action: "maintenance.close",
    make: (who) => maintenance.closeAs(who, { message: "Moving" }),
    made: async () => (await maintenance.closed()) !== undefined,
  },
  "opening the shop": {
    action: "maintenance.open",
    prepare: async () => void (await maintenance.close({ by: OWNER })),
    make: (who) => maintenance.openAs(who),
    made: async () => (await maintenance.closed()) === undefined,
  },
  "adding a channel": {
    action: "channel.add",
    make: (who) => gate.addChannelAs(who, "@shop_news", clock.now()),
    made: async () => (await channels.list()).length === 1,
  },
  "removing a channel": {
    action: "channel.remove",
    prepare: async () => void (await gate.addChannel("@shop_news", clock.now())),
    make: (who) => gate.removeChannelAs(who, NEWS),
    made: async () => (await channels.list()).length === 0,
  },
  "editing a plan": {
    action: "plan.edit",
    make: async (who) => {
      const one = store.full().plans[0];
      return one && store.savePlanAs(who, { ...one, price: 150 }, await store.version("one"));
    },
    made: async () => store.full().plans[0]?.price === 150,
  },
  "reloading the catalog": {
    action: "catalog.reload",
    make: (who) => store.reloadAs(who),
    made: async () => store.get().plans.length === 2,
  },
  "creating a promo code": {
    action: "promo.create",
    make: (who) =>
      promos.createAs(who, {
        code: "SPRING",
        kind: "percent",
        value: 10,
        plans: [],
        perCustomer: 1,
        newCustomersOnly: false,
      }),
    made: async () => (await promos.get("SPRING")) !== undefined,
  },
  "disabling a promo code": {
    action: "promo.disable",
    prepare: async () =>
      void (await promos.create({
        code: "OLD",
        kind: "fixed",
        value: 50,
        plans: [],
        perCustomer: 1,
        newCustomersOnly: false,
        createdBy: OWNER,
      })),
    make: (who) => promos.disableAs(who, "OLD"),
    made: async () => (await promos.get("OLD"))?.disabled === true,
  },
  "sending a broadcast": {
    action: "broadcast.send",
    make: (who) =>
      broadcasts.create({ adminChatId: who.id, text: "Hello", audience: "all", locale: "en" }, who),
    made: async () => (await redis.keys("broadcast:*")).length > 0,
  },
};

describe("each role against each change of the configuration", () => {
  for (const [name, change] of Object.entries(CHANGES)) {
    it(`${name}: the owner and an admin make it, recorded once; support and a viewer change nothing and are recorded as refused`, async () => {
      for (const [role, id] of ROLE_IDS) {
        await redis.del(
          SETTINGS_KEY,
          "maintenance:shop",
          "settings:gate-channels",
          "promo:code:SPRING",
          "promo:code:OLD",
          "promo:codes",
        );
        for (const key of await redis.keys("broadcast:*")) await redis.del(key);
        await redis.del(auditKeys.entries, auditKeys.log);
        store = new CatalogStore(parseCatalog(yaml(plan("one", 100))), file, redis, createLogger("silent"));
        await redis.del("catalog:plan-edits", "catalog:plan-edit-versions");
        await change.prepare?.();
        const allowed = role === "owner" || role === "admin";
        if (allowed) {
          await change.make(actor(id));
          expect(await change.made(), `${role}: ${name}`).toBe(true);
          const records = await recorded(change.action);
          expect(records, `${role}: ${name}`).toHaveLength(1);
          expect(records[0]).toMatchObject({ actorId: id, role, outcome: "done" });
        } else {
          await expect(change.make(actor(id)), `${role}: ${name}`).rejects.toBeInstanceOf(NotPermitted);
          expect(await change.made(), `${role}: ${name}`).toBe(false);
          const records = await recorded(change.action);
          expect(records.map((r) => [r.actorId, r.role, r.outcome])).toEqual([[id, role, "refused"]]);
        }
      }
    });
  }
});

describe("the record is there if and only if the change is", () => {
  it("a change that changes nothing records nothing", async () => {
    const admin = actor(STAFF.admin);
    await settings.setAutoExtend(true);
    expect(await settings.setAs(admin, { key: "autoExtend", value: true })).toMatchObject({ changed: false });
    expect(await maintenance.openAs(admin)).toBe(false); // nothing to open
    const closed = await maintenance.close({ by: OWNER });
    await maintenance.open();
    clock.advance(1_000);
    await maintenance.close({ by: OWNER });
    expect(await maintenance.openAs(admin, closed.since)).toBe(false); // an old button
    expect(await gate.removeChannelAs(admin, NEWS)).toBe(false); // not listed
    const one = store.full().plans[0]!;
    const stale = await store.savePlanAs(admin, { ...one, price: 150 }, 7);
    expect(stale).toEqual({ ok: false, reason: "changed-meanwhile" });
    const invalid = await store.savePlanAs(admin, { ...one, days: 0 }, 0);
    expect(invalid).toMatchObject({ ok: false, reason: "invalid" });
    const terms = { kind: "percent" as const, value: 5, plans: [], perCustomer: 1, newCustomersOnly: false };
    await promos.create({ code: "TAKEN", ...terms, createdBy: OWNER });
    expect(await promos.createAs(admin, { code: "TAKEN", ...terms })).toBe(false);
    await promos.disable("TAKEN");
    expect(await promos.disableAs(admin, "TAKEN")).toBe(true); // known, but off already
    expect(await broadcasts.stop("bcnosuchbroadcast", admin)).toBe("unknown");
    const id = await broadcasts.create({ adminChatId: 1, text: "Hi", audience: "all", locale: "en" });
    expect(await broadcasts.stop(id, admin)).toBe("stopping");
    expect(await broadcasts.stop(id, admin)).toBe("already");

    const entries: AuditEntry[] = [];
    for await (const chunk of staff.audit.all({ actorId: STAFF.admin })) entries.push(...chunk);
    // Only the one press that stopped the broadcast changed something.
    expect(entries.map((e) => [e.action, e.outcome])).toEqual([["broadcast.stop", "done"]]);
    expect(await redis.exists(broadcastStopKey(id))).toBe(1);
  });

  it("a full list of channels takes no channel and records none", async () => {
    for (let i = 0; i < MAX_REQUIRED_CHANNELS; i++)
      await gate.addChannel(-1_001_000_000_100 - i, clock.now());
    expect(await gate.addChannelAs(actor(OWNER), NEWS, clock.now())).toEqual({ status: "full" });
    expect(await recorded("channel.add")).toEqual([]);
  });

  it("a catalog file that does not load changes nothing and is recorded as failed, with why", async () => {
    writeFileSync(file, "currency: XTR\nplans: [");
    const generation = await redis.get(CATALOG_GENERATION_KEY);
    const result = await store.reloadAs(actor(STAFF.admin));
    expect(result.ok).toBe(false);
    expect(await redis.get(CATALOG_GENERATION_KEY)).toBe(generation);
    expect(store.get().plans.map((p) => p.id)).toEqual(["one"]);
    const [failed] = await recorded("catalog.reload");
    expect(failed).toMatchObject({ actorId: STAFF.admin, outcome: "failed", before: "1 plans on sale" });
    expect(failed?.note).toContain("catalog.yaml");
  });

  it("a reload put in force is recorded in the step that tells the other processes", async () => {
    await store.reloadAs(actor(OWNER));
    expect(await redis.get(CATALOG_GENERATION_KEY)).toBe("1");
    expect(await recorded("catalog.reload")).toMatchObject([
      { actorId: OWNER, outcome: "done", before: "1 plans on sale", after: "2 plans on sale" },
    ]);
  });

  it("says what changed: the setting's values, the plan's fields, the shop's state", async () => {
    await settings.setOutageGraceMinutes(5);
    await settings.setAs(actor(OWNER), { key: "outageGraceMinutes", value: 10 });
    await settings.setAs(actor(OWNER), { key: "referrals", value: false });
    const one = store.full().plans[0]!;
    await store.savePlanAs(actor(OWNER), { ...one, price: 150 }, 0);
    await maintenance.closeAs(actor(OWNER), { message: "Moving", endsAt: clock.now() + HOUR });
    expect(await recorded("settings.set")).toMatchObject([
      { subject: "setting:outageGraceMinutes", before: "5", after: "10" },
    ]);
    expect(await recorded("referrals.set")).toMatchObject([
      { subject: "setting:referrals", before: "on", after: "off" },
    ]);
    expect(await recorded("plan.edit")).toMatchObject([
      { subject: "plan:one", before: "price=100", after: "price=150" },
    ]);
    expect(await recorded("maintenance.close")).toMatchObject([
      {
        subject: "shop:maintenance",
        before: "open",
        after: `closed, until ${new Date(clock.now() + HOUR).toISOString()}: Moving`,
      },
    ]);
  });
});

describe("one step", () => {
  /** Makes the audit log's entries unwritable: the first write of any record then fails. */
  const breakTheLog = () => redis.set(auditKeys.entries, "not a hash");

  it("a step whose record cannot be written makes no change either", async () => {
    const owner = actor(OWNER);
    const one = store.full().plans[0]!;
    await gate.addChannel("@shop_news", clock.now());
    await promos.create({
      code: "KEEP",
      kind: "days",
      value: 3,
      plans: [],
      perCustomer: 1,
      newCustomersOnly: false,
      createdBy: OWNER,
    });
    await breakTheLog();
    await expect(settings.setAs(owner, { key: "autoExtend", value: true })).rejects.toThrow(/WRONGTYPE/);
    await expect(maintenance.closeAs(owner, { message: "x" })).rejects.toThrow(/WRONGTYPE/);
    await expect(store.savePlanAs(owner, { ...one, price: 150 }, 0)).rejects.toThrow(/WRONGTYPE/);
    await expect(gate.removeChannelAs(owner, NEWS)).rejects.toThrow(/WRONGTYPE/);
    await expect(promos.disableAs(owner, "KEEP")).rejects.toThrow(/WRONGTYPE/);
    await expect(
      promos.createAs(owner, {
        code: "NEW",
        kind: "days",
        value: 3,
        plans: [],
        perCustomer: 1,
        newCustomersOnly: false,
      }),
    ).rejects.toThrow(/WRONGTYPE/);

    expect(await settings.autoExtend()).toBe(false);
    expect(await maintenance.closed()).toBeUndefined();
    expect(await store.version("one")).toBe(0);
    expect((await channels.list()).map((c) => c.id)).toEqual([NEWS]);
    expect((await promos.get("KEEP"))?.disabled).toBe(false);
    expect(await promos.get("NEW")).toBeUndefined();
    // No half of a record either: none of the indexes names an entry.
    expect(await redis.zcard(auditKeys.log)).toBe(Object.keys(STAFF).length); // the roles given
    expect(await redis.zcard(auditKeys.byActor(OWNER))).toBe(Object.keys(STAFF).length);
  });
});

describe("two staff members at once", () => {
  it("make two records, each with the value it changed from", async () => {
    await settings.setOutageGraceMinutes(5);
    const [a, b] = await Promise.all([
      settings.setAs(actor(OWNER), { key: "outageGraceMinutes", value: 10 }),
      settings.setAs(actor(STAFF.admin), { key: "outageGraceMinutes", value: 20 }),
    ]);
    expect([a.changed, b.changed]).toEqual([true, true]);
    const records = await recorded("settings.set");
    expect(records).toHaveLength(2);
    // One went first: the other's "before" is its "after", whatever the order.
    const [first, second] = records[0]?.before === "5" ? records : [records[1], records[0]];
    expect(first?.before).toBe("5");
    expect(second?.before).toBe(first?.after);
    expect(String(await settings.get().then((s) => s.outageGraceMinutes))).toBe(second?.after);
  });

  it("closing the shop, making codes and editing plans at once: two records of each", async () => {
    const terms = { kind: "percent" as const, value: 5, plans: [], perCustomer: 1, newCustomersOnly: false };
    const one = store.full().plans[0]!;
    const two = (await store.reload()).ok ? store.full().plans[1]! : one;
    await Promise.all([
      maintenance.closeAs(actor(OWNER), { message: "first" }),
      maintenance.closeAs(actor(STAFF.admin), { message: "second" }),
      promos.createAs(actor(OWNER), { code: "AAA", ...terms }),
      promos.createAs(actor(STAFF.admin), { code: "BBB", ...terms }),
      store.savePlanAs(actor(OWNER), { ...one, price: 111 }, 0),
      store.savePlanAs(actor(STAFF.admin), { ...two, price: 222 }, 0),
    ]);
    for (const action of ["maintenance.close", "promo.create", "plan.edit"]) {
      const records = await recorded(action);
      expect(records.map((r) => r.actorId).sort(), action).toEqual([OWNER, STAFF.admin]);
    }
    expect(store.full().plans.map((p) => p.price)).toEqual([111, 222]);
  });
});
