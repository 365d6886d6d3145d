import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Adjustment, AdminWallet } from "../../src/domain/backoffice/index.js";
import { type OrderStatus, Wallet } from "../../src/domain/books/index.js";
import { StarsRefundRefused } from "../../src/domain/settlement/index.js";
import { type AuditEntry, auditEntry, auditKeys, NotPermitted } from "../../src/domain/staff/index.js";
import { OneTimeTokens } from "../../src/store/one-time.js";
import { createWorkerHarness, HARNESS_OWNER, type WorkerHarness } from "../helpers/worker-harness.js";

/**
 * Issue 28, customers and money: every change a staff member makes to a customer or their money
 * is checked against the role they hold when it happens and recorded in the audit log once, in
 * the same step as the change (the ledger's Lua step, the block's, the pay step, the order's
 * transition, the prefs' MULTI), so neither is ever there without the other; a repeat of one
 * confirmation records once, two staff members' confirmations record twice.
 */
let h: WorkerHarness;

const ADMIN = 7312;
const SUPPORT = 7310;
const VIEWER = 7311;

beforeAll(async () => {
  h = await createWorkerHarness();
  const { roster } = h.rooms.staff;
  await roster.setRole(HARNESS_OWNER, ADMIN, "admin");
  await roster.setRole(HARNESS_OWNER, SUPPORT, "support");
  await roster.setRole(HARNESS_OWNER, VIEWER, "viewer");
});
beforeEach(() => {
  h.enqueued.length = 0;
});
afterAll(() => h.close());

const s = () => h.rooms;

/** The audit entries about `customer:<id>` (newest first), optionally of one action. */
async function recorded(customerId: number, action?: string): Promise<AuditEntry[]> {
  const { entries } = await s().staff.audit.page({ subject: `customer:${customerId}` }, 0, 100);
  return action ? entries.filter((e) => e.action === action) : entries;
}

function adjustment(customerId: number, fields: Partial<Adjustment> = {}): Adjustment {
  const base = { customerId, direction: "credit" as const, amount: 150, currency: "XTR" };
  return { ...base, reason: "Outage compensation", adminId: ADMIN, ...fields };
}

async function customer(id: number) {
  await s().books.customers.seen({ id, firstName: `C${id}`, locale: "en" });
}

