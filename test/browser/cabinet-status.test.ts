import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { DAY, MINUTE } from "../../src/runtime/clock.js";
import { createServerWatchTask, type ServerWatchTask } from "../../src/workers/server-watch/index.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { type CabinetRig, type PageUser, startCabinetRig } from "./rig.js";

/**
 * Issue 31, point 3: the cabinet's Service status in a real browser: each location with its state,
 * since when, and when it was last checked (the server watch's real step on the fake hosting), and
 * the notices the watch sent.
 */

const VERA: PageUser = { id: 77_001, first_name: "Vera", language_code: "en" };
let rig: CabinetRig;
let watch: ServerWatchTask;

beforeAll(async () => {
  rig = await startCabinetRig({
    catalog: (a) => ({
      currency: "XTR",
      trial: undefined,
      plans: [
        {
          id: "de-xui",
          title: { en: "Germany, 30 days, 100 GB", ru: "Германия, 30 дней, 100 ГБ" },
          days: 30,
          traffic_gb: 100,
          devices: 3,
          price: 150,
          backend: { kind: "xui", servers: [a.serverId], name: { en: "Frankfurt", ru: "Франкфурт" } },
        },
      ],
    }),
  });
  const { deps, redis } = rig.h.t;
  const account = new AccountApi({
    baseUrl: rig.fake.url,
    apiKey: () => rig.account.key,
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
  });
  watch = createServerWatchTask({
    account,
    extension: deps.fleet.serverExtension,
    redis,
    books: deps.books,
    sales: deps.sales,
    outbox: { sendMany: async () => {} },
    noticeLog: deps.fleet.notices,
    settings: deps.catalog.settings,
    i18n: createI18n("en"),
    clock: rig.clock,
    logger: deps.logger,
    adminIds: [],
    defaultLocale: "en",
  });
  await seedCustomer(deps, VERA.id, "en");
  await seedSubscription(deps, "o-browser-status", {
    customerId: VERA.id,
    planId: "de-xui",
    ref: { kind: "xui", serverId: rig.account.serverId, name: "vera-1" },
    expiresAt: rig.clock.now() + 12 * DAY,
  });
}, 60_000);

afterAll(() => rig?.close());

const STATUS = "#view-more [data-section='status']";

async function statusSection(): Promise<{ text: string; dot: string; close: () => Promise<void> }> {
  const p = await rig.open(VERA);
  await p.press("More", "nav");
  await p.until(`document.querySelector(${JSON.stringify(`${STATUS} .dot`)})`);
  const text = await p.text(STATUS);
  const dot = await p.page.$eval(`${STATUS} .dot`, (node) => node.className);
  expect(p.errors).toEqual([]);
  return { text, dot, close: () => p.close() };
}

describe("the cabinet's service status", () => {
  it("shows each location with its state and when it was last checked, and an outage with its notice", async () => {
    await watch.run();
    rig.clock.advance(2 * MINUTE);
    const up = await statusSection();
    expect(up.text).toContain("Frankfurt");
    expect(up.text).toContain("Working");
    expect(up.text).toContain("checked 2 min ago");
    expect(up.text).toContain("No notices: everything has been running fine.");
    expect(up.dot).toBe("dot up");
    await up.close();

    const server = rig.fake.servers.get(rig.account.serverId);
    if (!server) throw new Error("the rig's server is missing");
    server.state = "offline";
    // Past the customers' grace (5 minutes): the watch tells her and keeps what it told.
    for (let i = 0; i < 7; i++) {
      rig.clock.advance(MINUTE);
      await watch.run();
    }
    const down = await statusSection();
    expect(down.dot).toBe("dot down");
    expect(down.text).toContain("Not working");
    expect(down.text).toMatch(/since .+ · checked just now/);
    expect(down.text).toContain("Your VPN is not working at the moment");
    expect(down.text).not.toMatch(/null|undefined|NaN/);
    await down.close();
    server.state = "running";
  });
});
