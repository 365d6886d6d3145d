import type { Locale } from "../config.js";
import { dateFormat, numberFormat } from "../runtime/intl-cache.js";

const GB = 1024 ** 3;

/** Byte units and the short day, hour and minute words, per language. */
const UNITS: Record<Locale, { bytes: readonly string[]; duration: readonly [string, string, string] }> = {
  en: { bytes: ["B", "KB", "MB", "GB", "TB"], duration: ["d", "h", "min"] },
  ru: { bytes: ["Б", "КБ", "МБ", "ГБ", "ТБ"], duration: ["д", "ч", "мин"] },
  uk: { bytes: ["Б", "КБ", "МБ", "ГБ", "ТБ"], duration: ["д", "год", "хв"] },
  fa: { bytes: ["بایت", "کیلوبایت", "مگابایت", "گیگابایت", "ترابایت"], duration: ["روز", "ساعت", "دقیقه"] },
};

/** 1 234,5 / 1,234.5: numbers the way the reader's language writes them. */
export function formatNumber(locale: Locale, value: number, maxFractionDigits = 2): string {
  return numberFormat(locale, { maximumFractionDigits: maxFractionDigits }).format(value);
}

/** Bytes as B, KB, MB, GB or TB (binary units, which is what VPN panels count). */
export function formatBytes(locale: Locale, bytes: number): string {
  const units = UNITS[locale].bytes;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatNumber(locale, value, unit === 0 ? 0 : value >= 100 ? 0 : 1)} ${units[unit]}`;
}

export function formatGb(locale: Locale, gb: number): string {
  return formatBytes(locale, gb * GB);
}

let shopTimeZone = "UTC";

/**
 * The shop's time zone (SHOP_TIME_ZONE, an IANA name already checked by the config): every date
 * customers and admins read is shown in it. Set once by the composition root at start.
 */
export function setShopTimeZone(zone: string): void {
  shopTimeZone = zone;
}

export function getShopTimeZone(): string {
  return shopTimeZone;
}

/** A date and time in the shop's zone, named: "1 Dec 2026, 14:05 UTC", "1 Dec 2026, 17:05 GMT+3". */
export function formatDateTime(locale: Locale, ms: number): string {
  return dateFormat(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: shopTimeZone,
    timeZoneName: "short",
    hourCycle: "h23",
  }).format(ms);
}

/** The day of `ms` in the shop's zone (or `zone`: "UTC" for a UTC day's label), e.g. "1 Dec 2026". */
export function formatDate(locale: Locale, ms: number, zone = shopTimeZone): string {
  return dateFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: zone }).format(ms);
}

/** The day and month of `ms` in the shop's zone, e.g. "1 Dec". */
export function formatDayMonth(locale: Locale, ms: number): string {
  return dateFormat(locale, { day: "numeric", month: "short", timeZone: shopTimeZone }).format(ms);
}

/** Uptime as "3 d 4 h" / "5 h 12 min" / "42 min". */
export function formatDuration(locale: Locale, seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  const [dd, hh, mm] = UNITS[locale].duration;
  if (d > 0) return `${d} ${dd} ${h} ${hh}`;
  if (h > 0) return `${h} ${hh} ${m} ${mm}`;
  return `${m} ${mm}`;
}

/** A ten-cell bar for used / limit; a limit of 0 means unlimited (no bar). */
export function usageBar(used: number, limit: number, cells = 10): string {
  if (limit <= 0) return "";
  const ratio = Math.min(1, Math.max(0, used / limit));
  const full = Math.round(ratio * cells);
  return `${"▓".repeat(full)}${"░".repeat(cells - full)} ${Math.round(ratio * 100)}%`;
}

/** Escapes text for Telegram's HTML parse mode. */
export function html(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * A chat text (Telegram HTML: tags, escaped values) as plain text, for the cabinet, which sets
 * text: the tags go, the escaped characters come back. Values in it were escaped by `html`, so a
 * `<` left is never a tag.
 */
export function htmlToText(text: string): string {
  return text
    .replace(/<[^<>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}
