import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { User } from "grammy/types";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { channelsCb } from "../../src/bot/features/admin/channels/callbacks.js";
import { maintenanceCb } from "../../src/bot/features/admin/maintenance/callbacks.js";
import { staffIndexOf } from "../../src/bot/staff.js";
import { BroadcastRecords } from "../../src/domain/backoffice/index.js";
import { CatalogStore, parseCatalog } from "../../src/domain/catalog/index.js";
import { type AuditEntry, auditKeys, type Role } from "../../src/domain/staff/index.js";
import { broadcastCb } from "../../src/render/notice-buttons.js";
import { HOUR, ManualClock } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { BroadcastQueue } from "../../src/workers/broadcast.js";
import { command, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { testRedis } from "../helpers/redis.js";
import { telegramViews } from "../helpers/telegram-views.js";

/**
 * Issue 28, the shop's configuration by role: the catalog, plans, required channels, settings,
 * maintenance, referrals, promo codes and broadcasts. The owner and admins use them (each change
 * recorded once in the audit log); support and viewers do not see them in /admin, and their
 * pressing a button of them anyway (a forged callback) changes nothing, is answered clearly and
 * recorded as refused; a dialog begun by an admin whose role is lowered meanwhile is refused at
 * its next step.
 */

const OWNER = user(8_800, { first_name: "Olga", language_code: "en" });
const ADMIN = user(8_801, { first_name: "Adam", language_code: "en" });
const SUPPORT = user(8_802, { first_name: "Sue", language_code: "en" });
const VIEWER = user(8_803, { first_name: "Vic", language_code: "en" });
const MEMBERS: [Role, User][] = [
  ["owner", OWNER],
  ["admin", ADMIN],
  ["support", SUPPORT],
  ["viewer", VIEWER],
];
const NEWS = -1_001_000_000_801;
const REFUSED = "⛔ Your staff role does not allow this.";
const CLOSE_SHOP = maintenanceCb.pack({ act: "close" });
const ADD_CHANNEL = channelsCb.pack({ act: "add" });
const SECTIONS = [
  "⚙️ Settings",
  "📦 Catalog",
  "🤝 Referrals",
  "🎟 Promo codes",
  "📣 Broadcast",
  "🛠 Maintenance",
];

const file = join(mkdtempSync(join(tmpdir(), "roles-config-")), "catalog.yaml");
const plan = (id: string, price: number) => `  - id: ${id}
    title: { en: "Plan ${id}", ru: "Тариф ${id}" }
    days: 30
    traffic_gb: 10
    price: ${price}
    backend: { kind: xui, servers: [1] }
`;
const yaml = (...plans: string[]) => `currency: XTR\nplans:\n${plans.join("")}`;

let t: TestBot;
let redis: Redis;
let store: CatalogStore;
let queue: BroadcastQueue;
const clock = new ManualClock(Date.UTC(2026, 6, 1));
const { lastShown, button, lastAnswer } = telegramViews(() => t);
const as = (who: User) => chatAs(() => t, who);

/** `who`'s audit records since the test began, oldest first (the roles given set aside). */
async function recordsOf(who: User): Promise<AuditEntry[]> {
  const { entries } = await t.deps.staff.audit.page({ actorId: who.id }, 0, 100);
  return entries.reverse().filter((e) => !e.action.startsWith("staff."));
}

async function setRole(who: User, role: Role): Promise<void> {
  await t.deps.staff.roster.setRole(OWNER.id, who.id, role);
  await staffIndexOf(t.deps.staff.roster).refresh();
}

beforeAll(async () => {
  redis = await testRedis();
  writeFileSync(file, yaml(plan("one", 100)));
  store = new CatalogStore(parseCatalog(yaml(plan("one", 100))), file, redis, createLogger("silent"));
  queue = new BroadcastQueue(redis);
  t = await createTestBot({
    adminIds: [OWNER.id],
    redis,
    clock,
    catalogStore: store,
    broadcasts: queue,
    rateLimit: false,
  });
  t.telegram.channels.add({ id: NEWS, title: "Shop News", username: "shop_news" });
  for (const [, who] of MEMBERS) await t.send(command(who, "/start"));
});
afterAll(async () => {
  await queue.close();
  await t.close();
  await redis.quit();
});
beforeEach(async () => {
  for (const [, who] of MEMBERS) await t.send(command(who, "/cancel"));
  await setRole(ADMIN, "admin");
  await setRole(SUPPORT, "support");
  await setRole(VIEWER, "viewer");
  await redis.del("settings:shop", "maintenance:shop", "settings:gate-channels", "catalog:plan-edits");
  await redis.del("catalog:plan-edit-versions", "promo:code:OFFME", "promo:code:GIFT10", "promo:codes");
  await redis.del(auditKeys.entries, auditKeys.log, ...MEMBERS.map(([, who]) => auditKeys.byActor(who.id)));
  writeFileSync(file, yaml(plan("one", 100)));
  await store.reload();
  await store.refreshEdits();
  clock.advance(HOUR);
  t.telegram.clear();
});

describe("the admin menu", () => {
  it("shows the configuration's sections to the owner and admins only", async () => {
    for (const [role, who] of MEMBERS) {
      await t.send(command(who, "/admin"));
      const labels = lastShown().buttons.map((b) => b.text);
      for (const section of SECTIONS) {
        if (role === "owner" || role === "admin") expect(labels, `${role}: ${section}`).toContain(section);
        else expect(labels, `${role}: ${section}`).not.toContain(section);
      }
    }
  });
});

/** A button that changes the configuration at once: its data, the change, and the record it makes. */
interface OnePress {
  action: string;
  data: () => Promise<string>;
  done: () => Promise<boolean>;
}

const PRESSES: Record<string, OnePress> = {
  "settings: auto-extend on": {
    action: "settings.set",
    data: async () => "a.set:auto:on",
    done: () => t.deps.catalog.settings.autoExtend(),
  },
  "maintenance: the automatic mode's wait": {
    action: "settings.set",
    data: async () => "a.mnt:auto:15",
    done: async () => (await t.deps.catalog.settings.maintenanceAutoMinutes()) === 15,
  },
  "maintenance: open the shop": {
    action: "maintenance.open",
    data: async () => {
      const closed = await t.deps.catalog.maintenance.close({ by: OWNER.id });
      return `a.mnt:open:${closed.since}`;
    },
    done: async () => (await t.deps.catalog.maintenance.closed()) === undefined,
  },
  "referrals: off": {
    action: "referrals.set",
    data: async () => "a.ref:off",
    done: async () => !(await t.deps.catalog.settings.referralsOn()),
  },
  "required channels: what they cover": {
    action: "settings.set",
    data: async () => "a.chan:cover:purchases",
    done: async () => (await t.deps.catalog.settings.gateCoverage()) === "purchases",
  },
  "required channels: remove one": {
    action: "channel.remove",
    data: async () => {
      await t.deps.sales.gate.addChannel("@shop_news", clock.now());
      return `a.chan:rm:${NEWS}`;
    },
    done: async () => (await t.deps.catalog.requiredChannels.list()).length === 0,
  },
  "catalog: reload the file": {
    action: "catalog.reload",
    data: async () => {
      writeFileSync(file, yaml(plan("one", 100), plan("two", 200)));
      return "a.cat:reload";
    },
    done: async () => store.get().plans.length === 2,
  },
  "plans: retire one": {
    action: "plan.edit",
    data: async () => `a.pl:retire:one:${await store.version("one")}`,
    done: async () => store.full().plans[0]?.on_sale === false,
  },
  "promo codes: disable one": {
    action: "promo.disable",
    data: async () => {
      const terms = { kind: "days" as const, value: 3, plans: [], perCustomer: 1, newCustomersOnly: false };
      await t.deps.sales.promos.create({ code: "OFFME", ...terms, createdBy: OWNER.id });
      return "a.pr:off:OFFME";
    },
    done: async () => (await t.deps.sales.promos.get("OFFME"))?.disabled === true,
  },
  "broadcast: stop one": {
    action: "broadcast.stop",
    data: async () => {
      const { id } = await queue.start({ adminChatId: OWNER.id, text: "Sale", audience: "all" });
      broadcasting = id;
      return broadcastCb.pack({ act: "stop", broadcast: id });
    },
    done: () => new BroadcastRecords(redis).isStopped(broadcasting),
  },
};
let broadcasting = "";

describe("each role against each button that changes the configuration", () => {
  for (const [name, press] of Object.entries(PRESSES)) {
    it(`${name}: done and recorded once for the owner and an admin; refused, unchanged and recorded for support and a viewer`, async () => {
      for (const [role, who] of MEMBERS) {
        await redis.del("settings:shop", "maintenance:shop", "settings:gate-channels", "promo:code:OFFME");
        await redis.del("catalog:plan-edits", "catalog:plan-edit-versions", "promo:codes");
        writeFileSync(file, yaml(plan("one", 100)));
        await store.reload();
        await store.refreshEdits();
        const data = await press.data();
        t.telegram.clear();
        await as(who).press(data);
        const records = await recordsOf(who);
        if (role === "owner" || role === "admin") {
          expect(await press.done(), `${role}: ${name}`).toBe(true);
          expect(
            records.map((r) => [r.action, r.outcome]),
            `${role}: ${name}`,
          ).toEqual([[press.action, "done"]]);
          expect(lastAnswer().text).not.toBe(REFUSED);
        } else {
          expect(await press.done(), `${role}: ${name}`).toBe(false);
          expect(lastAnswer(), `${role}: ${name}`).toMatchObject({ text: REFUSED, show_alert: true });
          expect(t.telegram.callsOf("editMessageText"), `${role}: ${name}`).toHaveLength(0);
          // The guard records the press by its section and act (never a confirmation's token).
          const act = data.split(":", 2).join(":");
          expect(records.map((r) => [r.action, r.role, r.outcome])).toEqual([[act, role, "refused"]]);
        }
        await redis.del(auditKeys.entries, auditKeys.log, auditKeys.byActor(who.id));
      }
    });
  }

  it("a forged press that would open a dialog (close the shop, a new promo code, a broadcast) opens none", async () => {
    for (const who of [SUPPORT, VIEWER]) {
      for (const data of [CLOSE_SHOP, "a.pr:kind:credit", "a.bc:new:::", "a.set:edit:grace", ADD_CHANNEL]) {
        t.telegram.clear();
        await as(who).press(data);
        expect(lastAnswer(), data).toMatchObject({ text: REFUSED, show_alert: true });
        expect(t.telegram.callsOf("sendMessage"), data).toHaveLength(0);
      }
      // Nor does a text sent after it reach any dialog.
      await as(who).say("Moving to new servers");
      expect(await t.deps.catalog.maintenance.closed()).toBeUndefined();
      const refused = (await recordsOf(who)).filter((r) => r.outcome === "refused");
      // (Same millisecond: the order among them is not kept.)
      expect(refused.map((r) => r.action).sort()).toEqual(
        [CLOSE_SHOP, "a.pr:kind:credit", "a.bc:new:::", "a.set:edit:grace", ADD_CHANNEL]
          .map((d) => d.split(":", 2).join(":"))
          .sort(),
      );
    }
  });
});

describe("dialogs an admin finishes", () => {
  /** `who`'s records of `action` that were done. */
  const done = async (who: User, action: string) =>
    (await recordsOf(who)).filter((r) => r.action === action && r.outcome === "done");

  it("closing the shop: closed with the message, recorded once with what it was and became", async () => {
    await as(ADMIN).press(CLOSE_SHOP);
    await as(ADMIN).say("Moving to new servers");
    await as(ADMIN).press("a.mnt:end:2");
    expect(await t.deps.catalog.maintenance.closed()).toMatchObject({ kind: "manual", by: ADMIN.id });
    expect(await done(ADMIN, "maintenance.close")).toMatchObject([
      {
        role: "admin",
        subject: "shop:maintenance",
        before: "open",
        after: `closed, until ${new Date(clock.now() + 2 * HOUR).toISOString()}: Moving to new servers`,
      },
    ]);
  });

  it("a new promo code, a setting typed in, a plan's price and a channel: each made and recorded once", async () => {
    await as(ADMIN).press("a.pr:kind:credit");
    await as(ADMIN).say("gift10");
    await as(ADMIN).say("10");
    await as(ADMIN).say("-");
    await as(ADMIN).say("-");
    await as(ADMIN).press(button("❌ No"));
    expect(await t.deps.sales.promos.get("GIFT10")).toMatchObject({ kind: "credit", createdBy: ADMIN.id });
    expect(await done(ADMIN, "promo.create")).toMatchObject([{ subject: "promo:GIFT10", before: "none" }]);

    await as(ADMIN).press("a.set:edit:grace");
    await as(ADMIN).say("10");
    expect((await t.deps.catalog.settings.get()).outageGraceMinutes).toBe(10);
    expect(await done(ADMIN, "settings.set")).toMatchObject([
      { subject: "setting:outageGraceMinutes", before: "default", after: "10" },
    ]);

    await as(OWNER).press("a.pl:edit:one:price");
    await as(OWNER).say("150");
    await as(OWNER).press("a.pl:save::");
    expect(store.full().plans[0]?.price).toBe(150);
    expect(await done(OWNER, "plan.edit")).toMatchObject([{ subject: "plan:one", after: "price=150" }]);

    await as(OWNER).press(ADD_CHANNEL);
    await as(OWNER).say("@shop_news");
    expect((await t.deps.catalog.requiredChannels.list()).map((c) => c.id)).toEqual([NEWS]);
    expect(await done(OWNER, "channel.add")).toMatchObject([
      { subject: `channel:${NEWS}`, before: "none", after: "Shop News (@shop_news)" },
    ]);
  });

  it("a broadcast: started once, recorded once with its audience and text", async () => {
    await as(ADMIN).press("a.bc:new:::");
    await as(ADMIN).say("Spring sale");
    await as(ADMIN).press("a.bc:nobtn:::");
    await as(ADMIN).press(button(/^👥 All customers/));
    const go = button("📣 Send now");
    await as(ADMIN).press(go);
    await as(ADMIN).press(go); // a double tap starts nothing more
    const sends = await done(ADMIN, "broadcast.send");
    expect(sends).toHaveLength(1);
    expect(sends[0]?.after).toBe("all: Spring sale");
    const id = sends[0]?.subject.replace("broadcast:", "") ?? "";
    expect(await new BroadcastRecords(redis).get(id)).toMatchObject({ text: "Spring sale", audience: "all" });
  });
});

describe("a dialog begun before the role was lowered", () => {
  /** The refusals `who` left, by what they tried. */
  const refusals = async (who: User) =>
    (await recordsOf(who)).filter((r) => r.outcome === "refused").map((r) => [r.action, r.role]);

  it("closing the shop: refused at the message, and the dialog is over", async () => {
    await as(ADMIN).press(CLOSE_SHOP);
    await setRole(ADMIN, "support");
    await as(ADMIN).say("Moving to new servers");
    expect(t.texts().at(-1)).toBe(REFUSED);
    clock.advance(1_000);
    await as(ADMIN).press("a.mnt:end:2");
    expect(lastAnswer()).toMatchObject({ text: REFUSED, show_alert: true });
    expect(await t.deps.catalog.maintenance.closed()).toBeUndefined();
    expect(await refusals(ADMIN)).toEqual([
      ["maintenance.close", "support"],
      ["a.mnt:end", "support"],
    ]);
  });

  it("closing the shop: refused at its own button too (the length)", async () => {
    await as(ADMIN).press(CLOSE_SHOP);
    await as(ADMIN).say("Moving to new servers");
    await setRole(ADMIN, "viewer");
    t.telegram.clear();
    await as(ADMIN).press("a.mnt:end:2");
    expect(lastAnswer()).toMatchObject({ text: REFUSED, show_alert: true });
    expect(await t.deps.catalog.maintenance.closed()).toBeUndefined();
    expect(await refusals(ADMIN)).toEqual([["maintenance.close", "viewer"]]);
  });

  it("a new promo code: refused at the code; what follows reaches no dialog", async () => {
    await as(ADMIN).press("a.pr:kind:credit");
    await setRole(ADMIN, "viewer");
    await as(ADMIN).say("gift10");
    expect(t.texts().at(-1)).toBe(REFUSED);
    t.telegram.clear();
    await as(ADMIN).say("10");
    expect(t.texts().join("\n")).not.toContain("amount");
    expect(await t.deps.sales.promos.get("GIFT10")).toBeUndefined();
    expect(await refusals(ADMIN)).toEqual([["promo.create", "viewer"]]);
  });

  it("a broadcast: refused at its text, no draft and nothing sent", async () => {
    await as(ADMIN).press("a.bc:new:::");
    await setRole(ADMIN, "support");
    t.telegram.clear();
    await as(ADMIN).say("Spring sale");
    expect(t.texts()).toEqual([REFUSED]);
    expect(t.telegram.callsOf("sendPhoto")).toHaveLength(0);
    expect(await redis.keys("broadcast:draft:*")).toEqual([]);
    expect(await refusals(ADMIN)).toEqual([["broadcast.send", "support"]]);
  });

  it("restored to admin, the same admin begins again and finishes", async () => {
    await as(ADMIN).press(CLOSE_SHOP);
    await setRole(ADMIN, "viewer");
    await as(ADMIN).say("Moving");
    await setRole(ADMIN, "admin");
    await as(ADMIN).press(CLOSE_SHOP);
    await as(ADMIN).say("Moving");
    await as(ADMIN).press("a.mnt:end:1");
    expect(await t.deps.catalog.maintenance.closed()).toMatchObject({ kind: "manual", message: "Moving" });
  });
});
