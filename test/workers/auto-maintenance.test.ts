import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ShopMaintenance } from "../../src/domain/catalog/index.js";
import { MAINTENANCE_KEY } from "../../src/domain/catalog/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { DAY, HOUR, MINUTE } from "../../src/runtime/clock.js";
import { createReminderTask } from "../../src/workers/reminders.js";
import type { ServerWatchDeps, ServerWatchReport } from "../../src/workers/server-watch/index.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { fail } from "../fakes/http-fake.js";
import { serverWatchTask } from "../helpers/server-watch-task.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { telegramViews } from "../helpers/telegram-views.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/**
 * Issue 26, the automatic maintenance as the server watch runs it against the fake Account API:
 * off by default (a long outage keeps the shop open), on after the set time without an answer,
 * off when the account answers, the admins told of each once, also with two watch processes
 * running their rounds at once and after a round that died between queueing a notice and marking it.
 */

const ADMIN_EN = 8_300;
const ADMIN_RU = 8_301;
const RETRY = { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 };
const fake = new FakeAccountApi();
let h: WorkerHarness;
let account: AccountApi;
let login: string;
let n = 0;
const { textsTo } = telegramViews(() => h);
const maintenance = () => h.rooms.catalog.maintenance;

beforeAll(async () => {
  await fake.start();
  h = await createWorkerHarness();
  h.startOutbox({ perSecond: 100, perChatGapMs: 10 });
  await h.rooms.books.customers.seen({ id: ADMIN_EN, firstName: "Boss", locale: "en" });
  await h.rooms.books.customers.seen({ id: ADMIN_RU, firstName: "Иван", locale: "ru" });
});
afterAll(async () => {
  await h.close();
  await fake.stop();
});
beforeEach(async () => {
  fake.disarm();
  await h.redis.del(MAINTENANCE_KEY, "settings:shop", "watch:api-alert-at");
  h.clock.advance(DAY);
  n += 1;
  login = `auto${n}`;
  fake.addAccount({ login, password: "pw", balance: 1_000 });
  const key = fake.addKey(login);
  fake.addServer(login, { type: "xui", daysLeft: 90 });
  account = new AccountApi({ baseUrl: fake.url, apiKey: () => key, retry: RETRY });
  await h.drainOutbox();
  h.telegram.clear();
});

function watch(overrides: Partial<ServerWatchDeps> = {}) {
  return serverWatchTask(h, account, {
    settings: h.rooms.catalog.settings,
    maintenance: h.rooms.catalog.maintenance,
    adminIds: [ADMIN_EN, ADMIN_RU],
    ...overrides,
  });
}

/** The hosting account answers nothing but 503 for a while. */
const accountDown = () => fake.failNext("GET", "/api/v1/servers", fail(503, "Service Unavailable"), 1_000);

const onNotice = (who: number) =>
  textsTo(who).filter((m) => m.includes("has not answered since") || m.includes("не отвечает с"));
const offNotice = (who: number) =>
  textsTo(who).filter(
    (m) =>
      m.includes("automatic maintenance has ended") ||
      m.includes("Автоматическое техобслуживание закончилось"),
  );

/** `minutes` rounds a minute apart, of every watch given (at once: two processes). */
async function rounds(minutes: number, ...watches: ReturnType<typeof watch>[]): Promise<ServerWatchReport[]> {
  const reports: ServerWatchReport[] = [];
  for (let i = 0; i < minutes; i++) {
    reports.push(...(await Promise.all(watches.map((w) => w.run()))));
    h.clock.advance(MINUTE);
  }
  await h.drainOutbox();
  return reports;
}

describe("the automatic maintenance, off (the default)", () => {
  it("keeps the shop open through a long outage: only the usual hosting alert", async () => {
    accountDown();
    const reports = await rounds(30, watch());
    expect(reports.every((r) => r.autoMaintenance === undefined)).toBe(true);
    expect(await maintenance().closed()).toBeUndefined();
    expect(onNotice(ADMIN_EN)).toEqual([]);
    expect(textsTo(ADMIN_EN).some((m) => m.includes("The hosting API cannot be reached"))).toBe(true);
  });
});

