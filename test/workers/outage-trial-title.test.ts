import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShopSettings } from "../../src/domain/catalog/index.js";
import { ServerExtension } from "../../src/domain/fleet/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { DAY, MINUTE } from "../../src/runtime/clock.js";
import { createServerWatchTask } from "../../src/workers/server-watch/index.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { seedSubscription } from "../helpers/shop-seed.js";
import { telegramViews } from "../helpers/telegram-views.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/** Issue 24, item 3: the outage notice names a free trial by its own term, not the paid plan it runs on. */

const fake = new FakeAccountApi();
let h: WorkerHarness;

beforeAll(async () => {
  await fake.start();
  h = await createWorkerHarness();
  h.startOutbox({ perSecond: 100, perChatGapMs: 20 });
});
afterAll(async () => {
  await h.close();
  await fake.stop();
});

const { textsTo } = telegramViews(() => h);

describe("the outage notice of a trial", () => {
  it("names «Free trial · 1 day, 1 GB» (each title once), never «Germany, 30 days, 100 GB» for it", async () => {
    fake.addAccount({ login: "outage-trial", password: "pw", balance: 1_000 });
    const key = fake.addKey("outage-trial");
    const account = new AccountApi({
      baseUrl: fake.url,
      apiKey: () => key,
      retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const s = fake.addServer("outage-trial", { name: "Frankfurt-2" });
    const TRIAL = 9_411;
    const BOTH = 9_412;
    await h.rooms.books.customers.seen({ id: TRIAL, firstName: "t", locale: "en" });
    await h.rooms.books.customers.seen({ id: BOTH, firstName: "b", locale: "ru" });
    const seed = (order: string, customerId: number, trial: boolean) =>
      seedSubscription(h.rooms, order, {
        customerId,
        ref: { kind: "xui", serverId: s.id, name: order },
        expiresAt: h.clock.now() + (trial ? DAY : 10 * DAY),
        trafficGb: trial ? 1 : 100,
        trial,
      });
    await seed("otrial1", TRIAL, true);
    await seed("oboth1", BOTH, false);
    await seed("oboth2", BOTH, false);
    await seed("oboth3", BOTH, true);
    const watch = createServerWatchTask({
      account,
      extension: new ServerExtension({
        hosting: { account },
        redis: h.redis,
        clock: h.clock,
        logger: h.logger,
      }),
      redis: h.redis,
      ...h.rooms,
      outbox: h.outbox,
      settings: new ShopSettings(h.redis),
      i18n: h.i18n,
      clock: h.clock,
      logger: h.logger,
      adminIds: [],
      defaultLocale: "en",
    });
    await watch.run();
    s.state = "offline";
    for (let i = 0; i < 7; i++) {
      await watch.run();
      h.clock.advance(MINUTE);
    }
    await h.drainOutbox();
    const [trial] = textsTo(TRIAL);
    expect(trial).toContain("«Free trial · 1 day, 1 GB»");
    expect(trial).not.toContain("Germany");
    const [both] = textsTo(BOTH);
    expect(both).toContain("«Пробный период · 1 день, 1 ГБ»");
    // Its two paid subscriptions of one plan are named once.
    expect(both?.split("«Германия, 30 дней, 100 ГБ»")).toHaveLength(2);
  });
});
