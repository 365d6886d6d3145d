import { createHash } from "node:crypto";
import type { z } from "zod";
import { RailError, type RailResponse, railRequest } from "../http.js";
import {
  errorSchema,
  listSchema,
  meSchema,
  paymentSchema,
  refundSchema,
  type YooKassaPayment,
  type YooKassaRefund,
} from "./schemas.js";

export const YOOKASSA = "yookassa";

export interface YooKassaSettings {
  /** API base without a trailing slash, e.g. https://api.yookassa.ru/v3. */
  apiUrl: string;
  shopId: string;
  secretKey: string;
}

/** A payment as read, with its JSON exactly as YooKassa sent it. */
export interface ReceivedPayment {
  payment: YooKassaPayment;
  raw: string;
}

export interface Sum {
  value: string;
  currency: string;
}

export interface ReceiptItem {
  description: string;
  quantity: number;
  amount: Sum;
  vat_code: number;
  payment_mode: string;
  payment_subject: string;
}

export interface NewPayment {
  amount: Sum;
  capture: boolean;
  confirmation: { type: "redirect"; return_url: string };
  description?: string;
  metadata: Record<string, string>;
  receipt?: { customer: { email: string }; items: ReceiptItem[] };
}

export interface NewRefund {
  payment_id: string;
  amount: Sum;
}

export interface PaymentPage {
  payments: ReceivedPayment[];
  nextCursor: string | undefined;
}

type Method = "GET" | "POST";

interface CallOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** The Idempotence-Key (every POST carries one). */
  key?: string;
  query?: Record<string, string>;
}

/** YooKassa takes Idempotence-Key values of up to 64 characters. */
const MAX_KEY_LENGTH = 64;

/**
 * A thin client of YooKassa's API v3: HTTP Basic auth with the shop id and secret key, an
 * Idempotence-Key on every POST, every answer read with a zod schema. A 4xx is a RailError
 * `refused` carrying YooKassa's error code and description; an answer that cannot be read is
 * `down` (something happened that we cannot tell: read back before acting on it).
 */
export class YooKassaClient {
  private readonly authorization: string;

  constructor(
    private readonly settings: YooKassaSettings,
    private readonly timeoutMs: number,
  ) {
    const token = Buffer.from(`${settings.shopId}:${settings.secretKey}`).toString("base64");
    this.authorization = `Basic ${token}`;
  }

  async createPayment(body: NewPayment, key: string): Promise<ReceivedPayment> {
    const response = await this.call("POST", "/payments", { body, key });
    return receivedPayment(response.json, response.status);
  }

  /** The payment with this id; undefined when YooKassa knows none (404). */
  async getPayment(id: string): Promise<ReceivedPayment | undefined> {
    const response = await this.call("GET", `/payments/${encodeURIComponent(id)}`, { absentOn404: true });
    return response && receivedPayment(response.json, response.status);
  }

  /**
   * One page of payments created at or after `createdSince`, newest first. One item that cannot
   * be read fails the page (`down`): a changed API is noticed rather than payments skipped.
   */
  async listPayments(createdSince: Date, limit: number, cursor: string | undefined): Promise<PaymentPage> {
    const query: Record<string, string> = {
      "created_at.gte": createdSince.toISOString(),
      limit: String(limit),
    };
    if (cursor) query.cursor = cursor;
    const response = await this.call("GET", "/payments", { query });
    const page = read(listSchema, response.json, response.status);
    return {
      payments: page.items.map((item) => receivedPayment(item, response.status)),
      nextCursor: page.next_cursor,
    };
  }

  /** Cancels a payment held for capture (YooKassa refuses any other status). */
  async cancelPayment(id: string, key: string): Promise<ReceivedPayment> {
    const response = await this.call("POST", `/payments/${encodeURIComponent(id)}/cancel`, { body: {}, key });
    return receivedPayment(response.json, response.status);
  }

  async createRefund(body: NewRefund, key: string): Promise<YooKassaRefund> {
    const response = await this.call("POST", "/refunds", { body, key });
    return read(refundSchema, response.json, response.status);
  }

  /** GET /me: answers when the credentials are taken; throws RailError otherwise. */
  async me(): Promise<void> {
    const response = await this.call("GET", "/me");
    read(meSchema, response.json, response.status);
  }

  private call(
    method: Method,
    path: string,
    options: CallOptions & { absentOn404: true },
  ): Promise<RailResponse | undefined>;
  private call(method: Method, path: string, options?: CallOptions): Promise<RailResponse>;
  private async call(
    method: Method,
    path: string,
    options: CallOptions & { absentOn404?: boolean } = {},
  ): Promise<RailResponse | undefined> {
    const url = new URL(`${this.settings.apiUrl.replace(/\/+$/, "")}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = { authorization: this.authorization };
    if (options.key !== undefined) headers["idempotence-key"] = fittedKey(options.key);
    const response = await railRequest({
      rail: YOOKASSA,
      method,
      url,
      headers,
      body: options.body,
      timeoutMs: this.timeoutMs,
    });
    if (response.status === 404 && options.absentOn404) return undefined;
    if (response.status >= 400) throw new RailError(YOOKASSA, "refused", response.status, refusal(response));
    if (response.status < 200 || response.status >= 300) {
      throw new RailError(YOOKASSA, "down", response.status, "unexpected answer");
    }
    return response;
  }
}

/**
 * The shop's key as YooKassa takes it: a longer one is replaced by its SHA-256 (64 hex digits),
 * the same for the same key, so a retry still asks for the same object.
 */
function fittedKey(key: string): string {
  return key.length <= MAX_KEY_LENGTH ? key : createHash("sha256").update(key).digest("hex");
}

/** YooKassa's reason for a 4xx: its error code and description, and the parameter it names. */
function refusal(response: RailResponse): string {
  const error = errorSchema.safeParse(response.json);
  if (!error.success) return `HTTP ${response.status}`;
  const { code, description, parameter } = error.data;
  return [code, description, parameter && `(${parameter})`].filter(Boolean).join(" ");
}

function receivedPayment(json: unknown, status: number): ReceivedPayment {
  return { payment: read(paymentSchema, json, status), raw: JSON.stringify(json) };
}

/** A 2xx body read with `schema`; one that does not fit is `down`: it may stand for a change made. */
function read<S extends z.ZodType>(schema: S, json: unknown, status: number): z.output<S> {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.join(".") || "body";
  throw new RailError(YOOKASSA, "down", status, `unreadable answer: ${where} ${issue?.message ?? ""}`.trim());
}
