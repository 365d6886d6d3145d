/**
 * Every Redis key of the back office (broadcasts, drafts, admins' pending confirmations), and the
 * ledger idempotency key of an admin's wallet adjustment. The strings are what is stored: do not
 * change them.
 */

/** A broadcast's record (hash), kept 30 days. */
export const broadcastKey = (id: string) => `broadcast:${id}`;
/** A broadcast's delivery counts (hash: sent, failed, blocked, cancelled). */
export const broadcastStatsKey = (id: string) => `broadcast:${id}:stats`;
/** Set when an admin stops a broadcast: its messages still queued are dropped, in every process. */
export const broadcastStopKey = (id: string) => `broadcast:${id}:stopped`;

/** A broadcast draft between the admin's steps (JSON, kept an hour). */
export const broadcastDraftKeys = { draft: (id: string) => `broadcast:draft:${id}` };

/** `admin-adjust:<token>` -> an admin's pending wallet adjustment (JSON) for an hour. */
export const ADJUST_PREFIX = "admin-adjust:";
/** `admin-block:<token>` -> an admin's pending block of a customer (JSON) for an hour. */
export const BLOCK_PREFIX = "admin-block:";
/** `admin-message:<token>` -> a staff member's message to a customer awaiting its confirmation (JSON), an hour. */
export const MESSAGE_PREFIX = "admin-message:";
/** `admin-retry:<refunded order id>` -> the new order that charged it again ("pending" meanwhile). */
export const RETRY_PREFIX = "admin-retry:";

/** The ledger idempotency key of the adjustment behind a confirmation token (a field, not a key). */
export const adjustIdemKey = (token: string) => `admin:${token}`;
