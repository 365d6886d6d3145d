import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/runtime/clock.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { command, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { seedSubscription } from "../helpers/shop-seed.js";
import { telegramViews } from "../helpers/telegram-views.js";

// Issue 31, point 1: the runway on the server card and the admin's Runway screen.

const DAY = 86_400_000;
const GB = 1024 ** 3;
const START = Date.UTC(2031, 0, 1, 12);
const ADMIN = user(7710, { first_name: "Boss", language_code: "en" });
const fake = new FakeAccountApi();
const clock = new ManualClock(START);
let t: TestBot;

beforeAll(async () => {
  await fake.start();
  fake.now = () => clock.now();
  fake.addAccount({ login: "rwb", password: "pw", balance: 500 });
  const key = fake.addKey("rwb");
  t = await createTestBot({ adminIds: [ADMIN.id], accountUrl: fake.url, accountApiKey: key, clock });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const { press, say } = chatAs(() => t, ADMIN);
const { lastShown } = telegramViews(() => t);

/** `count` subscriptions on the server using `gbPerDay` each for 15 days, and the tally run. */
async function usageOn(serverId: number, count: number, gbPerDay: number, tag: string) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const sub = await seedSubscription(t.deps, `rw-${tag}-${i}`, {
      customerId: 7711 + i,
      ref: { kind: "xui", serverId, name: `rw-${tag}-${i}` },
      expiresAt: START + 60 * DAY,
    });
    ids.push(sub.id);
  }
  for (let d = 0; d < 15; d++) {
    const readings = ids.map((subscriptionId) => ({ subscriptionId, usedBytes: (d + 1) * gbPerDay * GB }));
    await t.deps.provisioning.usage.history.recordMany(readings, clock.now() + d * DAY);
  }
}

describe("the runway in the chat", () => {
  it("the card offers the package; set, it shows traffic at average and trend, the chart and the term", async () => {
    const s = fake.addServer("rwb", { name: "lte-a", daysLeft: 20 });
    await usageOn(s.id, 2, 1, "a");
    clock.set(START + 14 * DAY);
    await t.deps.fleet.tally.run();

    await press(`a.s:card:${s.id}:`);
    expect(lastShown().text).toContain("Traffic package: not set (not tracked)");
    expect(lastShown().buttons.map((b) => b.text)).toContain("📦 Traffic package");

    await press(`a.rw:pkg:${s.id}`);
    expect(lastShown().text).toContain("traffic package in GB");
    await say("lots");
    expect(lastShown().text).toContain("Send a number of GB from 0 to");
    await say("40");
    const card = lastShown().text;
    expect(card).toContain("📦 Traffic package set: 40 GB.");
    // The term began 10 days before the first reading's day: all 15 days count, 30 GB of 40.
    expect(card).toContain("Traffic: 30 GB of 40 GB used this term");
    expect(card).toContain("At the 7-day average (2 GB a day): 5 days");
    expect(card).toContain("At the trend (2 GB a day): 5 days");
    // The budget is 40 / 30 GB a day: 2 GB a day is 1.5 budgets, the sixth bar.
    expect(card).toContain("<code>▆▆▆▆▆▆▆▆▆▆▆▆▆▆</code>");
    expect(card).toContain("Term: 6 days left");
    expect(card).toContain("➜ extend server lte-a");
    expect(card).toContain("➜ move");
    expect(await t.deps.fleet.packages.of(s.id)).toBe(40);
  });

  it("the Runway screen lists the servers most urgent first, each opening its card", async () => {
    const calm = fake.addServer("rwb", { name: "lte-calm", daysLeft: 200 });
    await press("a.rw:board:0");
    const view = lastShown();
    expect(view.text).toContain("📉 <b>Runway</b>");
    expect(view.text).toContain("Hosting balance: 500");
    const urgent = view.text.indexOf("<b>lte-a</b>");
    const later = view.text.indexOf("<b>lte-calm</b>");
    expect(urgent).toBeGreaterThan(0);
    expect(later).toBeGreaterThan(urgent);
    const button = view.buttons.find((b) => b.text.includes("lte-calm"));
    expect(button?.data).toBe(`a.s:card:${calm.id}:`);
  });

  it("the admin home has the Runway section", async () => {
    await t.send(command(ADMIN, "/admin"));
    expect(lastShown().buttons.map((b) => b.text)).toContain("📉 Runway");
  });

  it("clearing the package stops tracking it", async () => {
    const s = fake.addServer("rwb", { name: "lte-b", daysLeft: 20 });
    await t.deps.fleet.packages.set(s.id, 10);
    await press(`a.rw:pkg:${s.id}`);
    await say("0");
    expect(lastShown().text).toContain("Traffic package cleared");
    expect(await t.deps.fleet.packages.of(s.id)).toBeUndefined();
  });

  it("the alerts' thresholds are set in the admin's settings", async () => {
    await press("a.set:view:");
    expect(lastShown().text).toContain("Runway alerts: 14, 7, 3, 1 days before a run-out");
    await press("a.set:edit:runway");
    expect(lastShown().text).toContain("e.g. 14,7,3,1");
    await say("0, 200");
    expect(lastShown().text).toContain("Send up to 6 whole numbers from 1 to 90");
    await say("5, 20");
    expect(lastShown().text).toContain("Runway alerts: 20, 5 days before a run-out");
    expect(await t.deps.catalog.settings.runwayAlertDays()).toEqual([20, 5]);
    await press("a.set:edit:runway");
    await say("-");
    expect(await t.deps.catalog.settings.runwayAlertDays()).toEqual([14, 7, 3, 1]);
  });
});
