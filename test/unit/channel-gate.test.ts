import { GrammyError, HttpError } from "grammy";
import type { ChatMember } from "grammy/types";
import { describe, expect, it } from "vitest";
import { parseChatRef } from "../../src/bot/features/admin/channels/add.js";
import { channelsCb } from "../../src/bot/features/admin/channels/callbacks.js";
import { coverageCovers, GATE_COVERAGES, type GatedAction } from "../../src/domain/catalog/index.js";
import { gateCb, gateScreen } from "../../src/render/channel-gate.js";
import { botIdOf, isMember, telegramChats } from "../../src/runtime/telegram-chats.js";

const user = { id: 5, is_bot: false, first_name: "U" };
const member = (m: Record<string, unknown>) => ({ user, ...m }) as unknown as ChatMember;
const refusal = (code: number, description: string) =>
  new GrammyError("call failed", { ok: false, error_code: code, description }, "getChatMember", {});

describe("Telegram's member statuses", () => {
  it("counts creator, administrator, member and a restricted member as in; the rest as out", () => {
    expect(isMember(member({ status: "creator", is_anonymous: false }))).toBe(true);
    expect(isMember(member({ status: "administrator" }))).toBe(true);
    expect(isMember(member({ status: "member" }))).toBe(true);
    expect(isMember(member({ status: "restricted", is_member: true }))).toBe(true);
    expect(isMember(member({ status: "restricted", is_member: false }))).toBe(false);
    expect(isMember(member({ status: "left" }))).toBe(false);
    expect(isMember(member({ status: "kicked", until_date: 0 }))).toBe(false);
  });

  it("tells a refusal of the bot (blind) from a user who is simply not there and from Telegram not answering", async () => {
    const answers: [unknown, string][] = [
      [refusal(400, "Bad Request: member list is inaccessible"), "blind"],
      [refusal(400, "Bad Request: chat not found"), "blind"],
      [refusal(403, "Forbidden: bot is not a member of the channel chat"), "blind"],
      [refusal(400, "Bad Request: user not found"), "not-member"],
      [refusal(400, "Bad Request: PARTICIPANT_ID_INVALID"), "not-member"],
      [refusal(429, "Too Many Requests: retry after 5"), "unavailable"],
      [refusal(502, "Bad Gateway"), "unavailable"],
      [new HttpError("network down", new Error("ECONNRESET")), "unavailable"],
    ];
    for (const [err, kind] of answers) {
      const chats = telegramChats(
        {
          getChatMember: async () => {
            throw err;
          },
          getChat: async () => {
            throw err;
          },
          exportChatInviteLink: async () => "",
        },
        1,
      );
      expect((await chats.memberStatus(-100, 5)).kind).toBe(kind);
    }
  });

  it("reads the bot's id from its token", () => {
    expect(botIdOf("123456:ABC-def")).toBe(123456);
  });
});

describe("what each coverage stands in front of", () => {
  it("is one table: the trial always, purchases from `purchases`, gift claims only for everything but renewals", () => {
    const actions: GatedAction[] = ["trial", "purchase", "gift-claim"];
    const table = Object.fromEntries(
      GATE_COVERAGES.map((c) => [c, actions.filter((a) => coverageCovers(c, a))]),
    );
    expect(table).toEqual({
      trial: ["trial"],
      purchases: ["trial", "purchase"],
      "all-but-renewals": ["trial", "purchase", "gift-claim"],
    });
  });
});

describe("the gate's callback data and screen", () => {
  it("packs and re-validates Check and the admin screen's actions; forged data is refused or shows the screen", () => {
    expect(gateCb.unpack(gateCb.pack({ go: "buy", arg: "de-xui" }))).toEqual({ go: "buy", arg: "de-xui" });
    expect(gateCb.unpack("gate:claim:Ab12Cd34Ef56")).toEqual({ go: "claim", arg: "Ab12Cd34Ef56" });
    for (const forged of [
      "gate:steal:",
      "gate:buy:../x",
      "gate:buy:a:b",
      "gate:trial:<b>",
      `gate:buy:${"a".repeat(33)}`,
    ])
      expect(gateCb.unpack(forged)).toBeUndefined();
    expect(channelsCb.unpack(channelsCb.pack({ act: "rm", chatId: -1001234567890 }))).toEqual({
      act: "rm",
      chatId: -1001234567890,
    });
    expect(channelsCb.unpack("a.chan:cover:purchases")).toEqual({ act: "cover", coverage: "purchases" });
    expect(channelsCb.unpack("a.chan:cover:everything")).toEqual({ act: "view" });
    for (const forged of [
      "a.chan:cover:EVIL!",
      "a.chan:drop:",
      "a.chan:rm:1:2",
      `a.chan:rm:${"9".repeat(17)}`,
    ])
      expect(channelsCb.unpack(forged)).toBeUndefined();
    expect(channelsCb.unpack("a.chan:rm:purchases")).toEqual({ act: "view" });
    expect(channelsCb.unpack("a.chan:cover:-100")).toEqual({ act: "view" });
  });

  it("escapes the channels' titles in the screen and leaves out a join button without a link", () => {
    const t = (key: string, vars?: Record<string, string | number>) =>
      `${key}${vars ? JSON.stringify(vars) : ""}`;
    const screen = gateScreen(
      t,
      [
        {
          id: -1,
          title: "<b>News</b> & more",
          username: "news_chan",
          joinUrl: "https://t.me/news_chan",
          addedAt: 1,
        },
        { id: -2, title: "Hidden", addedAt: 2 },
      ],
      "trial",
    );
    expect(screen.text).toContain("• &lt;b&gt;News&lt;/b&gt; &amp; more (@news_chan)");
    expect(screen.text).toContain("• Hidden");
    expect(screen.keyboard.inline_keyboard).toEqual([
      [{ text: 'gate-join{"title":"<b>News</b> & more"}', url: "https://t.me/news_chan" }],
      [{ text: "gate-check", callback_data: "gate:trial:" }],
    ]);
  });
});

describe("what an admin may type as a channel", () => {
  it("takes @username, t.me links and numeric ids; refuses invite links and anything else", () => {
    expect(parseChatRef("@shop_news")).toBe("@shop_news");
    expect(parseChatRef("shop_news")).toBe("@shop_news");
    expect(parseChatRef("https://t.me/shop_news")).toBe("@shop_news");
    expect(parseChatRef("t.me/shop_news")).toBe("@shop_news");
    expect(parseChatRef(" -1001234567890 ")).toBe(-1001234567890);
    for (const bad of [
      "https://t.me/+AbCdEf",
      "@ab",
      "hello world",
      "-1",
      "99999999999999999",
      "@shop news",
      "",
    ])
      expect(parseChatRef(bad)).toBeUndefined();
  });
});
