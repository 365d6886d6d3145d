import type { Locale } from "../config.js";
import type { RunwayFix } from "../domain/fleet/index.js";
import { formatNumber, html } from "./format.js";
import type { Translate } from "./i18n-like.js";

/**
 * One runway fix as a line (HTML), for the chat's screens and the staff's alerts alike: top up N,
 * extend server X, move M customers off it (`name`: the server's, for a move).
 */
export function runwayFixLine(
  t: Translate,
  locale: Locale,
  fix: RunwayFix,
  name: string,
  currency: string,
): string {
  switch (fix.kind) {
    case "top-up":
      return t("runway-fix-top-up", { amount: `${formatNumber(locale, fix.amount)} ${html(currency)}` });
    case "extend":
      return t("runway-fix-extend", { name: html(fix.name) });
    case "move":
      return t("runway-fix-move", { customers: fix.customers, name: html(name) });
  }
}
