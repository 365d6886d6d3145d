import type { Translate } from "#src/bot/kit/index.js";
import type { Locale } from "#src/config.js";
import {
  type LocationOutcome,
  type PanelLocationInfo,
  PanelNotConfiguredError,
  PanelUuidConflictError,
} from "#src/domain/fleet/index.js";
import { HostingApiError, HostingNetworkError, HostingTimeoutError } from "#src/hosting/errors.js";
import { MAIN_LOCATION, PanelUnknownNodeError } from "#src/hosting/panel/index.js";
import { formatDateTime, formatGb, formatNumber, html } from "#src/render/format.js";
import { hostingErrorText } from "#src/render/hosting-error.js";

/**
 * How the Panel section names locations, explains failures and writes terms and limits. What
 * comes back from PanelClients is turned into plain rows here (labels and error texts), so it
 * can go through a conversation's replay.
 */

/** A location with its label (plain text: escape it for HTML). */
export interface LocationLabel extends PanelLocationInfo {
  label: string;
}

/** One location's part of a change, explained. */
export interface LocationRow extends Omit<LocationOutcome, "location" | "error"> {
  location: LocationLabel;
  error?: string;
}

export function locationLabel(t: Translate, id: string, name?: string): string {
  if (id === MAIN_LOCATION) return t("panel-loc-main");
  return name ? t("panel-loc-node", { name, id }) : t("panel-loc-node-id", { id });
}

export function labelled(t: Translate, l: PanelLocationInfo): LocationLabel {
  return { ...l, label: locationLabel(t, l.id, l.name) };
}

/**
 * A panel failure explained, in the reader's language. A 502 through `fed/lproxy` means the main
 * panel could not reach the connected one; a 401 means the panel token, not the account key.
 */
export function panelErrorText(t: Translate, err: unknown, location?: LocationLabel): string {
  if (err instanceof PanelNotConfiguredError) return t("panel-not-configured");
  if (err instanceof PanelUuidConflictError) return t("panel-create-taken", { name: html(err.clientName) });
  // Its 404 looks like "no such client", but the client may well live on at that panel.
  if (err instanceof PanelUnknownNodeError) return t("panel-error-unknown-node", { node: html(err.nodeId) });
  if (err instanceof HostingApiError) {
    if (err.kind === "unauthorized") return t("panel-error-unauthorized");
    if (location && location.id !== MAIN_LOCATION && err.status === 502) {
      return t("panel-error-location-unreachable", { location: html(location.label) });
    }
  }
  if (err instanceof HostingTimeoutError || err instanceof HostingNetworkError) {
    return t("panel-error-unreachable");
  }
  return hostingErrorText(t, err);
}

/** The rows of a change with their locations labelled and their errors explained (plain data). */
export function explainRows(t: Translate, rows: LocationOutcome[]): LocationRow[] {
  return rows.map(({ location, error, ...rest }) => {
    const where = labelled(t, location);
    const row: LocationRow = { ...rest, location: where };
    if (rest.state === "failed") row.error = panelErrorText(t, error, where);
    return row;
  });
}

export function limitGbText(t: Translate, locale: Locale, gb: number): string {
  return gb > 0 ? formatGb(locale, gb) : t("panel-unlimited");
}

export function devicesLimitText(t: Translate, locale: Locale, n: number): string {
  return n > 0 ? formatNumber(locale, n) : t("panel-unlimited");
}

export function expiryText(t: Translate, locale: Locale, expiresAt: number, nowMs: number): string {
  if (expiresAt <= 0) return t("panel-no-expiry");
  const date = formatDateTime(locale, expiresAt * 1000);
  return expiresAt * 1000 <= nowMs ? t("panel-expired-on", { date }) : t("panel-until", { date });
}
