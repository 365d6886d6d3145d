import { outageKeys } from "../../domain/fleet/index.js";

/** Redis keys of the server watch (all under `watch:`). */
export const watchKeys = {
  /** A server's watch state (its key lives with the fleet, which reads it for the screens). */
  state: outageKeys.state,
  /** Customers told of one outage, so the same ones hear it is over. */
  told: (id: number, since: string) => `watch:told:${id}:${since}`,
  index: (id: number) => `watch:index:${id}`,
  indexNext: (id: number) => `watch:index:${id}:next`,
  indexServers: "watch:index:servers",
  indexBuiltAt: "watch:index:built-at",
  indexLock: "watch:index:lock",
  apiAlertAt: "watch:api-alert-at",
  mark: (what: string) => `watch:mark:${what}`,
};

/** How long a "told" list or a once-per-expiry mark is kept. */
export const MARK_TTL_SECONDS = 90 * 24 * 3600;
