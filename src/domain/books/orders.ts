import type { Redis } from "ioredis";
import { z } from "zod";
import { LOCALES, type Locale } from "../../config.js";
import type { Clock } from "../../runtime/clock.js";
import { LuaScript } from "../../store/lua.js";
import { readHash } from "../../store/records.js";
import { type AuditEntry, auditLuaArgs, auditLuaKeys } from "../staff/index.js";
import { accessRef } from "./access.js";
import { orderClientName } from "./client-names.js";
import { orderKeys, salesDayKey } from "./keys.js";
import { ARCHIVED, type ArchiveReader, archivedBesides } from "./ledger-reads.js";
import { BOOKS_LUA } from "./lua-fragments.js";
import { hasPaid } from "./order-paid.js";
import { newOrderId, slotOf, unpaidMember } from "./order-slots.js";
import { isFinishedStatus, ORDER_STATUSES, type OrderStatus } from "./order-statuses.js";
import { dayIndexOf } from "./sales-days.js";

/**
 * What an order buys; `pack`: a traffic pack for a subscription's current term (catalog
 * `traffic_packs`); `seat`: a family seat's client for the member who claimed it (price 0);
 * `seats`: seats added to a family mid-term (sales/seats.ts); `switch`: a plan switch
 * (sales/plan-switch.ts).
 */
export const ORDER_KINDS = ["purchase", "renewal", "trial", "pack", "seat", "seats", "switch"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

const num = z.coerce.number();
const optNum = z.preprocess(
  (v) => (v === undefined || v === "" ? undefined : v),
  z.coerce.number().optional(),
);
const json = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v ? JSON.parse(v) : undefined), schema.optional());

const orderSchema = z.object({
  id: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  customerId: num,
  planId: z.string(),
  /** Price in minor units (0 for a trial). */
  price: num,
  currency: z.string(),
  locale: z.enum(LOCALES),
  /** Renewal and pack: the subscription renewed or topped up. Purchase/trial: the one made, once made. */
  subscriptionId: z.string().optional(),
  /** Pack: which of the plan's traffic packs (catalog `traffic_packs[].id`). */
  packId: z.string().optional(),
  /** A family plan's purchase: its seats (the owner's included); `seats` kind: the seats added. */
  seats: optNum,
  /** `seat` kind: the family seat (2..count) claimed; `subscriptionId` is the family's (the owner's). */
  seat: optNum,
  /** A `seats` order: the family's seats count aimed at (absolute), fixed once when its turn came. */
  seatsTarget: optNum,
  /** A family renewal: the seats whose client could not be renewed, with why (JSON). */
  seatsGivenUp: z.string().optional(),
  /**
   * Pack: the absolute traffic limits aimed at (GB per place the access lives, and the record's
   * allowance), fixed once when its turn came, before the first hosting write (traffic-packs.ts).
   */
  trafficTarget: z.string().optional(),
  /** Switch (sales/plan-switch.ts): its quote's credit, surplus and basis; its old client; when done. */
  switchCredit: optNum,
  switchSurplus: optNum,
  switchBasis: optNum,
  switchFrom: json(accessRef),
  switchedAt: optNum,
  /** Renewal: the absolute expiry aimed at, fixed once before the first hosting call. */
  targetExpiresAt: optNum,
  /** Renewal of a plan with rollover: the GB carried from the ending term, fixed once with the target. */
  rolloverGb: optNum,
  /** Where the access lives, fixed before the first hosting write so retries go to the same place. */
  ref: json(accessRef),
  /** Deterministic client identity for look-before-create ("" once the order is finished). */
  clientName: z.string().default(""),
  clientUuid: z.string().default(""),
  /** Amount of the Telegram invoice for this order (minor units) and the charge that paid it. */
  invoiceAmount: optNum,
  chargeId: z.string().optional(),
  /** A promo code on the order: `price` is after it, `listPrice` before; `bonusDays` add to the term. */
  promoCode: z.string().optional(),
  listPrice: optNum,
  bonusDays: optNum,
  /** Charged again: the refunded order whose promo terms it carries (its use moves here when paid). */
  promoFrom: z.string().optional(),
  gift: z.literal("1").optional(), // a gift: awaiting_claim, then provisioned to `recipientId`
  recipientId: optNum,
  error: z.string().optional(),
  attempts: z.coerce.number().default(0),
  createdAt: num,
  updatedAt: num,
  paidAt: optNum,
  finishedAt: optNum,
  /** When the customer was sent the access (so a re-run does not send it twice). */
  deliveredAt: optNum,
  /** When the customer was told the order is taking longer (told once). */
  delayNoticeAt: optNum,
});
export type Order = z.output<typeof orderSchema>;