describe("the automatic maintenance, on", () => {
  it("closes the shop after the set time, opens it when the account answers; admins told once each, two processes", async () => {
    await h.rooms.catalog.settings.setMaintenanceAutoMinutes(5);
    const [a, b] = [watch(), watch()];
    accountDown();
    const down = h.clock.now();
    const before = await rounds(5, a, b);
    expect(before.every((r) => r.autoMaintenance === undefined)).toBe(true);
    expect(await maintenance().closed()).toBeUndefined();

    const closing = await rounds(3, a, b);
    expect(closing.filter((r) => r.autoMaintenance === "closed").length).toBeGreaterThanOrEqual(1);
    expect(await maintenance().closed()).toEqual({ kind: "auto", since: down });
    expect(onNotice(ADMIN_EN)).toHaveLength(1);
    expect(onNotice(ADMIN_EN)[0]).toContain("the shop is closed to customers automatically");
    expect(onNotice(ADMIN_RU)).toHaveLength(1);
    expect(onNotice(ADMIN_RU)[0]).toContain("магазин автоматически закрыт для клиентов");

    fake.disarm();
    const opening = await rounds(3, a, b);
    expect(opening.some((r) => r.autoMaintenance === "opened")).toBe(true);
    expect(await maintenance().closed()).toBeUndefined();
    expect(offNotice(ADMIN_EN)).toHaveLength(1);
    expect(offNotice(ADMIN_EN)[0]).toContain("it was closed for 8 min");
    expect(offNotice(ADMIN_RU)).toHaveLength(1);
    expect(onNotice(ADMIN_EN)).toHaveLength(1);
  });

  it("counts no connection at all as unreachable, a refused key not (the account answered)", async () => {
    await h.rooms.catalog.settings.setMaintenanceAutoMinutes(5);
    const refused = new AccountApi({ baseUrl: fake.url, apiKey: () => "not-a-key", retry: RETRY });
    await rounds(10, watch({ account: refused }));
    expect(await maintenance().closed()).toBeUndefined();
    const nowhere = new AccountApi({ baseUrl: "http://127.0.0.1:9", apiKey: () => "k", retry: RETRY });
    await rounds(7, watch({ account: nowhere }));
    expect(await maintenance().closed()).toMatchObject({ kind: "auto" });
    expect(onNotice(ADMIN_EN)).toHaveLength(1);
  });

  it("a round that died after queueing a notice and before marking it queues it again, sent once", async () => {
    await h.rooms.catalog.settings.setMaintenanceAutoMinutes(5);
    const real = maintenance();
    let crashes = 2;
    const crashing: Pick<ShopMaintenance, "observeAccount" | "noticeQueued"> = {
      observeAccount: (reachable, after) => real.observeAccount(reachable, after),
      noticeQueued: async (which, since) => {
        if (crashes-- > 0) throw new Error("process died");
        await real.noticeQueued(which, since);
      },
    };
    const w = watch({ maintenance: crashing });
    accountDown();
    await rounds(10, w);
    expect(onNotice(ADMIN_EN)).toHaveLength(1);
    expect(await real.observeAccount(false, 5 * MINUTE)).toMatchObject({ on: { told: true } });
    fake.disarm();
    crashes = 1;
    await rounds(3, w);
    expect(offNotice(ADMIN_EN)).toHaveLength(1);
    expect(offNotice(ADMIN_RU)).toHaveLength(1);
  });
});

describe("while the shop is closed", () => {
  it("reminders go on: a customer whose access ends in 3 days is reminded", async () => {
    await maintenance().close({ message: "planned", by: ADMIN_EN });
    const customerId = 8_350;
    await seedCustomer(h.rooms, customerId, "en");
    const created = h.clock.now();
    h.clock.advance(-60 * DAY);
    await seedSubscription(h.rooms, `o-maint-remind-${n}`, {
      customerId,
      planId: "de-xui",
      ref: { kind: "xui", serverId: 1, name: `r${n}` },
      links: { links: ["vless://example"], subscriptionUrl: undefined },
      expiresAt: created + 3 * DAY - HOUR,
      trafficGb: 100,
    });
    h.clock.set(created);
    const result = await createReminderTask({
      ...h.rooms,
      outbox: h.outbox,
      i18n: h.i18n,
      clock: h.clock,
      logger: h.logger,
    }).run();
    expect(Object.values(result.queued).reduce((a, b) => a + b, 0)).toBe(1);
    await h.drainOutbox();
    expect(textsTo(customerId).join("\n")).toContain("3 days");
    expect(await maintenance().closed()).toMatchObject({ kind: "manual" });
  });
});
