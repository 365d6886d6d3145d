import type { InlineKeyboard } from "grammy";
import type { Locale } from "../config.js";
import type { Undeliverable } from "../domain/sales/index.js";
import { formatDate, formatDateTime, html } from "./format.js";
import type { Translate } from "./i18n-like.js";
import { extendServerButton } from "./notice-buttons.js";

/** What the order would have been: a purchase (or a gift), a renewal or a traffic pack. */
export type OfferKind = "purchase" | "renewal" | "pack";

/**
 * Why the customer cannot have this order now, in their words: nothing was charged, the admins
 * know, and when to try again (HTML).
 */
export function undeliverableText(t: Translate, locale: Locale, kind: OfferKind, why: Undeliverable): string {
  // A pack leaves the term alone: only its access being gone or out of reach stands in its way.
  if (kind === "pack" && why.reason !== "server-short")
    return t(
      why.reason === "client-gone" ? "undeliverable-pack-client-gone" : "undeliverable-pack-location-down",
    );
  switch (why.reason) {
    case "server-short":
      return t("undeliverable-server-short", {
        kind,
        needed: formatDate(locale, why.needed),
      });
    case "location-down":
      return t("undeliverable-location-down", { kind });
    case "client-gone":
      return t("undeliverable-client-gone");
  }
}

/** Who the order was for, as the admins read it: name, @username and id. */
export interface AlertCustomer {
  id: number;
  firstName?: string | undefined;
  username?: string | undefined;
}

export function customerLabel(c: AlertCustomer): string {
  const name = c.firstName ? html(c.firstName) : "";
  const at = c.username ? ` @${html(c.username)}` : "";
  return `${name}${at} (${c.id})`.trim();
}

/**
 * The admins' alert of an order that was not offered (HTML), with the "Extend server" button
 * when an extension would let the shop sell it.
 */
export function undeliverableAlert(
  t: Translate,
  locale: Locale,
  input: { kind: OfferKind; plan: string; customer: AlertCustomer; why: Undeliverable; autoExtend: boolean },
): { text: string; keyboard: InlineKeyboard | undefined } {
  const { why } = input;
  const vars = { kind: input.kind, plan: html(input.plan), customer: customerLabel(input.customer) };
  if (input.kind === "pack" && why.reason === "location-down")
    return {
      text: t("alert-undeliverable-pack-location", { ...vars, location: html(why.location) }),
      keyboard: undefined,
    };
  if (input.kind === "pack" && why.reason === "client-gone")
    return { text: t("alert-undeliverable-pack-gone", vars), keyboard: undefined };
  if (why.reason === "server-short" && why.server) {
    const text = t("alert-undeliverable-server", {
      ...vars,
      server: html(why.server.name),
      id: why.server.id,
      paid: formatDateTime(locale, why.server.paidUntil),
      needed: formatDateTime(locale, why.needed),
      auto: input.autoExtend ? "on" : "off",
    });
    return { text, keyboard: extendServerButton(t("alert-extend-server"), why.server.id) };
  }
  if (why.reason === "server-short") {
    return { text: t("alert-undeliverable-no-server", vars), keyboard: undefined };
  }
  if (why.reason === "location-down") {
    return {
      text: t("alert-undeliverable-location", { ...vars, location: html(why.location) }),
      keyboard: undefined,
    };
  }
  return { text: t("alert-undeliverable-gone", vars), keyboard: undefined };
}
