import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usageKeys } from "../../src/domain/provisioning/index.js";
import { DAY } from "../../src/runtime/clock.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { type CabinetRig, type PageUser, startCabinetRig, type Theme } from "./rig.js";

/**
 * Issue 25: every view of the cabinet in a real browser at phone size, in both Telegram themes, in
 * Persian (right to left) once; the empty, loading and error states; and nothing on the page that
 * is not from the locale files or the API. Screenshots go to test-artifacts/.
 */

const GB = 1024 ** 3;
const DANA: PageUser = { id: 72_001, first_name: "Dana", language_code: "en" };
let rig: CabinetRig;
let subId = "";

beforeAll(async () => {
  rig = await startCabinetRig({
    catalog: (a) => ({
      currency: "XTR",
      trial: { days: 1, traffic_gb: 1, plan: "de-xui" },
      referral: { percent: 10, bonus_days: 3, rewarded_payments: 0 },
      plans: [
        {
          id: "de-xui",
          title: { en: "Germany, 30 days, 100 GB", ru: "Германия, 30 дней, 100 ГБ", fa: "آلمان، ۳۰ روز" },
          days: 30,
          traffic_gb: 100,
          devices: 3,
          price: 150,
          backend: { kind: "xui", servers: [a.serverId], name: { en: "Frankfurt", ru: "Франкфурт" } },
        },
      ],
    }),
    supportContact: "@demo_shop_support",
  });
  const rooms = rig.h.t.deps;
  const now = rooms.clock.now();
  await seedCustomer(rooms, DANA.id, "en");
  const sub = await seedSubscription(rooms, "o-browser1", {
    customerId: DANA.id,
    planId: "de-xui",
    ref: { kind: "xui", serverId: rig.account.serverId, name: "dana-1" },
    links: {
      links: ["vless://dana@vpn.example:443?type=tcp#dana"],
      subscriptionUrl: "https://sub.example/s/dana",
    },
    expiresAt: now + 12 * DAY,
    trafficGb: 100,
  });
  subId = sub.id;
  const state = { expiresAt: now + 12 * DAY, limitBytes: 100 * GB, usedBytes: 30 * GB, enabled: true };
  await rig.h.t.redis.set(usageKeys.of(subId), JSON.stringify(state), "EX", 3600);
  for (let d = 6; d >= 0; d--)
    await rooms.provisioning.usage.history.record(subId, (24 - 3 * d) * GB, now - d * DAY);
  await rooms.books.wallet.credit(DANA.id, 500, "seed:dana", { kind: "admin-credit" });
}, 60_000);

afterAll(() => rig?.close());

const card = () => `.card[data-sub='${subId}']`;

