import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { parseJsonRecord, readHash, readJson } from "../../src/store/records.js";
import { testRedis } from "../helpers/redis.js";

/** Typed records in Redis: JSON under a key, or the fields of a hash. */
let redis: Redis;

beforeAll(async () => {
  redis = await testRedis();
});
afterAll(() => redis.quit());

const note = z.object({ text: z.string(), at: z.number() });
const row = z.object({ id: z.string(), n: z.coerce.number() });

describe("readJson", () => {
  it("reads a record through its schema; a missing key reads as undefined", async () => {
    await redis.set("rec:json:ok", JSON.stringify({ text: "hi", at: 5, extra: true }));
    expect(await readJson(redis, "rec:json:ok", note)).toEqual({ text: "hi", at: 5 });
    expect(await readJson(redis, "rec:json:none", note)).toBeUndefined();
  });

  it("reads a malformed record as undefined, or throws when the caller asks", async () => {
    await redis.set("rec:json:shape", JSON.stringify({ text: 1 }));
    await redis.set("rec:json:text", "{not json");
    expect(await readJson(redis, "rec:json:shape", note)).toBeUndefined();
    expect(await readJson(redis, "rec:json:text", note)).toBeUndefined();
    await expect(readJson(redis, "rec:json:shape", note, { malformed: "throw" })).rejects.toThrow(z.ZodError);
    await expect(readJson(redis, "rec:json:text", note, { malformed: "throw" })).rejects.toThrow(SyntaxError);
  });

  it("parses what an MGET gave the same way", async () => {
    await redis.set("rec:json:a", JSON.stringify({ text: "a", at: 1 }));
    const raws = await redis.mget("rec:json:a", "rec:json:missing");
    expect(raws.map((raw) => parseJsonRecord(raw, note))).toEqual([{ text: "a", at: 1 }, undefined]);
  });
});

describe("readHash", () => {
  it("reads a hash through its schema; no fields reads as undefined", async () => {
    await redis.hset("rec:hash:ok", { id: "r1", n: "42" });
    expect(await readHash(redis, "rec:hash:ok", row)).toEqual({ id: "r1", n: 42 });
    expect(await readHash(redis, "rec:hash:none", row)).toBeUndefined();
  });

  it("with a marker, a hash without that field (stray fields only) reads as undefined", async () => {
    await redis.hset("rec:hash:stray", { n: "7" });
    expect(await readHash(redis, "rec:hash:stray", row, { marker: "id" })).toBeUndefined();
    expect(await readHash(redis, "rec:hash:ok", row, { marker: "id" })).toEqual({ id: "r1", n: 42 });
  });

  it("reads a malformed hash as undefined, or throws when the caller asks", async () => {
    await redis.hset("rec:hash:bad", { id: "r2", n: "many" });
    expect(await readHash(redis, "rec:hash:bad", row.extend({ n: z.coerce.number().int() }))).toBeUndefined();
    await expect(
      readHash(redis, "rec:hash:bad", row.extend({ n: z.coerce.number().int() }), { malformed: "throw" }),
    ).rejects.toThrow(z.ZodError);
  });
});
