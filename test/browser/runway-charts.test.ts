import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dateOfDay, dayNumber, type RunwayBoard, runwayKeys } from "../../src/domain/fleet/index.js";
import { staffKeys } from "../../src/domain/staff/index.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { type CabinetPage, type CabinetRig, type PageUser, startCabinetRig } from "./rig.js";

/**
 * Issue 31: the runway charts in the Mini App, for staff, in a real headless Chromium. Staff who
 * see the servers open the page from the chat's button (`/app/?page=runway`): the servers most
 * urgent first, a server's charts with the package line and the run-out projected to the day the
 * forecast gives, a bar tapped for its value, the empty states; a customer is refused and sees
 * nothing of it; Persian keeps the page right-to-left and the charts left-to-right.
 */

const DAY = 86_400_000;
const GB = 1024 ** 3;
const W = 300;
const ADMIN: PageUser = { id: 31_001, first_name: "Ada", language_code: "en" };
const FA_ADMIN: PageUser = { id: 31_002, first_name: "Dara", language_code: "fa" };
const CUSTOMER: PageUser = { id: 31_003, first_name: "Cleo", language_code: "en" };
const SUPPORT: PageUser = { id: 31_004, first_name: "Sam", language_code: "en" };

let rig: CabinetRig;
let hot: number;
let calm: number;
let fresh: number;
let now: number;

/** `gbPerDay` on each of the `days` complete days before today, as the hourly tally stores it. */
async function tally(serverId: number, days: number, gbPerDay: number) {
  const today = dayNumber(now);
  const record = {
    at: now,
    subscriptions: 2,
    days: Array.from({ length: days }, (_, i) => ({
      date: dateOfDay(today - days + i),
      bytes: gbPerDay * GB,
    })),
  };
  await rig.h.t.redis.set(runwayKeys.days(serverId), JSON.stringify(record));
}

beforeAll(async () => {
  rig = await startCabinetRig();
  now = rig.clock.now();
  const { fleet, catalog } = rig.h.t.deps;
  hot = rig.fake.addServer("shop", { name: "lte-hot", daysLeft: 20 }).id;
  calm = rig.fake.addServer("shop", { name: "lte-calm", daysLeft: 25 }).id;
  fresh = rig.fake.addServer("shop", { name: "lte-fresh", daysLeft: 30 }).id;
  // 40 GB a term: 30 used in the term's 10 days so far at 3 a day: it runs out in 3 days.
  await fleet.packages.set(hot, 40);
  await tally(hot, 10, 3);
  await fleet.packages.set(calm, 1000);
  await tally(calm, 10, 1);
  await fleet.packages.set(fresh, 50);
  await catalog.settings.setExtendCostHint(300);
  for (const who of [ADMIN, FA_ADMIN]) await rig.h.t.redis.hset(staffKeys.roles, String(who.id), "admin");
  await rig.h.t.redis.hset(staffKeys.roles, String(SUPPORT.id), "support");
  await seedCustomer(rig.h.t.deps, CUSTOMER.id, "en");
}, 60_000);

afterAll(() => rig?.close());

const openRunway = (who: PageUser, query = "", theme: "light" | "dark" = "light") =>
  rig.open(who, { path: `/app/?page=runway${query}`, theme });

async function board(): Promise<RunwayBoard> {
  return rig.h.t.deps.fleet.forecasts.board(now);
}

/** The server list's ids in the page's order. */
const listedIds = (p: CabinetPage) =>
  p.page.$$eval("[data-section='servers'] li[data-server-id]", (items) =>
    items.map((li) => Number((li as unknown as { dataset: { serverId: string } }).dataset.serverId)),
  );

