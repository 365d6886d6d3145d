import type { Redis } from "ioredis";
import { invoiceSentKey } from "./keys.js";

/** A repeated press within this time after an invoice went out points at it instead of sending another. */
export const INVOICE_RESEND_MS = 5 * 60_000;

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
