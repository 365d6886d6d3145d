import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { z } from "zod";
import type { Clock } from "../../runtime/clock.js";
import { LuaScript } from "../../store/lua.js";
import { readHash } from "../../store/records.js";
import { type AuditEntry, auditLuaArgs, auditLuaKeys, STAFF_LUA } from "../staff/index.js";
import type { TermChain } from "./chain.js";
import { freezeKeys, termChainKeys, termChangeKeys } from "./keys.js";

/**
 * An admin's change of a subscription's term moves `queued -> applying -> done`, or ends
 * `failed` (the hosting side refused; nothing was changed). Queued and applying ones are open:
 * they hold their place in the subscription's chain, as a paid renewal in flight does. A
 * customer's freeze (freezes.ts) moves `queued -> applying -> frozen -> unfreezing -> done`: it
 * holds its place for the whole freeze, so whatever comes behind it (a renewal, a pack, an
 * admin's change) waits for the term the unfreeze gives back, and drift leaves it alone.
 */
export const TERM_CHANGE_STATUSES = ["queued", "applying", "frozen", "unfreezing", "done", "failed"] as const;
export type TermChangeStatus = (typeof TERM_CHANGE_STATUSES)[number];
const OPEN: readonly string[] = ["queued", "applying", "frozen", "unfreezing"];
/** Open and waiting for a worker's run (the sweep's index): a freeze under way is the freeze worker's. */
const SWEPT: readonly string[] = ["queued", "applying"];

export const isOpenTermChange = (status: string | undefined): boolean =>
  status !== undefined && OPEN.includes(status);

/** Lua fragment `term-change-statuses`: `term_change_open(status)`, the open set above. */
export const TERM_CHANGE_STATUSES_LUA = [
  `local TERM_CHANGE_OPEN_SET = {${OPEN.map((s) => `${s} = true`).join(", ")}}`,
  "local function term_change_open(status) return status ~= nil and TERM_CHANGE_OPEN_SET[status] == true end",
].join("\n");

/** A term change's id: `t`, the time in base 36, 8 hex (never an order's `o...`). */
export function newTermChangeId(): string {
  return `t${Date.now().toString(36)}${randomBytes(4).toString("hex")}`;
}

/** Term change ids are told from order ids by their first letter (both live in one chain). */
export const isTermChangeId = (id: string): boolean => id.startsWith("t");

const optionalNumber = z.preprocess(
  (v) => (v === undefined || v === "" ? undefined : Number(v)),
  z.number().optional(),
);

const changeSchema = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  /**
   * `add`: N days after the term the changes before it left; `set`: the term becomes `target`;
   * `freeze`: a customer's pause of `days` (freezes.ts); `move`: an admin's bulk move of the
   * subscription to another server or location (fleet's bulk moves run it, never the term worker).
   */
  mode: z.enum(["add", "set", "freeze", "move"]),
  days: z.coerce.number().default(0),
  /** `set`: the new expiry (ms; 0 = no expiry). */
  target: optionalNumber,
  adminId: z.coerce.number(),
  status: z.enum(TERM_CHANGE_STATUSES),
  createdAt: z.coerce.number(),
  updatedAt: z.coerce.number(),
  /** `add`: the target, fixed once when the change's turn came. */
  targetExpiresAt: optionalNumber,
  /** The term before and after the change (ms), as the hosting side showed them. */
  expiryBefore: optionalNumber,
  expiryAfter: optionalNumber,
  /** Paid renewals in flight when a `set` was asked for: applied first, then overridden. */
  overrides: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(",") : [])),
  error: z.string().optional(),
  /** A family owner's change: the seats given up on (seat number -> reason), as JSON (family.ts). */
  seatsGivenUp: z
    .string()
    .optional()
    .transform(
      (v): Record<string, string> => (v ? z.record(z.string(), z.string()).parse(JSON.parse(v)) : {}),
    ),
  /** The audit entry of the staff member who asked (finished when the change is done or failed). */
  auditId: z.string().optional(),
  /** A freeze: the customer who asked; when it began and ends; the term it banked (ms), fixed once. */
  customerId: optionalNumber,
  frozenAt: optionalNumber,
  frozenUntil: optionalNumber,
  bankMs: optionalNumber,
});
export type TermChange = z.output<typeof changeSchema>;
type FreezeField = "frozenAt" | "frozenUntil" | "bankMs";

export interface NewTermChange {
  subscriptionId: string;
  /** An admin's change (a customer's freeze is asked through freezes.ts). */
  mode: "add" | "set";
  days: number;
  target?: number;
  adminId: number;
  overrides?: readonly string[];
  /** The asking staff member's audit entry (`started`), written in the same step as the change. */
  audit?: AuditEntry;
}

const script = (name: string) => LuaScript.load(new URL(`./lua/${name}.lua`, import.meta.url));
/** The record, the open index, the chain and the audit entry in one step (lua/change-create.lua). */
const CREATE = LuaScript.load(new URL("./lua/change-create.lua", import.meta.url), STAFF_LUA);
/** A bulk move's record written once, never re-opened (lua/move-enter.lua). */
const MOVE_ENTER = script("move-enter");
/** A compare-and-set move of a change's status (lua/change-transition.lua). */
const TRANSITION = script("change-transition");

/**
 * A bulk move's place in its chain: its turn, or behind `behind`; or `finished` (its record was
 * ended before: a late retry, which must not join the chain again).
 */
export type MoveTurn = { turn: true } | { turn: false; behind: string } | { turn: false; finished: true };

