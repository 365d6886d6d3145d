import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Bot, GrammyError, InlineKeyboard, InputFile, webhookCallback } from "grammy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rejectionOf } from "../helpers/errors.js";
import {
  callback,
  command,
  type FakeFile,
  FakeTelegram,
  parseMultipart,
  postWebhook,
  preCheckout,
  successfulPayment,
  textMessage,
  user,
} from "./telegram-api.js";

const TOKEN = "123456:TEST-token";
const alice = user(42, { first_name: "Alice", username: "alice" });

let fake: FakeTelegram;
let bot: Bot;

beforeEach(async () => {
  fake = await new FakeTelegram({ token: TOKEN, botInfo: { username: "shop_bot" } }).start();
  bot = new Bot(TOKEN, { client: { apiRoot: fake.apiRoot } });
});

afterEach(async () => {
  if (bot.isRunning()) await bot.stop();
  await fake.stop();
});

const expectGrammyError = (p: Promise<unknown>) => rejectionOf(p, GrammyError);

describe("FakeTelegram with a real grammY Bot", () => {
  it("answers getMe through bot.init() with a realistic bot user", async () => {
    await bot.init();
    expect(bot.botInfo).toMatchObject({
      id: 123456,
      is_bot: true,
      username: "shop_bot",
      can_join_groups: true,
    });
    expect(fake.methods()).toEqual(["getMe"]);
  });

  it("sends a message and echoes an inline keyboard", async () => {
    const keyboard = new InlineKeyboard().text("Buy", "buy:1");
    const first = await bot.api.sendMessage(42, "hello", { reply_markup: keyboard });
    const second = await bot.api.sendMessage(42, "again");
    expect(first).toMatchObject({ text: "hello", chat: { id: 42, type: "private" }, from: { is_bot: true } });
    expect(first.reply_markup?.inline_keyboard[0]?.[0]).toMatchObject({
      text: "Buy",
      callback_data: "buy:1",
    });
    expect(second.message_id).toBe(first.message_id + 1);
    expect(fake.last("sendMessage")).toMatchObject({ chatId: 42, params: { chat_id: 42, text: "again" } });
    expect(fake.callsOf("sendMessage")).toHaveLength(2);
  });

  it("parses grammY's multipart upload of a photo and a document", async () => {
    const bytes = Buffer.from("\x89PNG fake image bytes \r\n--not-a-boundary\r\n", "binary");
    const msg = await bot.api.sendPhoto(42, new InputFile(bytes, "qr.png"), { caption: "Your key" });
    expect(msg.caption).toBe("Your key");
    expect(msg.photo?.at(-1)?.file_size).toBe(bytes.length);

    const call = fake.last("sendPhoto");
    expect(call?.chatId).toBe(42);
    expect(call?.params.chat_id).toBe(42);
    expect(call?.params.caption).toBe("Your key");
    const photo = call?.params.photo as FakeFile;
    expect(photo.size).toBe(bytes.length);
    expect(photo.filename).toBe("qr.png");
    expect(photo.data.equals(bytes)).toBe(true);

    const doc = await bot.api.sendDocument(42, new InputFile(Buffer.from("[Interface]\n"), "vpn.conf"), {
      reply_markup: new InlineKeyboard().text("Done", "done"),
    });
    expect(doc.document).toMatchObject({ file_name: "vpn.conf", file_size: 12 });
    expect(fake.last("sendDocument")?.params.reply_markup).toEqual({
      inline_keyboard: [[{ text: "Done", callback_data: "done" }]],
    });
  });

  it("delivers a pushed update through long polling and records the answer", async () => {
    bot.command("start", (ctx) => ctx.reply(`hi ${ctx.from?.first_name}, ${ctx.match}`));
    const pushed = fake.pushUpdate(command(alice, "/start ref_7"));
    void bot.start({ timeout: 1 });

    const sent = await fake.waitFor("sendMessage", 5000);
    expect(sent.params).toMatchObject({ chat_id: 42, text: "hi Alice, ref_7" });
    await bot.stop();
    // the update was confirmed with an offset
    expect(fake.pendingUpdates).toEqual([]);
    expect(fake.callsOf("getUpdates").some((c) => c.params.offset === pushed.update_id + 1)).toBe(true);
  });

  it("answers a long poll early when an update arrives while it is held", async () => {
    bot.on("message:text", (ctx) => ctx.reply(`echo ${ctx.message.text}`));
    void bot.start({ timeout: 30 });
    await fake.waitFor((c) => c.method === "getUpdates" && c.params.timeout === 30, 5000);
    const before = Date.now();
    fake.pushUpdate(textMessage(alice, "ping"));
    const sent = await fake.waitFor("sendMessage", 5000);
    expect(sent.params.text).toBe("echo ping");
    expect(Date.now() - before).toBeLessThan(3000);
  });

  it("injects a 429 with retry_after, then answers normally", async () => {
    fake.failNext("sendMessage", {
      error_code: 429,
      description: "Too Many Requests: retry after 3",
      parameters: { retry_after: 3 },
    });
    const err = await expectGrammyError(bot.api.sendMessage(42, "x"));
    expect(err.error_code).toBe(429);
    expect(err.parameters.retry_after).toBe(3);
    await expect(bot.api.sendMessage(42, "x")).resolves.toMatchObject({ text: "x" });
    expect(fake.callsOf("sendMessage")).toHaveLength(2);
  });

  it("answers 403 for a blocked chat, only for that chat", async () => {
    fake.blockChat(42);
    const err = await expectGrammyError(bot.api.sendMessage(42, "x"));
    expect(err.error_code).toBe(403);
    expect(err.description).toBe("Forbidden: bot was blocked by the user");
    await expect(bot.api.sendMessage(43, "x")).resolves.toMatchObject({ chat: { id: 43 } });
  });

  it("answers 401 for a wrong token and records nothing", async () => {
    const other = new Bot("999:wrong", { client: { apiRoot: fake.apiRoot } });
    const err = await expectGrammyError(other.init());
    expect(err.error_code).toBe(401);
    expect(err.description).toBe("Unauthorized");
    expect(fake.calls).toHaveLength(0);
  });

  it("answers 404 for an unknown method, and accepts query-string and urlencoded params", async () => {
    const unknown = await fetch(`${fake.apiRoot}/bot${TOKEN}/sendTelepathy`, { method: "POST" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      ok: false,
      error_code: 404,
      description: "Not Found: method not found",
    });

    const viaQuery = await fetch(`${fake.apiRoot}/bot${TOKEN}/sendMessage?chat_id=7&text=hey`);
    expect(await viaQuery.json()).toMatchObject({ ok: true, result: { chat: { id: 7 }, text: "hey" } });
    const viaForm = await fetch(`${fake.apiRoot}/bot${TOKEN}/sendMessage`, {
      method: "POST",
      body: new URLSearchParams({ chat_id: "8", text: "123" }),
    });
    expect(await viaForm.json()).toMatchObject({ ok: true, result: { chat: { id: 8 }, text: "123" } });
  });

  it("reproduces Telegram's errors for empty text, unchanged edits and getUpdates under a webhook", async () => {
    expect((await expectGrammyError(bot.api.sendMessage(42, " "))).description).toMatch(/text is empty/);

    const msg = await bot.api.sendMessage(42, "menu");
    const edited = await bot.api.editMessageText(42, msg.message_id, "menu 2");
    expect(edited).toMatchObject({ message_id: msg.message_id, text: "menu 2" });
    const same = await expectGrammyError(bot.api.editMessageText(42, msg.message_id, "menu 2"));
    expect(same.description).toMatch(/message is not modified/);

    await bot.api.setWebhook("https://example.org/hook", { secret_token: "s3cret" });
    expect(await bot.api.getWebhookInfo()).toMatchObject({ url: "https://example.org/hook" });
    expect((await expectGrammyError(bot.api.getUpdates())).error_code).toBe(409);
    await bot.api.deleteWebhook();
    await expect(bot.api.getUpdates()).resolves.toEqual([]);
  });

  it("keeps commands, invoices and Stars state", async () => {
    await bot.api.setMyCommands([{ command: "start", description: "Start" }], { language_code: "en" });
    expect(await bot.api.getMyCommands({ language_code: "en" })).toEqual([
      { command: "start", description: "Start" },
    ]);
    expect(await bot.api.getMyCommands()).toEqual([]);
    await bot.api.deleteMyCommands({ language_code: "en" });
    expect(await bot.api.getMyCommands({ language_code: "en" })).toEqual([]);

    const invoice = await bot.api.sendInvoice(42, "1 month", "VPN", "order:1", "XTR", [
      { label: "1 month", amount: 150 },
    ]);
    expect(invoice.invoice).toMatchObject({ currency: "XTR", total_amount: 150 });
    expect(
      await bot.api.createInvoiceLink("1 month", "VPN", "order:2", "", "XTR", [{ label: "x", amount: 1 }]),
    ).toMatch(/^https:\/\/t\.me\/\$/);

    fake.starTransactions = [
      { id: "c1", amount: 150, date: 1 },
      { id: "c2", amount: 300, date: 2 },
    ];
    expect((await bot.api.getStarTransactions({ offset: 1, limit: 5 })).transactions).toEqual([
      { id: "c2", amount: 300, date: 2 },
    ]);
    await expect(bot.api.refundStarPayment(42, "c1")).resolves.toBe(true);
    expect((await expectGrammyError(bot.api.refundStarPayment(42, "c1"))).description).toMatch(
      /ALREADY_REFUNDED/,
    );
    expect(fake.last("refundStarPayment")?.params).toEqual({ user_id: 42, telegram_payment_charge_id: "c1" });
  });

  it("getChat knows users from pushed updates", async () => {
    fake.pushUpdate(textMessage(alice, "hi"));
    expect(await bot.api.getChat(42)).toMatchObject({ id: 42, type: "private", first_name: "Alice" });
  });
});

