import type { Update } from "grammy/types";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ANSWER_TIMEOUT_MS } from "../../src/bot/conversation-kit.js";
import { OneTimeTokens } from "../../src/store/one-time.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { command, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

const ADMIN = user(7700, { first_name: "Boss", language_code: "en" });
const PASSWORD = "late-s3cret-pass";

const hosting = new FakeAccountApi();
const node = new FakeNodeApi({ token: "node-api-token-for-token-tests", nodeName: "Amsterdam" });
let t: TestBot;

beforeAll(async () => {
  await hosting.start();
  await node.start();
  hosting.addAccount({ login: "shop", password: PASSWORD, username: "shopowner", balance: 250 });
  t = await createTestBot({
    adminIds: [ADMIN.id],
    accountUrl: hosting.url,
    node: { url: node.url, token: node.token, certSha256: node.certificate?.fingerprint256 },
  });
});
afterAll(async () => {
  await t.close();
  await node.stop();
  await hosting.stop();
});
beforeEach(async () => {
  vi.restoreAllMocks();
  await t.accountKey.clear();
  await t.send(command(ADMIN, "/cancel"));
  node.clients.clear();
  node.peers.clear();
  t.telegram.clear();
});

const { press, say } = chatAs(() => t, ADMIN);
const { lastShown, button } = telegramViews(() => t);

function deleted(update: Update): boolean {
  return t.telegram
    .callsOf("deleteMessage")
    .some((c) => c.params.message_id === update.message?.message_id && c.params.chat_id === ADMIN.id);
}

/** Every string and hash value in Redis, as one string. */
async function everythingIn(redis: Redis): Promise<string> {
  const out: string[] = [];
  for (const key of await redis.keys("*")) {
    const type = await redis.type(key);
    if (type === "string") out.push(key, (await redis.get(key)) ?? "");
    else if (type === "hash") out.push(key, JSON.stringify(await redis.hgetall(key)));
  }
  return out.join("\n");
}

describe("one-time confirmation tokens are bound to their action", () => {
  it("a token issued for 'delete alice' cannot confirm 'delete bob'", async () => {
    node.seedClient("alice", 10);
    node.seedClient("bob", 10);
    await press("a.n:del:alice:");
    const confirm = button("🗑 Yes, delete");
    const token = confirm.split(":").at(-1);
    await press(`a.n:del-ok:bob:${token}`);
    expect(node.clients.has("bob")).toBe(true);
    expect(lastShown().text).toContain("This confirmation has expired");
    // The token was not spent by the mismatch: the confirmation it was made for still works.
    await press(confirm);
    expect(node.clients.has("alice")).toBe(false);
  });

  it("a token issued for deleting a client cannot remove a peer or the federation", async () => {
    node.seedClient("alice", 10);
    node.peers.set("de-1", "https://de1.test:2096/sub/{uuid}/local");
    node.federationConfig = { api_url: "https://master.test/api", token: "fedSECRETtoken-0123456789abcdef" };
    await press("a.n:del:alice:");
    const token = button("🗑 Yes, delete").split(":").at(-1);
    await press(`a.n:peer-del-ok:de-1:${token}`);
    await press(`a.n:fed-del-ok::${token}`);
    expect(node.peers.has("de-1")).toBe(true);
    expect(node.federationConfig).not.toBeNull();
    expect(node.clients.has("alice")).toBe(true);
  });

  it("claims only with the action it was issued for", async () => {
    const tokens = new OneTimeTokens(t.redis) as unknown as {
      issue(action: string): Promise<string>;
      claim(token: string, action: string): Promise<string>;
    };
    const token = await tokens.issue("node:del:alice");
    expect(await tokens.claim(token, "servers:extend:42")).toBe("unknown");
    expect(await tokens.claim(token, "node:del:alice")).toBe("claimed");
    expect(await tokens.claim(token, "node:del:alice")).toBe("used");
  });
});

describe("a password sent after /login ended is still deleted", () => {
  it("after /cancel: the password message is deleted, never stored or logged", async () => {
    await t.send(command(ADMIN, "/login"));
    await say("shop");
    expect(String(t.telegram.last("sendMessage")?.params.text)).toContain("password");
    await t.send(command(ADMIN, "/cancel"));
    const late = await say(PASSWORD);
    expect(deleted(late)).toBe(true);
    expect(String(t.telegram.last("sendMessage")?.params.text)).toContain("deleted");
    expect(await everythingIn(t.redis)).not.toContain(PASSWORD);
    expect(t.logs()).not.toContain(PASSWORD);
    // Only the one message after the question is taken for a password: the next is left alone.
    const next = await say("hello");
    expect(deleted(next)).toBe(false);
  });

  it("after the question timed out: the password message is deleted, never stored or logged", async () => {
    await t.send(command(ADMIN, "/login"));
    await say("shop");
    expect(String(t.telegram.last("sendMessage")?.params.text)).toContain("password");
    const later = Date.now() + ANSWER_TIMEOUT_MS + 60_000;
    vi.spyOn(Date, "now").mockReturnValue(later);
    const late = await say(PASSWORD);
    expect(deleted(late)).toBe(true);
    expect(await t.accountKey.get()).toBeUndefined();
    expect(await everythingIn(t.redis)).not.toContain(PASSWORD);
    expect(t.logs()).not.toContain(PASSWORD);
  });

  it("a password answered in time is deleted once and the next message is left alone", async () => {
    await t.send(command(ADMIN, "/login"));
    await say("shop");
    const password = await say(PASSWORD);
    expect(deleted(password)).toBe(true);
    expect(await t.accountKey.get()).toBeDefined();
    const next = await say("hello");
    expect(deleted(next)).toBe(false);
  });
});
