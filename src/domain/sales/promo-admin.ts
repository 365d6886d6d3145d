import type { Redis } from "ioredis";
import { LuaScript } from "../../store/lua.js";
import { type AuditEntry, auditLuaArgs, auditLuaKeys, STAFF_LUA } from "../staff/index.js";
import { PROMO_CODES, promoKeys } from "./keys.js";
import { SALES_LUA } from "./lua-fragments.js";
import type { NewPromo } from "./promo-store.js";

/**
 * The staff's steps on promo codes (create, disable), each one Lua step that writes the audit
 * record of a staff member's change with it (only when the code changes), or none for the
 * unchecked path (tests, tools). PromoCodes checks the staff member's role first.
 */

const script = (name: string) =>
  LuaScript.load(new URL(`./lua/${name}.lua`, import.meta.url), { ...SALES_LUA, ...STAFF_LUA });
/** A code made unless it exists (lua/promo-create.lua). */
const CREATE = script("promo-create");
/** A code disabled unless it is already (lua/promo-disable.lua). */
const DISABLE = script("promo-disable");

export type PromoDisabled = "disabled" | "already" | "unknown";

/** The record's keys and arguments (none for an unrecorded step). */
const audit = (record: AuditEntry | undefined) => ({
  keys: record ? auditLuaKeys(record) : [],
  args: record ? auditLuaArgs(record) : [],
});

/** Stores a new code made at `now` (false: the code exists); `record` written with it. */
export async function storePromo(
  redis: Redis,
  input: NewPromo,
  now: number,
  record?: AuditEntry,
): Promise<boolean> {
  const fields: Record<string, string> = {
    code: input.code,
    kind: input.kind,
    value: String(input.value),
    plans: input.plans.join(","),
    perCustomer: String(input.kind === "credit" ? 1 : input.perCustomer),
    newCustomersOnly: input.newCustomersOnly ? "1" : "0",
    disabled: "0",
    createdAt: String(now),
    createdBy: String(input.createdBy),
    used: "0",
    indexed: "1",
  };
  if (input.expiresAt !== undefined) fields.expiresAt = String(input.expiresAt);
  if (input.totalUses !== undefined) fields.totalUses = String(input.totalUses);
  const { keys, args } = audit(record);
  const made = await CREATE.run(
    redis,
    [promoKeys(input.code).code, PROMO_CODES, ...keys],
    [input.code, now, args.length, ...args, ...Object.entries(fields).flat()],
  );
  return made === 1;
}

/** Disables a code; `record` written with it when it was enabled. */
export async function disablePromo(redis: Redis, code: string, record?: AuditEntry): Promise<PromoDisabled> {
  const { keys, args } = audit(record);
  return (await DISABLE.run(redis, [promoKeys(code).code, ...keys], args)) as PromoDisabled;
}

/** A new code's terms as the audit log shows them. */
export function promoTerms(input: NewPromo): string {
  const parts = [`${input.kind} ${input.value}`, `plans=${input.plans.join(",") || "all"}`];
  if (input.expiresAt !== undefined) parts.push(`until ${new Date(input.expiresAt).toISOString()}`);
  if (input.totalUses !== undefined) parts.push(`uses=${input.totalUses}`);
  parts.push(`per customer=${input.kind === "credit" ? 1 : input.perCustomer}`);
  if (input.newCustomersOnly) parts.push("new customers only");
  return parts.join("; ");
}
