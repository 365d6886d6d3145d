import type { Chat, Message } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as kit from "../../src/bot/conversation-kit.js";
import { nodeCb } from "../../src/bot/features/admin/node/callbacks.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { callback, command, textMessage, user } from "../fakes/telegram-api.js";
import { createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { conversationStates } from "../helpers/conversation-states.js";

const ADMIN = user(7600, { first_name: "Boss", language_code: "en" });
const MEMBER = user(7601, { first_name: "Mallory", language_code: "en" });
const CUSTOMER = user(7602, { first_name: "Ann", language_code: "en" });
const GROUP: Chat.SupergroupChat = { id: -100_7600, type: "supergroup", title: "Shop staff" };

const node = new FakeNodeApi({ token: "node-api-token-for-group-tests", nodeName: "Amsterdam" });
let t: TestBot;

beforeAll(async () => {
  await node.start();
  t = await createTestBot({
    adminIds: [ADMIN.id],
    node: { url: node.url, token: node.token, certSha256: node.certificate?.fingerprint256 },
  });
});
afterAll(async () => {
  await t.close();
  await node.stop();
});
beforeEach(async () => {
  await t.send(command(ADMIN, "/cancel"));
  await t.send(command(ADMIN, "/cancel", GROUP));
  node.nodeName = "Amsterdam";
  node.seen.length = 0;
  t.telegram.clear();
});

/** A bot message in the supergroup, for a button press on it. */
function groupMessage(): Message {
  return { message_id: 10, date: 0, chat: GROUP, text: "…" } as Message;
}

function sentTo(chatId: number): string[] {
  return t.telegram
    .callsOf("sendMessage")
    .filter((c) => c.params.chat_id === chatId)
    .map((c) => String(c.params.text));
}

function alerts(): string[] {
  return t.telegram.callsOf("answerCallbackQuery").map((c) => String(c.params.text ?? ""));
}

describe("admin features in a group", () => {
  it("a supergroup member cannot answer an admin's 'change node name' prompt", async () => {
    // The admin presses "Change name" on a node message in the supergroup...
    await t.send(callback(ADMIN, nodeCb.pack({ act: "name-set" }), groupMessage()));
    // ...and another member of the group answers.
    await t.send(textMessage(MEMBER, "pwned-by-mallory", GROUP));
    await t.send(textMessage(ADMIN, "Frankfurt", GROUP));

    expect(node.nodeName).toBe("Amsterdam");
    expect(node.seen.filter((r) => r.method === "PATCH")).toEqual([]);
    // Nothing about the node was asked or shown in the group; the admin is told to use a private chat.
    expect(sentTo(GROUP.id).join("\n")).not.toMatch(/node/i);
    expect(alerts()).toContain("Admin features work in a private chat with the bot only.");
  });

  it("an admin command in a group is not acted on", async () => {
    for (const text of ["/admin", "/servers", "/login", "/admin@fake_bot"]) {
      await t.send(command(ADMIN, text, GROUP));
    }
    const said = sentTo(GROUP.id);
    expect(said.length).toBe(4);
    for (const text of said) expect(text).toBe("Admin features work in a private chat with the bot only.");
    expect(t.telegram.callsOf("sendMessage").some((c) => c.params.reply_markup !== undefined)).toBe(false);
    // No conversation was started for anyone in the group.
    expect((await conversationStates(t.redis)).filter((k) => k.startsWith(`session:${GROUP.id}/`))).toEqual(
      [],
    );
  });

  it("an admin button in a group is refused with a notice, a non-admin's as before", async () => {
    await t.send(callback(ADMIN, "a.home", groupMessage()));
    await t.send(callback(MEMBER, "a.home", groupMessage()));
    expect(alerts()).toEqual([
      "Admin features work in a private chat with the bot only.",
      "This action is for the shop's admins only.",
    ]);
    expect(t.telegram.callsOf("editMessageText")).toEqual([]);
  });

  it("the same admin still works in the private chat", async () => {
    await t.send(callback(ADMIN, nodeCb.pack({ act: "name-set" })));
    await t.send(textMessage(ADMIN, "Frankfurt"));
    expect(node.nodeName).toBe("Frankfurt");
  });
});

describe("conversations belong to the user who started them", () => {
  it("keeps one conversation per user in a group chat, and the private chat's key as it was", () => {
    // (read from the module object, so the rest of this file runs even where it is missing)
    const { conversationKey } = kit as unknown as { conversationKey: typeof kit.conversationKey };
    expect(typeof conversationKey).toBe("function");
    const inGroup = (from: typeof ADMIN) => conversationKey({ chat: GROUP, from });
    expect(inGroup(ADMIN)).not.toBe(inGroup(MEMBER));
    expect(inGroup(ADMIN)).toBe(`${GROUP.id}:${ADMIN.id}`);
    expect(conversationKey({ chat: { id: CUSTOMER.id, type: "private" }, from: CUSTOMER })).toBe(
      String(CUSTOMER.id),
    );
  });
});
