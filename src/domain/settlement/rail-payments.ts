import { setTimeout as sleep } from "node:timers/promises";
import { type Rail, RailError, type RailPayment, type RailPrefs } from "../../rails/index.js";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import type { Order, Orders } from "../books/index.js";
import type { Catalog } from "../catalog/index.js";
import {
  type Cashier,
  INVOICE_TTL_MS,
  type InvoiceTarget,
  invoicePayload,
  parsePayload,
  type Undeliverable,
} from "../sales/index.js";
import { auditEntry, auditSubject, type StaffServices } from "../staff/index.js";
import type { InboxOutcome, IncomingPayment, PaymentInbox, SettleResult } from "./payment-inbox.js";
import { decimal, incomingOf, railChargeId, railOfCharge } from "./rail-money.js";
import { type RailRefundDeps, refundRailCharge } from "./rail-refund.js";
import { normalEmail, type RailRecord, type RailStatus, type RailStore } from "./rail-store.js";
import type { ChargeRefundResult } from "./stars-refund.js";

/** A rail as the checkout offers it: down ones are shown as unavailable, not hidden. */
export interface RailOffer {
  id: string;
  name: string;
  available: boolean;
  /** The customer's e-mail must be given first (receipts on, none kept yet). */
  needsEmail: boolean;
}

/** A payment link to hand the customer, or why there is none. */
export type RailCheckout =
  | { ok: true; rail: string; paymentId: string; payUrl: string; amount: number }
  | { ok: false; reason: "no-rail" | "unavailable" | "email-needed" | "topup-refused" }
  | { ok: false; reason: "gone" | "paid" | "expired" }
  | { ok: false; reason: "undeliverable"; why: Undeliverable };

/** What looking a payment up did (a notification, the poll, the customer's "I paid"). */
export type RailConfirm =
  | { status: "credited"; settled: SettleResult }
  /** Credited before (by another path, or a repeat), with what it paid when the inbox knows. */
  | { status: "already"; outcome?: InboxOutcome | undefined }
  | { status: "pending" | "cancelled" | "expired" }
  /** The rail knows no such payment, or it is not the shop's (or not the asker's). */
  | { status: "unknown" };

/** A rail payment credited (or held) by one call, for its payer to hear of. */
export interface RailSettled {
  payerId: number;
  rail: { id: string; name: string };
  /** Its charge id (`<rail>:<payment id>`): the notice goes out once per charge. */
  chargeId: string;
  /** What came in, in the minor units of `currency`. */
  amount: number;
  currency: string;
  settled: SettleResult;
}

/** How the payer hears of a rail payment that was credited (or held) without them in the chat. */
export interface RailNotices {
  settled(notice: RailSettled): Promise<void>;
}

export interface RailPaymentsDeps {
  rails: readonly Rail[];
  store: RailStore;
  inbox: PaymentInbox;
  cashier: Pick<Cashier, "payable" | "invoiceAmount" | "startTopUp">;
  orders: Pick<Orders, "get">;
  catalog: () => Catalog;
  clock: Clock;
  logger: Logger;
  notices?: RailNotices;
  /** What sending a charge back needs (see refundCharge); the referral reward is taken back after. */
  refunds: RailRefundDeps;
  staff: Pick<StaffServices, "roster">;
}

/** How far back the poll looks for payments whose notification never came. */
export const RAIL_POLL_WINDOW_MS = 3 * 24 * 3_600_000;
/** How long one ask for a payment may hold the others for the same invoice back. */
const ASKING_MS = 30_000;

/** What the checkout passes for the provider's page. */
export interface RailAsk {
  /** Where the payer lands after paying (the bot's t.me link). */
  returnUrl: string;
  /** One line on the provider's page and on the receipt. */
  description: string;
}

/**
 * Outside payment rails on the payment inbox: the one home of "ask a rail for a payment" and of
 * "a rail says it is paid". Whatever brings the news first (the rail's notification, the poll,
 * the customer pressing "I paid"), the payment is read back from the rail, stored raw in the
 * inbox keyed by rail and id before anything is acknowledged, and credited once by the inbox.
 * A payment that is not what was asked (another amount or currency, or never asked for) pays
 * nothing it names: it goes to the balance (or is held) and is listed for admins.
 */
export class RailPayments {
  private readonly byId: Map<string, Rail>;

  constructor(private readonly deps: RailPaymentsDeps) {
    this.byId = new Map(deps.rails.map((r) => [r.id, r]));
  }

