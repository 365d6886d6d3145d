import {
  HostingApiError,
  HostingInputError,
  HostingNetworkError,
  HostingSchemaError,
  HostingTimeoutError,
} from "../hosting/errors.js";
import type { Translate } from "./i18n-like.js";

/**
 * A hosting failure as a short explanation with a way forward, in the reader's language.
 * Endpoint-specific meanings (extend's 400, xray-update's 409/502/503) are handled by callers first.
 */
export function hostingErrorText(t: Translate, err: unknown): string {
  if (err instanceof HostingApiError) {
    switch (err.kind) {
      case "unauthorized":
        return t("hosting-error-unauthorized");
      case "lte_required":
        return t("hosting-error-lte");
      case "forbidden":
        return t("hosting-error-forbidden");
      case "not_found":
        return t("hosting-error-not-found");
      case "conflict":
        return t("hosting-error-conflict", { detail: err.detail });
      case "unavailable":
        return t("hosting-error-unavailable");
      case "bad_request":
        return t("hosting-error-bad-request", { detail: err.detail });
      default:
        return t("hosting-error-status", { status: err.status, detail: err.detail });
    }
  }
  if (err instanceof HostingTimeoutError || err instanceof HostingNetworkError)
    return t("hosting-error-unreachable");
  if (err instanceof HostingSchemaError) return t("hosting-error-unexpected");
  if (err instanceof HostingInputError) return t("hosting-error-input", { problem: err.message });
  throw err;
}

/** True for the error families `hostingErrorText` explains. */
export function isExplainable(err: unknown): boolean {
  return (
    err instanceof HostingApiError ||
    err instanceof HostingTimeoutError ||
    err instanceof HostingNetworkError ||
    err instanceof HostingSchemaError ||
    err instanceof HostingInputError
  );
}