describe("FakeTelegram on its own", () => {
  it("getUpdates honours offset and limit, and stop() releases a held long poll", async () => {
    const a = fake.pushUpdate(textMessage(alice, "a"));
    const b = fake.pushUpdate({ ...textMessage(alice, "b"), update_id: 1 }); // not above the last: renumbered
    expect(b.update_id).toBe(a.update_id + 1);
    expect((await bot.api.getUpdates({ limit: 1 })).map((u) => u.message?.text)).toEqual(["a"]);
    expect((await bot.api.getUpdates({ offset: b.update_id })).map((u) => u.message?.text)).toEqual(["b"]);
    expect(await bot.api.getUpdates({ offset: b.update_id + 1 })).toEqual([]);

    const started = Date.now();
    const held = fetch(`${fake.apiRoot}/bot${TOKEN}/getUpdates?timeout=20`).then((r) => r.json());
    await fake.waitFor((c) => c.method === "getUpdates" && c.params.timeout === 20, 2000);
    await fake.stop();
    expect(await held).toEqual({ ok: true, result: [] });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("waitFor sees earlier calls from an index on, and times out otherwise", async () => {
    await bot.api.sendChatAction(42, "typing");
    const mark = fake.calls.length;
    await expect(fake.waitFor("sendChatAction", 100)).resolves.toMatchObject({ chatId: 42 });
    await expect(fake.waitFor("sendChatAction", 100, mark)).rejects.toThrow(
      /no sendChatAction within 100 ms/,
    );
    fake.clear();
    expect(fake.calls).toEqual([]);
  });

  it("builders produce updates grammY routes correctly", async () => {
    const seen: string[] = [];
    bot.botInfo = fake.botInfo;
    bot.command("start", () => void seen.push("command"));
    bot.callbackQuery("buy", async (ctx) => {
      seen.push(`callback in ${ctx.chat?.id}`);
      await ctx.answerCallbackQuery();
    });
    bot.on("pre_checkout_query", async (ctx) => {
      seen.push(`pre ${ctx.preCheckoutQuery.invoice_payload} ${ctx.preCheckoutQuery.total_amount}`);
      await ctx.answerPreCheckoutQuery(true);
    });
    bot.on("message:successful_payment", (ctx) => {
      seen.push(`paid ${ctx.message.successful_payment.telegram_payment_charge_id}`);
    });
    await bot.handleUpdate(command(alice, "/start"));
    await bot.handleUpdate(callback(alice, "buy"));
    await bot.handleUpdate(fake.callback(alice, "buy"));
    await bot.handleUpdate(preCheckout(alice, "order:1", 150, "XTR"));
    await bot.handleUpdate(successfulPayment(alice, "order:1", 150, "XTR", "charge-1"));
    expect(seen).toEqual(["command", "callback in 42", "callback in 42", "pre order:1 150", "paid charge-1"]);
    expect(fake.methods()).toEqual(["answerCallbackQuery", "answerCallbackQuery", "answerPreCheckoutQuery"]);
    expect(fake.callback(alice, "x").callback_query?.message?.from?.username).toBe("shop_bot");
  });

  it("postWebhook sends the secret header to a grammY webhook", async () => {
    bot.botInfo = fake.botInfo;
    bot.on("message:text", (ctx) => ctx.reply("via webhook"));
    const server: Server = createServer(webhookCallback(bot, "http", { secretToken: "s3cret" }));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      expect(await postWebhook(url, textMessage(alice, "hi"), "wrong")).toBe(401);
      expect(fake.callsOf("sendMessage")).toHaveLength(0);
      await bot.api.setWebhook(url, { secret_token: "s3cret" });
      expect(await fake.postWebhook(undefined, textMessage(alice, "hi"))).toBe(200);
      expect(fake.last("sendMessage")?.params).toMatchObject({ chat_id: 42, text: "via webhook" });
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it("parses tolerant multipart with quoted names and attach:// inside JSON fields", () => {
    const body = Buffer.from(
      [
        "--XyZ",
        'Content-Disposition: form-data; name="chat_id"',
        "",
        "-100123",
        "--XyZ",
        'Content-Disposition: form-data; name="media"',
        "",
        '[{"type":"photo","media":"attach://f1"}]',
        "--XyZ",
        'Content-Disposition: form-data; name="f1"; filename="a b.jpg"',
        "Content-Type: image/jpeg",
        "",
        "abcdef",
        "--XyZ--",
        "",
      ].join("\r\n"),
    );
    const params = parseMultipart('multipart/form-data; boundary="XyZ"', body);
    expect(params.chat_id).toBe(-100123);
    const media = params.media as { type: string; media: FakeFile }[];
    expect(media[0]?.media).toMatchObject({ filename: "a b.jpg", size: 6, contentType: "image/jpeg" });
  });
});
