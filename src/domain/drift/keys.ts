/** Every Redis key of the drift room. The strings are what is stored: do not change them. */

export const driftKeys = {
  /** A finding (JSON). */
  finding: (id: string) => `drift:f:${id}`,
  /** Finding ids of a kind by last seen (ms): the latest are kept. */
  byKind: (kind: string) => `drift:kind:${kind}`,
  /**
   * Finding ids of a kind not waiting (repaired, resolved, reported), by last seen: what the trim
   * drops from, so trimming never walks the waiting ones (thousands when a server loses its clients).
   */
  settled: (kind: string) => `drift:settled:${kind}`,
  /** Finding ids waiting for a decision, by first found. */
  waiting: "drift:waiting",
  /** Subscription id -> problem kind, read by /my. */
  problems: "drift:problems",
  /** The last run's summary (JSON). */
  lastRun: "drift:last-run",
  /**
   * Scope (`xui:<id>`, `panel:<location>`, `node`) -> when a run last read it (ms): the customers'
   * status says when their panel or node location was last checked.
   */
  readAt: "drift:read-at",
  /** The run lease: one reconciliation at a time across processes. */
  runLock: "drift:lock",
  /** xui server id -> the inbound id last seen and when it changed: `<inbound>:<changedAt>`. */
  xuiInbounds: "drift:xui-inbound",
  /**
   * A connected panel location that answered its client list "no such route" (a string with a
   * TTL): its clients are read one by one until it expires, then the list is tried again.
   */
  noList: (location: string) => `drift:no-list:${location}`,
  /** Connected location -> the last client name read one by one (the next run goes on after it). */
  readCursor: "drift:read-cursor",
  /** One admin action at a time on a subject (a lease, store/lease.ts `withLease`). */
  actionLease: (subject: string) => `drift:lease:${subject}`,
};

/** Expiries a subscription's record held before the hosting side moved it (a few, newest first). */
export const termsKey = (subscriptionId: string) => `drift:terms:${subscriptionId}`;

/** An action on a subscription under way (JSON), stored before its first hosting write. */
export const pendingKey = (subscriptionId: string) => `drift:pending:${subscriptionId}`;
