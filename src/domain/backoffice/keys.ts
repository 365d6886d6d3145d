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

/**
 * Support tickets (tickets.ts). A ticket's hash and its messages are kept while the ticket is;
 * the indexes below find a customer's tickets, the live ones, the ones waiting for staff, and the
 * ticket behind a forum topic of the staff group.
 */
export const ticketKeys = {
  /** The counter behind ticket ids (`T<n>`). */
  seq: "tickets:seq",
  /** A ticket (hash: customer, state, times, its topic). */
  ticket: (id: string) => `ticket:${id}`,
  /** A ticket's messages (list of JSON, oldest first; a message's number is its place, from 1). */
  messages: (id: string) => `ticket-msgs:${id}`,
  /** The customer's ticket that is not closed (string: its id): one at a time. */
  current: (customerId: number) => `tickets:current:${customerId}`,
  /** A customer's tickets (zset, score: when opened). */
  ofCustomer: (customerId: number) => `tickets:of:${customerId}`,
  /** Tickets not closed (zset, score: the last message's time). */
  live: "tickets:live",
  /** Tickets waiting for staff (zset, score: since when). */
  waiting: "tickets:waiting",
  /** The ticket a forum topic of the staff group is the thread of (string: its id). */
  topic: (chatId: number, threadId: number) => `tickets:topic:${chatId}:${threadId}`,
  /** A message taken into a ticket, by where it came from (string: `<id>:<number>`): taken once. */
  seen: (ref: string) => `tickets:seen:${ref}`,
  /** Held while one process makes a ticket's forum topic (no second topic for one ticket). */
  topicClaim: (id: string) => `tickets:topic-claim:${id}`,
  /** Set once staff were reminded of a ticket waiting since the time in the key. */
  reminded: (id: string, since: number) => `tickets:reminded:${id}:${since}`,
};
