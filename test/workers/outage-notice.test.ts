import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { DAY, MINUTE } from "../../src/runtime/clock.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { TEST_CATALOG } from "../helpers/bot-harness.js";
import { serverWatchTask } from "../helpers/server-watch-task.js";
import { seedSubscription } from "../helpers/shop-seed.js";
import { telegramViews } from "../helpers/telegram-views.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/** The test catalog, its xui plan on a named location, and a second xui plan with no name. */
const CATALOG: Catalog = {
  ...TEST_CATALOG,
  plans: [
    ...TEST_CATALOG.plans.map((p) =>
      p.id === "de-xui" && p.backend.kind === "xui"
        ? { ...p, backend: { ...p.backend, name: { en: "Frankfurt", ru: "Франкфурт" } } }
        : p,
    ),
    {
      ...(TEST_CATALOG.plans[0] as Catalog["plans"][number]),
      id: "xui-plain",
      title: { en: "Basic VPN", ru: "Базовый VPN" },
    },
  ],
};
const fake = new FakeAccountApi();
let h: WorkerHarness;

beforeAll(async () => {
  await fake.start();
  h = await createWorkerHarness({ catalog: CATALOG });
  h.startOutbox({ perSecond: 100, perChatGapMs: 20 });
});
afterAll(async () => {
  await h.close();
  await fake.stop();
});

const { textsTo } = telegramViews(() => h);

/**
 * An account on the fake with one server named `serverName`, the subscriptions `seed` puts on it,
 * and the server watch run until that server has been offline past the customers' grace (5
 * minutes); the notices it queued are delivered.
 */
async function outage(login: string, serverName: string, seed: (serverId: number) => Promise<void>) {
  fake.addAccount({ login, password: "pw", balance: 1_000 });
  const key = fake.addKey(login);
  const account = new AccountApi({
    baseUrl: fake.url,
    apiKey: () => key,
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
  });
  const server = fake.addServer(login, { name: serverName });
  await seed(server.id);
  const watch = serverWatchTask(h, account);
  await watch.run();
  server.state = "offline";
  for (let i = 0; i < 7; i++) {
    await watch.run();
    h.clock.advance(MINUTE);
  }
  await h.drainOutbox();
}

describe("the customers' outage notice", () => {
  // Issue 24, item 6: the notice named the server (the hosting's host name) as the location.
  it("names the subscription and its catalog location, never the server's host name", async () => {
    const C_EN = 9301;
    const C_RU = 9302;
    const C_PLAIN = 9303;
    await outage("outage", "vps-4411.fra1.hoster.net", async (serverId) => {
      await h.rooms.books.customers.seen({ id: C_PLAIN, firstName: "c3", locale: "en" });
      await seedSubscription(h.rooms, "oout-plain", {
        customerId: C_PLAIN,
        planId: "xui-plain",
        ref: { kind: "xui", serverId, name: "plain" },
        expiresAt: h.clock.now() + 10 * DAY,
      });
      await h.rooms.books.customers.seen({ id: C_EN, firstName: "c1", locale: "en" });
      await h.rooms.books.customers.seen({ id: C_RU, firstName: "c2", locale: "ru" });
      for (const [i, customerId] of [C_EN, C_RU].entries()) {
        await seedSubscription(h.rooms, `oout${i}`, {
          customerId,
          ref: { kind: "xui", serverId, name: `u${i}` },
          expiresAt: h.clock.now() + 10 * DAY,
        });
      }
    });
    const [en] = textsTo(C_EN);
    expect(en).toBe(
      "⚠️ Your VPN is not working at the moment: your subscription «Germany, 30 days, 100 GB» is unreachable (Frankfurt). We are working on it and will tell you as soon as it is back.",
    );
    const [ru] = textsTo(C_RU);
    expect(ru).toContain("подписка «Германия, 30 дней, 100 ГБ» недоступна (Франкфурт)");
    const [plain] = textsTo(C_PLAIN);
    expect(plain).toContain("your subscription «Basic VPN» is unreachable.");
    for (const text of [en, ru, plain]) {
      expect(text).not.toContain("vps-4411");
      expect(text).not.toContain("hoster.net");
    }
  });

  // Issue 24, item 3: the notice named a free trial by the paid plan it runs on.
  it("names «Free trial · 1 day, 1 GB» (each title once), never «Germany, 30 days, 100 GB» for it", async () => {
    const TRIAL = 9_411;
    const BOTH = 9_412;
    await outage("outage-trial", "Frankfurt-2", async (serverId) => {
      await h.rooms.books.customers.seen({ id: TRIAL, firstName: "t", locale: "en" });
      await h.rooms.books.customers.seen({ id: BOTH, firstName: "b", locale: "ru" });
      const seed = (order: string, customerId: number, trial: boolean) =>
        seedSubscription(h.rooms, order, {
          customerId,
          ref: { kind: "xui", serverId, name: order },
          expiresAt: h.clock.now() + (trial ? DAY : 10 * DAY),
          trafficGb: trial ? 1 : 100,
          trial,
        });
      await seed("otrial1", TRIAL, true);
      await seed("oboth1", BOTH, false);
      await seed("oboth2", BOTH, false);
      await seed("oboth3", BOTH, true);
    });
    const [trial] = textsTo(TRIAL);
    expect(trial).toContain("«Free trial · 1 day, 1 GB»");
    expect(trial).not.toContain("Germany");
    const [both] = textsTo(BOTH);
    expect(both).toContain("«Пробный период · 1 день, 1 ГБ»");
    // Its two paid subscriptions of one plan are named once.
    expect(both?.split("«Германия, 30 дней, 100 ГБ»")).toHaveLength(2);
  });
});
