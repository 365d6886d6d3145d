import type { Locale } from "../../config.js";
import type { ExtensionOutcome, ServerExtension } from "../../domain/fleet/index.js";
import type { Server } from "../../hosting/account/index.js";
import { formatDateTime, formatNumber, html } from "../../render/format.js";
import type { Logger } from "../../runtime/logger.js";
import type { NoticeVars, WatchNotices } from "./notices.js";

export interface AutoExtendDeps {
  /** The one path that extends a server (shared with the admin's button). */
  extension: Pick<ServerExtension, "auto">;
  notices: WatchNotices;
  logger: Logger;
}

/** The outcomes told with the hosting's reason, and their messages. */
const REASON_KEYS = {
  refused: "watch-extend-refused",
  "not-charged": "watch-extend-not-charged",
  unknown: "watch-extend-unknown",
} as const;

/** An outcome the admins hear of: the once-key suffix, the message and its variables. */
interface ExtendNotice {
  suffix: string;
  key: string;
  vars: (locale: Locale) => NoticeVars;
}

/**
 * Extends a server about to expire through the shared ServerExtension (one claim per server
 * and expiry, so another process, a retried job or an admin's tap never extends twice) and
 * tells the admins each outcome once.
 */
export async function autoExtend(
  deps: AutoExtendDeps,
  server: Server,
  known: number | undefined,
): Promise<ExtensionOutcome> {
  const outcome = await deps.extension.auto(server, known);
  if (outcome.kind === "unavailable") {
    deps.logger.warn({ err: outcome.error, serverId: server.id }, "auto-extend postponed");
  }
  const notice = extendNotice(deps.notices, server, outcome);
  if (notice) {
    const once = `watch:extend:${server.id}:${server.expiresAt.getTime()}`;
    await deps.notices.toAdmins(`${once}:${notice.suffix}`, notice.key, notice.vars, server.id);
  }
  return outcome;
}

/** What the admins are told of an outcome; none for the ones someone else has or that wait their turn. */
function extendNotice(
  notices: WatchNotices,
  server: Server,
  outcome: ExtensionOutcome,
): ExtendNotice | undefined {
  const named = { name: html(server.name), id: server.id };
  switch (outcome.kind) {
    case "extended": {
      const { server: extended, balance } = outcome;
      return {
        suffix: "done",
        key: "watch-extended",
        vars: (locale) => ({
          ...named,
          date: formatDateTime(locale, extended.expiresAt.getTime()),
          days: extended.daysLeft,
          balance:
            balance === undefined
              ? notices.t(locale, "servers-balance-unknown")
              : formatNumber(locale, balance),
        }),
      };
    }
    case "no-balance":
      return {
        suffix: "no-balance",
        key: "watch-extend-no-balance",
        vars: (locale) => ({ ...named, balance: formatNumber(locale, outcome.balance) }),
      };
    case "refused":
    case "not-charged":
    case "unknown": {
      // "unknown" may have been charged: the worker never retries it by itself.
      const { error } = outcome;
      return {
        suffix: outcome.kind,
        key: REASON_KEYS[outcome.kind],
        vars: (locale) => ({ ...named, reason: notices.reason(locale, error) }),
      };
    }
    default:
      // unavailable (logged), already, changed, busy, blocked, waiting: someone else has it, or it waits its turn.
      return undefined;
  }
}
