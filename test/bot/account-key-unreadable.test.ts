import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SecretBox } from "../../src/store/secret-box.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { callback, user } from "../fakes/telegram-api.js";
import { createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

const ADMIN = user(7120, { first_name: "Boss", language_code: "en" });
const hosting = new FakeAccountApi();
let t: TestBot;

beforeAll(async () => {
  await hosting.start();
  hosting.addAccount({ login: "shop", password: "s3cret-pass", username: "shopowner", balance: 250 });
  t = await createTestBot({ adminIds: [ADMIN.id], accountUrl: hosting.url });
});
afterAll(async () => {
  await t.close();
  await hosting.stop();
});

const { lastShown } = telegramViews(() => t);

/** The linked key as another version or another SECRET_KEY left it: it no longer opens. */
async function storeUnreadable(sealed: string): Promise<void> {
  await t.redis.hset("hosting:account-key", {
    sealed,
    prefix: "hs_ab12…",
    linkedBy: String(ADMIN.id),
    linkedAt: "0",
  });
}

describe("a linked account key that no longer opens", () => {
  it.each([
    [
      "a 4-byte tag (refused since tags must be 16 bytes)",
      (sealed: string) => {
        const parts = sealed.split(".");
        parts[2] = Buffer.from(parts[2] ?? "", "base64url")
          .subarray(0, 4)
          .toString("base64url");
        return parts.join(".");
      },
    ],
    ["another SECRET_KEY", () => new SecretBox(randomBytes(32)).seal("hs_other", "account-api-key")],
  ])("%s: the admin is told to link again, with the buttons for it", async (_, unreadable) => {
    const key = hosting.addKey("shop");
    await t.accountKey.save(key, ADMIN.id, 0);
    const sealed = (await t.redis.hget("hosting:account-key", "sealed")) ?? "";
    await storeUnreadable(unreadable(sealed));
    expect(await t.accountKey.get()).toBeUndefined();
    t.telegram.clear();
    await t.send(callback(ADMIN, "a.acc:view"));
    const view = lastShown();
    expect(view.text).toContain("Link the hosting account again");
    const buttons = JSON.stringify(view.markup ?? {});
    expect(buttons).toContain("a.acc:link");
    expect(buttons).toContain("a.acc:key");
  });
});