/**
 * An order that changes a subscription the customer has (a renewal, a traffic pack): it takes its
 * turn in the subscription's term chain, and a failure leaves the customer's client as it is.
 */
export function changesSubscription(order: Pick<Order, "kind">): boolean {
  const { kind } = order;
  return kind === "renewal" || kind === "pack" || kind === "seat" || kind === "seats" || kind === "switch";
}

/** Hands an order to the background worker (BullMQ in the app, a direct call in some tests). */
export interface OrderJobs {
  enqueueOrder(orderId: string): Promise<void>;
}

export interface NewOrder {
  kind: OrderKind;
  customerId: number;
  planId: string;
  price: number;
  currency: string;
  locale: Locale;
  subscriptionId?: string;
  /** A pack: the plan's traffic pack bought (with `subscriptionId`). */
  packId?: string;
  /** A family plan's purchase: the seats bought; a `seats` order: the seats added. */
  seats?: number;
  /** A `seat` order: the seat claimed. */
  seat?: number;
  /**
   * A promo code (see PromoCodes): `price` is the discounted one, `listPrice` the plan's. `from`:
   * the refunded order whose terms it carries (charged again).
   */
  promo?: { code: string; listPrice: number; bonusDays: number; from?: string };
  gift?: boolean;
  /** A switch (with `subscriptionId`): its quote (the credit, its surplus, the expiry reckoned on). */
  switchQuote?: { credit: number; surplus: number; basis: number };
}

const script = (name: string) => LuaScript.load(new URL(`./lua/${name}.lua`, import.meta.url), BOOKS_LUA);
/** A move between statuses, compare-and-set (lua/transition.lua). */
const TRANSITION = script("transition");
/** The customer's open order of a slot, reused or made (lua/open-order.lua). */
const OPEN_ORDER = script("open-order");
/** Whether the slot's order would be handed out again, read only (lua/reusable-order.lua). */
const REUSABLE_ORDER = script("reusable-order");
/** An expired order removed unless it was paid (lua/remove-unpaid.lua). */
const REMOVE_UNPAID = script("remove-unpaid");

/** How long unpaid orders are reused and kept (see `Orders.openFor`). */
export interface UnpaidPolicy {
  /** An unpaid order younger than this is handed out again instead of a new one. */
  reuseMs: number;
  /** An unpaid order is removed this long after it was made. */
  keepMs: number;
}

/** Expired unpaid orders removed per look (the rest go at the next one). */
const EXPIRED_BATCH = 50;

export { newOrderId } from "./order-slots.js";

