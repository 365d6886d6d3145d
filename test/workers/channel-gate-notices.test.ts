import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequiredChannel } from "../../src/domain/catalog/index.js";
import { MINUTE } from "../../src/runtime/clock.js";
import { createTrialGateTask, OutboxGateNotices } from "../../src/workers/channel-gate.js";
import { inlineKeyboard, sendsTo } from "../helpers/telegram-views.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/*
 * The channel gate's messages through the real outbox worker: the admins' alert in each admin's
 * language, a trial owner's pause (join buttons and Check, sent once per pause) and resume.
 */

const NEWS: RequiredChannel = {
  id: -1001000000901,
  title: "Shop <News>",
  username: "shop_news",
  joinUrl: "https://t.me/shop_news",
  addedAt: 1,
};
const [ADMIN_EN, ADMIN_RU, OWNER] = [7_901, 7_902, 7_903];
let h: WorkerHarness;
let notices: OutboxGateNotices;

beforeAll(async () => {
  h = await createWorkerHarness();
  await h.rooms.books.customers.seen({ id: ADMIN_RU, firstName: "Иван", locale: "ru" });
  await h.rooms.books.customers.seen({ id: OWNER, firstName: "Олена", locale: "uk" });
  notices = new OutboxGateNotices({
    outbox: h.outbox,
    i18n: h.i18n,
    localeOf: async (id) => (await h.rooms.books.customers.get(id))?.locale,
    adminIds: [ADMIN_EN, ADMIN_RU],
    defaultLocale: "en",
  });
  h.startOutbox({ perSecond: 100, perChatGapMs: 20 });
});
afterAll(() => h.close());

describe("the channel gate's messages", () => {
  it("tell every admin, in their language, that the bot cannot read a channel's members", async () => {
    await notices.cannotRead(NEWS, "Bad Request: member list is inaccessible");
    await h.drainOutbox();
    const [en] = sendsTo(h.telegram, ADMIN_EN).map((c) => String(c.params.text));
    const [ru] = sendsTo(h.telegram, ADMIN_RU).map((c) => String(c.params.text));
    expect(en).toContain("⚠️ <b>Required channel: the bot cannot see its members</b>");
    expect(en).toContain("Shop &lt;News&gt; (-1001000000901): Bad Request: member list is inaccessible");
    expect(ru).toContain("Обязательный канал: бот не видит подписчиков");
  });

  it("tell a trial's owner it is paused (with Join and Check), once per pause, and that it runs again", async () => {
    const once = "gate-pause:s1:123";
    await notices.trialPaused({ customerId: OWNER, channels: [NEWS], once });
    await notices.trialPaused({ customerId: OWNER, channels: [NEWS], once });
    await notices.trialResumed({ customerId: OWNER, once: "gate-resume:s1:123" });
    await h.drainOutbox();
    const sent = sendsTo(h.telegram, OWNER);
    expect(sent).toHaveLength(2);
    expect(String(sent[0]?.params.text)).toContain("⏸ Ваш пробний період призупинено");
    expect(inlineKeyboard(sent[0]?.params.reply_markup)).toEqual([
      { text: "➕ Підписатися: Shop <News>", url: "https://t.me/shop_news" },
      { text: "✅ Перевірити", callback_data: "gate:resume:" },
    ]);
    expect(String(sent[1]?.params.text)).toBe(
      "▶️ Пробний період знову працює. Дякуємо, що залишаєтеся з нами!",
    );
  });

  it("the periodic task runs the watch every minute", async () => {
    let runs = 0;
    const task = createTrialGateTask({
      trialWatch: {
        runDue: async () => {
          runs++;
          return {};
        },
      } as never,
    });
    expect(task).toMatchObject({ name: "trial-gate", everyMs: MINUTE });
    await task.run();
    expect(runs).toBe(1);
  });
});
