import type { Locale } from "../config.js";
import type { Plan } from "../domain/catalog/index.js";
import { formatGb, formatNumber } from "./format.js";
import type { Translate } from "./i18n-like.js";
import { planLocationNames } from "./locations.js";

/**
 * Term, traffic, devices and the named locations of a plan, in one line. `quote` makes the
 * location names (catalog text) safe where the line goes: HTML-escaped for the chat, left as they
 * are (the default) for the cabinet's JSON.
 */
export function planDetailsLine(
  t: Translate,
  locale: Locale,
  plan: Plan,
  quote: (text: string) => string = (text) => text,
): string {
  const parts = [
    t("shop-days", { days: plan.days }),
    t("shop-traffic", {
      traffic: plan.traffic_gb > 0 ? formatGb(locale, plan.traffic_gb) : t("shop-unlimited"),
    }),
    t("shop-devices", {
      devices: plan.devices > 0 ? formatNumber(locale, plan.devices) : t("shop-unlimited"),
    }),
  ];
  const where = planLocationNames(t, locale, plan);
  if (where.length > 0) parts.push(t("shop-locations", { names: quote(where.join(", ")) }));
  return parts.join(" · ");
}
