/**
 * Copies of customers seeded through the domain code (bench/seed.ts), under new ids, for the
 * memory figures at 100 000 customers (seeding that many through the domain code would take too
 * long). Whatever keys the domain wrote are found by the customer's ids, so a key added to the
 * domain later is copied too; the copies are written with `redis-cli --pipe` (Redis's mass
 * insertion), as the pipelines of a client spend most of their time writing small strings.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { subscriptionKeys } from "../src/domain/books/index.js";
import { inParallel } from "./seed.js";

/** Customer ids of seeded templates are recognisable: 9100xxxxxx (see compare.ts). */
const TEMPLATE_ID = /(?<!\d)9100\d{6}(?!\d)/g;
/** An order or subscription id: "o" or "s" and a 16-character body, as a whole word. */
const ORDER_ID = /(?<![0-9a-z])[os]([0-9a-z]{16})(?![0-9a-z])/g;

/**
 * A string with the template's tokens (customer id, order bodies) cut out: an instance is the
 * parts joined by the clone's tokens. Slot 0 is the customer id, slot k the k-th order body.
 */
interface Compiled {
  parts: string[];
  slots: number[];
}

type Write =
  | { type: "hash" | "zset" | "list" | "set"; key: Compiled; entries: Compiled[]; ttlMs: number }
  | { type: "string"; key: Compiled; value: Compiled; ttlMs: number };

/** Everything of one seeded customer: its own keys, and its entries in the shared indexes. */
interface Template {
  id: number;
  bodies: string[];
  writes: Write[];
}

function compile(s: string, tokens: ReadonlyMap<string, number>, pattern: RegExp): Compiled {
  const parts: string[] = [];
  const slots: number[] = [];
  let last = 0;
  for (const m of s.matchAll(pattern)) {
    const slot = tokens.get(m[0]);
    if (slot === undefined) continue;
    parts.push(s.slice(last, m.index));
    slots.push(slot);
    last = m.index + m[0].length;
  }
  parts.push(s.slice(last));
  return { parts, slots };
}

async function allKeys(redis: Redis): Promise<string[]> {
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, batch] = await redis.scan(cursor, "COUNT", 1_000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== "0");
  return keys;
}

/** The elements of a key, flat: hash field/value pairs, zset score/member pairs, list/set items. */
async function elements(redis: Redis, key: string, type: string): Promise<string[]> {
  if (type === "hash") return Object.entries(await redis.hgetall(key)).flat();
  if (type === "list") return redis.lrange(key, 0, -1);
  if (type === "set") return redis.smembers(key);
  if (type === "zset") {
    const flat = await redis.zrange(key, "0", "-1", "WITHSCORES");
    const out: string[] = [];
    for (let i = 0; i < flat.length; i += 2) out.push(flat[i + 1] ?? "0", flat[i] ?? "");
    return out;
  }
  return [];
}

/**
 * Reads what the domain wrote for `ids`, whatever the keys are: a key naming a template's
 * customer id or one of its order/subscription ids is that customer's own; in every other key
 * (the shared indexes: journal, applied charges, expiry, ...) an element naming them is theirs.
 */
async function readTemplates(redis: Redis, ids: readonly number[]): Promise<Template[]> {
  const byId = new Map<string, Template>();
  const bodyOwner = new Map<string, Template>();
  for (const id of ids) {
    const t: Template = { id, bodies: [], writes: [] };
    byId.set(String(id), t);
    // Orders and subscriptions both: the archive moves old orders, the first purchase (which
    // named the subscription) among them.
    const orders = await redis.zrange(`orders:customer:${id}`, "0", "-1");
    const subs = await redis.zrange(subscriptionKeys.byCustomer(id), "0", "-1");
    t.bodies = [...new Set([...orders, ...subs].map((o) => o.slice(1)))];
    for (const body of t.bodies) bodyOwner.set(body, t);
  }
  const ownerOf = (s: string): Template | undefined => {
    for (const m of s.matchAll(TEMPLATE_ID)) {
      const t = byId.get(m[0]);
      if (t) return t;
    }
    for (const m of s.matchAll(ORDER_ID)) {
      const t = bodyOwner.get(m[1] ?? "");
      if (t) return t;
    }
    return undefined;
  };
  const tokensOf = new Map<Template, Map<string, number>>();
  const tokens = (t: Template) => {
    let map = tokensOf.get(t);
    if (!map) {
      map = new Map([[String(t.id), 0], ...t.bodies.map((b, i): [string, number] => [b, i + 1])]);
      tokensOf.set(t, map);
    }
    return map;
  };
  const anyToken = new RegExp(`${TEMPLATE_ID.source}|(?<=[os])[0-9a-z]{16}(?![0-9a-z])`, "g");
  const comp = (t: Template, s: string) => compile(s, tokens(t), anyToken);

  const readKey = async (key: string) => {
    const type = await redis.type(key);
    if (!["string", "hash", "zset", "list", "set"].includes(type)) return;
    const ttlMs = Math.max(0, await redis.pttl(key));
    const own = ownerOf(key);
    if (own) {
      const value = type === "string" ? ((await redis.get(key)) ?? "") : undefined;
      own.writes.push(
        value !== undefined
          ? { type: "string", key: comp(own, key), value: comp(own, value), ttlMs }
          : {
              type: type as "hash" | "zset" | "list" | "set",
              key: comp(own, key),
              entries: (await elements(redis, key, type)).map((e) => comp(own, e)),
              ttlMs,
            },
      );
      return;
    }
    // A shared key: its elements grouped by the customer they name (pairs stay together).
    const flat = await elements(redis, key, type);
    const step = type === "hash" || type === "zset" ? 2 : 1;
    const mine = new Map<Template, string[]>();
    for (let i = 0; i < flat.length; i += step) {
      const group = flat.slice(i, i + step);
      const t = ownerOf(group.join(" "));
      if (t) mine.set(t, [...(mine.get(t) ?? []), ...group]);
    }
    for (const [t, entries] of mine) {
      const kind = type as "hash" | "zset" | "list" | "set";
      t.writes.push({ type: kind, key: comp(t, key), entries: entries.map((e) => comp(t, e)), ttlMs: 0 });
    }
  };
  await inParallel(await allKeys(redis), 64, readKey);
  return ids.map((id) => byId.get(String(id)) as Template);
}