describe("a wallet adjustment's audit entry", () => {
  it("is written by the ledger's step: who, role, before and after balance, the reason", async () => {
    await s().books.wallet.credit(6001, 40, "seed:6001", { kind: "topup" });
    const token = await s().backoffice.adminWallet.propose(adjustment(6001));
    expect(await recorded(6001)).toEqual([]);
    expect(await s().backoffice.adminWallet.confirm(ADMIN, 6001, token)).toMatchObject({
      status: "credited",
      balance: 190,
    });
    expect(await recorded(6001)).toEqual([
      expect.objectContaining({
        actorId: ADMIN,
        role: "admin",
        action: "wallet.credit",
        subject: "customer:6001",
        before: "40 XTR",
        after: "190 XTR",
        outcome: "done",
        note: "Outage compensation",
      }),
    ]);
    // One entry, found by the staff member too.
    const mine = await s().staff.audit.page({ actorId: ADMIN }, 0, 100);
    expect(mine.entries.filter((e) => e.subject === "customer:6001")).toHaveLength(1);

    const debit = await s().backoffice.adminWallet.propose(
      adjustment(6001, { direction: "debit", amount: 90 }),
    );
    await s().backoffice.adminWallet.confirm(HARNESS_OWNER, 6001, debit);
    expect((await recorded(6001, "wallet.debit"))[0]).toMatchObject({
      actorId: HARNESS_OWNER,
      role: "owner",
      before: "190 XTR",
      after: "100 XTR",
    });
  });

  it("shows a currency with cents in major units", async () => {
    // A USD wallet on the same Redis: the script formats what it alone knows (the balances).
    const usd = new Wallet(h.redis, h.clock, "USD");
    const who = { actorId: ADMIN, role: "admin", action: "wallet.credit", subject: "customer:6002" };
    const audit = auditEntry(who, h.clock.now());
    await usd.credit(6002, 5, "seed:6002", { kind: "topup" });
    await usd.credit(6002, 1245, "usd:6002", { kind: "admin-credit" }, audit);
    expect(await recorded(6002, "wallet.credit")).toEqual([
      expect.objectContaining({ before: "0.05 USD", after: "12.50 USD" }),
    ]);
  });

  it("is written once for one confirmation pressed many times at once", async () => {
    const token = await s().backoffice.adminWallet.propose(adjustment(6003));
    const outcomes = await Promise.all(
      [ADMIN, HARNESS_OWNER, ADMIN, HARNESS_OWNER].map((who) =>
        s().backoffice.adminWallet.confirm(who, 6003, token),
      ),
    );
    expect(outcomes.filter((o) => o.status === "credited")).toHaveLength(1);
    expect(await s().books.wallet.balance(6003)).toBe(150);
    expect(await recorded(6003, "wallet.credit")).toHaveLength(1);
  });

  it("is written twice for two staff members' two confirmations at the same moment", async () => {
    const first = await s().backoffice.adminWallet.propose(adjustment(6004, { adminId: ADMIN }));
    const second = await s().backoffice.adminWallet.propose(adjustment(6004, { adminId: HARNESS_OWNER }));
    const outcomes = await Promise.all([
      s().backoffice.adminWallet.confirm(ADMIN, 6004, first),
      s().backoffice.adminWallet.confirm(HARNESS_OWNER, 6004, second),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["credited", "credited"]);
    expect(await s().books.wallet.balance(6004)).toBe(300);
    const entries = await recorded(6004, "wallet.credit");
    expect(entries.map((e) => e.actorId).sort()).toEqual([HARNESS_OWNER, ADMIN].sort());
    // Each saw the balance the other left: the two steps were one after the other.
    expect(entries.map((e) => `${e.before} -> ${e.after}`).sort()).toEqual([
      "0 XTR -> 150 XTR",
      "150 XTR -> 300 XTR",
    ]);
  });

  it("records a debit the balance no longer covers as failed, moving nothing", async () => {
    await s().books.wallet.credit(6005, 50, "seed:6005", { kind: "topup" });
    const token = await s().backoffice.adminWallet.propose(
      adjustment(6005, { direction: "debit", amount: 50 }),
    );
    await s().books.wallet.debit(6005, 20, "spent:6005", { kind: "purchase" });
    expect(await s().backoffice.adminWallet.confirm(ADMIN, 6005, token)).toMatchObject({ status: "refused" });
    expect(await s().books.wallet.balance(6005)).toBe(30);
    const entries = await recorded(6005);
    expect(entries).toEqual([
      expect.objectContaining({
        action: "wallet.debit",
        outcome: "failed",
        note: "the balance, 30 ⭐, no longer covers 50 ⭐",
      }),
    ]);
    expect(entries[0]?.after).toBeUndefined();
  });
});

/** A Redis client whose Lua steps fail as a killed process's would: before sending, or after. */
function dying(redis: Redis, when: () => "before" | "after" | undefined): Redis {
  return new Proxy(redis, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop !== "evalsha" && prop !== "eval") return value.bind(target);
      return async (...args: unknown[]) => {
        if (when() === "before") throw new Error("killed before the step");
        const result: unknown = await value.apply(target, args);
        if (when() === "after") throw new Error("killed before the answer came back");
        return result;
      };
    },
  });
}

describe("the change and its record are one step", () => {
  it("a step that fails before it writes leaves neither the money nor the record", async () => {
    // A key of the wrong type where the step reads first: Redis refuses the script at its first
    // command, as a process killed before the step would leave things.
    const token = await s().backoffice.adminWallet.propose(adjustment(6101));
    await h.redis.hset("wallet:6101", "planted", "1");
    await expect(s().backoffice.adminWallet.confirm(ADMIN, 6101, token)).rejects.toThrow(/WRONGTYPE/);
    await h.redis.del("wallet:6101");
    expect(await s().books.wallet.balance(6101)).toBe(0);
    expect((await s().books.wallet.history(6101, 0, 10)).total).toBe(0);
    expect(await recorded(6101)).toEqual([]);
  });

  it("a process killed around the step leaves both or neither, never one", async () => {
    let when: "before" | "after" | undefined;
    const redis = dying(h.redis, () => when);
    const wallet = new Wallet(redis, h.clock, "XTR");
    const confirmations = new OneTimeTokens(h.redis);
    const staff = s().staff;
    const adminWallet = new AdminWallet({ redis: h.redis, clock: h.clock, wallet, confirmations, staff });

    when = "before";
    const lost = await adminWallet.propose(adjustment(6102));
    await expect(adminWallet.confirm(ADMIN, 6102, lost)).rejects.toThrow("killed before the step");
    expect(await s().books.wallet.balance(6102)).toBe(0);
    expect(await recorded(6102)).toEqual([]);

    when = "after";
    const done = await adminWallet.propose(adjustment(6102));
    await expect(adminWallet.confirm(ADMIN, 6102, done)).rejects.toThrow("killed before the answer");
    expect(await s().books.wallet.balance(6102)).toBe(150);
    expect(await recorded(6102, "wallet.credit")).toHaveLength(1);

    // The staff member presses the same confirmation again after the restart: nothing more.
    when = undefined;
    expect(await adminWallet.confirm(ADMIN, 6102, done)).toMatchObject({ status: "already" });
    expect(await s().books.wallet.balance(6102)).toBe(150);
    expect(await recorded(6102, "wallet.credit")).toHaveLength(1);
  });
});

