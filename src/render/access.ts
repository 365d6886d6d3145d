import type { Locale } from "../config.js";
import type { AccessLinks, Subscription } from "../domain/books/index.js";
import type { Plan } from "../domain/catalog/index.js";
import { inLocale } from "../domain/catalog/index.js";
import { DAY } from "../runtime/clock.js";
import { formatDate, formatGb, html } from "./format.js";
import type { Translate } from "./i18n-like.js";

/** At most this many links in one message (Telegram's 4096-character limit). */
const MAX_LINKS = 5;

export interface AccessSummary {
  title: string;
  expiresAt: number;
  trafficGb: number;
  devices: number;
}

/** The term of an access in one line: until when, how much traffic, how many devices. */
export function termLine(t: Translate, locale: Locale, s: AccessSummary): string {
  return t("access-term", {
    until: s.expiresAt ? formatDate(locale, s.expiresAt) : t("access-no-expiry"),
    traffic: s.trafficGb > 0 ? formatGb(locale, s.trafficGb) : t("access-unlimited"),
    devices: s.devices > 0 ? String(s.devices) : t("access-unlimited"),
  });
}

/** The links block: VLESS links in copyable code blocks, the subscription URL, and how to connect. */
export function accessText(t: Translate, links: AccessLinks): string {
  const parts: string[] = [];
  const shown = links.links.slice(0, MAX_LINKS);
  if (shown.length > 0) {
    parts.push(t("access-links", { count: shown.length }));
    for (const link of shown) parts.push(`<code>${html(link)}</code>`);
  }
  if (links.subscriptionUrl) {
    parts.push("", t("access-subscription"), `<code>${html(links.subscriptionUrl)}</code>`);
  }
  parts.push("", t("access-howto"));
  return parts.join("\n");
}

/** What the QR picture encodes: the subscription URL when there is one (it keeps itself up to date). */
export function qrTarget(links: AccessLinks): string | undefined {
  return links.subscriptionUrl ?? links.links[0];
}

export function planTitle(plan: Plan | undefined, locale: Locale, fallback: string): string {
  return plan ? inLocale(plan.title, locale) : fallback;
}

/** What a subscription's title depends on. */
export type Titled = Pick<Subscription, "planId" | "trial" | "trafficGb" | "expiresAt" | "createdAt">;

/**
 * The one title of a subscription, wherever it is shown (/my, the cabinet, reminders, traffic and
 * outage notices): its plan's title, or for a free trial its own term ("Free trial · 1 day, 1 GB"),
 * never the paid plan it runs on. The trial's days are its own (from its start to its expiry).
 */
export function subscriptionTitle(t: Translate, locale: Locale, sub: Titled, plan: Plan | undefined): string {
  if (!sub.trial) return planTitle(plan, locale, sub.planId);
  const traffic = sub.trafficGb > 0 ? formatGb(locale, sub.trafficGb) : t("delivery-trial-unlimited");
  if (sub.expiresAt <= 0) return t("sub-title-trial-open", { traffic });
  const days = Math.max(1, Math.round((sub.expiresAt - sub.createdAt) / DAY));
  return t("sub-title-trial", { days, traffic });
}
