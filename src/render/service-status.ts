import type { Locale } from "../config.js";
import type { Plan } from "../domain/catalog/index.js";
import {
  type CustomerStatus,
  LOCATION_STATE_RANK,
  type LocationState,
  type PlaceStatus,
} from "../domain/drift/index.js";
import type { ServiceNotice } from "../domain/fleet/index.js";
import { DAY, HOUR, MINUTE } from "../runtime/clock.js";
import { subscriptionTitle } from "./access.js";
import type { Translate } from "./i18n-like.js";
import { accessLocationNames } from "./locations.js";
import { outageOfflineNotice } from "./outage-notice.js";

/** One location as the customer reads it: the worst state of the places of that name. */
export interface StatusRow {
  /** As the cards name it (never a host name); an access without one by its title. */
  name: string;
  state: LocationState;
  since: number | undefined;
  /** When it was last checked (ms): the oldest check among the places of that name. */
  checkedAt: number | undefined;
}

/** A kept notice in the reader's language now. */
export interface StatusNotice {
  at: number;
  text: string;
}

/** How a status is read: the reader's language, the shop's plans, and how a value is quoted. */
export interface StatusReader {
  t: Translate;
  locale: Locale;
  plan: (id: string) => Plan | undefined;
  /** HTML-escapes for the chat; as is for the cabinet (which sets text). */
  quote: (text: string) => string;
}

/** The status's locations and notices, named for the reader (the chat's /status and the cabinet alike). */
export function statusView(
  status: CustomerStatus,
  reader: StatusReader,
): { rows: StatusRow[]; notices: StatusNotice[] } {
  return {
    rows: statusRows(status.places, reader),
    notices: status.notices.map((n) => ({ at: n.at, text: noticeText(n, status, reader) })),
  };
}

/** One row per location name, what does not work first, then by name. */
export function statusRows(places: readonly PlaceStatus[], reader: StatusReader): StatusRow[] {
  const { t, locale, plan } = reader;
  const rows = new Map<string, StatusRow>();
  for (const place of places) {
    const sub = place.subscription;
    const names = accessLocationNames(t, locale, sub.ref, plan(sub.planId));
    const name = names[place.index] || subscriptionTitle(t, locale, sub, plan(sub.planId));
    rows.set(name, merged(rows.get(name), { name, ...place }));
  }
  return [...rows.values()].sort(
    (a, b) =>
      LOCATION_STATE_RANK[b.state] - LOCATION_STATE_RANK[a.state] || a.name.localeCompare(b.name, locale),
  );
}

/** Two places of one name: the worse state (and its since); the older check (unknown is oldest). */
function merged(known: StatusRow | undefined, next: StatusRow): StatusRow {
  const row: StatusRow = { name: next.name, state: next.state, since: next.since, checkedAt: next.checkedAt };
  if (!known) return row;
  const worse = LOCATION_STATE_RANK[known.state] >= LOCATION_STATE_RANK[next.state] ? known : row;
  const checks = [known.checkedAt, next.checkedAt];
  const checkedAt = checks.includes(undefined) ? undefined : Math.min(...(checks as number[]));
  return { ...worse, checkedAt };
}

/** A kept notice in the reader's language now, naming the subscriptions it named (still theirs). */
function noticeText(notice: ServiceNotice, status: CustomerStatus, reader: StatusReader): string {
  const { t, locale, plan, quote } = reader;
  if (notice.kind === "outage-back") return t("outage-back");
  const named = status.subscriptions.filter((s) => notice.subscriptions.includes(s.id));
  const keyed = outageOfflineNotice(t, locale, named, plan, quote);
  return keyed ? t(keyed.key, keyed.vars) : t("outage-offline");
}

/** "just now", "2 min ago", "3 h ago", "2 d ago": how long ago `at` was (the clock's `now`). */
export function agoText(t: Translate, now: number, at: number): string {
  const ms = Math.max(0, now - at);
  if (ms < MINUTE) return t("status-ago-now");
  if (ms < HOUR) return t("status-ago-minutes", { n: Math.floor(ms / MINUTE) });
  if (ms < DAY) return t("status-ago-hours", { n: Math.floor(ms / HOUR) });
  return t("status-ago-days", { n: Math.floor(ms / DAY) });
}

/** "checked 2 min ago", or "not checked yet". */
export function checkedText(t: Translate, now: number, at: number | undefined): string {
  return at === undefined ? t("status-checked-never") : t("status-checked", { ago: agoText(t, now, at) });
}