describe("blocks and their audit entries", () => {
  it("records a block once however many press its confirmation, and an unblock once", async () => {
    await customer(6201);
    const token = await s().backoffice.customerBlocks.propose({
      customerId: 6201,
      reason: "Abuse",
      adminId: SUPPORT,
    });
    const outcomes = await Promise.all(
      [SUPPORT, ADMIN, SUPPORT].map((who) => s().backoffice.customerBlocks.confirm(who, 6201, token)),
    );
    expect(outcomes.filter((o) => o.status === "blocked")).toHaveLength(1);
    expect(await recorded(6201, "customer.block")).toEqual([
      expect.objectContaining({
        role: expect.stringMatching(/^(support|admin)$/),
        before: "not blocked",
        after: "blocked",
        note: "Abuse",
      }),
    ]);
    const unblocks = await Promise.all(
      [SUPPORT, ADMIN].map((who) => s().backoffice.customerBlocks.unblock(who, 6201)),
    );
    expect(unblocks.sort()).toEqual([false, true]);
    expect(await s().books.customers.isBlocked(6201)).toBe(false);
    expect(await recorded(6201, "customer.unblock")).toEqual([
      expect.objectContaining({ before: "blocked", after: "not blocked", outcome: "done" }),
    ]);
  });

  it("a second block of a customer already blocked changes and records nothing", async () => {
    await customer(6202);
    const first = await s().backoffice.customerBlocks.propose({
      customerId: 6202,
      reason: "A",
      adminId: ADMIN,
    });
    const second = await s().backoffice.customerBlocks.propose({
      customerId: 6202,
      reason: "B",
      adminId: SUPPORT,
    });
    expect(await s().backoffice.customerBlocks.confirm(ADMIN, 6202, first)).toMatchObject({
      status: "blocked",
    });
    expect(await s().backoffice.customerBlocks.confirm(SUPPORT, 6202, second)).toEqual({ status: "already" });
    expect(await recorded(6202, "customer.block")).toHaveLength(1);
  });
});

/** A purchase paid from the wallet whose provisioning failed and was refunded to the wallet. */
async function refundedPurchase(customerId: number): Promise<string> {
  await customer(customerId);
  await s().books.wallet.credit(customerId, 150, `seed:${customerId}`, { kind: "topup" });
  const started = await s().sales.shop.startPurchase(customerId, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  await s().sales.cashier.payFromBalance(customerId, started.order.id);
  await s().books.orders.transition(started.order.id, ["paid"], "provisioning");
  await s().settlement.fulfilment.fail(started.order.id, "xui server 1 answered 503");
  return started.order.id;
}

async function failedOrder(customerId: number): Promise<string> {
  await customer(customerId);
  const started = await s().sales.shop.startPurchase(customerId, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  let from: OrderStatus = "awaiting_payment";
  for (const to of ["paid", "provisioning", "failed"] as const) {
    await s().books.orders.transition(started.order.id, [from], to);
    from = to;
  }
  return started.order.id;
}

describe("orders charged again and retried", () => {
  it("charging again records once in the pay step, with the new order", async () => {
    const old = await refundedPurchase(6301);
    const offer = await s().backoffice.chargeAgain.offer(6301, old);
    if (offer.status !== "offer") throw new Error(offer.status);
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => s().backoffice.chargeAgain.confirm(ADMIN, 6301, old, offer.token)),
    );
    const queued = outcomes.find((o) => o.status === "queued");
    if (queued?.status !== "queued") throw new Error("not queued");
    expect(await recorded(6301, "order.charge-again")).toEqual([
      expect.objectContaining({
        actorId: ADMIN,
        before: `order ${old} refunded`,
        after: `order ${queued.order.id} paid, 150 ⭐`,
      }),
    ]);
  });

  it("a charge the balance cannot pay records nothing", async () => {
    const old = await refundedPurchase(6302);
    await s().books.wallet.debit(6302, 100, "spent:6302", { kind: "purchase" });
    const offer = await s().backoffice.chargeAgain.offer(6302, old);
    if (offer.status !== "offer") throw new Error(offer.status);
    expect((await s().backoffice.chargeAgain.confirm(ADMIN, 6302, old, offer.token)).status).toBe(
      "insufficient",
    );
    expect(await recorded(6302, "order.charge-again")).toEqual([]);
  });

  it("a retry records once in the order's own transition, however many press it", async () => {
    const id = await failedOrder(6303);
    const results = await Promise.all([1, 2, 3].map(() => s().sales.cashier.retryFailed(ADMIN, id)));
    expect(results.filter((r) => r.status === "queued")).toHaveLength(1);
    expect(h.enqueued).toEqual([id]);
    expect(await recorded(6303, "order.retry")).toEqual([
      expect.objectContaining({ before: `order ${id} failed`, after: "paid", outcome: "done" }),
    ]);
  });
});

