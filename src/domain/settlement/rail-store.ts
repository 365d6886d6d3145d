import type { Redis } from "ioredis";
import { z } from "zod";
import type { Rail, RailChoice, RailPrefs } from "../../rails/index.js";
import { DAY } from "../../runtime/clock.js";
import { LuaScript } from "../../store/lua.js";
import { readHash, readJson } from "../../store/records.js";
import { type AuditEntry, writeAuditIn } from "../staff/index.js";
import { railKeys } from "./keys.js";

/** How long the shop remembers a payment it asked a rail for (a late one is still matched). */
export const RAIL_RECORD_KEEP_MS = 40 * DAY;

const recordSchema = z.object({
  rail: z.string(),
  paymentId: z.string(),
  payload: z.string(),
  payerId: z.coerce.number().int(),
  /** What was asked, in the shop currency's minor units. */
  expected: z.coerce.number().int(),
  currency: z.string(),
  createdAt: z.coerce.number(),
  payUrl: z.string(),
});
/** A payment the shop asked a rail for, as it asked. */
export type RailRecord = z.output<typeof recordSchema>;

const healthSchema = z.object({ ok: z.enum(["0", "1"]), at: z.coerce.number(), why: z.string().optional() });
/** A rail's last probe: whether it answered, when, and why not. */
export interface RailHealth {
  ok: boolean;
  at: number;
  why: string | undefined;
}

/** A configured rail as the admins see it: whether it takes the shop's currency, its last probe, its choices. */
export interface RailStatus {
  id: string;
  name: string;
  accepts: boolean;
  /** Undefined until it is first probed (or asked). */
  health: RailHealth | undefined;
  choices: readonly RailChoice[];
  prefs: RailPrefs;
}

/** Forgets an open payment when it is still the one of its payload and amount (lua/rail-drop-open.lua). */
const DROP_OPEN = LuaScript.load(new URL("./lua/rail-drop-open.lua", import.meta.url));

/** Prefs as stored; each value is checked against its choice when read. */
const storedPrefs = z.record(z.string(), z.union([z.boolean(), z.array(z.string())]));

const emailSchema = z.email().max(254);

/** The e-mail as kept (trimmed, lower-cased), or undefined when it is not one. */
export function normalEmail(text: string): string | undefined {
  const email = text.trim().toLowerCase();
  return emailSchema.safeParse(email).success ? email : undefined;
}

/**
 * What the shop keeps about its outside payments besides the payment inbox: each payment it
 * asked for (so what arrives is compared with what was asked), the open one per invoice and
 * amount (asking again hands it back), each rail's health and admin choices, and customers'
 * receipt e-mails.
 */
export class RailStore {
  constructor(private readonly redis: Redis) {}

  async remember(record: RailRecord, lifeMs: number): Promise<void> {
    const key = railKeys.payment(record.rail, record.paymentId);
    const open = railKeys.open(record.rail, record.payload);
    await this.redis
      .multi()
      .hset(key, Object.fromEntries(Object.entries(record).map(([k, v]) => [k, String(v)])))
      .pexpire(key, RAIL_RECORD_KEEP_MS)
      .hset(open, String(record.expected), record.paymentId)
      .pexpire(open, Math.max(1, lifeMs))
      .exec();
  }

  record(rail: string, paymentId: string): Promise<RailRecord | undefined> {
    return readHash(this.redis, railKeys.payment(rail, paymentId), recordSchema, {
      marker: "paymentId",
      malformed: "undefined",
    });
  }

  /** The open payment asked on `rail` for `payload` and `amount`, if one is remembered. */
  async open(rail: string, payload: string, amount: number): Promise<RailRecord | undefined> {
    const id = await this.redis.hget(railKeys.open(rail, payload), String(amount));
    return id === null ? undefined : this.record(rail, id);
  }

  /** Every open payment asked on `rail` for `payload`, whatever its amount. */
  async openIds(rail: string, payload: string): Promise<string[]> {
    return this.redis.hvals(railKeys.open(rail, payload));
  }

  /** The payment `record` is no longer handed out for its payload and amount (a newer one is kept). */
  async dropOpen(record: Pick<RailRecord, "rail" | "payload" | "expected" | "paymentId">): Promise<void> {
    const key = railKeys.open(record.rail, record.payload);
    await DROP_OPEN.run(this.redis, [key], [String(record.expected), record.paymentId]);
  }

  /** Takes the right to ask `rail` for a payment of `payload` and `amount` (false: another asks now). */
  async claimAsking(rail: string, payload: string, amount: number, ms: number): Promise<boolean> {
    return (await this.redis.set(railKeys.asking(rail, payload, amount), "1", "PX", ms, "NX")) === "OK";
  }

  async releaseAsking(rail: string, payload: string, amount: number): Promise<void> {
    await this.redis.del(railKeys.asking(rail, payload, amount));
  }

  async setHealth(rail: string, ok: boolean, at: number, why?: string): Promise<void> {
    await this.redis.hset(railKeys.health(rail), { ok: ok ? "1" : "0", at: String(at), why: why ?? "" });
  }

  async health(rail: string): Promise<RailHealth | undefined> {
    const found = healthSchema.safeParse(await this.redis.hgetall(railKeys.health(rail)));
    if (!found.success) return undefined;
    return { ok: found.data.ok === "1", at: found.data.at, why: found.data.why || undefined };
  }

  /** The admins' choices for a rail, each falling back to its default (an unknown value dropped). */
  async prefs(rail: string, choices: readonly RailChoice[]): Promise<RailPrefs> {
    const stored = (await readJson(this.redis, railKeys.prefs(rail), storedPrefs)) ?? {};
    const prefs: RailPrefs = {};
    for (const choice of choices) {
      const value = stored[choice.key];
      if (choice.kind === "flag") prefs[choice.key] = typeof value === "boolean" ? value : choice.default;
      else {
        const picked = Array.isArray(value) ? choice.values.filter((v) => value.includes(v)) : [];
        prefs[choice.key] = picked.length > 0 ? picked : [...choice.defaults];
      }
    }
    return prefs;
  }

  async status(rail: Rail, currency: string): Promise<RailStatus> {
    const [health, prefs] = await Promise.all([this.health(rail.id), this.prefs(rail.id, rail.choices)]);
    return {
      id: rail.id,
      name: rail.name,
      accepts: rail.accepts(currency),
      health,
      choices: rail.choices,
      prefs,
    };
  }

  /** Keeps a rail's choices; `audit`: a staff member's change, recorded in the same step. */
  async setPrefs(rail: string, prefs: RailPrefs, audit?: AuditEntry): Promise<void> {
    const tx = this.redis.multi().set(railKeys.prefs(rail), JSON.stringify(prefs));
    await (audit ? writeAuditIn(tx, audit) : tx).exec();
  }

  async email(customerId: number): Promise<string | undefined> {
    return (await this.redis.get(railKeys.email(customerId))) ?? undefined;
  }

  async setEmail(customerId: number, email: string): Promise<void> {
    await this.redis.set(railKeys.email(customerId), email);
  }
}
