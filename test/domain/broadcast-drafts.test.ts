import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BROADCAST_DRAFT_TTL_SECONDS,
  BroadcastDrafts,
  broadcastDraftKeys,
} from "../../src/domain/backoffice/index.js";
import { testRedis } from "../helpers/redis.js";

/** A broadcast waits as a draft between the admin's steps (preview, audience, confirmation). */
let redis: Redis;
let drafts: BroadcastDrafts;

beforeAll(async () => {
  redis = await testRedis();
  drafts = new BroadcastDrafts(redis);
});
afterAll(() => redis.quit());

describe("broadcast drafts", () => {
  it("keep a draft for an hour under a fresh id, with its formatting and photo", async () => {
    const draft = {
      text: "Sale today",
      entities: [{ type: "text_link", offset: 0, length: 4, url: "https://shop.example" }],
      photo: "AgACAgIAAxkBAAIB",
    };
    const id = await drafts.save(draft);
    expect(id).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(await drafts.get(id)).toEqual(draft);
    const ttl = await redis.ttl(broadcastDraftKeys.draft(id));
    expect(ttl).toBeGreaterThan(BROADCAST_DRAFT_TTL_SECONDS - 5);
    expect(ttl).toBeLessThanOrEqual(BROADCAST_DRAFT_TTL_SECONDS);

    const other = await drafts.save({ text: "<b>plain HTML</b>" });
    expect(other).not.toBe(id);
    expect(await drafts.get(other)).toEqual({ text: "<b>plain HTML</b>" });
  });

  it("are gone once discarded; an empty, unknown or malformed id reads as none", async () => {
    const id = await drafts.save({ text: "soon gone" });
    await drafts.discard(id);
    expect(await drafts.get(id)).toBeUndefined();
    await drafts.discard(id);
    await drafts.discard("");
    expect(await drafts.get("")).toBeUndefined();
    expect(await drafts.get("nosuchdraft")).toBeUndefined();

    await redis.set(broadcastDraftKeys.draft("broken"), "{not json");
    expect(await drafts.get("broken")).toBeUndefined();
    await redis.set(broadcastDraftKeys.draft("empty"), JSON.stringify({ text: "" }));
    expect(await drafts.get("empty")).toBeUndefined();
    await redis.set(
      broadcastDraftKeys.draft("bad-entities"),
      JSON.stringify({ text: "x", entities: [{ type: "bold", offset: -1, length: 1 }] }),
    );
    expect(await drafts.get("bad-entities")).toBeUndefined();
  });

  it("refuse to keep an empty text", async () => {
    await expect(drafts.save({ text: "" })).rejects.toThrow();
  });
});
