/** Every Redis key of provisioning. The strings are what is stored: do not change them. */

/** One subscription's live usage as last read from the hosting side (JSON, cached a minute). */
export const usageKeys = { of: (subscriptionId: string) => `usage:${subscriptionId}` };

/** One subscription's daily usage readings (sorted set, member `<day>:<bytes>`). */
export const usageHistoryKeys = { of: (subscriptionId: string) => `usage:days:${subscriptionId}` };

export const nodeRenewalKeys = {
  /** One admin renewal of a node client at a time (a lease; held in NodeClientRenewals.renewTo). */
  lease: (name: string) => `node-renew:lease:${name}`,
  /** A node client in doubt after an ambiguous edit: the deadline (ms, by the shop's clock). */
  doubt: (name: string) => `node-renew:doubt:${name}`,
};
