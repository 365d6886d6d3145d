import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../src/runtime/paths.js";
import { ArchiveFiles } from "../../src/store/archive-files.js";
import { type LocalRedis, startRedis } from "../helpers/local-redis.js";

// deploy/backup-redis.sh and deploy/restore-redis.sh against a redis-server this test starts with
// the settings of docker-compose.yml (AOF on, fsync every second).
const root = projectRoot();
const base = mkdtempSync(join(tmpdir(), "bot-backup-"));
const AOF = ["--appendonly", "yes", "--appendfsync", "everysec", "--maxmemory-policy", "noeviction"];
const servers: LocalRedis[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(base, { recursive: true, force: true });
});

async function redisIn(dir: string): Promise<{ server: LocalRedis; client: Redis }> {
  const server = await startRedis(dir, AOF);
  servers.push(server);
  return { server, client: new Redis(server.url, { maxRetriesPerRequest: 3 }) };
}

function sh(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", [join(root, "deploy", script), ...args], {
      // The archive folder is always the test's own (the default is the project's data/archive).
      env: { PATH: process.env.PATH ?? "", ARCHIVE_DIR: join(base, "no-archive"), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code: code ?? -1, out }));
  });
}

/** What the shop keeps, in the shapes it uses: strings, hashes, sorted sets, lists, a TTL, two dbs. */
async function writeShop(client: Redis): Promise<void> {
  await client.set("wallet:42:balance", "150");
  await client.hset("customer:42", { name: "Ann", locale: "ru" });
  await client.zadd("subs:due", 1_700_000_000, "sub-1", 1_700_000_500, "sub-2");
  await client.rpush("ledger:42", "credit 200", "debit 50");
  await client.set("session:42", "{}", "PX", 3_600_000);
  await client.select(9);
  await client.set("db9:key", "kept");
  await client.select(0);
}

async function expectShop(client: Redis): Promise<void> {
  expect(await client.get("wallet:42:balance")).toBe("150");
  expect(await client.hgetall("customer:42")).toEqual({ name: "Ann", locale: "ru" });
  expect(await client.zrange("subs:due", "0", "-1", "WITHSCORES")).toEqual([
    "sub-1",
    "1700000000",
    "sub-2",
    "1700000500",
  ]);
  expect(await client.lrange("ledger:42", 0, -1)).toEqual(["credit 200", "debit 50"]);
  expect(await client.pttl("session:42")).toBeGreaterThan(0);
  await client.select(9);
  expect(await client.get("db9:key")).toBe("kept");
  await client.select(0);
}

