import type { IncomingMessage } from "node:http";
import { fetch } from "undici";
import { type FakeReply, HttpFake, type RouteContext } from "./http-fake.js";
import {
  cursorOf,
  type FakePayment,
  type FakePaymentStatus,
  type FakeRefund,
  type FakeRefundStatus,
  newestFirst,
  paymentJson,
  paymentLikeId,
  positionOf,
  refundJson,
} from "./yookassa-objects.js";
import {
  apiError,
  canonicalJson,
  type FakeSum,
  invalidRequest,
  kopecksOf,
  newPaymentSchema,
  newRefundSchema,
  receiptMismatch,
  refusalOf,
} from "./yookassa-rules.js";

export type { FakePayment, FakePaymentStatus, FakeRefund, FakeRefundStatus } from "./yookassa-objects.js";

/**
 * A stateful fake of YooKassa's API v3 (payments, refunds, /me), written from the public API
 * reference. Served under `/v3`, so a client is pointed at `${fake.url}/v3` as at the real base.
 * It checks HTTP Basic auth, asks an Idempotence-Key of every POST and honours it (the same key
 * and body answer the first answer again; the same key with another body is refused), keeps
 * payments and refunds in memory, and plays the payer and YooKassa's own moves (pay, hold,
 * cancel, notify) for tests and the demo.
 */

const PREFIX = "/v3";
const MAX_KEY_LENGTH = 64;
const HOLD_MS = 7 * 86_400_000;

export interface SeededPayment {
  amount?: string;
  currency?: string;
  status?: FakePaymentStatus;
  metadata?: Record<string, unknown>;
  createdAtMs?: number;
  expiresAtMs?: number;
}

export class FakeYooKassa extends HttpFake {
  readonly payments = new Map<string, FakePayment>();
  readonly refunds: FakeRefund[] = [];
  /** Currencies the shop may take (a shop registered in Russia: roubles). */
  currencies: readonly string[] = ["RUB"];
  /** The shop sends receipts (54-FZ): a payment without one is refused; /me says so. */
  fiscalization = false;
  /** How the next refunds end. */
  refundStatus: FakeRefundStatus = "succeeded";
  /** The fake's clock in ms; tests may replace it. */
  now: () => number = () => Date.now();
  private readonly remembered = new Map<string, { request: string; reply: FakeReply }>();
  private nextSeq = 1;

  constructor(
    readonly shopId = "100500",
    readonly secretKey = "test_fake_secret_key_0123456789",
  ) {
    super();
    this.route("POST", `${PREFIX}/payments`, (ctx) =>
      this.idempotent(ctx, () => this.createPayment(ctx.body)),
    );
    this.route("GET", `${PREFIX}/payments`, (ctx) => this.list(ctx.query));
    this.route("GET", `${PREFIX}/payments/:id`, (ctx) => this.withPayment(ctx, (p) => this.reply(p)));
    this.route("POST", `${PREFIX}/payments/:id/cancel`, (ctx) =>
      this.idempotent(ctx, () => this.withPayment(ctx, (p) => this.cancelByShop(p))),
    );
    this.route("POST", `${PREFIX}/refunds`, (ctx) => this.idempotent(ctx, () => this.createRefund(ctx.body)));
    this.route("GET", `${PREFIX}/me`, () => ({
      status: 200,
      body: {
        account_id: this.shopId,
        test: true,
        fiscalization_enabled: this.fiscalization,
        payment_methods: ["bank_card", "yoo_money", "sbp"],
        status: "enabled",
      },
    }));
  }

  // -------------------------------------------------------------------------------------------
  // Test and demo helpers: the payer's and YooKassa's own moves
  // -------------------------------------------------------------------------------------------

  /** The payer pays: succeeded and captured (`amount` makes the paid sum differ from the asked one). */
  pay(id: string, opts: { amount?: string; currency?: string } = {}): FakePayment {
    const p = this.payment(id);
    p.status = "succeeded";
    p.paid = true;
    p.capturedAtMs = this.now();
    p.expiresAtMs = undefined;
    p.amount = { value: opts.amount ?? p.amount.value, currency: opts.currency ?? p.amount.currency };
    return p;
  }

  /** The payer pays a payment made without capture: the money is held until expires_at. */
  hold(id: string): FakePayment {
    const p = this.payment(id);
    p.status = "waiting_for_capture";
    p.paid = true;
    p.expiresAtMs = this.now() + HOLD_MS;
    return p;
  }

