import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import type { BroadcastRequest, BroadcastStarter, StopOutcome } from "../../src/domain/backoffice/index.js";
import { command, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

/** Issue 10, item 9: counts read right in both languages ("1 customer", "1 клиент"). */

const i18n = createI18n("en");
type Vars = Record<string, string | number>;

/** Each fixed string with the counts 1, 2, 5 and 21, and the words expected in en and ru. */
const TABLE: { key: string; vars: (n: number) => Vars; en: string[]; ru: string[] }[] = [
  {
    key: "broadcast-home",
    vars: (n) => ({ all: n, active: 0 }),
    en: ["1 customer,", "2 customers,", "5 customers,", "21 customers,"],
    ru: ["1 клиент,", "2 клиента,", "5 клиентов,", "21 клиент,"],
  },
  {
    key: "broadcast-confirm",
    vars: (n) => ({ audience: "x", count: n }),
    en: ["<b>1</b> recipient?", "<b>2</b> recipients?", "<b>5</b> recipients?", "<b>21</b> recipients?"],
    ru: [
      "Получателей: <b>1</b>.",
      "Получателей: <b>2</b>.",
      "Получателей: <b>5</b>.",
      "Получателей: <b>21</b>.",
    ],
  },
  {
    key: "broadcast-done",
    vars: (n) => ({ audience: "x", total: n, sent: n, failed: 0, blocked: 0, skipped: 0 }),
    en: ["1 recipient:", "2 recipients:", "5 recipients:", "21 recipients:"],
    ru: ["1 получатель:", "2 получателя:", "5 получателей:", "21 получатель:"],
  },
  {
    key: "delivery-trial",
    vars: (n) => ({ days: n, traffic: "1 GB" }),
    en: ["ready: 1 day,", "ready: 2 days,", "ready: 5 days,", "ready: 21 days,"],
    ru: ["готов: 1 день,", "готов: 2 дня,", "готов: 5 дней,", "готов: 21 день,"],
  },
  {
    key: "sync-gap-read_limit",
    vars: (n) => ({ location: "2", read: 1, total: n }),
    en: [
      "shop's 1 client there",
      "shop's 2 clients there",
      "shop's 5 clients there",
      "shop's 21 clients there",
    ],
    ru: [
      "из 1 клиента магазина",
      "из 2 клиентов магазина",
      "из 5 клиентов магазина",
      "из 21 клиента магазина",
    ],
  },
  {
    key: "sync-gap-no_list",
    vars: (n) => ({ location: "2", read: n, total: n }),
    en: [
      "shop's 1 client there",
      "shop's 2 clients there",
      "shop's 5 clients there",
      "shop's 21 clients there",
    ],
    ru: [
      "1 клиент магазина прочитан",
      "2 клиента магазина прочитаны",
      "5 клиентов магазина прочитаны",
      "21 клиент магазина прочитан",
    ],
  },
];

describe("plural forms for 1, 2, 5 and 21", () => {
  for (const row of TABLE) {
    it(`${row.key} in en and ru`, () => {
      const got = (locale: string) => [1, 2, 5, 21].map((n) => i18n.t(locale, row.key, row.vars(n)));
      expect(got("en").map((text, i) => text.includes(row.en[i] ?? "?"))).toEqual([true, true, true, true]);
      expect(got("ru").map((text, i) => text.includes(row.ru[i] ?? "?"))).toEqual([true, true, true, true]);
    });
  }
});

/** Records what the bot asked to broadcast. */
class FakeStarter implements BroadcastStarter {
  readonly calls: BroadcastRequest[] = [];
  async start(request: BroadcastRequest): Promise<{ id: string }> {
    this.calls.push(request);
    return { id: `bcplural${this.calls.length}` };
  }
  async stop(): Promise<StopOutcome> {
    return "unknown";
  }
}

describe("through the bot: a broadcast to one customer", () => {
  const ADMIN = user(9700, { first_name: "Boss", language_code: "en" });
  const ADMIN_RU = user(9701, { first_name: "Шеф", language_code: "ru" });
  let t: TestBot;
  const { lastShown, button } = telegramViews(() => t);

  beforeAll(async () => {
    t = await createTestBot({ adminIds: [ADMIN.id, ADMIN_RU.id], broadcasts: new FakeStarter() });
  });
  afterAll(() => t.close());
  beforeEach(() => t.telegram.clear());

  /** The admin's broadcast section, then a draft and the "all customers" audience. */
  async function broadcastToAll(admin: User) {
    const { press, say } = chatAs(() => t, admin);
    await t.send(command(admin, "/admin"));
    await press(button(/^📣/));
    const home = lastShown().text;
    await press("a.bc:new:::");
    await say("Hello");
    await press("a.bc:nobtn:::");
    await press(button(/^👥/));
    return { home, confirm: lastShown().text };
  }

  it("says 1 клиент, 2 customers and 2 recipients, 1 customer and 1 recipient", async () => {
    // The only customer the shop knows is the admin who wrote to it.
    await t.send(command(ADMIN_RU, "/start"));
    const ru = await broadcastToAll(ADMIN_RU);
    expect(ru.home).toContain("Доступно сейчас: 1 клиент, из них с активной подпиской: 0.");
    await t.send(command(ADMIN_RU, "/cancel"));

    const en = await broadcastToAll(ADMIN);
    // The English admin wrote now too: two customers, and two recipients.
    expect(en.home).toContain("Reachable now: 2 customers, 0 of them with an active subscription.");
    expect(en.confirm).toBe("Send this message to all customers: <b>2</b> recipients?");
    await t.send(command(ADMIN, "/cancel"));

    await t.deps.books.customers.markBotBlocked(ADMIN_RU.id);
    const one = await broadcastToAll(ADMIN);
    expect(one.home).toContain("Reachable now: 1 customer, 0 of them with an active subscription.");
    expect(one.confirm).toBe("Send this message to all customers: <b>1</b> recipient?");
  });
});
