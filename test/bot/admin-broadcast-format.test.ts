import type { MessageEntity, Update, User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readBroadcastMessage } from "../../src/bot/features/admin/broadcast/message.js";
import { BroadcastQueue } from "../../src/workers/broadcast.js";
import { command, privateChat, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { telegramViews } from "../helpers/telegram-views.js";

/** Issue 10, item 17, in the bot: the admin's formatting is kept; Stop stops a running broadcast. */

const ADMIN = user(7650, { first_name: "Boss", language_code: "en" });
const ADMIN_RU = user(7651, { first_name: "Шеф", language_code: "ru" });

let t: TestBot;
let queue: BroadcastQueue;

const { press, say } = chatAs(() => t, ADMIN);
const { lastShown, button, lastAnswer } = telegramViews(() => t);

let nextId = 700_000;
function formatted(from: User, content: { text: string; entities: MessageEntity[] }): Update {
  return {
    update_id: nextId++,
    message: {
      message_id: nextId++,
      date: Math.floor(Date.now() / 1000),
      chat: privateChat(from),
      from,
      ...content,
    },
  };
}

beforeAll(async () => {
  t = await createTestBot({ adminIds: [ADMIN.id, ADMIN_RU.id] });
  // A real queue (no worker runs here): the bot records broadcasts and stops them in Redis.
  queue = new BroadcastQueue(t.redis);
  t.deps.broadcasts = queue;
  for (const id of [ADMIN.id, 8_101, 8_102]) await seedCustomer(t.deps, id);
});
afterAll(async () => {
  await queue.close();
  await t.close();
});
beforeEach(async () => {
  await t.send(command(ADMIN, "/cancel"));
  t.telegram.clear();
});

describe("broadcast formatting", () => {
  it("says formatting is kept, previews with the admin's entities and broadcasts them", async () => {
    await press("a.bc:new:::");
    expect(lastShown().text).toContain("Formatting (bold, links, …) is kept.");
    // "  " before the text is trimmed: the entities move with it.
    await t.send(
      formatted(ADMIN, {
        text: "  Sale: 50% off, see shop",
        entities: [
          { type: "bold", offset: 2, length: 4 },
          { type: "text_link", offset: 21, length: 4, url: "https://shop.example/" },
        ],
      }),
    );
    // Link buttons under it (issue 24, item 6): asked next, checked, shown in the preview.
    expect(lastShown().text).toContain("Add link buttons under the message?");
    await say("Shop - http://shop.example/");
    expect(lastShown().text).toContain("Please send each button on its own line");
    await say("Open the shop - https://shop.example/\nOur channel | https://t.me/shop_news");
    const buttons = [
      { text: "Open the shop", url: "https://shop.example/" },
      { text: "Our channel", url: "https://t.me/shop_news" },
    ];
    const preview = t.telegram.callsOf("sendMessage").at(-2);
    expect(preview?.params.reply_markup).toEqual({ inline_keyboard: buttons.map((b) => [b]) });
    const entities = [
      { type: "bold", offset: 0, length: 4 },
      { type: "text_link", offset: 19, length: 4, url: "https://shop.example/" },
    ];
    expect(preview?.params.text).toBe("Sale: 50% off, see shop");
    expect(preview?.params.entities).toEqual(entities);
    expect(preview?.params.parse_mode).toBeUndefined();

    await press(button(/^👥 All customers/));
    await press(button("📣 Send now"));
    expect(lastShown().text).toContain("Broadcast started");
    const ids = await t.redis.keys("broadcast:bc*");
    const record = await t.redis.hgetall(ids[0] ?? "");
    expect(record.text).toBe("Sale: 50% off, see shop");
    expect(JSON.parse(record.entities ?? "null")).toEqual(entities);
    expect(JSON.parse(record.buttons ?? "null")).toEqual(buttons);
  });

  it("reads entities of a text and of a caption, dropping those cut off by trimming", () => {
    expect(
      readBroadcastMessage({
        text: " hi there ",
        entities: [
          { type: "italic", offset: 0, length: 3 },
          { type: "bold", offset: 9, length: 1 },
        ],
      }),
    ).toEqual({
      ok: true,
      draft: { text: "hi there", entities: [{ type: "italic", offset: 0, length: 2 }] },
    });
    const photo = [{ file_id: "p", file_unique_id: "u", width: 1, height: 1 }];
    expect(
      readBroadcastMessage({
        photo,
        caption: "new <b>",
        caption_entities: [{ type: "code", offset: 4, length: 3 }],
      }),
    ).toEqual({
      ok: true,
      draft: { text: "new <b>", entities: [{ type: "code", offset: 4, length: 3 }], photo: "p" },
    });
  });
});

describe("stopping a broadcast", () => {
  it("the Stop button of the progress message stops it in Redis, once", async () => {
    const { id } = await queue.start({ adminChatId: ADMIN.id, text: "Long news", audience: "all" });
    await press(`a.bc:stop:${id}::`);
    expect(lastAnswer().text).toBe(
      "⏹ Stopping: nothing more goes out; the progress message above will show the final count.",
    );
    expect((await queue.status(id))?.stopped).toBe(true);
    await press(`a.bc:stop:${id}::`, ADMIN_RU);
    expect(lastAnswer().text).toBe("Эта рассылка уже останавливается.");
    await press("a.bc:stop:bcnosuchbroadcast1::");
    expect(lastAnswer().text).toBe("This broadcast is no longer known.");
  });
});
