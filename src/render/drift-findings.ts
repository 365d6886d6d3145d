import type { Locale } from "../config.js";
import type { Finding } from "../domain/drift/index.js";
import { formatDateTime, html } from "./format.js";
import type { Translate } from "./i18n-like.js";

/**
 * One finding in a line (admins' report and the Sync view): its kind and what it is about; a
 * followed expiry with the dates before and after, in `locale`.
 */
export function findingLine(t: Translate, f: Finding, locale: Locale): string {
  const vars: Record<string, string | number> =
    f.kind === "orphan"
      ? { name: html(f.ref.name), place: f.ref.kind === "xui" ? `xui ${f.ref.serverId}` : f.ref.kind }
      : { subscription: f.subscriptionId, customer: String(f.customerId) };
  if (f.kind === "location_drift") vars.location = html(f.location);
  if (f.kind === "expiry_changed") {
    const date = (ms: number) => (ms > 0 ? formatDateTime(locale, ms) : t("access-no-expiry"));
    vars.from = date(f.from);
    vars.to = date(f.to);
  }
  if (f.kind === "server_gone") {
    vars.server = String(f.serverId);
    vars.reason = t(`drift-gone-${f.reason}`);
  }
  return t(`drift-line-${f.kind}`, vars);
}
