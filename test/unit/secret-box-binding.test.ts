import type { ConversationData, VersionedState } from "@grammyjs/conversations";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionData } from "../../src/bot/context.js";
import { SealedConversationStorage } from "../../src/bot/conversation-kit.js";
import { AccountKeyStore } from "../../src/domain/fleet/index.js";
import { SecretBox } from "../../src/store/secret-box.js";
import { testRedis } from "../helpers/redis.js";

const KEY = Buffer.alloc(32, 7);
const box = new SecretBox(KEY);

/** Sealed with KEY by the code before this change (16-byte tags, context "account-api-key"). */
const OLD_ACCOUNT_KEY = "v1.QWOTRenVIcyNOfXu.rnvJXv72OyUSwE_CYifmOw.3sxCgVEJ2V2htGgNRSq6L49Fjb9VPIrEb7jO_g";
/** A conversation state sealed with KEY by the code before this change (context "conversation"). */
const OLD_CONVERSATION =
  "v1.cC6bAPztY8z21sNl.zrRlswkMf25aoyB3ixSRpA.OfUn2x_ViDYGLjIbW0lZYP1lQeXJ5tloGfhMgZVea2TrEwg";

/** The same sealed value with its GCM tag cut to `bytes`. */
function withTagOf(sealed: string, bytes: number): string {
  const parts = sealed.split(".");
  parts[2] = Buffer.from(parts[2] ?? "", "base64url")
    .subarray(0, bytes)
    .toString("base64url");
  return parts.join(".");
}

describe("SecretBox tags", () => {
  it("refuses a truncated tag (4, 8 or 12 bytes): a short tag is easy to forge", () => {
    const sealed = box.seal("hs_secret", "account-api-key");
    expect(box.open(sealed, "account-api-key")).toBe("hs_secret");
    for (const bytes of [4, 8, 12, 15])
      expect(box.open(withTagOf(sealed, bytes), "account-api-key")).toBeUndefined();
  });

  it("still opens what it sealed before (its tags were always 16 bytes)", () => {
    expect(box.open(OLD_ACCOUNT_KEY, "account-api-key")).toBe("hs_linked_before_the_upgrade");
  });
});

describe("stored secrets across the upgrade", () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = await testRedis();
  });
  afterAll(() => redis.quit());

  it("an account key linked before the upgrade is still used: admins are not locked out", async () => {
    await redis.hset("hosting:account-key", {
      sealed: OLD_ACCOUNT_KEY,
      prefix: "hs_link…",
      linkedBy: "1",
      linkedAt: "1",
    });
    expect(await new AccountKeyStore(redis, box, undefined).get()).toBe("hs_linked_before_the_upgrade");
  });

  const state = (text: string) =>
    ({ version: [1, "x"], state: { text } }) as unknown as VersionedState<ConversationData>;

  it("a chat's conversation state does not open as another chat's", () => {
    const storage = new SealedConversationStorage(box);
    const chat111: SessionData = {};
    storage.write(chat111, "111", state("password for chat 111"));
    expect(storage.read(chat111, "111")).toEqual(state("password for chat 111"));
    // Someone with write access to Redis copies chat 111's state into chat 222's session.
    const chat222: SessionData = {
      conversations: { "222": { ...chat111.conversations?.["111"] } },
    } as SessionData;
    expect(storage.read(chat222, "222")).toBeUndefined();
    expect(chat222.conversations).toBeUndefined();
  });

  it("a conversation sealed before the upgrade (not bound to a chat) is dropped: it starts over", () => {
    const storage = new SealedConversationStorage(box);
    const session: SessionData = {
      conversations: { "333": { sealed: OLD_CONVERSATION, until: Date.now() + 60_000 } },
    };
    expect(storage.read(session, "333")).toBeUndefined();
  });

  it("a conversation left for longer than an hour is not resumed", () => {
    const storage = new SealedConversationStorage(box);
    const session: SessionData = {};
    storage.write(session, "444", state("half-typed"));
    const stored = session.conversations?.["444"];
    if (!stored) throw new Error("not stored");
    stored.until = Date.now() - 1;
    expect(storage.read(session, "444")).toBeUndefined();
    expect(session.conversations).toBeUndefined();
  });
});
