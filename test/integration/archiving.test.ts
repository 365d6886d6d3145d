import { appendFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seedYears } from "../../bench/seed.js";
import { exportCsv } from "../../src/domain/backoffice/export.js";
import { Customers, Orders, Wallet, walletKeys } from "../../src/domain/books/index.js";
import { Archiving, inboxKeys } from "../../src/domain/settlement/index.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { ArchiveFiles } from "../../src/store/archive-files.js";
import { testRedis } from "../helpers/redis.js";

const ID = 9_400_000_001;

describe("archiving old history to disk", () => {
  let redis: Redis;
  let dir: string;
  let files: ArchiveFiles;
  const clock = new ManualClock(Date.now() + DAY);

  beforeEach(async () => {
    redis = await testRedis();
    dir = mkdtempSync(join(tmpdir(), "archive-test-"));
    files = new ArchiveFiles(dir, 8);
    await seedYears(redis, [ID], 1);
  }, 60_000);
  afterEach(async () => {
    await redis.quit();
    rmSync(dir, { recursive: true, force: true });
  });

  const archiving = () =>
    new Archiving({ redis, clock, customers: new Customers(redis, clock), archive: files, afterDays: 90 });
  const wallet = () => new Wallet(redis, clock, "XTR", files);
  const orders = () => new Orders(redis, clock, files);
  const settleFollowUps = async () => {
    for (const id of await orders().followUpsOwed(clock.now(), 100)) await orders().followUpsDone(id);
  };

  it("moves old entries, orders and payments to disk; history, balance and lookups read the same", async () => {
    const w = wallet();
    const before = await w.history(ID, 0, 100);
    const balance = await w.balance(ID);
    const ledgerCsv = async () => {
      const src = {
        wallet: w,
        customers: new Customers(redis, clock),
        subscriptions: { ofCustomer: async () => [] },
      };
      const lines: string[] = [];
      for await (const chunk of exportCsv("ledger", src, clock.now())) lines.push(...chunk.split("\r\n"));
      return lines.filter(Boolean).sort();
    };
    const csvBefore = await ledgerCsv();
    const ordersBefore = await orders().ofCustomer(ID, 50);
    // Orders whose follow-ups (the referral reward) are still owed are live: they stay.
    const first = await archiving().run();
    expect(first.orders).toBe(0);
    expect(first.ledger).toBeGreaterThan(10);
    expect(first.payments).toBeGreaterThan(5); // the top-ups' payments
    await settleFollowUps();
    expect((await archiving().run()).orders).toBeGreaterThan(5);
    expect(await redis.llen(walletKeys.ledger(ID))).toBeLessThan(before.total);
    expect(await w.history(ID, 0, 100)).toEqual(before);
    // Paging back, one page at a time, reaches the archived items.
    const paged = [];
    for (let offset = 0; offset < before.total; offset += 5)
      paged.push(...(await w.history(ID, offset, 5)).entries);
    expect(paged).toEqual(before.entries);
    expect(await w.balance(ID)).toBe(balance);
    expect(await ledgerCsv()).toEqual(csvBefore);
    const oldest = ordersBefore.at(-1);
    expect(oldest && (await orders().get(oldest.id))).toEqual(oldest);
    expect(await orders().ofCustomer(ID, 50)).toEqual(ordersBefore);
    const charge = oldest?.chargeId ?? "";
    expect(await redis.exists(inboxKeys.entry(charge))).toBe(0);
    expect(await w.applied(`charge:${charge}`)).toMatchObject({ kind: "topup", ref: charge });
  });

  it("a crash after the disk write, a second run and two archivers at once leave no repeat", async () => {
    await settleFollowUps();
    const before = await wallet().history(ID, 0, 100);
    // Both runs read before either drops: both write everything; one drop wins, readers drop repeats.
    await Promise.all([archiving().run(), archiving().run()]);
    await archiving().run();
    expect(await wallet().history(ID, 0, 100)).toEqual(before);
    expect((await orders().ofCustomer(ID, 50)).length).toBe(12);
  });

  it("skips, unread, a customer whose oldest item is newer than the cutoff, and visits again once it is not", async () => {
    await settleFollowUps();
    await archiving().run();
    // This connection's own LRANGEs (pipelined ones too): the server's commandstats also counted
    // those of the test files running beside this one.
    const sent = vi.spyOn(redis, "sendCommand");
    const reads = async () => sent.mock.calls.filter(([command]) => command.name === "lrange").length;
    const before = await reads();
    expect(await archiving().run()).toMatchObject({ customers: 0, ledger: 0 });
    expect(await reads()).toBe(before);
    const left = await redis.llen(walletKeys.ledger(ID));
    clock.advance(100 * DAY);
    expect((await archiving().run()).ledger).toBeGreaterThan(0);
    expect(await reads()).toBeGreaterThan(before);
    expect(await redis.llen(walletKeys.ledger(ID))).toBeLessThan(left);
  });

  it("tolerates a last line cut by a crash mid-append", async () => {
    await archiving().run();
    const before = await wallet().history(ID, 0, 100);
    const shard = readdirSync(join(dir, "shards"))[0] ?? "";
    appendFileSync(join(dir, "shards", shard), '{"k":"ledger","s":9400000001,"id":"x","n":0,"v":{"id');
    expect(await wallet().history(ID, 0, 100)).toEqual(before);
    await files.append(ID, [{ kind: "note", subject: ID, id: "n1", value: 1 }]);
    expect(await files.ofSubject(ID, "note")).toEqual([
      { kind: "note", subject: ID, id: "n1", seq: undefined, value: 1 },
    ]);
  });
});
