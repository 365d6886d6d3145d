import type { Update, User } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../fakes/telegram-api.js";
import { createTestBot, type TestBot } from "../helpers/bot-harness.js";

let t: TestBot;
let nextUpdate = 900_000;

beforeAll(async () => {
  t = await createTestBot();
});
afterAll(() => t.close());

/** The update Telegram sends when a user blocks (`kicked`) or restarts (`member`) the bot. */
function membership(from: User, status: "kicked" | "member"): Update {
  const bot = t.telegram.botInfo;
  return {
    update_id: nextUpdate++,
    my_chat_member: {
      chat: { id: from.id, type: "private", first_name: from.first_name },
      from,
      date: 0,
      old_chat_member: { status: status === "kicked" ? "member" : "kicked", user: bot } as never,
      new_chat_member: { status, user: bot, ...(status === "kicked" ? { until_date: 0 } : {}) } as never,
    },
  };
}

describe("the bot's membership in a private chat", () => {
  it("marks a customer who blocked the bot and clears it when they start it again", async () => {
    const customer = user(9_700, { first_name: "Bo", username: "bo_user", language_code: "ru" });
    await t.deps.books.customers.seen({ id: customer.id, firstName: "Bo", locale: "ru" });
    await t.send(membership(customer, "kicked"));
    expect((await t.deps.books.customers.get(customer.id))?.botBlocked).toBe(true);
    await t.send(membership(customer, "member"));
    const record = await t.deps.books.customers.get(customer.id);
    expect(record?.botBlocked).toBe(false);
    expect(record?.username).toBe("bo_user");
    expect(t.telegram.callsOf("sendMessage")).toHaveLength(0);
  });
});