describe("the runway page in the Mini App", () => {
  it("shows staff the balance and the servers most urgent first", async () => {
    const p = await openRunway(ADMIN);
    expect(await p.text("h1")).toBe("Runway");
    const expected = (await board()).servers.map((s) => s.serverId);
    expect(await listedIds(p)).toEqual(expected);
    expect(expected[0]).toBe(hot);
    const first = await p.text("[data-section='servers'] li:first-child");
    expect(first).toContain("lte-hot");
    expect(first).toContain("3 days");
    // The balance pays 300 per extension: 1000 lasts until the hot server's second one, in 50 days
    // (49 and some hours when the fake hosting's expiry, in whole seconds, falls just before).
    const { runway } = (await board()).balance;
    expect(runway).toMatchObject({ kind: "days", serverId: hot });
    const days = runway.kind === "days" ? runway.days : -1;
    expect([49, 50]).toContain(days);
    const balance = await p.text("[data-section='balance']");
    expect(balance).toContain(`lasts ${days} days`);
    expect(await p.page.$$eval(".chart.balance circle.step", (c) => c.length)).toBe(4);
    expect(await p.page.$$eval(".chart.balance circle.step.short", (c) => c.length)).toBe(1);
    expect(p.errors).toEqual([]);
    await p.screenshot("runway-board");
    await p.close();
  });

  it("draws a server's term with the package line and the run-out on the forecast's day; a tap reads a bar", async () => {
    const p = await openRunway(ADMIN);
    await p.press("lte-hot", "[data-section='servers']");
    await p.until(`document.querySelector("#view-runway .chart.cumulative")`);
    const s = (await board()).servers.find((x) => x.serverId === hot);
    const runOut = s?.traffic?.runOut;
    expect(runOut?.days).toBe(3);
    const today = dayNumber(now);
    const first = dayNumber((s?.term.expiresAt ?? 0) - 30 * DAY);
    const slots = dayNumber(s?.term.expiresAt ?? 0) - first + 1;
    const crossDay = today + (runOut?.days ?? 0);
    const cross = await p.page.$eval(".chart.cumulative circle.cross.average", (c) => ({
      date: c.getAttribute("data-date"),
      x: Number(c.getAttribute("cx")),
      y: Number(c.getAttribute("cy")),
    }));
    expect(cross.date).toBe(dateOfDay(crossDay));
    expect(cross.x).toBeCloseTo(((crossDay - first) * W) / slots + W / slots / 2, 3);
    const limitY = await p.page.$eval(".chart.cumulative line.limit", (l) => Number(l.getAttribute("y1")));
    expect(cross.y).toBeCloseTo(limitY, 6);
    // Flat use: the trend crosses on the same day.
    expect(
      await p.page.$eval(".chart.cumulative circle.cross.trend", (c) => c.getAttribute("data-date")),
    ).toBe(dateOfDay(today + (runOut?.trendDays ?? 0)));
    const termEnd = await p.page.$eval(".chart.cumulative line.term-end", (l) => l.getAttribute("data-date"));
    expect(termEnd).toBe(dateOfDay(dayNumber(s?.term.expiresAt ?? 0)));
    expect(await p.text("[data-section='traffic']")).toContain("30 GB of 40 GB used this term");

    // Today has no figure yet; yesterday's bar, tapped, says its 3 GB.
    expect(await p.text(".chart-box:has(.chart.daily) .chart-caption")).toContain("no reading");
    await p.page.click(`.chart.daily rect.hit[data-date='${dateOfDay(today - 1)}']`);
    await p.until(
      `document.querySelector(".chart-box:has(.chart.daily) .chart-caption").textContent.endsWith(": 3 GB")`,
    );
    expect(
      await p.page.$eval(`.chart.daily rect.day[data-date='${dateOfDay(today - 1)}']`, (r) =>
        r.classList.contains("selected"),
      ),
    ).toBe(true);
    expect(p.errors).toEqual([]);
    await p.screenshot("runway-server");

    await p.press("All servers");
    await p.until(`document.querySelector("[data-section='servers']")`);
    await p.close();
  });

  it("says why a server has no chart: no package set, no use yet", async () => {
    const untracked = rig.account.serverId;
    const p = await openRunway(ADMIN, `&server=${untracked}`);
    expect(await p.text("[data-section='traffic']")).toContain("No traffic package is set for this server");
    expect(await p.page.$(".chart.runway")).toBeNull();
    await p.close();
    const q = await openRunway(ADMIN, `&server=${fresh}`);
    expect(await q.text("[data-section='traffic']")).toContain("No use recorded this term yet.");
    expect(await q.page.$(".chart.runway")).toBeNull();
    expect(q.errors).toEqual([]);
    await q.close();
  });

  it("keeps Persian right-to-left and its charts left-to-right (in the dark theme)", async () => {
    const p = await openRunway(FA_ADMIN, `&server=${hot}`, "dark");
    expect(await p.page.evaluate(`document.documentElement.dir`)).toBe("rtl");
    expect(await p.text("h1")).toBe("ذخیره");
    const dirs = await p.page.evaluate(`(() => {
      const box = document.querySelector(".chart-box:has(.chart.cumulative)");
      const of = (selector) => getComputedStyle(box.querySelector(selector)).direction;
      return [getComputedStyle(box).direction, of(".legend"), of(".chart-caption")];
    })()`);
    expect(dirs).toEqual(["ltr", "rtl", "rtl"]);
    expect(p.errors).toEqual([]);
    await p.screenshot("runway-fa");
    await p.close();
  });

  it("shows no text of its own: every word comes from the locale files or the API", async () => {
    const mark = (value: unknown, key = ""): unknown => {
      if (typeof value === "string")
        return /(_text|^name|^label|^text|^location|^fixes)$/.test(key) ? `⟦${value}⟧` : value;
      if (Array.isArray(value)) return value.map((v) => mark(v, key));
      if (value && typeof value === "object")
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mark(v, k)]));
      return value;
    };
    const rewrite = (path: string, body: unknown) =>
      path.startsWith("i18n/")
        ? Object.fromEntries(Object.entries(body as Record<string, string>).map(([k, v]) => [k, `⟦${v}⟧`]))
        : mark(body);
    const unmarked = async (p: CabinetPage): Promise<string[]> =>
      (await p.page.evaluate(`(() => {
        const out = [];
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        while (walk.nextNode()) {
          const node = walk.currentNode;
          if (!node.parentElement || node.parentElement.closest("[hidden], title, script, style")) continue;
          const rest = node.textContent.replace(/⟦[^⟧]*⟧/g, "").replace(/[\\s·:()+0-9]/g, "");
          if (rest) out.push(node.parentElement.outerHTML.slice(0, 160));
        }
        return out;
      })()`)) as string[];
    for (const query of ["", `&server=${hot}`, `&server=${rig.account.serverId}`]) {
      const p = await rig.open(ADMIN, { path: `/app/?page=runway${query}`, rewrite });
      expect(await unmarked(p), query).toEqual([]);
      await p.close();
    }
  });

  it("refuses a customer and staff who do not see the servers: nothing of the runway is shown", async () => {
    for (const who of [CUSTOMER, SUPPORT]) {
      const p = await openRunway(who);
      expect(await p.text("#view-runway")).toBe("This page is for the shop's staff who see the servers.");
      expect(await p.page.$("[data-section='servers'], [data-section='balance'], .chart")).toBeNull();
      expect(await p.page.evaluate(`document.getElementById("tabs").hidden`)).toBe(true);
      await p.close();
    }
  });
});