  get rails(): readonly Rail[] {
    return this.deps.rails;
  }

  rail(id: string): Rail | undefined {
    return this.byId.get(id);
  }

  private get currency(): string {
    return this.deps.catalog().currency;
  }

  /** Each configured rail for the admins: its currency, its last probe, its choices as set. */
  status(): Promise<RailStatus[]> {
    return Promise.all(this.deps.rails.map((rail) => this.deps.store.status(rail, this.currency)));
  }

  /** The customer's e-mail for receipts while a rail the checkout offers sends them; else undefined. */
  async receipts(customerId: number): Promise<{ email: string | undefined } | undefined> {
    for (const rail of this.deps.rails) {
      if (rail.accepts(this.currency) && rail.needsEmail(await this.prefs(rail.id)))
        return { email: await this.deps.store.email(customerId) };
    }
    return undefined;
  }

  /** The rails that take the shop's currency, with whether each answers now. */
  async offers(customerId: number): Promise<RailOffer[]> {
    const email = this.deps.rails.some((r) => r.choices.length > 0)
      ? await this.deps.store.email(customerId)
      : undefined;
    const offers: RailOffer[] = [];
    for (const rail of this.deps.rails) {
      if (!rail.accepts(this.currency)) continue;
      const [health, prefs] = await Promise.all([this.deps.store.health(rail.id), this.prefs(rail.id)]);
      offers.push({
        id: rail.id,
        name: rail.name,
        available: health?.ok !== false,
        needsEmail: rail.needsEmail(prefs) && email === undefined,
      });
    }
    return offers;
  }

  prefs(railId: string): Promise<RailPrefs> {
    return this.deps.store.prefs(railId, this.byId.get(railId)?.choices ?? []);
  }

  /** A staff member's change of a rail's choices (needs `catalog`), recorded in the same step. */
  async setPrefs(actorId: number, railId: string, prefs: RailPrefs): Promise<void> {
    const subject = auditSubject("rail", railId);
    const role = await this.deps.staff.roster.require(actorId, "catalog", "rail.prefs", subject);
    const change = { actorId, role, action: "rail.prefs", subject, after: JSON.stringify(prefs) };
    const before = JSON.stringify(await this.prefs(railId));
    await this.deps.store.setPrefs(railId, prefs, auditEntry({ ...change, before }, this.deps.clock.now()));
  }

  /** Keeps the customer's e-mail for receipts; false (nothing kept) when `text` is not an address. */
  async setEmail(customerId: number, text: string): Promise<boolean> {
    const email = normalEmail(text);
    if (!email) return false;
    await this.deps.store.setEmail(customerId, email);
    return true;
  }

  /** A link to pay what the balance does not cover of `orderId` on `railId`. */
  async payOrder(customerId: number, orderId: string, railId: string, ask: RailAsk): Promise<RailCheckout> {
    const check = await this.deps.cashier.payable(customerId, orderId);
    if (!check.ok) return check;
    const amount = await this.deps.cashier.invoiceAmount(check.order);
    const payload = invoicePayload({ kind: "order", orderId: check.order.id });
    const lifeMs = check.order.createdAt + INVOICE_TTL_MS - this.deps.clock.now();
    return this.ask(railId, { payerId: customerId, payload, amount, lifeMs, ...ask });
  }

  /** A link to top up the wallet by `amount` minor units on `railId`. */
  async payTopUp(customerId: number, amount: number, railId: string, ask: RailAsk): Promise<RailCheckout> {
    if (!this.usable(railId)) return { ok: false, reason: "no-rail" };
    const started = await this.deps.cashier.startTopUp(customerId, amount);
    if (!started.ok) return { ok: false, reason: "topup-refused" };
    const payload = invoicePayload({ kind: "topup", id: started.id });
    return this.ask(railId, { payerId: customerId, payload, amount, lifeMs: INVOICE_TTL_MS, ...ask });
  }

  private usable(railId: string): Rail | undefined {
    const rail = this.byId.get(railId);
    return rail?.accepts(this.currency) ? rail : undefined;
  }

