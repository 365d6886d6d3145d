import type { ShopMaintenance, ShopSettings } from "../../domain/catalog/index.js";
import { HostingApiError, HostingNetworkError, HostingTimeoutError } from "../../hosting/errors.js";
import { formatDateTime, formatDuration } from "../../render/format.js";
import { type Clock, MINUTE } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import type { WatchNotices } from "./notices.js";

export interface AutoMaintenanceDeps {
  maintenance: Pick<ShopMaintenance, "observeAccount" | "noticeQueued">;
  settings: Pick<ShopSettings, "maintenanceAutoMinutes">;
  notices: WatchNotices;
  clock: Clock;
  logger: Logger;
}

/** What one look did: the shop closed by itself, or opened again (the admins told of each once). */
export type AutoMaintenanceChange = "closed" | "opened" | undefined;

/**
 * The hosting account did not answer: no connection, no answer in time, or a 5xx. Any other
 * answer (a 401 of a revoked key, a 403) came from the account: it is reachable, the admins have
 * their own alert for what it said.
 */
export function accountUnreachable(err: unknown): boolean {
  if (err instanceof HostingNetworkError || err instanceof HostingTimeoutError) return true;
  return err instanceof HostingApiError && err.status >= 500;
}

/**
 * The server watch's side of the automatic maintenance: each round's look at the hosting account
 * goes to ShopMaintenance (the one home of the rule), and the admins hear when the shop closed by
 * itself and when it opened again, each once: the notices carry once keys (the outbox sends a key
 * once, across processes) and are marked queued only after they are, so a round that died in
 * between queues them again and nothing is sent twice.
 */
export class AutoMaintenance {
  constructor(private readonly deps: AutoMaintenanceDeps) {}

  /** One look: `failure` is the error of the round's server list (undefined: it answered). */
  async look(failure: unknown): Promise<AutoMaintenanceChange> {
    const { maintenance, settings, notices, logger } = this.deps;
    const reachable = failure === undefined || !accountUnreachable(failure);
    const minutes = await settings.maintenanceAutoMinutes();
    const step = await maintenance.observeAccount(
      reachable,
      minutes === undefined ? undefined : minutes * MINUTE,
    );
    let change: AutoMaintenanceChange;
    if (step.ended) {
      const { since, at } = step.ended;
      logger.info({ since, at }, "automatic maintenance ended: the shop is open");
      await notices.toAdmins(`maintenance:auto:off:${since}`, "maintenance-auto-off-admins", (locale) => ({
        duration: formatDuration(locale, Math.max(0, at - since) / 1_000),
      }));
      await maintenance.noticeQueued("ended", since);
      change = "opened";
    }
    if (step.on && !step.on.told) {
      const { since } = step.on;
      const now = this.deps.clock.now();
      logger.warn(
        { since },
        "automatic maintenance: the hosting account does not answer, the shop is closed",
      );
      await notices.toAdmins(`maintenance:auto:on:${since}`, "maintenance-auto-on-admins", (locale) => ({
        since: formatDateTime(locale, since),
        duration: formatDuration(locale, Math.max(0, now - since) / 1_000),
      }));
      await maintenance.noticeQueued("on", since);
      change = "closed";
    }
    return change;
  }
}
