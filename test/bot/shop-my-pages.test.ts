import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { command } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";
import { seedSubscription } from "../helpers/shop-seed.js";
import { telegramViews } from "../helpers/telegram-views.js";

/** Issue 10, item 11: /my tells same-plan subscriptions apart and pages long lists. */

const NOW = Date.UTC(2026, 0, 1, 12, 0);
const clock = new ManualClock(NOW);
let t: TestBot;
let nextOrder = 1;

beforeAll(async () => {
  t = await createTestBot({ clock });
});
afterAll(() => t.close());
beforeEach(() => {
  clock.set(NOW);
  t.telegram.clear();
});

const customer = newUsers(9600);
const { lastShown } = telegramViews(() => t);

/** A subscription of `owner`, made a minute after the previous one (the list is newest first). */
async function sub(owner: User, planId: string, expiresAt: number): Promise<Subscription> {
  clock.advance(60_000);
  const orderId = `opage${(nextOrder++).toString().padStart(6, "0")}`;
  return seedSubscription(t.deps, orderId, {
    customerId: owner.id,
    planId,
    expiresAt,
    ...(planId === "multi"
      ? { ref: { kind: "panel" as const, name: `p${orderId}`, uuid: "u", locations: ["main", "2"] } }
      : {}),
  });
}

/** The short id /my shows for a subscription. */
const shortId = (s: Subscription) => `#${s.id.slice(-6)}`;

describe("/my tells subscriptions of the same plan apart", () => {
  it("each line has its expiry, its location when known and a short id; the buttons differ too", async () => {
    const ann = customer();
    const march = await sub(ann, "multi", Date.UTC(2026, 2, 1));
    const april = await sub(ann, "multi", Date.UTC(2026, 3, 1));
    const node = await sub(ann, "node", Date.UTC(2026, 4, 1));
    await t.send(command(ann, "/my"));
    const { text, buttons } = lastShown();
    expect(text).toContain(
      `✅ active · <b>2 locations, 30 days</b> · until Apr 1, 2026\n    📍 Main location, Location 2 · ${shortId(april)}`,
    );
    expect(text).toContain(
      `✅ active · <b>2 locations, 30 days</b> · until Mar 1, 2026\n    📍 Main location, Location 2 · ${shortId(march)}`,
    );
    expect(text).toContain(`✅ active · <b>Own node, 30 days</b> · until May 1, 2026\n    ${shortId(node)}`);
    // Same-plan buttons carry the expiry and the short id; a plan shown once keeps its plain title.
    expect(buttons.slice(0, 3)).toEqual([
      { text: "🔑 Own node, 30 days", data: `my:card:${node.id}` },
      { text: `🔑 2 locations, 30 days · Apr 1 · ${shortId(april)}`, data: `my:card:${april.id}` },
      { text: `🔑 2 locations, 30 days · Mar 1 · ${shortId(march)}`, data: `my:card:${march.id}` },
    ]);
  });

  it("the card says its short id too", async () => {
    const ann = customer();
    const one = await sub(ann, "node", Date.UTC(2026, 4, 1));
    await chatAs(() => t, ann).press(`my:card:${one.id}`);
    expect(lastShown().text.split("\n")[0]).toBe(`🔑 <b>Own node, 30 days</b> · ${shortId(one)}`);
  });
});

describe("/my pages long lists", () => {
  it("eight a page, with ‹ › buttons and the page in the title", async () => {
    const ann = customer();
    const subs: Subscription[] = [];
    for (let i = 0; i < 10; i++) subs.push(await sub(ann, "node", NOW + (i + 10) * DAY));
    const newestFirst = [...subs].reverse();
    await t.send(command(ann, "/my"));
    let shown = lastShown();
    expect(shown.text.split("\n")[0]).toBe("🔑 <b>Your subscriptions</b> · page 1 of 2");
    const cards = (s = shown) => s.buttons.filter((b) => b.data.startsWith("my:card:")).map((b) => b.data);
    expect(cards()).toEqual(newestFirst.slice(0, 8).map((s) => `my:card:${s.id}`));
    expect(shown.buttons.map((b) => b.text).slice(8)).toEqual(["Next ›", "📡 Service status", "« Main menu"]);

    await chatAs(() => t, ann).press(shown.buttons.find((b) => b.text === "Next ›")?.data ?? "");
    shown = lastShown();
    expect(t.telegram.last()?.method).toBe("editMessageText");
    expect(shown.text.split("\n")[0]).toBe("🔑 <b>Your subscriptions</b> · page 2 of 2");
    expect(cards(shown)).toEqual(newestFirst.slice(8).map((s) => `my:card:${s.id}`));
    expect(shown.buttons.map((b) => b.text).slice(2)).toEqual([
      "‹ Previous",
      "📡 Service status",
      "« Main menu",
    ]);

    await chatAs(() => t, ann).press(shown.buttons.find((b) => b.text === "‹ Previous")?.data ?? "");
    expect(cards(lastShown())).toEqual(newestFirst.slice(0, 8).map((s) => `my:card:${s.id}`));
  });

  it("a page past the end shows the last one; a short list has no pages", async () => {
    const ann = customer();
    for (let i = 0; i < 9; i++) await sub(ann, "node", NOW + (i + 10) * DAY);
    await chatAs(() => t, ann).press("my:page:7");
    expect(lastShown().text.split("\n")[0]).toBe("🔑 <b>Your subscriptions</b> · page 2 of 2");

    const bob = customer({ language_code: "ru" });
    await sub(bob, "node", NOW + 10 * DAY);
    await t.send(command(bob, "/my"));
    expect(lastShown().text.split("\n")[0]).toBe("🔑 <b>Ваши подписки</b>");
    expect(lastShown().buttons.map((b) => b.text)).not.toContain("Дальше ›");
  });

  it("in Russian", async () => {
    const ivan = customer({ language_code: "ru" });
    for (let i = 0; i < 9; i++) await sub(ivan, "node", NOW + (i + 10) * DAY);
    await t.send(command(ivan, "/my"));
    expect(lastShown().text.split("\n")[0]).toBe("🔑 <b>Ваши подписки</b> · страница 1 из 2");
  });
});
