import type { Locale } from "../config.js";
import type { AccessRef } from "../domain/books/index.js";
import { ProvisioningError, ServerPaidTooBriefly } from "../domain/provisioning/index.js";
import {
  HostingApiError,
  HostingError,
  HostingInputError,
  HostingNetworkError,
  HostingSchemaError,
  HostingTimeoutError,
} from "../hosting/errors.js";
import { formatDateTime } from "./format.js";
import type { Translate } from "./i18n-like.js";

/** An API's own error text, cut short: enough to recognise it (`already exists`), not a dump. */
const DETAIL_MAX = 60;

/** What the call tried to do, from its HTTP method (the path itself stays in the log). */
function operationOf(method: string): string {
  switch (method.toUpperCase()) {
    case "POST":
      return "create";
    case "PATCH":
    case "PUT":
      return "change";
    case "DELETE":
      return "delete";
    default:
      return "read";
  }
}

function short(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > DETAIL_MAX ? `${one.slice(0, DETAIL_MAX - 1)}…` : one;
}

/**
 * Why an order failed, as a short sentence for the admins ("the node refused to create the
 * client (409 already exists)"), derived from the kind of error; the raw message with the API
 * path and status goes to the log. `cause` is the error itself, or the stored text when only
 * that is left (an interrupted refund finished later). Plain text (the alerts are not HTML).
 */
export function orderFailureText(t: Translate, cause: unknown, locale?: Locale): string {
  if (cause instanceof ServerPaidTooBriefly && locale) {
    const { server, needed } = cause;
    return t("failure-server-short", {
      server: server.name,
      id: server.id,
      paid: formatDateTime(locale, server.paidUntil),
      needed: formatDateTime(locale, needed),
    });
  }
  if (cause instanceof HostingApiError) {
    const vars = {
      api: cause.api,
      op: operationOf(cause.method),
      status: cause.status,
      detail: short(cause.detail || cause.code || ""),
    };
    switch (cause.kind) {
      case "unauthorized":
        return t("failure-unauthorized", vars);
      case "lte_required":
        return t("failure-lte", vars);
      case "forbidden":
        return t("failure-forbidden", vars);
      case "internal":
        return t("failure-internal", vars);
      case "unavailable":
        return t("failure-unavailable", vars);
      default:
        return t("failure-refused", vars);
    }
  }
  if (cause instanceof HostingError) {
    const api = cause.api;
    if (cause instanceof HostingTimeoutError) return t("failure-timeout", { api });
    if (cause instanceof HostingNetworkError) return t("failure-unreachable", { api });
    if (cause instanceof HostingSchemaError) return t("failure-unreadable", { api });
  }
  if (cause instanceof HostingInputError) return t("failure-input", { detail: short(cause.message) });
  if (cause instanceof ProvisioningError) return t("failure-provisioning", { detail: cause.message });
  return t("failure-unknown");
}

/** Where a hosting client lives, for an admin to find it: server, panel locations or the node. */
export function clientPlaceText(t: Translate, ref: AccessRef): string {
  if (ref.kind === "xui") return t("failure-place-xui", { id: ref.serverId });
  if (ref.kind === "panel") return t("failure-place-panel", { locations: ref.locations.join(", ") });
  return t("failure-place-node");
}
