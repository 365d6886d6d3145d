import type { Locale } from "../config.js";
import type { ShopClosed } from "../domain/catalog/index.js";
import { formatDateTime, html } from "./format.js";
import type { Translate } from "./i18n-like.js";

/** What customers read while the shop is closed, in parts (the chat joins them, the cabinet shows them). */
export interface MaintenanceWords {
  /** Closed for maintenance. */
  title: string;
  /** The admins' own message, as they wrote it (plain text: quote it where it is HTML). */
  message: string | undefined;
  /** Why, when the shop closed by itself (the hosting account does not answer). */
  reason: string | undefined;
  /** When the shop is expected back, when the admins said. */
  until: string | undefined;
}

/** The parts of the notice for `closed`, in the reader's language. */
export function maintenanceWords(t: Translate, locale: Locale, closed: ShopClosed): MaintenanceWords {
  const title = t("maintenance-closed");
  if (closed.kind === "auto")
    return { title, message: undefined, reason: t("maintenance-auto-reason"), until: undefined };
  return {
    title,
    message: closed.message,
    reason: undefined,
    until:
      closed.endsAt === undefined
        ? undefined
        : t("maintenance-until", { date: formatDateTime(locale, closed.endsAt) }),
  };
}

/**
 * The chat's notice (HTML): closed, until when, the admins' message quoted (or why it closed by
 * itself), and what still works (their subscriptions and links, the wallet, help; payments made).
 */
export function maintenanceText(t: Translate, locale: Locale, closed: ShopClosed): string {
  const words = maintenanceWords(t, locale, closed);
  return [
    words.title,
    words.until,
    words.message === undefined ? undefined : `<blockquote>${html(words.message)}</blockquote>`,
    words.reason,
    t("maintenance-still-open"),
  ]
    .filter((part): part is string => part !== undefined)
    .join("\n\n");
}