async function failedStarsOrder(customerId: number): Promise<string> {
  await customer(customerId);
  const started = await s().sales.shop.startPurchase(customerId, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  const due = await s().sales.cashier.invoiceAmount(started.order);
  await s().sales.cashier.recordPayment(customerId, `o:${started.order.id}`, `charge-${customerId}`, due);
  await s().settlement.fulfilment.fail(started.order.id, "no server available");
  return started.order.id;
}

describe("a Stars refund's audit entry", () => {
  it("is begun before Telegram is asked and finished with what it answered", async () => {
    const charge = await s().settlement.starsRefunds.chargeOf(await failedStarsOrder(6401));
    if (!charge) throw new Error("no charge");
    const seen: string[] = [];
    const result = await s().settlement.starsRefunds.refundBy(ADMIN, charge.order, async () => {
      // While Telegram is asked, the entry already says it was started.
      seen.push(...(await recorded(6401, "order.stars-refund")).map((e) => e.outcome));
    });
    expect(result).toEqual({ status: "refunded", amount: 150 });
    expect(seen).toEqual(["started"]);
    expect(await recorded(6401, "order.stars-refund")).toEqual([
      expect.objectContaining({ actorId: ADMIN, outcome: "done", after: "refunded to Telegram" }),
    ]);

    const refused = await s().settlement.starsRefunds.chargeOf(await failedStarsOrder(6402));
    if (!refused) throw new Error("no charge");
    await s().settlement.starsRefunds.refundBy(ADMIN, refused.order, async () => {
      throw new StarsRefundRefused("PAYMENT_NOT_FOUND");
    });
    expect(await recorded(6402, "order.stars-refund")).toEqual([
      expect.objectContaining({ outcome: "failed", note: "PAYMENT_NOT_FOUND" }),
    ]);
  });

  it("a process that dies while Telegram is asked leaves it started, later unknown", async () => {
    const charge = await s().settlement.starsRefunds.chargeOf(await failedStarsOrder(6403));
    if (!charge) throw new Error("no charge");
    // The process dies inside the call: neither the answer nor the finish ever comes.
    const never = new Promise<never>(() => undefined);
    void s().settlement.starsRefunds.refundBy(ADMIN, charge.order, () => never);
    await expect
      .poll(async () => (await recorded(6403, "order.stars-refund")).map((e) => e.outcome))
      .toEqual(["started"]);
    h.clock.advance(15 * 60_000);
    expect(await s().staff.audit.settleStarted(10 * 60_000)).toBeGreaterThanOrEqual(1);
    expect((await recorded(6403, "order.stars-refund"))[0]?.outcome).toBe("unknown");
  });
});

describe("a rail's choices", () => {
  it("are changed with their audit entry in one MULTI (before and after)", async () => {
    const prefs = s().settlement.railPayments;
    // No rail is configured here: the store keeps what it is given, the log records it.
    await prefs.setPrefs(ADMIN, "memrail", { receipts: true });
    const { entries } = await s().staff.audit.page({ subject: "rail:memrail" }, 0, 10);
    expect(entries).toEqual([
      expect.objectContaining({ action: "rail.prefs", before: "{}", after: '{"receipts":true}' }),
    ]);
    await expect(prefs.setPrefs(SUPPORT, "memrail", { receipts: false })).rejects.toThrow(NotPermitted);
    expect(await h.redis.get("railpay:prefs:memrail")).toBe('{"receipts":true}');
  });
});

describe("a message to a customer", () => {
  it("goes out through the outbox once per confirmation and is recorded", async () => {
    await customer(6501);
    h.startOutbox({ perSecond: 100, perChatGapMs: 10 });
    const token = await s().backoffice.customerMessages.propose({
      customerId: 6501,
      text: "Your server moves tonight",
      html: "✉️ <b>A message from the shop</b>\n\nYour server moves tonight",
      adminId: SUPPORT,
    });
    const outcomes = await Promise.all(
      [SUPPORT, ADMIN, SUPPORT].map((who) => s().backoffice.customerMessages.confirm(who, 6501, token)),
    );
    expect(outcomes.filter((o) => o.status === "sent")).toHaveLength(1);
    await h.drainOutbox();
    const sent = h.telegram.calls.filter((c) => c.method === "sendMessage" && c.params.chat_id === 6501);
    expect(sent.map((c) => c.params.text)).toEqual([
      "✉️ <b>A message from the shop</b>\n\nYour server moves tonight",
    ]);
    expect(await recorded(6501, "customer.message")).toEqual([
      expect.objectContaining({ outcome: "done", after: "Your server moves tonight" }),
    ]);
  });
});

describe("each role against the money and customer actions, in the domain", () => {
  it("refuses what the role lacks, changing nothing and leaving a refused entry", async () => {
    await customer(6601);
    await s().books.wallet.credit(6601, 100, "seed:6601", { kind: "topup" });
    const token = await s().backoffice.adminWallet.propose(adjustment(6601));
    for (const who of [SUPPORT, VIEWER]) {
      await expect(s().backoffice.adminWallet.confirm(who, 6601, token)).rejects.toThrow(NotPermitted);
    }
    await expect(s().backoffice.adminWallet.propose(adjustment(6601, { adminId: SUPPORT }))).rejects.toThrow(
      NotPermitted,
    );
    await expect(s().backoffice.customerBlocks.unblock(VIEWER, 6601)).rejects.toThrow(NotPermitted);
    const failed = await failedOrder(6601);
    await expect(s().sales.cashier.retryFailed(SUPPORT, failed)).rejects.toThrow(NotPermitted);
    await expect(s().backoffice.chargeAgain.confirm(SUPPORT, 6601, failed, "forged99")).rejects.toThrow(
      NotPermitted,
    );
    await expect(s().backoffice.customerMessages.confirm(VIEWER, 6601, "forged99")).rejects.toThrow(
      NotPermitted,
    );
    // 7399 is not on the staff at all.
    await expect(s().backoffice.adminWallet.confirm(7399, 6601, token)).rejects.toThrow(NotPermitted);

    expect(await s().books.wallet.balance(6601)).toBe(100);
    expect((await s().books.orders.get(failed))?.status).toBe("failed");
    const refused = (await recorded(6601)).filter((e) => e.outcome === "refused");
    expect(refused.map((e) => `${e.role} ${e.action}`).sort()).toEqual(
      [
        "support wallet.credit",
        "viewer wallet.credit",
        "support wallet.credit",
        "viewer customer.unblock",
        "support order.retry",
        "support order.charge-again",
        "viewer customer.message",
        "none wallet.credit",
      ].sort(),
    );
    expect((await recorded(6601)).filter((e) => e.outcome !== "refused")).toEqual([]);
    // The confirmation still works for a role that has `money`.
    expect(await s().backoffice.adminWallet.confirm(ADMIN, 6601, token)).toMatchObject({
      status: "credited",
    });
  });

  it("checks the role stored now: an admin lowered to support is refused at once", async () => {
    await customer(6602);
    const LOWERED = 7313;
    await s().staff.roster.setRole(HARNESS_OWNER, LOWERED, "admin");
    const token = await s().backoffice.adminWallet.propose(adjustment(6602, { adminId: LOWERED }));
    await s().staff.roster.setRole(HARNESS_OWNER, LOWERED, "support");
    await expect(s().backoffice.adminWallet.confirm(LOWERED, 6602, token)).rejects.toThrow(NotPermitted);
    expect(await s().books.wallet.balance(6602)).toBe(0);
    expect(await h.redis.zcard(auditKeys.bySubject("customer:6602"))).toBe(1);
  });
});
