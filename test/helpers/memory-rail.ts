import { createHmac, randomUUID } from "node:crypto";
import {
  type Rail,
  type RailCharge,
  type RailChoice,
  RailError,
  type RailNotification,
  type RailPayment,
  type RailPaymentStatus,
  type RailPrefs,
  type RailRefundResult,
} from "../../src/rails/index.js";

/** A payment as the in-memory rail keeps it. */
export interface MemoryPayment {
  id: string;
  status: RailPaymentStatus;
  amount: string;
  currency: string;
  ref: RailCharge["ref"] | undefined;
  createdAt: number;
  paidAt: number | undefined;
  charge: RailCharge | undefined;
}

export interface MemoryRailOptions {
  id?: string;
  name?: string;
  currencies?: readonly string[];
  choices?: readonly RailChoice[];
  /** Receipts: a payment needs the customer's e-mail when this pref flag is on. */
  emailFlag?: string;
  refunds?: boolean;
  /** Signs notifications with this secret (HMAC-SHA-256 of the body, header `x-signature`). */
  secret?: string;
}

/**
 * A Rail kept in memory, for the shop's tests of what it does with rails (the CryptoBot and
 * YooKassa adapters are tested against their HTTP fakes). It signs its notifications like a
 * provider would, can be taken down, and counts what it was asked.
 */
export class MemoryRail implements Rail {
  readonly id: string;
  readonly name: string;
  readonly choices: readonly RailChoice[];
  readonly payments = new Map<string, MemoryPayment>();
  readonly refunds: { paymentId: string; amount: string; key: string }[] = [];
  readonly closed: string[] = [];
  /** While true every call fails as a provider that does not answer. */
  down = false;
  /** The next refunds answer this instead of refunding. */
  refundAnswer: RailRefundResult | undefined;
  /** Per payment: refund it (`ok`), refuse, or refund it and lose the answer (`lose`). */
  refundMode: ((paymentId: string) => "ok" | "refuse" | "lose") | undefined;
  creates = 0;
  private readonly currencies: readonly string[];
  private readonly secret: string;
  refund?: Rail["refund"];

  constructor(private readonly options: MemoryRailOptions = {}) {
    this.id = options.id ?? "memrail";
    this.name = options.name ?? "MemRail";
    this.choices = options.choices ?? [];
    this.currencies = options.currencies ?? ["RUB", "USD"];
    this.secret = options.secret ?? "memory-rail-secret";
    if (options.refunds) this.refund = (payment, amount, key) => this.sendBack(payment, amount, key);
  }

  accepts(currency: string): boolean {
    return this.currencies.includes(currency);
  }

  needsEmail(prefs: RailPrefs): boolean {
    return this.options.emailFlag !== undefined && prefs[this.options.emailFlag] === true;
  }

  async create(charge: RailCharge): Promise<RailPayment> {
    this.up();
    this.creates++;
    const id = randomUUID();
    const payment: MemoryPayment = {
      id,
      status: "pending",
      amount: charge.amount,
      currency: charge.currency,
      ref: charge.ref,
      createdAt: Date.now(),
      paidAt: undefined,
      charge,
    };
    this.payments.set(id, payment);
    return this.view(payment);
  }

  async get(id: string): Promise<RailPayment | undefined> {
    this.up();
    const payment = this.payments.get(id);
    return payment ? this.view(payment) : undefined;
  }

  async recent(sinceMs: number): Promise<RailPayment[]> {
    this.up();
    return [...this.payments.values()]
      .filter((p) => p.createdAt >= sinceMs)
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((p) => this.view(p));
  }

  async close(id: string): Promise<void> {
    this.up();
    const payment = this.payments.get(id);
    if (payment?.status === "pending") payment.status = "cancelled";
    this.closed.push(id);
  }

  verify(n: RailNotification): string[] | undefined {
    if (n.headers["x-signature"] !== this.sign(n.body)) return undefined;
    try {
      const body = JSON.parse(n.body) as { paymentId?: unknown };
      return typeof body.paymentId === "string" ? [body.paymentId] : undefined;
    } catch {
      return undefined;
    }
  }

  async probe(): Promise<boolean> {
    return !this.down;
  }

  /** The payer pays `id` (optionally another amount or currency than asked). */
  pay(id: string, opts: { amount?: string; currency?: string } = {}): MemoryPayment {
    const payment = this.payments.get(id);
    if (!payment) throw new Error(`no payment ${id}`);
    payment.status = "paid";
    payment.paidAt = Date.now();
    if (opts.amount) payment.amount = opts.amount;
    if (opts.currency) payment.currency = opts.currency;
    return payment;
  }

  /** A paid payment the shop never asked for (made elsewhere with the shop's ref on it). */
  foreign(ref: RailCharge["ref"], amount: string, currency: string): MemoryPayment {
    const id = randomUUID();
    const payment: MemoryPayment = {
      ...{ id, status: "paid", amount, currency, ref },
      ...{ createdAt: Date.now(), paidAt: Date.now(), charge: undefined },
    };
    this.payments.set(id, payment);
    return payment;
  }

  /** The notification the rail would send about `id`, signed (or with a forged signature). */
  notification(id: string, forged = false): RailNotification {
    const body = JSON.stringify({ paymentId: id });
    return { headers: { "x-signature": forged ? "0".repeat(64) : this.sign(body) }, body };
  }

  /** The only payment asked for so far (tests of one checkout). */
  only(): MemoryPayment {
    const all = [...this.payments.values()];
    if (all.length !== 1) throw new Error(`expected one payment, found ${all.length}`);
    return all[0] as MemoryPayment;
  }

  private async sendBack(payment: RailPayment, amount: string, key: string): Promise<RailRefundResult> {
    if (this.down) return { status: "unclear", reason: "no answer" };
    const answer = this.refundAnswer;
    if (answer) return answer;
    const before = this.refunds.find((r) => r.key === key);
    if (before) return { status: "refunded", id: before.key };
    const mode = this.refundMode?.(payment.id) ?? "ok";
    if (mode === "refuse") return { status: "refused", reason: "not refundable" };
    this.refunds.push({ paymentId: payment.id, amount, key });
    if (mode === "lose") return { status: "unclear", reason: "the answer was lost" };
    return { status: "refunded", id: key };
  }

  private sign(body: string): string {
    return createHmac("sha256", this.secret).update(body).digest("hex");
  }

  private up(): void {
    if (this.down) throw new RailError(this.id, "down", 0, "no answer");
  }

  private view(p: MemoryPayment): RailPayment {
    return {
      id: p.id,
      status: p.status,
      amount: p.amount,
      currency: p.currency,
      ref: p.ref,
      payUrl: p.status === "pending" ? `https://pay.example/${this.id}/${p.id}` : undefined,
      createdAt: p.createdAt,
      paidAt: p.paidAt,
      raw: JSON.stringify({ id: p.id, status: p.status, amount: p.amount, currency: p.currency, ref: p.ref }),
    };
  }
}
