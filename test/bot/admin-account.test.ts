import type { Update } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeAccountApi } from "../fakes/account-api.js";
import { callback, command, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { conversationStates } from "../helpers/conversation-states.js";
import { telegramViews } from "../helpers/telegram-views.js";

const ADMIN = user(7100, { first_name: "Boss", language_code: "en" });
const STRANGER = user(7199, { first_name: "Mallory", language_code: "en" });
const hosting = new FakeAccountApi();
let t: TestBot;

beforeAll(async () => {
  await hosting.start();
  hosting.addAccount({ login: "shop", password: "s3cret-pass", username: "shopowner", balance: 250 });
  hosting.addAccount({ login: "guarded", password: "totp-pass", totpCode: "246810" });
  hosting.addAccount({ login: "mailer", password: "mail-pass", email2fa: true });
  t = await createTestBot({ adminIds: [ADMIN.id], accountUrl: hosting.url });
});
afterAll(async () => {
  await t.close();
  await hosting.stop();
});
beforeEach(async () => {
  await t.accountKey.clear();
  await t.send(command(ADMIN, "/cancel"));
  t.telegram.clear();
});

const { say } = chatAs(() => t, ADMIN);
const { lastShown } = telegramViews(() => t);

function lastText(): string {
  return String(t.telegram.last("sendMessage")?.params.text ?? "");
}

function deleted(update: Update): boolean {
  return t.telegram
    .callsOf("deleteMessage")
    .some((c) => c.params.message_id === update.message?.message_id && c.params.chat_id === ADMIN.id);
}

async function redisDump(): Promise<string> {
  const keys = await t.redis.keys("*");
  const values: string[] = [];
  for (const key of keys) {
    const type = await t.redis.type(key);
    if (type === "string") values.push(key, (await t.redis.get(key)) ?? "");
    else if (type === "hash") values.push(key, JSON.stringify(await t.redis.hgetall(key)));
  }
  return values.join("\n");
}

function issuedKeys(login: string): string[] {
  return [...hosting.keys.values()].filter((k) => k.login === login && !k.revoked).map((k) => k.key);
}

describe("linking the hosting account", () => {
  it("links with login and password, deletes the password message and stores only a sealed key", async () => {
    await t.send(command(ADMIN, "/login"));
    expect(lastText()).toContain("login or e-mail");
    await say("shop");
    expect(lastText()).toContain("password");
    const password = await say("s3cret-pass");
    expect(deleted(password)).toBe(true);
    expect(lastText()).toMatch(/^✅ The hosting account is linked\. API key: <code>hs_/);
    // Issue 24, item 4: the success leads on (it used to have no buttons).
    expect(lastShown().buttons).toEqual([
      { text: "🏦 Hosting account", data: "a.acc:view" },
      { text: "« Admin menu", data: "a.home" },
    ]);

    const [key] = issuedKeys("shop");
    expect(key).toBeDefined();
    expect(await t.accountKey.get()).toBe(key);
    const dump = await redisDump();
    expect(dump).not.toContain(key);
    expect(dump).not.toContain("s3cret-pass");
    expect(await conversationStates(t.redis)).toEqual([]);
    expect(t.logs()).not.toContain("s3cret-pass");
    expect(t.logs()).not.toContain(key);

    // The account card shows user, Telegram id, balance and server count.
    await t.send(callback(ADMIN, "a.acc:view"));
    const card = lastShown().text;
    expect(card).toContain("User: @shopowner");
    expect(card).toContain("Balance: <b>250</b>");
    expect(card).toContain("Servers: 0");
  });

  it("asks for the TOTP code, lets a wrong code be retried, and deletes the code messages", async () => {
    await t.send(command(ADMIN, "/login"));
    await say("guarded");
    const password = await say("totp-pass");
    expect(deleted(password)).toBe(true);
    expect(lastText()).toContain("6-digit code");
    const wrong = await say("111111");
    expect(deleted(wrong)).toBe(true);
    expect(lastText()).toContain("not accepted");
    const notACode = await say("12ab");
    expect(lastText()).toBe("The code is 6 digits, e.g. 123456.");
    expect(deleted(notACode)).toBe(true);
    const right = await say("246810");
    expect(deleted(right)).toBe(true);
    expect(lastText()).toMatch(/^✅ The hosting account is linked/);
    expect(await t.accountKey.get()).toBe(issuedKeys("guarded")[0]);
    const dump = await redisDump();
    expect(dump).not.toContain("totp-pass");
    expect(await conversationStates(t.redis)).toEqual([]);
  });

  it("starts again after a wrong password and explains e-mail 2FA accounts", async () => {
    await t.send(command(ADMIN, "/login"));
    await say("shop");
    await say("wrong-pass");
    expect(t.texts()).toContain("The login or password is wrong. Let's start again.");
    expect(lastText()).toContain("login or e-mail");
    await say("mailer");
    await say("mail-pass");
    expect(lastText()).toContain("e-mail or messenger two-factor authentication");
    expect(await t.accountKey.get()).toBeUndefined();
  });

  it("a command in the middle leaves the conversation cleanly", async () => {
    await t.send(command(ADMIN, "/login"));
    await say("shop");
    await t.send(command(ADMIN, "/help"));
    expect(lastText()).toContain("How it works");
    await say("s3cret-pass");
    expect(await t.accountKey.get()).toBeUndefined();
    expect(await conversationStates(t.redis)).toEqual([]);
  });

  it("checks a pasted key with a real call before saving it", async () => {
    await t.send(callback(ADMIN, "a.acc:key"));
    const bad = await say("hs_notarealkey123456");
    expect(deleted(bad)).toBe(true);
    expect(t.texts().some((text) => text.includes("was not accepted"))).toBe(true);
    expect(lastText()).toContain("Paste the <b>API key</b>");
    expect(await t.accountKey.get()).toBeUndefined();
    const key = hosting.addKey("shop", "cabinet");
    const good = await say(key);
    expect(deleted(good)).toBe(true);
    expect(lastText()).toMatch(/^✅ The hosting account is linked/);
    expect(await t.accountKey.get()).toBe(key);
    expect(await redisDump()).not.toContain(key);
  });

  it("a revoked key is reported with a way to link again, and unlink works", async () => {
    const key = hosting.addKey("shop");
    await t.accountKey.save(key, ADMIN.id, 0);
    hosting.revokeKey(key);
    await t.send(callback(ADMIN, "a.acc:view"));
    const view = lastShown();
    expect(view.text).toContain("revoked or is invalid");
    const buttons = JSON.stringify(view.markup ?? {});
    expect(buttons).toContain("a.acc:link");
    expect(buttons).toContain("a.acc:unlink");
    await t.send(callback(ADMIN, "a.acc:unlink-yes"));
    expect(await t.accountKey.get()).toBeUndefined();
  });

  it("refuses admin buttons and commands from a non-admin, and logs it", async () => {
    const key = hosting.addKey("shop");
    await t.accountKey.save(key, ADMIN.id, 0);
    await t.send(callback(STRANGER, "a.acc:unlink-yes"));
    expect(t.telegram.last("answerCallbackQuery")?.params).toMatchObject({
      text: "This action is for the shop's admins only.",
      show_alert: true,
    });
    expect(await t.accountKey.get()).toBe(key);
    await t.send(command(STRANGER, "/login"));
    expect(lastText()).toBe("I don't know this command. /help lists what I can do.");
    expect(t.logs()).toContain("refused admin callback from a non-admin");
    expect(t.logs()).toContain("refused admin command from a non-admin");
  });
});
