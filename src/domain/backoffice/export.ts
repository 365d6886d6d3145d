import type { Customers, LedgerEntry, Subscription, Subscriptions, Wallet } from "../books/index.js";
import { currencyExponent } from "../catalog/index.js";

/**
 * CSV exports of the shop for its admins (spreadsheets, accounting): customers, subscriptions and
 * the ledger. Each is produced page by page from the indexes the shop keeps (customers by first
 * contact, each customer's subscriptions, the ledger's journal), so memory stays bounded however
 * large the shop: a page is read, written out and dropped. The indexes are read by position: the
 * customer index and the journal only grow at their end, so a page never repeats or skips a row
 * while the shop keeps working during the export (a SCAN cursor may return an element twice).
 */
export const EXPORT_KINDS = ["customers", "subscriptions", "ledger"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export interface ExportSources {
  customers: Pick<Customers, "ids" | "get">;
  subscriptions: Pick<Subscriptions, "ofCustomer">;
  wallet: Pick<Wallet, "balance" | "journal" | "currency"> &
    Partial<Pick<Wallet, "archivedEntries" | "journalStart">>;
}

/** Rows read from Redis per step. */
export const EXPORT_PAGE = 200;

type Cell = string | number | boolean | undefined;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or edge spaces.
 * A text starting with = + - @ (or a tab or CR) gets a leading apostrophe, so a spreadsheet never
 * runs it as a formula (a customer may call themselves `=HYPERLINK(...)`); plain numbers are left alone.
 */
export function csvField(value: Cell): string {
  if (value === undefined) return "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  let text = typeof value === "number" ? String(value) : value;
  // A plain number ("-150", an amount) is no formula.
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(csvField).join(",")}\r\n`;
}

/** Minor units as a major amount with the currency's decimals, exactly ("4.99", "-150"). */
export function majorAmount(currency: string, minor: number): string {
  const exp = currencyExponent(currency);
  if (exp === 0) return String(minor);
  const digits = String(Math.abs(minor)).padStart(exp + 1, "0");
  const sign = minor < 0 ? "-" : "";
  return `${sign}${digits.slice(0, -exp)}.${digits.slice(-exp)}`;
}

/** A time as ISO 8601 UTC ("" for none). */
function iso(ms: number | undefined): string {
  return ms ? new Date(ms).toISOString() : "";
}

const HEADERS: Record<ExportKind, readonly string[]> = {
  customers: [
    "customer_id",
    "username",
    "first_name",
    "language",
    "first_seen",
    "blocked_by_admin",
    "blocked_the_bot",
    "trial_used_at",
    "balance",
    "currency",
  ],
  subscriptions: [
    "subscription_id",
    "customer_id",
    "plan_id",
    "status",
    "trial",
    "expires_at",
    "created_at",
    "traffic_gb",
    "devices",
    "backend",
    "client_name",
  ],
  ledger: [
    "entry_id",
    "at",
    "customer_id",
    "kind",
    "amount",
    "currency",
    "balance_after",
    "ref",
    "plan_id",
    "note",
  ],
};

/**
 * The CSV of `kind`, as text chunks (the header, then one chunk per page), starting with a UTF-8
 * byte order mark so spreadsheet programs read non-Latin names right.
 */
export async function* exportCsv(kind: ExportKind, src: ExportSources, now: number): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(HEADERS[kind])}`;
  if (kind === "ledger") {
    // The archived entries first (older than any in Redis), then the journal from its first in Redis.
    const page: LedgerEntry[] = [];
    for await (const entry of src.wallet.archivedEntries?.() ?? []) {
      page.push(entry);
      if (page.length === EXPORT_PAGE) yield page.splice(0).map(ledgerLine).join("");
    }
    if (page.length > 0) yield page.map(ledgerLine).join("");
    for (let from = (await src.wallet.journalStart?.()) ?? 0; ; from += EXPORT_PAGE) {
      const entries = await src.wallet.journal(from, EXPORT_PAGE);
      if (entries.length > 0) yield entries.map(ledgerLine).join("");
      if (entries.length < EXPORT_PAGE) return;
    }
  }
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const ids = await src.customers.ids(offset, EXPORT_PAGE);
    const lines = await Promise.all(
      ids.map((id) => (kind === "customers" ? customerLine(src, id) : subscriptionLines(src, id, now))),
    );
    if (lines.length > 0) yield lines.join("");
    if (ids.length < EXPORT_PAGE) return;
  }
}

/** The same chunks as bytes, for an upload (grammY's InputFile takes an async iterable). */
export async function* exportCsvBytes(
  kind: ExportKind,
  src: ExportSources,
  now: number,
): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  for await (const chunk of exportCsv(kind, src, now)) yield encoder.encode(chunk);
}

/** `customers-2025-01-31.csv`: the kind and the UTC day of the export. */
export function exportFileName(kind: ExportKind, now: number): string {
  return `${kind}-${new Date(now).toISOString().slice(0, 10)}.csv`;
}

async function customerLine(src: ExportSources, id: number): Promise<string> {
  const [c, balance] = await Promise.all([src.customers.get(id), src.wallet.balance(id)]);
  if (!c) return "";
  const { currency } = src.wallet;
  return csvLine([
    c.id,
    c.username,
    c.firstName,
    c.locale,
    iso(c.createdAt),
    c.blocked,
    c.botBlocked,
    iso(c.trialUsedAt),
    majorAmount(currency, balance),
    currency,
  ]);
}

async function subscriptionLines(src: ExportSources, customerId: number, now: number): Promise<string> {
  const subs = await src.subscriptions.ofCustomer(customerId);
  // Oldest first, as the other files run.
  return subs
    .slice()
    .reverse()
    .map((s) => subscriptionLine(s, now))
    .join("");
}

function subscriptionLine(s: Subscription, now: number): string {
  const status = s.removedAt ? "removed" : s.expiresAt !== 0 && s.expiresAt <= now ? "expired" : "active";
  return csvLine([
    s.id,
    s.customerId,
    s.planId,
    status,
    s.trial,
    iso(s.expiresAt),
    iso(s.createdAt),
    s.trafficGb,
    s.devices,
    s.ref.kind,
    s.ref.name,
  ]);
}

function ledgerLine(e: LedgerEntry): string {
  return csvLine([
    e.id,
    iso(e.at),
    e.customerId,
    e.kind,
    majorAmount(e.currency, e.amount),
    e.currency,
    majorAmount(e.currency, e.balance),
    e.ref,
    e.planId,
    e.note,
  ]);
}
