import type { Finding } from "../domain/drift/index.js";
import { html } from "./format.js";
import type { Translate } from "./i18n-like.js";

/** One finding in a line (admins' report and the Sync view): its kind and what it is about. */
export function findingLine(t: Translate, f: Finding): string {
  const vars: Record<string, string | number> =
    f.kind === "orphan"
      ? { name: html(f.ref.name), place: f.ref.kind === "xui" ? `xui ${f.ref.serverId}` : f.ref.kind }
      : { subscription: f.subscriptionId, customer: String(f.customerId) };
  if (f.kind === "location_drift") vars.location = html(f.location);
  if (f.kind === "server_gone") {
    vars.server = String(f.serverId);
    vars.reason = t(`drift-gone-${f.reason}`);
  }
  return t(`drift-line-${f.kind}`, vars);
}
