import { formatDateTime } from "../render/format.js";
import { checkedText, type StatusRow, statusView } from "../render/service-status.js";
import { seconds } from "./cabinet.js";
import type { Caller, WebappDeps } from "./context.js";
import type { LocationState, StatusResponse } from "./schemas-account.js";

const STATE_TEXT: Record<LocationState, string> = {
  up: "webapp-location-up",
  degraded: "webapp-location-degraded",
  down: "webapp-location-down",
};

/**
 * GET /app/api/status: the locations of the caller's live subscriptions, each up, degraded or
 * down, since when and when last checked, and the service notices the bot sent them, in the
 * caller's language now. The rule is the drift room's ServiceStatus (the chat's /status reads
 * the same), named by render/service-status.ts.
 */
export async function status(deps: WebappDeps, caller: Caller): Promise<StatusResponse> {
  const now = deps.clock.now();
  const { t, locale } = caller;
  const { rows, notices } = statusView(await deps.drift.status.of(caller.id), {
    t,
    locale,
    plan: (id) => deps.sales.shop.plan(id),
    quote: (text) => text,
  });
  return {
    ok: true,
    locations: rows.map((row) => locationOf(caller, now, row)),
    notices: notices.map((n) => ({ at: seconds(n.at), at_text: formatDateTime(locale, n.at), text: n.text })),
  };
}

function locationOf(caller: Caller, now: number, row: StatusRow): StatusResponse["locations"][number] {
  const { t, locale } = caller;
  return {
    name: row.name,
    state: row.state,
    state_text: t(STATE_TEXT[row.state]),
    since_text:
      row.since === undefined
        ? null
        : t("webapp-location-since", { date: formatDateTime(locale, row.since) }),
    checked_at: row.checkedAt === undefined ? null : seconds(row.checkedAt),
    checked_text: checkedText(t, now, row.checkedAt),
  };
}