/**
 * The commands that write a copy of `t`, in the Redis protocol, with the template's own ids in
 * place, and where each id sits: a copy is these bytes with other ids of the same length written
 * over them (no strings are built per copy).
 */
interface Blueprint {
  bytes: Buffer;
  patches: { offset: number; slot: number }[];
}

function blueprint(t: Template): Blueprint {
  const tokens = [String(t.id), ...t.bodies];
  const chunks: Buffer[] = [];
  const patches: Blueprint["patches"] = [];
  let offset = 0;
  const add = (s: string) => {
    const b = Buffer.from(s, "utf8");
    chunks.push(b);
    offset += b.length;
  };
  const arg = (c: Compiled) => {
    let length = 0;
    for (const part of c.parts) length += Buffer.byteLength(part);
    for (const slot of c.slots) length += (tokens[slot] ?? "").length;
    add(`$${length}\r\n`);
    c.parts.forEach((part, i) => {
      add(part);
      const slot = c.slots[i];
      if (slot === undefined) return;
      patches.push({ offset, slot });
      add(tokens[slot] ?? "");
    });
    add("\r\n");
  };
  const command = (name: string, args: readonly Compiled[]) => {
    add(`*${args.length + 1}\r\n`);
    arg({ parts: [name], slots: [] });
    for (const a of args) arg(a);
  };
  for (const w of t.writes) {
    if (w.type === "string") command("SET", [w.key, w.value]);
    else if (w.entries.length === 0) continue;
    else command({ hash: "HSET", list: "RPUSH", set: "SADD", zset: "ZADD" }[w.type], [w.key, ...w.entries]);
    if (w.ttlMs > 0) command("PEXPIRE", [w.key, { parts: [String(w.ttlMs)], slots: [] }]);
  }
  return { bytes: Buffer.concat(chunks), patches };
}

/**
 * Writes copies of the customers `templateIds` (seeded by seedYear, ids 9100xxxxxx) under
 * `newIds` (ten digits too), with fresh order ids of the same length: every key and index entry
 * the domain wrote for them. `redisUrl` is the server `redis` talks to.
 */
export async function cloneCustomers(
  redis: Redis,
  redisUrl: string,
  templateIds: readonly number[],
  newIds: readonly number[],
): Promise<void> {
  const templates = await readTemplates(redis, templateIds);
  const url = new URL(redisUrl);
  const cli = spawn("redis-cli", ["-h", url.hostname, "-p", url.port || "6379", "--pipe"], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  cli.stdout.on("data", (c: Buffer) => {
    output += c.toString();
  });
  cli.stderr.on("data", (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    cli.once("error", reject);
    cli.once("exit", resolve);
  });
  const write = async (data: Buffer) => {
    if (!cli.stdin.write(data)) await new Promise((resolve) => cli.stdin.once("drain", resolve));
  };
  const blueprints = templates.map(blueprint);
  for (let i = 0; i < newIds.length; i++) {
    const t = templates[i % templates.length] as Template;
    const bp = blueprints[i % templates.length] as Blueprint;
    const id = String(newIds[i]);
    if (id.length !== String(t.id).length) throw new RangeError(`copy id ${id} is not as long as ${t.id}`);
    // Same length: the creation time stays, the random part is new.
    const values = [id, ...t.bodies.map((b) => b.slice(0, -8) + randomBytes(4).toString("hex"))];
    const copy = Buffer.from(bp.bytes);
    for (const { offset, slot } of bp.patches) copy.write(values[slot] ?? "", offset, "latin1");
    await write(copy);
  }
  cli.stdin.end();
  const code = await exited;
  const errors = Number(/errors: (\d+)/.exec(output)?.[1] ?? -1);
  if (code !== 0 || errors !== 0) throw new Error(`redis-cli --pipe failed (${code}): ${output.trim()}`);
}