for (const theme of ["light", "dark"] as Theme[]) {
  describe(`every view in the ${theme} theme`, () => {
    it("subscriptions: status, term, traffic with a visible track, a chart with its scale, the connect panel", async () => {
      const p = await rig.open(DANA, { theme });
      const text = await p.text(card());
      expect(text).toContain("Germany, 30 days, 100 GB");
      expect(text).toContain("12 days left");
      expect(text).toContain("30 GB of 100 GB");
      expect(text).not.toMatch(/null|undefined|NaN/);
      const colours = (await p.page.evaluate(`(() => {
        const body = getComputedStyle(document.body).backgroundColor;
        const card = getComputedStyle(document.querySelector(".card")).backgroundColor;
        const track = getComputedStyle(document.querySelector(".bar")).backgroundColor;
        return { body, card, track };
      })()`)) as { body: string; card: string; track: string };
      expect(colours.body).toBe(theme === "dark" ? "rgb(31, 41, 51)" : "rgb(255, 255, 255)");
      // The traffic bar's track stands out from its card (it was the page's background: invisible in dark).
      expect(colours.track).not.toBe(colours.card);
      expect(colours.track).not.toBe(colours.body);
      // Seven days of readings, a scale (the busiest day's value) and the first and last day under it.
      expect(await p.page.$$eval(`${card()} svg.chart rect.day`, (bars) => bars.length)).toBe(7);
      expect(await p.text(`${card()} .chart-scale.top`)).toBe("6 GB");
      expect((await p.text(`${card()} .chart-axis`)).length).toBeGreaterThan(6);
      // The latest day is named with its value; another tapped is named instead (no hover on a phone).
      expect(await p.text(`${card()} .chart-caption`)).toContain("3 GB");
      // The first day with a reading (23rd of 30) was the busiest.
      await p.page.evaluate(
        `document.querySelectorAll(${JSON.stringify(`${card()} svg.chart rect[fill=transparent]`)})[23].dispatchEvent(new MouseEvent("click", { bubbles: true }))`,
      );
      expect(await p.text(`${card()} .chart-caption`)).toContain("6 GB");
      await p.press("Connect", card());
      await p.page.waitForSelector(`${card()} svg.qr path`);
      expect(await p.text(card())).toContain("https://sub.example/s/dana");
      await p.screenshot(`subscriptions-${theme}`);
      expect(p.errors).toEqual([]);
      await p.close();
    });

    it("buy, wallet and more: plans with promo code and gift, top-ups as buttons and a custom amount, invite, gifts, status, language, support", async () => {
      const p = await rig.open(DANA, { theme });
      await p.press("Buy");
      await p.until(`document.querySelector("#view-buy .card[data-plan='de-xui']")`);
      expect(await p.text("#view-buy")).toContain("Have a promo code?");
      expect(await p.text("#view-buy .card[data-plan='de-xui']")).toMatch(/Buy.*As a gift/);
      await p.screenshot(`buy-${theme}`);

      await p.press("Wallet", "nav");
      await p.until(`document.querySelector("#view-wallet .chips button")`);
      const chip = (await p.page.evaluate(`(() => {
        const b = getComputedStyle(document.querySelector("#view-wallet .chips button"));
        return { shadow: b.boxShadow, colour: b.color };
      })()`)) as { shadow: string; colour: string };
      // A top-up preset looks like a button (outlined), not plain text.
      expect(chip.shadow).not.toBe("none");
      expect(await p.page.$("#view-wallet input[inputmode=decimal]")).not.toBeNull();
      expect(await p.text("#view-wallet")).toContain("Amount from");
      await p.screenshot(`wallet-${theme}`);

      await p.press("More", "nav");
      await p.until(`document.querySelector("#view-more [data-section='language']")`);
      const more = await p.text("#view-more");
      for (const part of [
        "Invite friends",
        "Gifts",
        "Service status",
        "Frankfurt",
        "Language",
        "Support",
        "@demo_shop_support",
      ])
        expect(more).toContain(part);
      expect(await p.page.$("#view-more [data-section='invite'] svg.qr path")).not.toBeNull();
      // Away from the first tab, Telegram's back button is shown and leads back to it.
      expect((await p.telegram()).back.visible).toBe(true);
      await p.screenshot(`more-${theme}`);
      await p.page.evaluate("window.__tg.back.fn()");
      await p.until(`!document.getElementById("view-subs").hidden`);
      expect((await p.telegram()).back.visible).toBe(false);
      expect(p.errors).toEqual([]);
      await p.close();
    });
  });
}

