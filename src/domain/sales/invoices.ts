import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { LuaScript } from "../../store/lua.js";

/** A repeated press within this time after an invoice went out points at it instead of sending another. */
export const INVOICE_RESEND_MS = 5 * 60_000;

/** A top-up's record, read by pre-checkout and by the payment (see Shop). */
export const topUpKey = (id: string) => `topup:${id}`;
const openTopUpKey = (customerId: number, amount: number) => `topups:open:${customerId}:${amount}`;

/**
 * KEYS: the customer's open top-up of this amount, the new record, the open one's record as read
 * (the new one when none). ARGV: open id as read ('' none), new id, record JSON, ttl ms.
 * Returns '' when the open top-up moved since it was read, else the id to invoice.
 */
const START = new LuaScript(`
local cur = redis.call('GET', KEYS[1])
if (cur or '') ~= ARGV[1] then return '' end
if cur and redis.call('PTTL', KEYS[3]) > tonumber(ARGV[4]) / 2 then return cur end
redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4])
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[4])
return ARGV[2]
`);

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
    const key = `invoice:sent:${customerId}:${subject}`;
    return (await this.redis.set(key, "1", "PX", this.windowMs, "NX")) === "OK";
  }
}
