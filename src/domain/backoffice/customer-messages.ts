import type { Redis } from "ioredis";
import { z } from "zod";
import type { OneTimeTokens } from "../../store/one-time.js";
import { readJson } from "../../store/records.js";
import { auditSubject, type StaffServices } from "../staff/index.js";
import { MESSAGE_PREFIX } from "./keys.js";

/**
 * A staff member's message to one customer, from the bot: written (the text as the customer will
 * get it, kept behind a one-time confirmation token for an hour) and sent once when confirmed,
 * through the outbox under a once-key of the token, so a double tap, a second staff member's tap
 * or a retried job sends it once. Both steps need `customers.message` (the role read when each
 * happens). The outbox is outside the step that claims the token: the audit entry
 * (`customer.message` on `customer:<id>`) is written `started` before the hand-over and finished
 * after, so a process that dies in between leaves it `unknown`, never missing.
 */

const MESSAGE_TTL_SECONDS = 3_600;
/** The longest text a staff member may write (the customer's copy adds a heading; Telegram takes 4096). */
export const CUSTOMER_MESSAGE_MAX = 3_500;

const pendingMessage = z.object({
  customerId: z.number().int().positive(),
  /** What the staff member wrote (for the audit log). */
  text: z.string().min(1).max(CUSTOMER_MESSAGE_MAX),
  /** The message as the customer gets it (HTML, in their language). */
  html: z.string().min(1).max(4096),
  adminId: z.number().int(),
});
export type PendingMessage = z.output<typeof pendingMessage>;

/** Where the message goes out: the outbox (rate-limited, retried, at most once per `once`). */
export interface CustomerMessenger {
  send(message: { chatId: number; text: string; once: string }): Promise<unknown>;
}

export type MessageOutcome =
  | { status: "sent" }
  | { status: "used" }
  | { status: "expired" }
  /** No outbox in this process: nothing was sent, the confirmation still holds. */
  | { status: "unavailable" };

const messageAction = (customerId: number) => `customers:message:${customerId}`;

/** The outbox's once-key of the message behind `token`. */
export const customerMessageOnce = (token: string) => `customer-message:${token}`;

export interface CustomerMessagesDeps {
  redis: Redis;
  confirmations: OneTimeTokens;
  staff: Pick<StaffServices, "roster" | "audit">;
  messenger?: CustomerMessenger | undefined;
}

export class CustomerMessages {
  constructor(private readonly deps: CustomerMessagesDeps) {}

  /** Keeps `message` behind a new confirmation token and returns the token. */
  async propose(message: PendingMessage): Promise<string> {
    const pending = pendingMessage.parse(message);
    await this.require(pending.adminId, pending.customerId);
    const token = await this.deps.confirmations.issue(messageAction(pending.customerId), MESSAGE_TTL_SECONDS);
    await this.deps.redis.set(MESSAGE_PREFIX + token, JSON.stringify(pending), "EX", MESSAGE_TTL_SECONDS);
    return token;
  }

  /** `actorId` sends the message behind `token` (written for `customerId`) once. */
  async confirm(actorId: number, customerId: number, token: string): Promise<MessageOutcome> {
    const { confirmations, messenger, staff } = this.deps;
    const role = await this.require(actorId, customerId);
    const pending = await readJson(this.deps.redis, MESSAGE_PREFIX + token, pendingMessage);
    if (!messenger) return { status: "unavailable" };
    const claim = await confirmations.claim(token, messageAction(customerId));
    if (claim !== "claimed" || !pending || pending.customerId !== customerId) {
      return { status: claim === "used" ? "used" : "expired" };
    }
    const subject = auditSubject("customer", customerId);
    const input = { actorId, role, action: "customer.message", subject, after: pending.text };
    await staff.audit.around(input, () =>
      messenger.send({ chatId: customerId, text: pending.html, once: customerMessageOnce(token) }),
    );
    return { status: "sent" };
  }

  private require(actorId: number, customerId: number) {
    const subject = auditSubject("customer", customerId);
    return this.deps.staff.roster.require(actorId, "customers.message", "customer.message", subject);
  }
}