/** Orders in Redis; state changes are compare-and-set, so two workers cannot both move one. */
export class Orders {
  /** `archive`: where finished orders older than ARCHIVE_AFTER_DAYS went; `get` and `ofCustomer` read it too. */
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly archive?: ArchiveReader,
  ) {}

  /** Whether the customer ever paid an order, trials aside (see order-paid.ts). */
  hasPaid(customerId: number): Promise<boolean> {
    return hasPaid(this.redis, this, customerId);
  }

  async create(input: NewOrder, id = newOrderId()): Promise<Order> {
    const fields = this.newFields(input, id);
    await this.redis
      .multi()
      .hset(orderKeys.order(id), fields)
      .zadd(orderKeys.byCustomer(input.customerId), Number(fields.createdAt), id)
      .exec();
    return orderSchema.parse(fields);
  }

  /** An order's first fields (a seat claim writes them in its own Lua step). */
  newFields(input: NewOrder, id: string): Record<string, string> {
    const now = this.clock.now();
    const fields: Record<string, string> = {
      id,
      kind: input.kind,
      status: "awaiting_payment",
      customerId: String(input.customerId),
      planId: input.planId,
      price: String(input.price),
      currency: input.currency,
      locale: input.locale,
      clientName: orderClientName(input.customerId, id),
      clientUuid: crypto.randomUUID(),
      attempts: "0",
      createdAt: String(now),
      updatedAt: String(now),
    };
    if (input.subscriptionId) fields.subscriptionId = input.subscriptionId;
    if (input.packId) fields.packId = input.packId;
    if (input.seats) fields.seats = String(input.seats);
    if (input.seat) fields.seat = String(input.seat);
    if (input.gift) fields.gift = "1";
    if (input.switchQuote) {
      fields.switchCredit = String(input.switchQuote.credit);
      fields.switchSurplus = String(input.switchQuote.surplus);
      fields.switchBasis = String(input.switchQuote.basis);
    }
    if (input.promo) {
      fields.promoCode = input.promo.code;
      fields.listPrice = String(input.promo.listPrice);
      if (input.promo.bonusDays > 0) fields.bonusDays = String(input.promo.bonusDays);
      if (input.promo.from) fields.promoFrom = input.promo.from;
    }
    return fields;
  }

  /**
   * The customer's one open order for a plan (a purchase), a subscription (a renewal) or one of a
   * subscription's traffic packs: pressing Buy again hands out the order already awaiting payment. A new one expires unless paid.
   */
  async openFor(input: NewOrder, policy: UnpaidPolicy): Promise<{ order: Order; reused: boolean }> {
    await this.removeExpiredUnpaid(policy.keepMs);
    const slot = orderKeys.unpaidSlot(input.customerId, slotOf(input));
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await this.redis.get(slot);
      const id = newOrderId();
      const fields = this.newFields(input, id);
      const [code, orderId] = (await OPEN_ORDER.run(
        this.redis,
        [
          slot,
          orderKeys.byCustomer(input.customerId),
          orderKeys.unpaid,
          orderKeys.order(id),
          orderKeys.order(current ?? id),
        ],
        [
          current ?? "",
          id,
          fields.createdAt ?? "",
          policy.reuseMs,
          policy.keepMs,
          String(input.price),
          input.currency,
          unpaidMember(input.customerId, id),
          input.promo?.code ?? "",
          ...Object.entries(fields).flat(),
        ],
      )) as [number, string];
      if (code === -1) continue;
      const order = code === 1 ? orderSchema.parse(fields) : await this.get(orderId);
      if (order) return { order, reused: code === 0 };
    }
    throw new Error(`the open order of customer ${input.customerId} kept changing`);
  }

  /**
   * The open order `openFor(input, policy)` would hand back right now (its rule, the Lua fragment
   * order-reusable: awaiting payment, younger than `reuseMs`, at the same price, currency and
   * promo code), read without writing; undefined when it would make a new one. Lets a caller skip
   * work (a hosting read) that only a new order needs.
   */
  async reusableFor(input: NewOrder, policy: UnpaidPolicy): Promise<Order | undefined> {
    const id = await this.redis.get(orderKeys.unpaidSlot(input.customerId, slotOf(input)));
    if (!id) return undefined;
    const now = this.clock.now();
    const reusable = await REUSABLE_ORDER.run(
      this.redis,
      [orderKeys.unpaidSlot(input.customerId, slotOf(input)), orderKeys.order(id)],
      [id, now, policy.reuseMs, input.price, input.currency, input.promo?.code ?? ""],
    );
    return reusable === 1 ? this.get(id) : undefined;
  }

  /**
   * Removes unpaid orders made more than `keepMs` ago (their records also expire in Redis on
   * their own; this keeps the indexes clean and holds by the shop's clock). Bounded per call.
   */
  async removeExpiredUnpaid(keepMs: number): Promise<number> {
    const before = this.clock.now() - keepMs;
    const ids = await this.redis.zrangebyscore(orderKeys.unpaid, "-inf", before, "LIMIT", 0, EXPIRED_BATCH);
    let removed = 0;
    for (const member of ids) {
      const [customerId = "", id = ""] = member.split(":", 2);
      removed += (await REMOVE_UNPAID.run(
        this.redis,
        [orderKeys.order(id), orderKeys.byCustomer(Number(customerId)), orderKeys.unpaid],
        [id, member],
      )) as number;
    }
    return removed;
  }

  /** The order in Redis, or its archived record (a finished order, read only). */
  async get(id: string): Promise<Order | undefined> {
    const live = await readHash(this.redis, orderKeys.order(id), orderSchema, {
      marker: "id",
      malformed: "throw",
    });
    if (live || !this.archive) return live;
    const archived = await this.archive.byId(ARCHIVED.order, id);
    return archived ? orderSchema.parse(archived.value) : undefined;
  }

  /**
   * Moves an order from one of `from` to `to`; false (nothing changed) when it was elsewhere.
   * `audit`: a staff member's move, recorded in the same step only when the order moved.
   */
  async transition(
    id: string,
    from: readonly OrderStatus[],
    to: OrderStatus,
    fields: Record<string, string | number> = {},
    audit?: AuditEntry,
  ): Promise<boolean> {
    const now = this.clock.now();
    const extra = { ...fields, ...(isFinishedStatus(to) ? { finishedAt: now } : {}) };
    // Strings only: Lua would print big numbers in exponent form.
    const strings = Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)]));
    const result = await TRANSITION.run(
      this.redis,
      [
        orderKeys.order(id),
        orderKeys.open,
        orderKeys.failed,
        salesDayKey(dayIndexOf(now)),
        orderKeys.afterActive,
        ...(audit ? auditLuaKeys(audit) : []),
      ],
      [from.join(","), to, now, JSON.stringify(strings), ...(audit ? auditLuaArgs(audit) : [])],
    );
    return result === 1;
  }

  /** Orders that went active before `before` and still owe their follow-ups (oldest first). */
  followUpsOwed(before: number, batch: number): Promise<string[]> {
    return this.redis.zrangebyscore(orderKeys.afterActive, "-inf", before, "LIMIT", 0, batch);
  }

  /** The follow-ups of order `id` are done (or were never owed). */
  async followUpsDone(id: string): Promise<void> {
    await this.redis.zrem(orderKeys.afterActive, id);
  }

  /** Sets a field only if it is not set yet (the placement, the renewal target); returns the value kept. */
  async fixOnce(
    id: string,
    field: "ref" | "targetExpiresAt" | "trafficTarget" | "seatsTarget" | "switchFrom" | "rolloverGb",
    value: string,
  ): Promise<string> {
    await this.redis.hsetnx(orderKeys.order(id), field, value);
    return (await this.redis.hget(orderKeys.order(id), field)) ?? value;
  }

  /** Sets a time stamp once; true for the caller that set it (a notice sent once per order). */
  async stampOnce(id: string, field: "delayNoticeAt"): Promise<boolean> {
    return (await this.redis.hsetnx(orderKeys.order(id), field, String(this.clock.now()))) === 1;
  }

  async update(id: string, fields: Record<string, string | number>): Promise<void> {
    await this.redis.hset(orderKeys.order(id), { ...fields, updatedAt: this.clock.now() });
  }

  async countAttempt(id: string): Promise<number> {
    return this.redis.hincrby(orderKeys.order(id), "attempts", 1);
  }

  /** Paid orders that have not finished (to resume at start). */
  async openIds(): Promise<string[]> {
    return this.redis.zrange(orderKeys.open, "0", "-1");
  }

  async failedIds(limit = 50): Promise<string[]> {
    return this.redis.zrevrange(orderKeys.failed, 0, limit - 1);
  }

  async ofCustomer(customerId: number, limit = 20): Promise<Order[]> {
    const ids = await this.redis.zrevrange(orderKeys.byCustomer(customerId), 0, limit - 1);
    const orders = await Promise.all(ids.map((id) => this.get(id)));
    // An unpaid order's record expires on its own: its index entry goes when it is next read.
    const gone = ids.filter((_id, i) => orders[i] === undefined);
    if (gone.length > 0) await this.redis.zrem(orderKeys.byCustomer(customerId), ...gone);
    const live = orders.filter((o): o is Order => o !== undefined);
    if (live.length >= limit || !this.archive) return live;
    const older = await archivedBesides(this.archive, ARCHIVED.order, customerId, ids);
    const parsed = older.map((value) => orderSchema.parse(value)).sort((a, b) => b.createdAt - a.createdAt);
    return [...live, ...parsed.slice(0, limit - live.length)];
  }
}