  /** YooKassa cancels it (by default: the payer's time ran out). */
  cancel(id: string, reason = "expired_on_confirmation"): FakePayment {
    const p = this.payment(id);
    p.status = "canceled";
    p.paid = false;
    p.cancellation = { party: "yoo_money", reason };
    return p;
  }

  /** A payment as if made elsewhere (another shop's code, or an old one): any metadata, any time. */
  addPayment(seed: SeededPayment = {}): FakePayment {
    const p = this.newPayment({
      amount: { value: seed.amount ?? "100.00", currency: seed.currency ?? "RUB" },
      metadata: seed.metadata ?? {},
    });
    if (seed.createdAtMs !== undefined) p.createdAtMs = seed.createdAtMs;
    p.expiresAtMs = seed.expiresAtMs;
    if (seed.status === "succeeded") this.pay(p.id);
    if (seed.status === "waiting_for_capture") this.hold(p.id);
    if (seed.status === "canceled") this.cancel(p.id);
    return p;
  }

  /**
   * The JSON of a notification about the payment (`forgedStatus` lies about its status). The
   * event follows the status told; one told pending goes out as `payment.succeeded` (YooKassa
   * has no pending event): a premature or forged one, that only a read-back exposes.
   */
  notificationBody(id: string, event?: string, forgedStatus?: string): string {
    const object = this.json(this.payment(id));
    if (forgedStatus) {
      object.status = forgedStatus;
      if (forgedStatus === "succeeded") {
        object.paid = true;
        object.captured_at = new Date(this.now()).toISOString();
      }
    }
    const status = String(object.status);
    const told = status === "canceled" || status === "waiting_for_capture" ? status : "succeeded";
    return JSON.stringify({ type: "notification", event: event ?? `payment.${told}`, object });
  }

