import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BROADCAST_KEEP_SECONDS,
  BroadcastRecords,
  broadcastKey,
  broadcastStatsKey,
  broadcastStopKey,
} from "../../src/domain/backoffice/index.js";
import { testRedis } from "../helpers/redis.js";

/** A broadcast's record, its delivery counts and its stop flag: one keyspace, one owner. */
let redis: Redis;
let records: BroadcastRecords;

beforeAll(async () => {
  redis = await testRedis();
  records = new BroadcastRecords(redis);
});
afterAll(() => redis.quit());

const request = {
  adminChatId: 4_000,
  text: "Sale today",
  entities: [{ type: "bold", offset: 0, length: 4 }],
  photoFileId: "AgACAgIAAxkBAAIB",
  audience: "active" as const,
  locale: "ru" as const,
};

describe("broadcast records", () => {
  it("record a new broadcast for 30 days with its text, formatting, photo and audience", async () => {
    const id = await records.create(request);
    expect(id).toMatch(/^bc[a-z0-9]{8,40}$/);
    const rec = await records.get(id);
    expect(rec).toMatchObject({
      id,
      adminChatId: 4_000,
      locale: "ru",
      text: "Sale today",
      entities: [{ type: "bold", offset: 0, length: 4 }],
      photo: "AgACAgIAAxkBAAIB",
      audience: "active",
      cursor: 0,
      total: 0,
      skipped: 0,
      fanned: false,
      halted: false,
    });
    expect(rec?.finishedAt).toBeUndefined();
    const ttl = await redis.ttl(broadcastKey(id));
    expect(ttl).toBeGreaterThan(BROADCAST_KEEP_SECONDS - 5);
    expect(await records.get("bcnosuchbroadcast")).toBeUndefined();
  });

  it("move the fan-out on page by page and mark it fanned out after the last page", async () => {
    const id = await records.create({ ...request, entities: undefined, photoFileId: undefined });
    await records.advance(id, { cursor: 0, next: 500, queued: 480, skipped: 20 });
    expect(await records.get(id)).toMatchObject({ cursor: 500, total: 480, skipped: 20, fanned: false });
    await records.advance(id, { cursor: 500, queued: 7, skipped: 1 });
    expect(await records.get(id)).toMatchObject({ cursor: 500, total: 487, skipped: 21, fanned: true });
    expect((await records.get(id))?.entities).toBeUndefined();
  });

  it("count what became of each message and keep what the progress message shows", async () => {
    const id = await records.create(request);
    expect(await records.counts(id)).toEqual({ sent: 0, failed: 0, blocked: 0, cancelled: 0 });
    for (const outcome of ["sent", "sent", "blocked", "failed", "cancelled"] as const) {
      await records.count(id, outcome);
    }
    expect(await records.counts(id)).toEqual({ sent: 2, failed: 1, blocked: 1, cancelled: 1 });
    await records.saveProgress(id, { text: "Sending…", messageId: 77 });
    await records.saveProgress(id, { text: "Sending… 5" });
    expect(await records.get(id)).toMatchObject({ progressMessageId: 77, progressText: "Sending… 5" });
  });

  it("stop a running broadcast once; an unknown or finished one is not stopped", async () => {
    const id = await records.create(request);
    expect(await records.isStopped(id)).toBe(false);
    expect(await records.stop(id)).toBe("stopping");
    expect(await records.stop(id)).toBe("already");
    expect(await records.isStopped(id)).toBe(true);
    expect(await redis.ttl(broadcastStopKey(id))).toBeGreaterThan(BROADCAST_KEEP_SECONDS - 5);
    await records.halt(id);
    expect((await records.get(id))?.halted).toBe(true);

    expect(await records.stop("bcnosuchbroadcast")).toBe("unknown");
    expect(await redis.exists(broadcastStopKey("bcnosuchbroadcast"))).toBe(0);

    const over = await records.create(request);
    await records.count(over, "sent");
    await records.finish(over);
    expect((await records.get(over))?.finishedAt).toBeGreaterThan(0);
    expect(await redis.ttl(broadcastStatsKey(over))).toBeGreaterThan(BROADCAST_KEEP_SECONDS - 5);
    expect(await records.stop(over)).toBe("finished");
    expect(await records.isStopped(over)).toBe(false);
  });
});