/** Admins' term changes in Redis (the records; who applies them: SubscriptionTerms). */
export class TermChanges {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
  ) {}

  /**
   * Records a change and puts it at the end of its subscription's chain, in one step: a crash
   * right after cannot leave a change that no chain holds. Returns the chain's head.
   */
  async create(input: NewTermChange): Promise<{ change: TermChange; head: string }> {
    const id = newTermChangeId();
    const now = this.clock.now();
    const fields: Record<string, string> = {
      id,
      subscriptionId: input.subscriptionId,
      mode: input.mode,
      days: String(input.days),
      adminId: String(input.adminId),
      status: "queued",
      createdAt: String(now),
      updatedAt: String(now),
      ...(input.target !== undefined ? { target: String(input.target) } : {}),
      ...(input.overrides?.length ? { overrides: input.overrides.join(",") } : {}),
      ...(input.audit ? { auditId: input.audit.id } : {}),
    };
    const keys = [
      termChangeKeys.change(id),
      termChangeKeys.open,
      termChainKeys.chain(input.subscriptionId),
      termChainKeys.seq,
      ...(input.audit ? auditLuaKeys(input.audit) : []),
    ];
    const args = [id, now, JSON.stringify(fields), ...(input.audit ? auditLuaArgs(input.audit) : [])];
    const head = String(await CREATE.run(this.redis, keys, args));
    const change = await this.get(id);
    if (!change) throw new Error(`term change ${id} was not stored`);
    return { change, head };
  }

  get(id: string): Promise<TermChange | undefined> {
    return readHash(this.redis, termChangeKeys.change(id), changeSchema, {
      marker: "id",
      malformed: "throw",
    });
  }

  /** Moves a change from one of `from` to `to`, with `fields`; false when it was elsewhere. */
  async transition(
    id: string,
    from: readonly TermChangeStatus[],
    to: TermChangeStatus,
    fields: Record<string, string | number> = {},
  ): Promise<boolean> {
    const strings = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    const moved = await TRANSITION.run(
      this.redis,
      [termChangeKeys.change(id), termChangeKeys.open],
      [from.join(","), to, this.clock.now(), JSON.stringify(strings), SWEPT.includes(to) ? "1" : "0"],
    );
    return moved === 1;
  }

  /** Writes `fields` on change `id` (a note kept with it; its status is moved by `transition`). */
  async record(id: string, fields: Record<string, string>): Promise<void> {
    if (await this.redis.exists(termChangeKeys.change(id)))
      await this.redis.hset(termChangeKeys.change(id), fields);
  }

  /** Fixes the target of an `add` once (its turn came); returns the value kept. */
  fixTarget(id: string, targetMs: number): Promise<number> {
    return this.fixOnce(id, "targetExpiresAt", targetMs);
  }

  /** Fixes a number of change `id` once (a retry keeps the first); returns the value kept. */
  async fixOnce(id: string, field: "targetExpiresAt" | FreezeField, value: number): Promise<number> {
    const key = termChangeKeys.change(id);
    await this.redis.hsetnx(key, field, String(value));
    return Number((await this.redis.hget(key, field)) ?? value);
  }

  /**
   * A bulk move's turn in subscription `subscriptionId`'s chain: its record (`applying`, mode
   * `move`, never in the open index: no term worker runs it) written once under `id` (fixed by the
   * caller before, so a retry after a crash is the same member), then the chain entered. The move
   * holds its place until `finishMove`; a renewal, a pack, a switch or a freeze asked meanwhile
   * waits behind it, as one behind an admin's change does.
   */
  async enterMove(
    id: string,
    subscriptionId: string,
    adminId: number,
    chain: Pick<TermChain, "enter">,
  ): Promise<MoveTurn> {
    if (!isTermChangeId(id)) throw new Error(`a move's chain member id must be a term change id: ${id}`);
    const now = String(this.clock.now());
    const fields = {
      ...{ id, subscriptionId, mode: "move", days: "0", adminId: String(adminId) },
      ...{ status: "applying", createdAt: now, updatedAt: now },
    };
    const open = await MOVE_ENTER.run(this.redis, [termChangeKeys.change(id)], [JSON.stringify(fields)]);
    if (Number(open) !== 1) return { turn: false, finished: true };
    return chain.enter(subscriptionId, id);
  }

  /** A bulk move's turn ended (moved, skipped or failed): done or failed, out of the chain. */
  async finishMove(
    id: string,
    subscriptionId: string,
    outcome: "done" | "failed",
    chain: Pick<TermChain, "leave">,
  ): Promise<void> {
    await this.transition(id, ["applying"], outcome);
    await chain.leave(subscriptionId, id);
  }

  /** The subscriptions with an admin's change queued or being applied, or frozen (drift leaves them be). */
  async openSubscriptions(): Promise<Set<string>> {
    const ids = await this.redis.zrange(termChangeKeys.open, "0", "-1");
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hget(termChangeKeys.change(id), "subscriptionId");
    const subs = ((await pipeline.exec()) ?? []).map(([, v]) => v).filter((v) => typeof v === "string");
    const frozen = await this.redis.zrange(freezeKeys.ending, "0", "-1");
    return new Set([...(subs as string[]), ...frozen]);
  }

  /** Open changes asked for before `before` (oldest first), for the order sweep. */
  openBefore(before: number, batch: number): Promise<string[]> {
    return this.redis.zrangebyscore(termChangeKeys.open, "-inf", before, "LIMIT", 0, batch);
  }
}
