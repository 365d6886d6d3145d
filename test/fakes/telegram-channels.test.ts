import { Api, GrammyError } from "grammy";
import { describe, expect, it } from "vitest";
import { rejectionOf } from "../helpers/errors.js";
import { FakeTelegram } from "./telegram-api.js";

const TOKEN = "123456:TEST-token";

/** The fake's channels answer as Telegram answers a bot (see telegram-channels.ts). */
describe("FakeTelegram's channels", () => {
  const fake = new FakeTelegram({ token: TOKEN });
  const api = new Api(TOKEN, { fetch: fake.fetch as never });
  fake.channels.add({ id: -1001, title: "News", username: "news_chan" });
  fake.channels.add({ id: -1002, title: "Club", type: "supergroup" });

  it("answers getChatMember with each status, 'left' for someone never seen, and the bot as admin", async () => {
    fake.channels.join(-1001, 1);
    fake.channels.join(-1001, 2, "creator");
    fake.channels.restrict(-1001, 3, true);
    fake.channels.leave(-1001, 4, "kicked");
    const statuses = await Promise.all([1, 2, 3, 4, 5].map((id) => api.getChatMember(-1001, id)));
    expect(statuses.map((m) => m.status)).toEqual(["member", "creator", "restricted", "kicked", "left"]);
    expect(await api.getChatMember("@news_chan", 123456)).toMatchObject({ status: "administrator" });
    expect(fake.callsOf("getChatMember")).toHaveLength(6);
  });

  it("refuses as Telegram does: the bot not an admin, the chat gone, an unknown @username", async () => {
    fake.channels.setBotAdmin(-1002, false);
    const inaccessible = await rejectionOf(api.getChatMember(-1002, 1), GrammyError);
    expect(inaccessible.description).toBe("Bad Request: member list is inaccessible");
    expect(await api.getChatMember(-1002, 123456)).toMatchObject({ status: "left" });
    fake.channels.remove(-1002);
    expect((await rejectionOf(api.getChatMember(-1002, 1), GrammyError)).description).toBe(
      "Bad Request: chat not found",
    );
    expect((await rejectionOf(api.getChat("@nobody_here"), GrammyError)).description).toBe(
      "Bad Request: chat not found",
    );
  });

  it("describes a channel by @username and makes the bot's invite link", async () => {
    expect(await api.getChat("@news_chan")).toMatchObject({ id: -1001, type: "channel", title: "News" });
    expect(await api.exportChatInviteLink(-1001)).toBe("https://t.me/+fake1001");
  });
});