  /** POSTs a notification about the payment to `url` as YooKassa would; answers the HTTP status. */
  async notify(
    url: string,
    id: string,
    opts: { event?: string; forgedStatus?: string } = {},
  ): Promise<number> {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: this.notificationBody(id, opts.event, opts.forgedStatus),
    });
    await response.text();
    return response.status;
  }

  // -------------------------------------------------------------------------------------------
  // The API
  // -------------------------------------------------------------------------------------------

  protected override guard(
    _method: string,
    path: string,
    headers: IncomingMessage["headers"],
  ): FakeReply | undefined {
    if (!path.startsWith(`${PREFIX}/`)) return undefined;
    const expected = `Basic ${Buffer.from(`${this.shopId}:${this.secretKey}`).toString("base64")}`;
    if (headers.authorization === expected) return undefined;
    return apiError(
      401,
      "invalid_credentials",
      "Authentication by given credentials failed",
      "Authorization",
    );
  }

  /** Idempotence as YooKassa keeps it: per key, the request it came with and the answer given. */
  private idempotent(ctx: RouteContext, handle: () => FakeReply): FakeReply {
    const key = ctx.headers["idempotence-key"];
    if (typeof key !== "string" || key.length === 0) {
      return invalidRequest("Idempotence-Key header is required", "Idempotence-Key");
    }
    if (key.length > MAX_KEY_LENGTH) {
      return invalidRequest(
        `Idempotence-Key must be at most ${MAX_KEY_LENGTH} characters`,
        "Idempotence-Key",
      );
    }
    const request = `${canonicalJson(ctx.params)} ${canonicalJson(ctx.body ?? null)}`;
    const earlier = this.remembered.get(key);
    if (earlier) {
      if (earlier.request === request) return structuredClone(earlier.reply);
      return invalidRequest("Idempotence key duplicated with another request", "Idempotence-Key");
    }
    const reply = handle();
    // Only what was done is remembered: a refused request may be mended and sent with its key again.
    if (reply.status === 200) this.remembered.set(key, { request, reply: structuredClone(reply) });
    return reply;
  }

  private createPayment(body: unknown): FakeReply {
    const parsed = newPaymentSchema.safeParse(body);
    if (!parsed.success) return refusalOf(parsed.error);
    const req = parsed.data;
    if (!this.currencies.includes(req.amount.currency)) {
      return invalidRequest(
        `Currency ${req.amount.currency} is not available to this shop`,
        "amount.currency",
      );
    }
    if (this.fiscalization && !req.receipt) return invalidRequest("Receipt is missing or illegal", "receipt");
    const mismatch = receiptMismatch(req);
    if (mismatch) return mismatch;
    const p = this.newPayment({ amount: req.amount, metadata: req.metadata ?? {} });
    p.description = req.description;
    p.returnUrl = req.confirmation.return_url;
    p.receipt = req.receipt;
    return this.reply(p);
  }

  private cancelByShop(p: FakePayment): FakeReply {
    if (p.status !== "waiting_for_capture") {
      return invalidRequest(`Payment in status ${p.status} can't be canceled`, "payment_id");
    }
    p.status = "canceled";
    p.paid = false;
    p.cancellation = { party: "merchant", reason: "canceled_by_merchant" };
    return this.reply(p);
  }

  private createRefund(body: unknown): FakeReply {
    const parsed = newRefundSchema.safeParse(body);
    if (!parsed.success) return refusalOf(parsed.error);
    const { payment_id: paymentId, amount } = parsed.data;
    const p = this.payments.get(paymentId);
    if (!p) return invalidRequest("Payment not found", "payment_id");
    if (p.status !== "succeeded") {
      return invalidRequest(`Payment in status ${p.status} can't be refunded`, "payment_id");
    }
    if (amount.currency !== p.amount.currency) {
      return invalidRequest("Refund currency differs from the payment's", "amount.currency");
    }
    const kopecks = kopecksOf(amount.value);
    if (p.refundedKopecks + kopecks > kopecksOf(p.amount.value)) {
      return invalidRequest("Refund amount exceeds what is left of the payment", "amount.value");
    }
    const status = this.refundStatus;
    const refund: FakeRefund = {
      id: paymentLikeId(),
      paymentId,
      status,
      amount,
      createdAtMs: this.now(),
      cancellation: status === "canceled" ? { party: "yoo_money", reason: "general_decline" } : undefined,
    };
    if (status !== "canceled") p.refundedKopecks += kopecks;
    this.refunds.push(refund);
    return { status: 200, body: refundJson(refund) };
  }

  /** Newest first; a cursor names the last item of the page before. */
  private list(query: URLSearchParams): FakeReply {
    const limit = Number(query.get("limit") ?? "10");
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return invalidRequest("limit must be a whole number from 1 to 100", "limit");
    }
    const bounds: [string, (created: number, bound: number) => boolean][] = [
      ["created_at.gte", (c, b) => c >= b],
      ["created_at.gt", (c, b) => c > b],
      ["created_at.lte", (c, b) => c <= b],
      ["created_at.lt", (c, b) => c < b],
    ];
    let found = [...this.payments.values()].sort(newestFirst);
    for (const [name, keeps] of bounds) {
      const text = query.get(name);
      if (text === null) continue;
      const bound = Date.parse(text);
      if (Number.isNaN(bound)) return invalidRequest(`${name} must be an ISO 8601 time`, name);
      found = found.filter((p) => keeps(p.createdAtMs, bound));
    }
    const cursor = query.get("cursor");
    if (cursor !== null) {
      const after = positionOf(cursor);
      if (!after) return invalidRequest("cursor is not valid", "cursor");
      found = found.filter((p) => newestFirst(p, after) > 0);
    }
    const page = found.slice(0, limit);
    const last = page.at(-1);
    const more = found.length > limit && last;
    return {
      status: 200,
      body: {
        type: "list",
        items: page.map((p) => this.json(p)),
        ...(more ? { next_cursor: cursorOf(last) } : {}),
      },
    };
  }

  private newPayment(fields: { amount: FakeSum; metadata: Record<string, unknown> }): FakePayment {
    const p: FakePayment = {
      id: paymentLikeId(),
      status: "pending",
      paid: false,
      amount: fields.amount,
      description: undefined,
      metadata: fields.metadata,
      returnUrl: undefined,
      receipt: undefined,
      createdAtMs: this.now(),
      capturedAtMs: undefined,
      expiresAtMs: undefined,
      cancellation: undefined,
      refundedKopecks: 0,
      seq: this.nextSeq++,
    };
    this.payments.set(p.id, p);
    return p;
  }

  private payment(id: string): FakePayment {
    const p = this.payments.get(id);
    if (!p) throw new Error(`FakeYooKassa: no payment ${id}`);
    return p;
  }

  private withPayment(ctx: RouteContext, act: (p: FakePayment) => FakeReply): FakeReply {
    const p = this.payments.get(ctx.params.id ?? "");
    return p ? act(p) : apiError(404, "not_found", "Payment not found", "payment_id");
  }

  private reply(p: FakePayment): FakeReply {
    return { status: 200, body: this.json(p) };
  }

  private json(p: FakePayment): Record<string, unknown> {
    return paymentJson(p, { id: this.shopId, url: this.url });
  }
}
