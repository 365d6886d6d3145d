import type { Worker } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import type { AccessRef, Subscription } from "../../src/domain/books/index.js";
import type { Plan } from "../../src/domain/catalog/index.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { BulkMoveQueue, startBulkMoveWorker } from "../../src/workers/bulk-move.js";
import { OutboxMoveNotices } from "../../src/workers/move-notices.js";
import { FakeAccountApi, type FakeServer } from "../fakes/account-api.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { user } from "../fakes/telegram-api.js";
import { chatAs, type TestBot } from "../helpers/bot-harness.js";
import { startHostingAdminBot } from "../helpers/hosting-admin-bot.js";
import { redisUrl } from "../helpers/redis.js";
import { telegramViews } from "../helpers/telegram-views.js";
import { until } from "../helpers/wait.js";

/*
 * Issue 31, point 2, the admin's side in chat: from a server card, "Move customers", the target,
 * all or chosen customers, the preview (who, from -> to, the target's clients and runway, who
 * stays and why), confirm -> a real moves worker runs it and edits the confirmation into the
 * progress and then the report; pause and resume; the customers hear of their new links.
 */

const ADMIN = user(7600, { first_name: "Boss", language_code: "en" });
const fakes = {
  account: new FakeAccountApi(),
  panel: new FakePanelApi({ nodes: [{ id: "2" }] }),
  node: new FakeNodeApi(),
  clock: new ManualClock(Date.now()),
};
let t: TestBot;
let serverId: number;
let close: () => Promise<void>;
let worker: Worker | undefined;
let workerRedis: Redis;
let queue: BulkMoveQueue;
let nextCustomer = 76_100;

const { press, say } = chatAs(() => t, ADMIN);
const { lastShown, button, textsTo } = telegramViews(() => t);

beforeAll(async () => {
  const runs = { start: (id: string) => queue.start(id) };
  const outbox = {
    send: async (m: { chatId: number; text?: string | undefined; keyboard?: unknown }) => {
      await t.bot.api.sendMessage(m.chatId, m.text ?? "", { parse_mode: "HTML" });
    },
  };
  const notices = new OutboxMoveNotices({
    ...{ outbox: outbox as never, i18n: createI18n("en"), defaultLocale: "en" },
    customers: () => t.deps.books.customers,
    catalog: () => t.deps.catalog.current(),
  });
  ({ t, serverId, close } = await startHostingAdminBot(
    ADMIN,
    fakes,
    { daysLeft: 60 },
    { moves: { runs, notices } },
  ));
  queue = new BulkMoveQueue(t.redis);
  workerRedis = new Redis(`${redisUrl()}/${t.redis.options.db ?? 0}`, { maxRetriesPerRequest: null });
});
afterAll(async () => {
  await worker?.close();
  await queue.close();
  await workerRedis.quit();
  await close();
});

function startWorker(): void {
  worker ??= startBulkMoveWorker({
    ...{ connection: workerRedis, moves: t.deps.fleet.bulkMoves, api: t.bot.api },
    ...{ i18n: createI18n("en"), logger: createLogger("silent"), againMs: 50, progressEveryMs: 0 },
  });
}

/** A customer's live subscription on xui server `on`, its client made through the shop's provisioner. */
async function customerOn(on: number, name: string, days = 20): Promise<Subscription> {
  const id = nextCustomer++;
  await t.deps.books.customers.seen({ id, firstName: name, locale: "en" });
  const ref: AccessRef = { kind: "xui", serverId: on, name: `c${id}-0000abcd` };
  const request = {
    name: ref.name,
    uuid: crypto.randomUUID(),
    expiresAt: Date.now() + days * DAY,
    trafficGb: 50,
    devices: 0,
  };
  const plan = { id: "basic", backend: { kind: "xui", servers: [on] } } as unknown as Plan;
  const made = await t.deps.provisioning.provisioner("xui").ensure(ref, plan, request);
  return t.deps.books.subscriptions.create(`o${id}`, {
    ...{ customerId: id, planId: "basic", ref: made.ref, links: made.links },
    ...{ expiresAt: request.expiresAt, trafficGb: 50, devices: 0, trial: false },
  });
}

function shownText(): string {
  return lastShown().text;
}

