import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { LuaScript } from "../../store/lua.js";
import { invoiceSentKey, openTopUpKey, topUpKey } from "./keys.js";

/** A repeated press within this time after an invoice went out points at it instead of sending another. */
export const INVOICE_RESEND_MS = 5 * 60_000;

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

  /** True while a top-up of `amount` awaits payment (its record is gone once paid or expired). */
  async pending(customerId: number, amount: number): Promise<boolean> {
    const id = await this.redis.get(openTopUpKey(customerId, amount));
    return id !== null && (await this.redis.exists(topUpKey(id))) === 1;
  }
}

/**
 * One invoice message per subject (an order and amount, a top-up amount) within a short time:
 * the first press sends it, presses right after are pointed at it. Kept in Redis, so it holds
 * across processes.
 */
export class InvoiceGate {
  constructor(
    private readonly redis: Redis,
    private readonly windowMs = INVOICE_RESEND_MS,
  ) {}

  /** True when an invoice for `subject` may go out now (and holds back the next ones for a while). */
  async claim(customerId: number, subject: string): Promise<boolean> {
    const key = invoiceSentKey(customerId, subject);
    return (await this.redis.set(key, "1", "PX", this.windowMs, "NX")) === "OK";
  }
}
