/**
 * Seeded Redis states shared by the benches: 1 000 customers with a year of history seeded once
 * through the domain code, then copied to the larger size, each saved as an RDB snapshot in the
 * bench's temp folder. Each measured phase starts a fresh redis-server on a copy of the snapshot
 * it needs, so every size (and every phase of one size) is measured from the same state, never
 * from what an earlier phase left.
 */
import { copyFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Redis } from "ioredis";
import { type LocalRedis, startRedis } from "../test/helpers/local-redis.js";
import { cloneCustomers } from "./clone.js";
import { seedYear } from "./seed.js";
import { benchDir } from "./side-by-side.js";

/** The seeded customers (through the domain code) and the ids the copies get. */
export const TEMPLATES = Array.from({ length: 1_000 }, (_, i) => 9_100_000_001 + i);
const cloneIds = (size: number) =>
  Array.from({ length: size - TEMPLATES.length }, (_, i) => 9_200_000_001 + i);

/** The seeding server's snapshot file. */
const WORK_FILE = "seed-work.rdb";

/** A redis-server of its own on a copy of a snapshot, and a connection to it. */
export interface SeededRedis {
  server: LocalRedis;
  redis: Redis;
  /** Stops the connection and the server. */
  stop(): Promise<void>;
}

export interface SeedCacheOptions {
  /** The larger size (customers), copied from the 1 000. */
  size: number;
  /** redis-server arguments of every server started (e.g. a SLOWLOG threshold). */
  redisArgs?: readonly string[];
  /** Run on each state before it is saved (after the seeding, then after the copying). */
  prepare?: (redis: Redis, customers: number) => Promise<void>;
}

/** Builds the two snapshots once (`build`), then starts a fresh server on either (`start`). */
export class SeedCache {
  private readonly files = new Map<number, string>();
  private started = 0;

  constructor(private readonly options: SeedCacheOptions) {}

  /** Seeds the 1 000, saves them, copies them to the larger size and saves that. Returns how long each took (s). */
  async build(): Promise<{ seededS: number; copiedS: number }> {
    const { size, prepare } = this.options;
    const work = await this.server(WORK_FILE);
    try {
      let t = Date.now();
      await seedYear(work.redis, TEMPLATES);
      await prepare?.(work.redis, TEMPLATES.length);
      await this.save(work.redis, TEMPLATES.length);
      const seededS = (Date.now() - t) / 1000;
      t = Date.now();
      await cloneCustomers(work.redis, work.server.url, TEMPLATES, cloneIds(size));
      await prepare?.(work.redis, size);
      await this.save(work.redis, size);
      return { seededS, copiedS: (Date.now() - t) / 1000 };
    } finally {
      await work.stop();
      rmSync(join(benchDir, WORK_FILE), { force: true });
    }
  }

  /** A fresh redis-server on a copy of the snapshot of `customers` (1 000 or the larger size). */
  async start(customers: number): Promise<SeededRedis> {
    const file = this.files.get(customers);
    if (!file) throw new Error(`no snapshot of ${customers} customers: build() first`);
    const copy = `phase-${++this.started}.rdb`;
    copyFileSync(join(benchDir, file), join(benchDir, copy));
    const seeded = await this.server(copy);
    // A copy of 100 000 customers is about a gigabyte: gone with its server.
    return { ...seeded, stop: () => seeded.stop().then(() => rmSync(join(benchDir, copy), { force: true })) };
  }

  /** SAVE writes the work server's own file (its name cannot be changed live): copied aside. */
  private async save(redis: Redis, customers: number): Promise<void> {
    const file = `seeded-${customers}.rdb`;
    await redis.save();
    copyFileSync(join(benchDir, WORK_FILE), join(benchDir, file));
    this.files.set(customers, file);
  }

  private async server(dbfilename: string): Promise<SeededRedis> {
    const args = [...(this.options.redisArgs ?? []), "--dbfilename", dbfilename];
    // A snapshot of 100 000 customers is about 2 GB: loading it takes a while on a busy machine.
    const server = await startRedis(benchDir, args, 180_000);
    const redis = new Redis(server.url, { maxRetriesPerRequest: 3 });
    const stop = async () => {
      await redis.quit();
      await server.stop();
    };
    return { server, redis, stop };
  }
}
