import type { Subscription } from "../domain/books/index.js";
import type { ServerTrouble, ServiceNotice } from "../domain/fleet/index.js";
import { subscriptionTitle } from "../render/access.js";
import { formatDateTime } from "../render/format.js";
import { accessLocationNames } from "../render/locations.js";
import { outageOfflineNotice } from "../render/outage-notice.js";
import { HOUR } from "../runtime/clock.js";
import { seconds } from "./cabinet.js";
import type { Caller, WebappDeps } from "./context.js";
import type { LocationState, StatusResponse } from "./schemas-account.js";

/**
 * A drift run older than this says nothing of now (the sync stopped): its unread locations are
 * not shown as degraded. It runs every 15 minutes by default.
 */
export const DRIFT_RUN_FRESH_MS = 3 * HOUR;

const STATE_TEXT: Record<LocationState, string> = {
  up: "webapp-location-up",
  degraded: "webapp-location-degraded",
  down: "webapp-location-down",
};
const WORSE: Record<LocationState, number> = { up: 0, degraded: 1, down: 2 };

interface Row {
  state: LocationState;
  since: number | undefined;
}

/** What is known of one place an access lives: the watch's view of its server, the drift's of the rest. */
interface Seen {
  trouble: Map<number, ServerTrouble>;
  /** Scopes the last (fresh) drift sync could not read: `panel:<location>`, `node`. */
  unread: Set<string>;
}

/**
 * GET /app/api/status: the locations of the caller's live subscriptions, each up, degraded or
 * down (a confirmed outage of its server; degraded: seen offline but not confirmed, or a panel or
 * node location the last drift sync could not read), and the service notices the bot sent them,
 * in the caller's language now.
 */
export async function status(deps: WebappDeps, caller: Caller): Promise<StatusResponse> {
  const now = deps.clock.now();
  const all = await deps.books.subscriptions.ofCustomer(caller.id);
  const live = all.filter((s) => s.removedAt === undefined && (s.expiresAt === 0 || s.expiresAt > now));
  const servers = live.flatMap((s) => (s.ref.kind === "xui" ? [s.ref.serverId] : []));
  const [trouble, run, notices] = await Promise.all([
    deps.fleet.outages.troubleOf(servers),
    deps.drift.sync.findings.lastRun(),
    deps.fleet.notices.of(caller.id),
  ]);
  const fresh = run !== undefined && now - run.finishedAt <= DRIFT_RUN_FRESH_MS;
  const rows = locationRows(deps, caller, live, { trouble, unread: new Set(fresh ? run.skipped : []) });
  const { t, locale } = caller;
  return {
    ok: true,
    // What does not work first, then by name.
    locations: [...rows]
      .sort(([a, x], [b, y]) => WORSE[y.state] - WORSE[x.state] || a.localeCompare(b, locale))
      .map(([name, row]) => ({
        name,
        state: row.state,
        state_text: t(STATE_TEXT[row.state]),
        since_text:
          row.since === undefined
            ? null
            : t("webapp-location-since", { date: formatDateTime(locale, row.since) }),
      })),
    notices: notices.map((n) => ({
      at: seconds(n.at),
      at_text: formatDateTime(locale, n.at),
      text: noticeText(deps, caller, n, all),
    })),
  };
}

/** One row per location name (the cards' names; an access without one by its title), the worst state. */
function locationRows(deps: WebappDeps, caller: Caller, subs: Subscription[], seen: Seen): Map<string, Row> {
  const { t, locale } = caller;
  const rows = new Map<string, Row>();
  for (const sub of subs) {
    const plan = deps.sales.shop.plan(sub.planId);
    const names = accessLocationNames(t, locale, sub.ref, plan);
    const places = names.length > 0 ? names : [subscriptionTitle(t, locale, sub, plan)];
    places.forEach((name, i) => {
      const row = stateAt(sub, i, seen);
      const known = rows.get(name);
      if (!known || WORSE[row.state] > WORSE[known.state]) rows.set(name, row);
    });
  }
  return rows;
}

/** The state of place `i` of `sub` (a panel access's i-th location; the one place of the others). */
function stateAt(sub: Subscription, i: number, seen: Seen): Row {
  const { ref } = sub;
  if (ref.kind === "xui") {
    const trouble = seen.trouble.get(ref.serverId);
    if (!trouble) return { state: "up", since: undefined };
    return { state: trouble.state === "down" ? "down" : "degraded", since: trouble.since };
  }
  const scope = ref.kind === "panel" ? `panel:${ref.locations[i] ?? ""}` : "node";
  return { state: seen.unread.has(scope) ? "degraded" : "up", since: undefined };
}

/** A kept notice in the caller's language now, naming the subscriptions it named (still theirs). */
function noticeText(deps: WebappDeps, caller: Caller, notice: ServiceNotice, subs: Subscription[]): string {
  const { t, locale } = caller;
  if (notice.kind === "outage-back") return t("outage-back");
  const named = subs.filter((s) => notice.subscriptions.includes(s.id));
  const keyed = outageOfflineNotice(
    t,
    locale,
    named,
    (id) => deps.sales.shop.plan(id),
    (text) => text,
  );
  return keyed ? t(keyed.key, keyed.vars) : t("outage-offline");
}