  /**
   * The open payment for this payload and amount, or a new one. One ask at a time per payload and
   * amount (across processes), so two presses get one payment; a rail that fails is marked down.
   */
  private async ask(
    railId: string,
    a: RailAsk & { payerId: number; payload: string; amount: number; lifeMs: number },
  ): Promise<RailCheckout> {
    const rail = this.usable(railId);
    if (!rail) return { ok: false, reason: "no-rail" };
    const { store } = this.deps;
    const prefs = await this.prefs(rail.id);
    const email = rail.needsEmail(prefs) ? await store.email(a.payerId) : undefined;
    if (rail.needsEmail(prefs) && !email) return { ok: false, reason: "email-needed" };
    for (let tries = 0; ; tries++) {
      const open = await this.stillOpen(rail, a.payload, a.amount);
      if (open === "paid") return { ok: false, reason: "paid" };
      if (open)
        return { ok: true, rail: rail.id, paymentId: open.paymentId, payUrl: open.payUrl, amount: a.amount };
      if (await store.claimAsking(rail.id, a.payload, a.amount, ASKING_MS)) break;
      if (tries >= 40) return { ok: false, reason: "unavailable" };
      await sleep(250);
    }
    try {
      const value = decimal(a.amount, this.currency);
      const payment = await rail.create({
        key: `${a.payload}:${a.amount}`,
        ref: { payload: a.payload, payerId: a.payerId },
        amount: value,
        currency: this.currency,
        description: a.description,
        lifeSeconds: Math.max(60, Math.floor(a.lifeMs / 1000)),
        returnUrl: a.returnUrl,
        receipt: email ? { email, item: a.description } : undefined,
        prefs,
      });
      if (!payment.payUrl) throw new RailError(rail.id, "refused", 200, "no payment link in the answer");
      await store.remember(
        {
          ...{ rail: rail.id, paymentId: payment.id, payload: a.payload, payerId: a.payerId },
          ...{ expected: a.amount, currency: this.currency, createdAt: this.deps.clock.now() },
          payUrl: payment.payUrl,
        },
        a.lifeMs,
      );
      return { ok: true, rail: rail.id, paymentId: payment.id, payUrl: payment.payUrl, amount: a.amount };
    } catch (err) {
      if (!(err instanceof RailError)) throw err;
      this.deps.logger.warn(
        { rail: rail.id, kind: err.kind, status: err.status },
        "a rail refused a payment",
      );
      if (err.kind === "down") await store.setHealth(rail.id, false, this.deps.clock.now(), err.detail);
      return { ok: false, reason: "unavailable" };
    } finally {
      await store.releaseAsking(rail.id, a.payload, a.amount);
    }
  }

  /**
   * The payment asked before for this payload and amount while the rail still takes it: one it
   * closed (declined, cancelled, expired) is forgotten so a new one is asked; one paid meanwhile
   * is credited now (`paid`). A rail that does not answer keeps handing back the link it gave.
   */
  private async stillOpen(
    rail: Rail,
    payload: string,
    amount: number,
  ): Promise<RailRecord | "paid" | undefined> {
    const { store } = this.deps;
    const open = await store.open(rail.id, payload, amount);
    if (!open) return undefined;
    let now: RailPayment | undefined;
    try {
      now = await rail.get(open.paymentId);
    } catch (err) {
      if (err instanceof RailError) return open;
      throw err;
    }
    if (now?.status === "pending") return open;
    if (now?.status === "paid") {
      await this.credit(rail, now);
      return "paid";
    }
    await store.dropOpen(open);
    return undefined;
  }

  /**
   * The customer's "I paid": their own payment looked up on its rail. One that can no longer be
   * paid (cancelled, expired) is not handed out again: the next ask makes a new one.
   */
  async check(customerId: number, railId: string, paymentId: string): Promise<RailConfirm> {
    const record = await this.deps.store.record(railId, paymentId);
    if (!record || record.payerId !== customerId) return { status: "unknown" };
    const found = await this.confirm(railId, paymentId);
    if (found.status === "cancelled" || found.status === "expired") await this.deps.store.dropOpen(record);
    return found;
  }

  /** What the customer's payment `paymentId` was asked for (their order or top-up), if it is theirs. */
  async asked(customerId: number, railId: string, paymentId: string): Promise<InvoiceTarget | undefined> {
    const record = await this.deps.store.record(railId, paymentId);
    return record?.payerId === customerId ? parsePayload(record.payload) : undefined;
  }

  /** Reads a payment back from its rail and credits it once if it is paid (see the class). */
  async confirm(railId: string, paymentId: string): Promise<RailConfirm> {
    const rail = this.byId.get(railId);
    const payment = rail ? await rail.get(paymentId) : undefined;
    if (!rail || !payment) return { status: "unknown" };
    return this.credit(rail, payment);
  }

