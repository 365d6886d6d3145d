import type { LedgerEntry } from "./wallet.js";

/**
 * One line of a customer's history as they lived it. An order paid by a Telegram invoice is
 * recorded as two ledger entries written in one step: the charge's top-up, then the purchase (or
 * renewal) it paid. They are read as one item, `entry` the purchase and `charge` its top-up; the
 * records themselves stay as they are.
 */
export interface HistoryItem {
  entry: LedgerEntry;
  /** The invoice's top-up that paid `entry` (all of its price, or the part the balance lacked). */
  charge?: LedgerEntry;
}

/** An order's payment from the wallet: a purchase, a renewal or a traffic pack. */
export function isOrderPayment(entry: Pick<LedgerEntry, "kind">): boolean {
  return entry.kind === "purchase" || entry.kind === "renewal" || entry.kind === "pack";
}

/** How far apart the two entries of one step written before top-ups named their order may be. */
const SAME_STEP_MS = 1_000;

/**
 * Whether `older`, the entry right before `entry` in the ledger, is the top-up of the invoice
 * that paid it. Top-ups name their order; older ones are recognised by what the step wrote: a
 * top-up of no more than the price, at the same moment, right before the purchase.
 */
export function paidByCharge(entry: LedgerEntry, older: LedgerEntry | undefined): older is LedgerEntry {
  if (older?.kind !== "topup") return false;
  if (!isOrderPayment(entry)) return false;
  if (older.order !== undefined) return older.order === entry.ref;
  return (
    entry.at - older.at >= 0 &&
    entry.at - older.at <= SAME_STEP_MS &&
    older.amount <= -entry.amount &&
    older.customerId === entry.customerId
  );
}

/**
 * The items of one page of the ledger (newest first), given the entry just before the page
 * (newer, on the page before) and the one just after it (older, on the next page). A purchase at
 * the page's end takes its top-up from the next page; a top-up at the page's start whose purchase
 * closed the page before is left out (it was shown there).
 */
export function historyItems(
  page: readonly LedgerEntry[],
  before: LedgerEntry | undefined,
  after: LedgerEntry | undefined,
): HistoryItem[] {
  const items: HistoryItem[] = [];
  for (let i = 0; i < page.length; i++) {
    const entry = page[i] as LedgerEntry;
    if (i === 0 && before && paidByCharge(before, entry)) continue;
    const older = i + 1 < page.length ? page[i + 1] : after;
    if (paidByCharge(entry, older)) {
      items.push({ entry, charge: older });
      i++;
    } else {
      items.push({ entry });
    }
  }
  return items;
}