describe("states and languages", () => {
  it("a new customer is offered the trial and the plans, with the trial on Telegram's main button", async () => {
    const p = await rig.open({ id: 72_002, first_name: "Eve", language_code: "en" });
    const text = await p.text("#view-subs");
    expect(text).toContain("You have no VPN yet");
    expect(text).toContain("Try free");
    expect(text).toContain("Germany, 30 days, 100 GB");
    expect(await p.telegram()).toMatchObject({ main: { text: "Try free", visible: true } });
    await p.screenshot("empty");
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it("an unlimited access not used yet says so in words, and a lone zero reading draws no empty chart", async () => {
    const rooms = rig.h.t.deps;
    const now = rooms.clock.now();
    const who: PageUser = { id: 72_004, first_name: "Uma", language_code: "en" };
    await seedCustomer(rooms, who.id, "en");
    const sub = await seedSubscription(rooms, "o-browser4", {
      customerId: who.id,
      ref: { kind: "xui", serverId: rig.account.serverId, name: "uma-1" },
      expiresAt: now + 5 * DAY,
      trafficGb: 0,
    });
    const state = { expiresAt: now + 5 * DAY, limitBytes: 0, usedBytes: 0, enabled: true };
    await rig.h.t.redis.set(usageKeys.of(sub.id), JSON.stringify(state), "EX", 3600);
    await rooms.provisioning.usage.history.record(sub.id, 0, now);
    const p = await rig.open(who);
    const text = await p.text(`.card[data-sub='${sub.id}']`);
    expect(text).toContain("Unlimited, nothing used yet");
    expect(text).not.toContain("0 B");
    expect(text).toContain("No usage recorded yet");
    expect(await p.page.$(`.card[data-sub='${sub.id}'] svg.chart`)).toBeNull();
    expect(await p.page.$(`.card[data-sub='${sub.id}'] .bar`)).toBeNull();
    await p.close();
  });

  it("loading shows skeletons of the cards and no tab bar; a failed load says so with Retry, which loads", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let failOnce = true;
    const p = await rig.open(DANA, {
      noWait: true,
      intercept: async (path) => {
        if (path !== "api/me") return undefined;
        await held;
        if (failOnce) {
          failOnce = false;
          return { status: 500, body: { ok: false } };
        }
        return undefined;
      },
    });
    await p.until(`document.querySelectorAll("#view-subs .card.skeleton").length > 0`);
    expect(await p.page.$eval("#tabs", (n) => (n as { hidden?: boolean }).hidden)).toBe(true);
    await p.screenshot("loading");
    release();
    await p.until(`document.querySelector("#view-subs .error-box")`);
    expect(await p.text("#view-subs .error-box")).toContain("Something went wrong");
    // The tab bar stays away while nothing is loaded: no dead buttons.
    expect(await p.page.evaluate(`getComputedStyle(document.getElementById("tabs")).display`)).toBe("none");
    await p.screenshot("error");
    await p.press("Try again");
    await p.until(`document.body.dataset.ready === "1"`);
    expect(await p.text(card())).toContain("Germany");
    expect(await p.page.evaluate(`getComputedStyle(document.getElementById("tabs")).display`)).toBe("flex");
    await p.close();
  });

  it("a view that fails to load offers Retry while the other tabs keep working", async () => {
    let walletFails = true;
    const p = await rig.open(DANA, {
      intercept: async (path) =>
        path.startsWith("api/wallet") && walletFails ? { status: 503, body: { ok: false } } : undefined,
    });
    await p.press("Wallet", "nav");
    await p.until(`document.querySelector("#view-wallet .error-box button")`);
    await p.press("Buy", "nav");
    await p.until(`document.querySelector("#view-buy .card[data-plan]")`);
    walletFails = false;
    await p.press("Wallet", "nav");
    await p.until(`document.querySelector("#view-wallet .chips button")`);
    await p.close();
  });

  it("follows a theme change live", async () => {
    const p = await rig.open(DANA, { theme: "light" });
    await p.page.evaluate(`(() => {
      Object.assign(window.Telegram.WebApp.themeParams, { bg_color: "#101010", secondary_bg_color: "#202020" });
      window.Telegram.WebApp.colorScheme = "dark";
      for (const fn of window.__tg.themeHandlers) fn();
    })()`);
    expect(await p.page.evaluate("getComputedStyle(document.body).backgroundColor")).toBe("rgb(16, 16, 16)");
    expect(await p.page.evaluate("document.documentElement.dataset.scheme")).toBe("dark");
    await p.close();
  });

  it("in Persian the page runs right to left, in Persian words, and the language can be switched back", async () => {
    const sara: PageUser = { id: 72_003, first_name: "Sara", language_code: "fa" };
    const p = await rig.open(sara, { theme: "dark" });
    expect(await p.page.evaluate("document.documentElement.dir")).toBe("rtl");
    expect(await p.page.evaluate("document.documentElement.lang")).toBe("fa");
    const tabs = (await p.page.$$eval("nav .tab", (nodes) =>
      nodes.map(
        (n) => (n as unknown as { getBoundingClientRect(): { x: number } }).getBoundingClientRect().x,
      ),
    )) as number[];
    // The first tab is the rightmost one.
    expect(tabs[0]).toBeGreaterThan(tabs[3] ?? 0);
    expect(await p.text("#view-subs")).toContain("خوش آمدید");
    // The plan's own Persian title from the catalog.
    expect(await p.text("#view-subs")).toContain("آلمان، ۳۰ روز");
    await p.screenshot("rtl-fa");
    await p.press("بیشتر", "nav");
    await p.until(`document.querySelector("#view-more [data-section='language'] button")`);
    await p.press("English", "#view-more");
    await p.until(
      `document.documentElement.dir === "ltr" && document.querySelector("nav .tab").textContent === "Subscriptions"`,
    );
    expect(await rig.h.t.deps.books.customers.get(sara.id)).toMatchObject({ locale: "en" });
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it("every text on every view comes from the locale files or the API (nothing hard-coded)", async () => {
    const mark = (value: unknown, key = ""): unknown => {
      if (typeof value === "string")
        return /(_text|^title|^details|^name|^label|^text|^short_id|^link|^locations|^links|^subscription_url)$/.test(
          key,
        )
          ? `⟦${value}⟧`
          : value;
      if (Array.isArray(value)) return value.map((v) => mark(v, key));
      if (value && typeof value === "object")
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mark(v, k)]));
      return value;
    };
    const p = await rig.open(DANA, {
      rewrite: (path, body) =>
        path.startsWith("i18n/")
          ? Object.fromEntries(Object.entries(body as Record<string, string>).map(([k, v]) => [k, `⟦${v}⟧`]))
          : mark(body),
    });
    const unmarked = async (): Promise<string[]> =>
      (await p.page.evaluate(`(() => {
        const out = [];
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        while (walk.nextNode()) {
          const node = walk.currentNode;
          if (!node.parentElement || node.parentElement.closest("[hidden], title, script, style")) continue;
          const rest = node.textContent.replace(/⟦[^⟧]*⟧/g, "").replace(/[\\s·:–✓0-9%‹›«»]/g, "");
          if (rest) out.push(node.parentElement.outerHTML.slice(0, 160));
        }
        return out;
      })()`)) as string[];
    expect(await unmarked()).toEqual([]);
    await p.press("⟦Connect⟧", card());
    await p.page.waitForSelector(`${card()} svg.qr`);
    await p.page.evaluate(`document.querySelectorAll("details").forEach((d) => (d.open = true))`);
    expect(await unmarked()).toEqual([]);
    for (const tab of ["⟦Buy⟧", "⟦Wallet⟧", "⟦More⟧"]) {
      await p.press(tab, "nav");
      await p.until(
        `!document.querySelector("main section:not([hidden])")?.getAttribute("aria-busy") && !document.querySelector("main section:not([hidden]) .skeleton")`,
      );
      expect(await unmarked(), tab).toEqual([]);
    }
    await p.press("⟦Buy⟧", "nav");
    await p.press("⟦Buy⟧", "#view-buy");
    await p.until(`!document.getElementById("sheet").hidden`);
    expect(await unmarked()).toEqual([]);
    await p.close();
  });
});