describe("Redis backup and restore", () => {
  it.each([
    ["a BGSAVE and a copy of dump.rdb", "auto"],
    ["redis-cli --rdb over the connection", "stream"],
  ])(
    "backs up with %s; after a flush, stop, restore and start the data is back and AOF goes on",
    async (_how, via) => {
      const dir = join(base, via);
      const out = join(base, `${via}-backups`);
      mkdirSync(dir);
      const first = await redisIn(dir);
      await writeShop(first.client);
      // The archive of old history on disk goes with the backup.
      const ARCHIVE_DIR = join(base, `${via}-archive`);
      const old = { kind: "order", subject: 42, id: "o-archived", value: { id: "o-archived", price: 150 } };
      await new ArchiveFiles(ARCHIVE_DIR).append(42, [old]);

      const backup = await sh("backup-redis.sh", [out], {
        REDIS_URL: first.server.url,
        BACKUP_VIA: via,
        ARCHIVE_DIR,
      });
      expect(backup.code, backup.out).toBe(0);
      const file = backup.out.trim().split("\n").at(-1) ?? "";
      expect(file).toMatch(/redis-\d{8}-\d{6}\.rdb$/);
      expect(existsSync(file)).toBe(true);
      expect(readdirSync(out).filter((f) => f.startsWith("."))).toEqual([]); // no partial file left
      const saves = Number(/rdb_saves:(\d+)/.exec(await first.client.info("persistence"))?.[1]);
      expect(saves).toBe(via === "auto" ? 1 : 0); // the copy took a BGSAVE; the stream, none

      // Disaster: everything flushed (and the flush is in the AOF), something else written.
      await first.client.flushall();
      await first.client.set("after:flush", "x");
      const refused = await sh("restore-redis.sh", [file, dir], { REDIS_URL: first.server.url });
      expect(refused.code).not.toBe(0);
      expect(refused.out).toContain("Redis at REDIS_URL still runs");
      await first.client.quit();
      await first.server.stop();

      // The archive lost too: the folder's files gone, another record written meanwhile.
      rmSync(ARCHIVE_DIR, { recursive: true });
      await new ArchiveFiles(ARCHIVE_DIR).append(42, [{ ...old, id: "o-after" }]);
      const restore = await sh("restore-redis.sh", [file, dir], { ARCHIVE_DIR });
      expect(restore.code, restore.out).toBe(0);
      const archive = new ArchiveFiles(ARCHIVE_DIR);
      expect(await archive.byId("order", "o-archived")).toMatchObject({ subject: 42, value: old.value });
      expect(await archive.byId("order", "o-after")).toBeUndefined();
      expect(readdirSync(base).filter((f) => f.startsWith(`${via}-archive.before-restore-`))).toHaveLength(1);
      const second = await redisIn(dir);
      await expectShop(second.client);
      expect(await second.client.exists("after:flush")).toBe(0);

      // The restored Redis appends to its AOF as before: a write survives one more restart.
      await second.client.set("after:restore", "y");
      await second.client.quit();
      await second.server.stop();
      const third = await redisIn(dir);
      await expectShop(third.client);
      expect(await third.client.get("after:restore")).toBe("y");
      await third.client.quit();
      // What the folder held before the restore was set aside, not deleted.
      expect(readdirSync(dir).filter((f) => f.startsWith("before-restore-"))).toHaveLength(1);
    },
  );

  it("copies a snapshot of its own while Redis is sending one to a replica (BGSAVE refused meanwhile)", async () => {
    const dir = join(base, "busy");
    mkdirSync(dir);
    const { client } = await redisIn(dir);
    await client.mset("a", "1", "b", "2", "c", "3", "d", "4");
    // Each key takes 0.3 s to write: the replica's snapshot (a `redis-cli --rdb` here) lasts ~1.2 s.
    await client.config("SET", "rdb-key-save-delay", "300000");
    await client.config("SET", "repl-diskless-sync-delay", "0");
    const stream = spawn(
      "redis-cli",
      ["-p", String(client.options.port), "--rdb", join(base, "replica.rdb")],
      {
        stdio: "ignore",
      },
    );
    const streamed = new Promise((resolve) => stream.once("exit", resolve));
    while (!/rdb_bgsave_in_progress:1/.test(await client.info("persistence"))) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const backup = await sh("backup-redis.sh", [join(base, "busy-backups")], {
      REDIS_URL: `redis://127.0.0.1:${client.options.port}`,
      BACKUP_TIMEOUT: "8",
    });
    await streamed;
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out.trim()).toMatch(/redis-\d{8}-\d{6}\.rdb$/);
    await client.quit();
  }, 30_000);

  it("refuses a file that is not an RDB snapshot, and a Redis that does not answer", async () => {
    const dir = join(base, "refusals");
    mkdirSync(dir);
    const bogus = join(base, "bogus.rdb");
    writeFileSync(bogus, "not a snapshot");
    const restore = await sh("restore-redis.sh", [bogus, dir], {});
    expect(restore.code).not.toBe(0);
    expect(restore.out).toContain("is not an RDB file");
    expect(readdirSync(dir)).toEqual([]);

    const backup = await sh("backup-redis.sh", [join(base, "none")], { REDIS_URL: "redis://127.0.0.1:1" });
    expect(backup.code).not.toBe(0);
    expect(backup.out).toMatch(/^backup: Redis at REDIS_URL does not answer/);
  });
});
