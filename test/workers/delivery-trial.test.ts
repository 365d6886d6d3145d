import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Locale } from "../../src/config.js";
import { DAY } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { Notifier } from "../../src/workers/notifier.js";
import { TEST_CATALOG } from "../helpers/bot-harness.js";
import { textsTo } from "../helpers/telegram-views.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/** Issue 10, item 2: the trial's delivery says the trial's term, not the plan it runs on. */

let h: WorkerHarness;
let notifier: Notifier;
let nextCustomer = 9_400;

beforeAll(async () => {
  h = await createWorkerHarness();
  notifier = new Notifier({
    api: h.api,
    i18n: h.i18n,
    ...h.rooms,
    adminIds: [],
    defaultLocale: "en",
    logger: createLogger("silent"),
  });
});
afterAll(() => h.close());
beforeEach(() => h.telegram.clear());

/** A trial (catalog: 1 day, 1 GB on de-xui, "Germany, 30 days, 100 GB") delivered to a new customer. */
async function deliverTrial(locale: Locale, term: { days: number; gb: number } = { days: 1, gb: 1 }) {
  const customerId = nextCustomer++;
  const { rooms, clock } = h;
  await rooms.books.customers.seen({ id: customerId, firstName: "T", locale });
  const started = await rooms.sales.shop.startTrial(customerId, locale);
  if (!started.ok) throw new Error(started.reason);
  const links = { links: ["vless://trial"], subscriptionUrl: undefined };
  const subscription = await rooms.books.subscriptions.create(started.order.id, {
    customerId,
    planId: "de-xui",
    ref: { kind: "node", name: `t${customerId}` },
    links,
    expiresAt: clock.now() + term.days * DAY,
    trafficGb: term.gb,
    devices: 0,
    trial: true,
  });
  await notifier.delivered({ outcome: "active", order: started.order, subscription, links, renewed: false });
  return textsTo(h.telegram, customerId)[0] ?? "";
}

describe("trial delivery", () => {
  it("says the trial's term and traffic (1 day, 1 GB), not the plan's title", async () => {
    expect(TEST_CATALOG.trial).toEqual({ days: 1, traffic_gb: 1, plan: "de-xui" });
    const text = await deliverTrial("en");
    expect(text.split("\n")[0]).toBe("🎁 <b>Your free trial is ready: 1 day, 1 GB</b>");
    expect(text).not.toContain("30 days");
    expect(text).not.toContain("100 GB");
  });

  it("in Russian, with the right plural", async () => {
    const text = await deliverTrial("ru");
    expect(text.split("\n")[0]).toBe("🎁 <b>Пробный период готов: 1 день, 1 ГБ</b>");
    expect(text).not.toContain("Германия");
  });
});
