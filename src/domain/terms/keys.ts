/** Every Redis key of the terms room. The strings are what is stored: do not change them. */

export const termChainKeys = {
  /**
   * The term changes of one subscription in the order they came (score = arrival): paid renewals
   * (order ids) and admins' changes (term change ids). The name is from when it held renewals only.
   */
  chain: (subscriptionId: string) => `renewals:${subscriptionId}`,
  /** Arrival counter shared by every chain (only the order within one chain matters). */
  seq: "renewals:seq",
};

export const termChangeKeys = {
  /** An admin's term change of a subscription (hash). */
  change: (id: string) => `term-change:${id}`,
  /** Term changes not finished yet, by time asked: the order sweep queues one whose job is gone. */
  open: "term-changes:open",
  /** One run of a change at a time (a lease): the admin's own request, its job, a stalled job's re-run. */
  run: (id: string) => `term-change-run:${id}`,
};

export const freezeKeys = {
  /** The freeze change of a subscription under way (asked, frozen or unfreezing): one at a time. */
  current: (subscriptionId: string) => `freeze:${subscriptionId}`,
  /** A subscription's freezes that took hold (change id, score = when): the limit per 365 days. */
  uses: (subscriptionId: string) => `freeze-uses:${subscriptionId}`,
  /** Frozen subscriptions (member = subscription id) by when their freeze ends: the worker's. */
  ending: "freezes:ending",
};
