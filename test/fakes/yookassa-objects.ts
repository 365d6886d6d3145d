import { randomBytes } from "node:crypto";
import { type FakeSum, kopecksOf, sumText } from "./yookassa-rules.js";

/** The fake YooKassa's payments and refunds, and how it writes them and orders its lists. */

export type FakePaymentStatus = "pending" | "waiting_for_capture" | "succeeded" | "canceled";
export type FakeRefundStatus = "pending" | "succeeded" | "canceled";

export interface FakePayment {
  id: string;
  status: FakePaymentStatus;
  paid: boolean;
  amount: FakeSum;
  description: string | undefined;
  /** As sent (or seeded: tests may put anything here to mangle it). */
  metadata: Record<string, unknown>;
  returnUrl: string | undefined;
  receipt: unknown;
  createdAtMs: number;
  capturedAtMs: number | undefined;
  expiresAtMs: number | undefined;
  cancellation: { party: string; reason: string } | undefined;
  refundedKopecks: number;
  /** Creation order, to order payments created in the same millisecond. */
  seq: number;
}

export interface FakeRefund {
  id: string;
  paymentId: string;
  status: FakeRefundStatus;
  amount: FakeSum;
  createdAtMs: number;
  cancellation: { party: string; reason: string } | undefined;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A payment as YooKassa writes it: the confirmation only while the payer still has to pay,
 * refundable while something of a succeeded one is left to send back.
 */
export function paymentJson(p: FakePayment, shop: { id: string; url: string }): Record<string, unknown> {
  const left = kopecksOf(p.amount.value) - p.refundedKopecks;
  const confirmation = {
    type: "redirect",
    // The payer's page, as YooKassa links it (https on YooKassa's host, never the API's).
    confirmation_url: `https://yoomoney.ru/checkout/payments/v2/contract?orderId=${p.id}`,
    ...(p.returnUrl ? { return_url: p.returnUrl } : {}),
  };
  const refunded = { value: sumText(p.refundedKopecks), currency: p.amount.currency };
  return {
    id: p.id,
    status: p.status,
    paid: p.paid,
    amount: { ...p.amount },
    ...(p.description === undefined ? {} : { description: p.description }),
    recipient: { account_id: shop.id, gateway_id: "1000001" },
    created_at: iso(p.createdAtMs),
    ...(p.capturedAtMs === undefined ? {} : { captured_at: iso(p.capturedAtMs) }),
    ...(p.expiresAtMs === undefined ? {} : { expires_at: iso(p.expiresAtMs) }),
    ...(p.status === "pending" ? { confirmation } : {}),
    test: true,
    refundable: p.status === "succeeded" && left > 0,
    ...(p.refundedKopecks > 0 ? { refunded_amount: refunded } : {}),
    metadata: structuredClone(p.metadata),
    ...(p.cancellation ? { cancellation_details: { ...p.cancellation } } : {}),
    ...(p.receipt ? { receipt_registration: p.status === "succeeded" ? "succeeded" : "pending" } : {}),
  };
}

export function refundJson(r: FakeRefund): Record<string, unknown> {
  return {
    id: r.id,
    payment_id: r.paymentId,
    status: r.status,
    amount: { ...r.amount },
    created_at: new Date(r.createdAtMs).toISOString(),
    ...(r.cancellation ? { cancellation_details: { ...r.cancellation } } : {}),
  };
}

/** Ids shaped like YooKassa's (`2f3b588d-000f-5000-8000-1d6e87c7fbde`). */
export function paymentLikeId(): string {
  const hex = randomBytes(10).toString("hex");
  return `${hex.slice(0, 8)}-000f-5000-8000-${hex.slice(8, 20)}`;
}

export interface Position {
  createdAtMs: number;
  seq: number;
}

/** Negative when `a` comes before `b` in the list (newer, or made later in the same ms). */
export function newestFirst(a: Position, b: Position): number {
  return b.createdAtMs - a.createdAtMs || b.seq - a.seq;
}

export function cursorOf(p: Position): string {
  return Buffer.from(JSON.stringify([p.createdAtMs, p.seq])).toString("base64url");
}

export function positionOf(cursor: string): Position | undefined {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(decoded) || decoded.length !== 2) return undefined;
    const [createdAtMs, seq] = decoded;
    return typeof createdAtMs === "number" && typeof seq === "number" ? { createdAtMs, seq } : undefined;
  } catch {
    return undefined;
  }
}
