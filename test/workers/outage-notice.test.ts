import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShopSettings } from "../../src/domain/catalog/index.js";
import { ServerExtension } from "../../src/domain/fleet/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { MINUTE } from "../../src/runtime/clock.js";
import { createServerWatchTask } from "../../src/workers/server-watch/index.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { seedSubscription } from "../helpers/shop-seed.js";
import { telegramViews } from "../helpers/telegram-views.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

const DAY_MS = 86_400_000;
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

describe("the customers' outage notice", () => {
  it("names the subscription and the location (the server) that is unreachable", async () => {
    fake.addAccount({ login: "outage", password: "pw", balance: 1_000 });
    const key = fake.addKey("outage");
    const account = new AccountApi({
      baseUrl: fake.url,
      apiKey: () => key,
      retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const s = fake.addServer("outage", { name: "Frankfurt-1" });
    const C_EN = 9301;
    const C_RU = 9302;
    await h.rooms.books.customers.seen({ id: C_EN, firstName: "c1", locale: "en" });
    await h.rooms.books.customers.seen({ id: C_RU, firstName: "c2", locale: "ru" });
    for (const [i, customerId] of [C_EN, C_RU].entries()) {
      await seedSubscription(h.rooms, `oout${i}`, {
        customerId,
        ref: { kind: "xui", serverId: s.id, name: `u${i}` },
        expiresAt: h.clock.now() + 10 * DAY_MS,
      });
    }
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
    // Offline past the customers' grace (5 minutes).
    for (let i = 0; i < 7; i++) {
      await watch.run();
      h.clock.advance(MINUTE);
    }
    await h.drainOutbox();
    const [en] = textsTo(C_EN);
    expect(en).toContain("Your VPN server is offline at the moment");
    expect(en).toContain("«Germany, 30 days, 100 GB»");
    expect(en).toContain("Frankfurt-1");
    const [ru] = textsTo(C_RU);
    expect(ru).toContain("«Германия, 30 дней, 100 ГБ»");
    expect(ru).toContain("Frankfurt-1");
  });
});
