import type { z } from "zod";

/**
 * The contract every outside payment rail (CryptoBot, YooKassa, ...) keeps, so the shop's payment
 * inbox treats them alike. A rail is a thin adapter over its provider's HTTP API: it creates
 * payments, reads them back, lists recent ones, refunds where the provider allows, and tells a
 * genuine notification from a forged one. It never decides anything about money: the settlement
 * room does (what a payment pays, that it is credited once, what a mismatch means).
 *
 * Amounts cross this line as the providers write them: decimal strings ("150.00") with an ISO
 * currency code. The shop converts them to and from its minor units.
 */

/** What the shop puts on a payment it creates, and reads back from the provider later. */
export interface RailRef {
  /** The shop's invoice payload (`o:<orderId>` or `t:<topUpId>`). */
  payload: string;
  /** The Telegram user who pays. */
  payerId: number;
}

/** Where a payment stands, in the rail's words mapped to four. */
export type RailPaymentStatus = "pending" | "paid" | "cancelled" | "expired";

/** A payment as the provider reports it now (read back through the API, never taken from a notification). */
export interface RailPayment {
  /** The provider's id of it (CryptoBot's invoice_id, YooKassa's payment id). */
  id: string;
  status: RailPaymentStatus;
  /** Decimal amount asked (and paid, once `paid`), e.g. "150.00". */
  amount: string;
  /** ISO 4217 code of `amount`. */
  currency: string;
  /** What the shop put on it; undefined when it carries none (not made by this shop, or mangled). */
  ref: RailRef | undefined;
  /** Where the payer pays it, while it is pending. */
  payUrl: string | undefined;
  /** Epoch ms. */
  createdAt: number;
  paidAt: number | undefined;
  /** The provider's JSON of it, as received (stored raw in the payment inbox). */
  raw: string;
}

/** A payment to create. */
export interface RailCharge {
  /**
   * Idempotence: the same key asks for the same payment (YooKassa's Idempotence-Key); a rail
   * without server-side idempotence uses it as a hint only, the shop keeps its own.
   */
  key: string;
  ref: RailRef;
  /** Decimal amount, e.g. "150.00". */
  amount: string;
  currency: string;
  /** One line the payer sees on the provider's page. */
  description: string;
  /**
   * How long it may be paid (the provider closes it after). A rail whose provider sets no life
   * (YooKassa expires pending payments itself) may ignore it: the shop's poll closes what is stale.
   */
  lifeSeconds: number;
  /** Where the payer lands after paying (the bot's t.me link). */
  returnUrl: string;
  /** With receipts on (54-FZ): the customer's e-mail and the item's line on the receipt. */
  receipt?: { email: string; item: string } | undefined;
  /** The admin's choices for this rail (see Rail.choices), as stored. */
  prefs: RailPrefs;
}

/** A refund's outcome: done (or done before), refused by the provider, or the answer lost. */
export type RailRefundResult =
  | { status: "refunded"; id: string }
  | { status: "refused"; reason: string }
  | { status: "unclear"; reason: string };

/** A notification as it arrived at `POST /payments/<rail id>`. */
export interface RailNotification {
  /** Lower-cased header names. */
  headers: Record<string, string | undefined>;
  /** The body exactly as received (a signature is over these bytes). */
  body: string;
}

/** A setting an admin chooses for a rail in the bot (e.g. CryptoBot's accepted assets). */
export type RailChoice =
  /** Some of `values` (at least one); `defaults` until the admin picks. */
  | { key: string; kind: "set"; values: readonly string[]; defaults: readonly string[] }
  /** On or off. */
  | { key: string; kind: "flag"; default: boolean };

/** The admin's choices, by RailChoice key: a set's values or a flag. */
export type RailPrefs = Record<string, readonly string[] | boolean>;

export interface Rail {
  /** Lower-case word: the webhook path (`/payments/<id>`), keys and callback data use it. */
  readonly id: string;
  /** The provider's brand as customers know it ("CryptoBot", "YooKassa"). */
  readonly name: string;
  /** What an admin may choose for it. */
  readonly choices: readonly RailChoice[];
  /** Whether it can take payments in `currency`. */
  accepts(currency: string): boolean;
  /** Whether a payment needs the customer's e-mail first (receipts on). */
  needsEmail(prefs: RailPrefs): boolean;
  /** Creates a payment (see RailCharge.key); throws RailError when the provider refuses or is down. */
  create(charge: RailCharge): Promise<RailPayment>;
  /** The payment with this id as the provider sees it now; undefined when it knows none. */
  get(id: string): Promise<RailPayment | undefined>;
  /** Payments created since `sinceMs` (epoch ms), newest first: the poll that finds lost notifications. */
  recent(sinceMs: number): Promise<RailPayment[]>;
  /**
   * Closes an unpaid payment so it can no longer be paid (CryptoBot: deletes the invoice). One
   * already paid, closed or unknown resolves quietly: a paid one is settled through `get`.
   */
  close(id: string): Promise<void>;
  /** Sends `amount` of a paid payment back, once per `key`; absent where the provider has no refunds. */
  refund?(payment: RailPayment, amount: string, key: string): Promise<RailRefundResult>;
  /**
   * The payment ids a notification names when it is genuine as far as the rail can tell
   * (CryptoBot: its HMAC signature), undefined when it is forged or malformed. For a provider
   * that signs nothing (YooKassa) "genuine" only means well-formed: the shop reads each payment
   * back before crediting anything, and that read is the real check.
   */
  verify(notification: RailNotification): string[] | undefined;
  /** One cheap authenticated call: true when the provider answers and takes our credentials (never throws). */
  probe(): Promise<boolean>;
}

/** What a rail is built with, besides its own settings. */
export interface RailIo {
  /** Per-call timeout in ms (the default is the rail's). */
  timeoutMs?: number;
}

/**
 * A rail as the wiring knows it: its environment variables (a zod shape, merged into the config's
 * schema) and what they configure. `configure` answers undefined when the rail's settings are not
 * set, and throws RailConfigError (naming the variable) when they are half-set or malformed.
 */
export interface RailModule {
  id: string;
  env: z.ZodRawShape;
  configure(env: Record<string, unknown>): ConfiguredRail | undefined;
}

/** A rail whose settings are in the environment: its secrets (kept out of logs) and how to build it. */
export interface ConfiguredRail {
  id: string;
  secrets: readonly string[];
  build(io?: RailIo): Rail;
}

/** A rail's setting is wrong; the message starts with the variable's name. */
export class RailConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RailConfigError";
  }
}
