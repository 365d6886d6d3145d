import type { Locale } from "../config.js";
import type { Subscription } from "../domain/books/index.js";
import type { Plan } from "../domain/catalog/index.js";
import { subscriptionTitle, type Titled } from "./access.js";
import { html } from "./format.js";
import type { Translate } from "./i18n-like.js";
import { accessLocationNames } from "./locations.js";

/** A message key and its values. */
export interface KeyedText {
  key: string;
  vars: Record<string, string | number>;
}

/**
 * The outage notice that names a customer's subscriptions on the server that is down (their
 * titles, a trial by its own term, and where the catalog names a location, the location), or
 * undefined without any (the common "outage-offline" then). Never the server's name or address:
 * that is the hosting's inside, not what the customer bought. The notifier sends it (`quote`:
 * HTML-escaped), the cabinet shows it again later (as text).
 */
export function outageOfflineNotice(
  t: Translate,
  locale: Locale,
  subs: readonly (Titled & Pick<Subscription, "ref">)[],
  plan: (id: string) => Plan | undefined,
  quote: (text: string) => string = html,
): KeyedText | undefined {
  if (subs.length === 0) return undefined;
  const titles = new Set<string>();
  const places = new Set<string>();
  for (const s of subs) {
    const p = plan(s.planId);
    titles.add(`«${quote(subscriptionTitle(t, locale, s, p))}»`);
    for (const name of accessLocationNames(t, locale, s.ref, p)) if (name) places.add(quote(name));
  }
  const vars = { plans: [...titles].join(", "), count: titles.size };
  if (places.size === 0) return { key: "outage-offline-plans", vars };
  return { key: "outage-offline-plans-at", vars: { ...vars, locations: [...places].join(", ") } };
}
