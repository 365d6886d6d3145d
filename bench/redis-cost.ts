import type { Redis } from "ioredis";

/** What Redis did between two readings: commands run (a script's own calls included), bytes sent. */
export interface RedisCost {
  commands: number;
  /** Bytes Redis sent to its clients (a read of a whole hash shows here). */
  bytesOut: number;
  /** Microseconds Redis spent running the commands (figures only: never assert on time). */
  usec: number;
  /** Commands by name, e.g. { hget: 3, evalsha: 1 }. */
  byName: Record<string, number>;
}

interface Reading {
  calls: Record<string, number>;
  usec: number;
  bytesOut: number;
}

/** One reading of INFO commandstats and stats; the INFO calls themselves are taken out later. */
async function read(redis: Redis): Promise<Reading> {
  const text = `${await redis.info("commandstats")}\n${await redis.info("stats")}`;
  const calls: Record<string, number> = {};
  let usec = 0;
  for (const m of text.matchAll(/^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/gm)) {
    calls[m[1] ?? ""] = Number(m[2]);
    usec += Number(m[3]);
  }
  const bytesOut = Number(/^total_net_output_bytes:(\d+)/m.exec(text)?.[1] ?? 0);
  return { calls, usec, bytesOut };
}

/**
 * Counts what `fn` costs Redis: INFO commandstats and stats before and after, on a redis-server
 * nobody else uses meanwhile (the counts are the server's). The readings' own INFO calls and
 * their answers are left out.
 */
export async function redisCost(redis: Redis, fn: () => Promise<unknown>): Promise<RedisCost> {
  const before = await read(redis);
  const probe = await read(redis); // between two readings: what one reading itself costs
  await fn();
  const after = await read(redis);
  const byName: Record<string, number> = {};
  let commands = 0;
  for (const [name, n] of Object.entries(after.calls)) {
    const own = name === "info" ? (probe.calls.info ?? 0) - (before.calls.info ?? 0) : 0;
    const d = n - (probe.calls[name] ?? 0) - own;
    if (d > 0) {
      byName[name] = d;
      commands += d;
    }
  }
  return {
    commands,
    bytesOut: Math.max(0, after.bytesOut - probe.bytesOut - (probe.bytesOut - before.bytesOut)),
    usec: Math.max(0, after.usec - probe.usec - (probe.usec - before.usec)),
    byName,
  };
}
