import type { Redis } from "ioredis";
import { z } from "zod";
import { LuaScript } from "../../store/lua.js";
import { parseJsonRecord } from "../../store/records.js";
import { type AuditEntry, auditLuaArgs, auditLuaKeys, STAFF_LUA } from "../staff/index.js";
import { GATE_CHANNELS_KEY } from "./keys.js";

/**
 * What the channel gate covers, widest last: the free trial only (the default); the trial and new
 * purchases (gifts bought included); everything that gives new access but renewals (the trial,
 * purchases and claiming a gift). Renewals, /my, the access and the wallet are never covered.
 */
export const GATE_COVERAGES = ["trial", "purchases", "all-but-renewals"] as const;
export type GateCoverage = (typeof GATE_COVERAGES)[number];
export const DEFAULT_GATE_COVERAGE: GateCoverage = "trial";

/** What a customer does that the gate may stand in front of. */
export type GatedAction = "trial" | "purchase" | "gift-claim";

const COVERED: Record<GateCoverage, readonly GatedAction[]> = {
  trial: ["trial"],
  purchases: ["trial", "purchase"],
  "all-but-renewals": ["trial", "purchase", "gift-claim"],
};

/** The one rule of what a coverage stands in front of. */
export function coverageCovers(coverage: GateCoverage, action: GatedAction): boolean {
  return COVERED[coverage].includes(action);
}

/** The most channels a customer can be asked to join (one screen of join buttons). */
export const MAX_REQUIRED_CHANNELS = 5;

/** A Telegram @username (without the @). */
export const CHAT_USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;

const requiredChannel = z.object({
  /** The chat's numeric id (-100… for channels and supergroups). */
  id: z.number().int(),
  title: z.string().min(1).max(256),
  username: z.string().regex(CHAT_USERNAME).optional(),
  /** Where a customer joins it (t.me/<username>, or the bot's invite link of a private chat). */
  joinUrl: z.url({ protocol: /^https$/ }).optional(),
  addedAt: z.number().int(),
});
export type RequiredChannel = z.output<typeof requiredChannel>;

const ADD = LuaScript.load(new URL("./lua/gate-channel-add.lua", import.meta.url), STAFF_LUA);
const REMOVE = LuaScript.load(new URL("./lua/gate-channel-remove.lua", import.meta.url), STAFF_LUA);

/** The audit record's keys and arguments of a staff member's change (none: an unrecorded one). */
const withRecord = (record: AuditEntry | undefined) => ({
  keys: record ? auditLuaKeys(record) : [],
  args: record ? auditLuaArgs(record) : [],
});

/**
 * The channels (or groups) a customer must be in for what the gate covers, as the admins set
 * them: a Redis hash by chat id, so two admins adding or removing at once each get their change.
 */
export class RequiredChannels {
  constructor(
    private readonly redis: Redis,
    private readonly key = GATE_CHANNELS_KEY,
  ) {}

  /** In the order they were added; a record that does not read is left out. */
  async list(): Promise<RequiredChannel[]> {
    const all = await this.redis.hvals(this.key);
    return all
      .map((raw) => parseJsonRecord(raw, requiredChannel))
      .filter((c): c is RequiredChannel => c !== undefined)
      .sort((a, b) => a.addedAt - b.addedAt || a.id - b.id);
  }

  /**
   * Adds `channel` (or updates it when it is listed): "full" at MAX_REQUIRED_CHANNELS. `record`:
   * a staff member's change, written with it in one step (not when the list is full).
   */
  async add(channel: RequiredChannel, record?: AuditEntry): Promise<"added" | "updated" | "full"> {
    const json = JSON.stringify(requiredChannel.parse(channel));
    const audit = withRecord(record);
    return (await ADD.run(
      this.redis,
      [this.key, ...audit.keys],
      [channel.id, json, MAX_REQUIRED_CHANNELS, ...audit.args],
    )) as "added" | "updated" | "full";
  }

  /** False when it was not listed (removed meanwhile); `record` as for `add` (only when removed). */
  async remove(id: number, record?: AuditEntry): Promise<boolean> {
    const audit = withRecord(record);
    return (await REMOVE.run(this.redis, [this.key, ...audit.keys], [id, ...audit.args])) === 1;
  }
}