describe("auto-renew (issue 26)", () => {
  it("the card's switch turns auto-renew from the balance on and off, what it means below it", async () => {
    const p = await rig.open(DANA);
    const box = `${card()} .autorenew`;
    const input = `${box} input[role=switch]`;
    await p.until(`document.querySelector(${JSON.stringify(input)})`);
    expect(await p.text(box)).toBe("Auto-renew from the balanceOff: renew it yourself before it ends.");
    const settledAs = (state: "on" | "off") =>
      p.until(
        `document.querySelector(${JSON.stringify(box)}).dataset.autorenew === "${state}" && !document.querySelector(${JSON.stringify(input)}).disabled`,
      );
    await p.page.click(input);
    await settledAs("on");
    expect(await p.text(box)).toContain("Renews itself from your balance 1 day before expiry.");
    expect(await rig.h.t.deps.sales.autoRenew.isOn(subId)).toBe(true);
    expect((await p.telegram()).haptics).toContain("success");
    await p.screenshot("auto-renew-on");
    await p.page.click(input);
    await settledAs("off");
    expect(await p.text(box)).toContain("Off: renew it yourself before it ends.");
    expect(await rig.h.t.deps.sales.autoRenew.isOn(subId)).toBe(false);
    expect(p.errors).toEqual([]);
    await p.close();
  });
});
