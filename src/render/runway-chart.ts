import type { DayUse } from "../domain/fleet/index.js";

/** The bar heights, lowest first. */
const BARS = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] as const;
/** A day with no figure (no reading on any subscription). */
const GAP = "·";

/**
 * The last `count` days' use as one line of bars, scaled so the daily budget is the fourth bar
 * (`▄`): a bar above it is a day over budget, the full bar twice the budget or more. A day with
 * no figure is a dot. Pure: the chat shows it in a <code> line.
 */
export function runwayChart(
  days: readonly DayUse[],
  budgetBytes: number,
  lastDate: string,
  count = 14,
): string {
  const byDate = new Map(days.map((d) => [d.date, d.bytes]));
  const last = Date.parse(`${lastDate}T00:00:00Z`);
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const date = new Date(last - i * 86_400_000).toISOString().slice(0, 10);
    const bytes = byDate.get(date);
    out.push(bytes === undefined ? GAP : barOf(bytes, budgetBytes));
  }
  return out.join("");
}

/** The bar standing for the budget itself. */
export const BUDGET_BAR = BARS[3];

/** Quarters of the budget up to it (▁▂▃▄), quarters above it (▅▆▇), twice it or more █. */
function barOf(bytes: number, budget: number): string {
  if (budget <= 0 || bytes <= 0) return BARS[0];
  const ratio = bytes / budget;
  const index = ratio <= 1 ? Math.ceil(ratio * 4) - 1 : 3 + Math.ceil((ratio - 1) * 4);
  return BARS[Math.min(BARS.length - 1, Math.max(0, index))] as string;
}