describe("an admin's bulk move in chat", () => {
  let to: FakeServer;
  let subs: Subscription[];

  it("previews from the server card: who, to where, the target's clients and runway, who stays", async () => {
    to = fakes.account.addServer("shop", { type: "xui", name: "Amsterdam-2", daysLeft: 45 });
    subs = [
      await customerOn(serverId, "Alice"),
      await customerOn(serverId, "Bob"),
      await customerOn(serverId, "Carol", -1),
    ];
    await press(`a.s:card:${serverId}:`);
    await press(button(/Move customers/));
    expect(shownText()).toContain("Bulk move</b> off server");
    await press(button(/Amsterdam-2/));
    expect(shownText()).toContain("Customers there: 3");
    await press(button(/All \(3\)/));
    const preview = shownText();

    expect(preview).toContain("server Frankfurt-1 → server Amsterdam-2");
    expect(preview).toContain("Will be moved: 2");
    expect(preview).toMatch(/Among them: (Alice, Bob|Bob, Alice)\n/);
    expect(preview).toContain("Will stay where they are (1):");
    expect(preview).toContain("• expired: 1");
    expect(preview).toContain("Clients on the target: 0 → 2");
    expect(preview).toMatch(/Runway of the target after the move: 4[45] days \(the move pauses under 7\)/);
    expect(lastShown().buttons.map((b) => b.text)).toContain("✅ Move 2");
  });

  it("confirmed: the confirmation becomes the progress, pause and resume, then the report", async () => {
    await press(button(/✅ Move 2/));
    expect(shownText()).toContain("Moving customers</b> from server");
    expect(shownText()).toContain("0 of 3");
    await press(button(/⏸ Pause/));
    expect(shownText()).toContain("Move paused");
    startWorker();
    await press(button(/▶️ Resume/));

    await until(() =>
      t.telegram.calls.some(
        (c) => c.method === "editMessageText" && String(c.params.text).includes("Move finished"),
      ),
    );
    const report = t.telegram.calls.filter((c) => c.method === "editMessageText").at(-1)?.params.text;
    expect(report).toContain("Moved: 2 · ⏭ Skipped: 1 · ⚠️ Failed: 0 (of 3)");
    expect(report).toContain("Not moved:");
    expect(report).toContain("• Carol: expired");
    expect(to.clients).toHaveLength(2);
    for (const sub of subs.slice(0, 2)) {
      expect(textsTo(sub.customerId).join("\n")).toContain("has moved to another server");
      const after = await t.deps.books.subscriptions.get(sub.id);
      expect(after?.ref).toMatchObject({ kind: "xui", serverId: to.id });
    }
    expect(textsTo(subs[2]?.customerId ?? 0)).toEqual([]);
    // Each press that changed the move is in the staff audit log, with who pressed it.
    const { entries } = await t.deps.staff.audit.page({ actorId: ADMIN.id }, 0, 50);
    const acted = entries.filter((e) => e.action.startsWith("move.")).map((e) => [e.action, e.outcome]);
    expect(acted).toEqual(
      expect.arrayContaining([
        ["move.start", "done"],
        ["move.pause", "done"],
        ["move.resume", "done"],
      ]),
    );
  });

  it("the runway floor is a setting: the preview names it, and under it the move pauses at once", async () => {
    await press("a.set:edit:move");
    expect(shownText()).toContain("from 1 to 90");
    await say("50");
    expect(await t.deps.catalog.settings.moveRunwayFloorDays()).toBe(50);
    const from = fakes.account.addServer("shop", { type: "xui", name: "Oslo-4", daysLeft: 60 });
    await customerOn(from.id, "Frank");
    await press(`a.mv:to:x${from.id}::`);
    await press(button(/Amsterdam-2/));
    await press(button(/All \(1\)/));
    expect(shownText()).toContain("(the move pauses under 50)");
    expect(shownText()).toContain("under the floor");
    await press(button(/✅ Move 1/));
    await until(() =>
      t.telegram.calls.some(
        (c) =>
          c.method === "editMessageText" &&
          String(c.params.text).includes("the target's runway would fall to 4"),
      ),
    );
    expect(lastShown().buttons.map((b) => b.text)).toEqual(expect.arrayContaining(["▶️ Resume", "✖️ Cancel"]));
    await press(button(/✖️ Cancel/));
    await until(() =>
      t.telegram.calls.some(
        (c) => c.method === "editMessageText" && String(c.params.text).includes("Move cancelled"),
      ),
    );
    expect(from.clients).toHaveLength(1);
    await t.deps.catalog.settings.setMoveRunwayFloorDays(7);
  });

  it("chosen customers only, picked with toggles", async () => {
    const from = fakes.account.addServer("shop", { type: "xui", name: "Paris-3", daysLeft: 60 });
    const [dave] = [await customerOn(from.id, "Dave"), await customerOn(from.id, "Eve")];
    await press(`a.mv:to:x${from.id}::`);
    await press(button(/Amsterdam-2/));
    await press(button(/Choose customers/));
    await press(button(/Dave/));
    expect(lastShown().buttons.map((b) => b.text)).toContain("✅ Dave");
    await press(button(/Preview \(1 chosen\)/));
    expect(shownText()).toContain("Will be moved: 1");
    expect(shownText()).toContain("Among them: Dave");
    await press(button(/✅ Move 1/));
    await until(() =>
      t.telegram.calls.some(
        (c) =>
          c.method === "editMessageText" &&
          String(c.params.text).includes("Move finished") &&
          String(c.params.text).includes("of 1"),
      ),
    );
    expect(from.clients.map((c) => c.email)).toHaveLength(1);
    expect((await t.deps.books.subscriptions.get(dave?.id ?? ""))?.ref).toMatchObject({ serverId: to.id });
  });
});
