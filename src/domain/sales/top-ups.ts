import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { z } from "zod";
import { LuaScript } from "../../store/lua.js";
import { readJson } from "../../store/records.js";
import { currencyExponent, toMinor, westernDigits } from "../catalog/index.js";
import { openTopUpKey, topUpKey } from "./keys.js";

/** Top-up bounds in major units of the currency. */
export const TOPUP_MIN_MAJOR = 1;
export const TOPUP_MAX_MAJOR = 100_000;

/** The shop's top-up bounds in minor units of `currency`. */
export function topUpBounds(currency: string): { min: number; max: number } {
  return { min: toMinor(currency, TOPUP_MIN_MAJOR), max: toMinor(currency, TOPUP_MAX_MAJOR) };
}

/** The top-up amounts offered as buttons, in minor units: Stars, or whole units of a provider currency. */
export function topUpPresets(currency: string): number[] {
  const major = currency === "XTR" ? [50, 100, 250, 500, 1000] : [5, 10, 20, 50];
  return major.map((m) => toMinor(currency, m));
}

/**
 * A typed top-up amount ("250", "4.99", "4,99", "1 000", "۲۵۰") in minor units, or undefined when
 * it is not a plain amount of this currency (too many decimals, Stars with decimals) or outside
 * the bounds. The chat's custom amount and the cabinet's both read it here.
 */
export function parseTopUpAmount(text: string, currency: string): number | undefined {
  const m = /^(\d{1,9})(?:[.,](\d+))?$/.exec(westernDigits(text).replace(/[\s\u00a0\u202f]/g, ""));
  if (!m) return undefined;
  const exp = currencyExponent(currency);
  const fraction = m[2] ?? "";
  if (fraction.length > exp) return undefined;
  const minor = Number(m[1]) * 10 ** exp + Number(fraction.padEnd(exp, "0") || "0");
  const { min, max } = topUpBounds(currency);
  return Number.isSafeInteger(minor) && minor >= min && minor <= max ? minor : undefined;
}

const topUpSchema = z.object({ customerId: z.number(), amount: z.number() });
export type TopUp = z.output<typeof topUpSchema>;

/** The pending top-up of a customer and amount, reused or made (lua/topup-start.lua). */
const START = LuaScript.load(new URL("./lua/topup-start.lua", import.meta.url));

/**
 * Top-ups awaiting payment: one per customer and amount. Asking again for the same amount hands
 * out the pending one (while half its life is left), so all its invoices carry one payload and
 * only one of them can be paid.
 */
export class TopUps {
  constructor(private readonly redis: Redis) {}

  /** The id of the customer's pending top-up of `amount` (minor units), made when there is none. */
  async start(customerId: number, amount: number, ttlMs: number): Promise<string> {
    const open = openTopUpKey(customerId, amount);
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await this.redis.get(open);
      const id = randomBytes(9).toString("base64url");
      const got = (await START.run(
        this.redis,
        [open, topUpKey(id), topUpKey(current ?? id)],
        [current ?? "", id, JSON.stringify({ customerId, amount }), ttlMs],
      )) as string;
      if (got) return got;
    }
    throw new Error(`the open top-up of customer ${customerId} kept changing`);
  }

  /** A pending top-up's record (who asked, how much); undefined once paid or expired. */
  read(id: string): Promise<TopUp | undefined> {
    return readJson(this.redis, topUpKey(id), topUpSchema);
  }

  /** Ms until a pending top-up's record expires (0 when it is gone). */
  async lifeLeft(id: string): Promise<number> {
    return Math.max(0, await this.redis.pttl(topUpKey(id)));
  }

  /** Forgets a paid top-up's record (its payment is credited once by its charge id anyway). */
  async forget(id: string): Promise<void> {
    await this.redis.del(topUpKey(id));
  }

  /** True while a top-up of `amount` awaits payment (its record is gone once paid or expired). */
  async pending(customerId: number, amount: number): Promise<boolean> {
    const id = await this.redis.get(openTopUpKey(customerId, amount));
    return id !== null && (await this.redis.exists(topUpKey(id))) === 1;
  }
}