  /**
   * A notification at `POST /payments/<rail>`: `refused` when the rail cannot vouch for it (a
   * forgery: nothing is looked up), else each payment it names is read back and credited once.
   * Throws when a payment could not be stored (the provider is not acknowledged and sends again).
   */
  async notify(
    railId: string,
    notification: { headers: Record<string, string | undefined>; body: string },
  ): Promise<"refused" | "accepted"> {
    const rail = this.byId.get(railId);
    const ids = rail?.verify(notification);
    if (!rail || !ids) return "refused";
    for (const id of ids) await this.confirm(rail.id, id);
    return "accepted";
  }

  /** Stores a paid payment in the inbox (raw, before anything else) and settles it. */
  private async credit(rail: Rail, payment: RailPayment): Promise<RailConfirm> {
    if (payment.status !== "paid") return { status: payment.status };
    if (!payment.ref) return { status: "unknown" };
    const { inbox } = this.deps;
    const incoming = await this.incoming(rail, payment);
    await inbox.record(incoming);
    const entry = await inbox.get(incoming.chargeId);
    if (entry?.status === "credited") return { status: "already", outcome: entry.outcome };
    // The entry as first recorded decides (a repeat never changes what the payment pays).
    const settled = await inbox.settle(entry ?? incoming);
    if (!settled.credited && !settled.held) return { status: "already", outcome: settled.outcome };
    this.deps.logger.info(
      { rail: rail.id, payment: payment.id, outcome: settled.outcome, amount: incoming.amount },
      "rail payment credited",
    );
    const { payerId, chargeId, amount, currency } = incoming;
    await this.deps.notices
      ?.settled({ payerId, rail: { id: rail.id, name: rail.name }, chargeId, amount, currency, settled })
      .catch((err: unknown) => this.deps.logger.warn({ err, rail: rail.id }, "rail payment notice failed"));
    return { status: "credited", settled };
  }

  /** The inbox's view of a paid rail payment (see incomingOf), against what the shop asked. */
  private async incoming(rail: Rail, payment: RailPayment): Promise<IncomingPayment> {
    return incomingOf(rail.id, payment, await this.deps.store.record(rail.id, payment.id), this.currency);
  }

  /**
   * One look at a rail: is it up, which payments of the last days are paid but not credited (a
   * notification lost), and which open ones should close (their order is no longer payable).
   */
  async poll(railId: string): Promise<{ up: boolean; credited: number; closed: number }> {
    const rail = this.byId.get(railId);
    if (!rail) return { up: false, credited: 0, closed: 0 };
    const { store, inbox, clock } = this.deps;
    const up = await rail.probe().catch(() => false);
    await store.setHealth(rail.id, up, clock.now(), up ? undefined : "no answer to the probe");
    if (!up) return { up, credited: 0, closed: 0 };
    let credited = 0;
    let closed = 0;
    for (const payment of await rail.recent(clock.now() - RAIL_POLL_WINDOW_MS)) {
      if (payment.status === "paid" && payment.ref) {
        const entry = await inbox.get(railChargeId(rail.id, payment.id));
        if (entry?.status === "credited") continue;
        if ((await this.credit(rail, payment)).status === "credited") credited++;
      } else if (payment.status === "pending" && (await this.stale(rail.id, payment))) {
        await rail.close(payment.id).catch((err: unknown) => {
          this.deps.logger.warn({ err, rail: rail.id }, "could not close a stale payment");
        });
        closed++;
      }
    }
    return { up, credited, closed };
  }

  /** A pending payment nobody should pay any more: its invoice life is over or its order closed. */
  private async stale(railId: string, payment: RailPayment): Promise<boolean> {
    const record = await this.deps.store.record(railId, payment.id);
    const askedAt = record?.createdAt ?? payment.createdAt;
    if (this.deps.clock.now() - askedAt > INVOICE_TTL_MS) return true;
    const target = parsePayload(record?.payload ?? payment.ref?.payload ?? "");
    if (target?.kind !== "order") return false;
    const order = await this.deps.orders.get(target.orderId);
    return order?.status !== "awaiting_payment";
  }

  /** Sends a failed order's rail payment back through its rail (see refundRailCharge). */
  refund(order: Order): Promise<ChargeRefundResult> {
    const charge = order.chargeId ? railOfCharge(order.chargeId) : undefined;
    const rail = charge ? this.byId.get(charge.rail) : undefined;
    return refundRailCharge(this.deps.refunds, rail, order);
  }
}
