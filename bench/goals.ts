/**
 * Every figure issue 29 sets a goal for is printed through `goal`, with the goal beside it and
 * whether this run met it, and collected so a bench can end with a summary of them all.
 */
export interface Goal {
  figure: string;
  value: string;
  target: string;
  met: boolean;
}

const goals: Goal[] = [];

/** Prints one figure with its goal ("met" or "MISSED") and keeps it for `printGoals`. */
export function goal(figure: string, value: string, target: string, met: boolean): void {
  goals.push({ figure, value, target, met });
  process.stdout.write(`  GOAL ${met ? "met   " : "MISSED"} ${figure}: ${value} (goal ${target})\n`);
}

/** Every goal printed by this process so far, one line each. */
export function printGoals(title: string): void {
  if (goals.length === 0) return;
  process.stdout.write(`\n${title}\n`);
  for (const g of goals) {
    process.stdout.write(
      `  ${g.met ? "met   " : "MISSED"} ${g.figure.padEnd(60)} ${g.value.padStart(14)}  goal ${g.target}\n`,
    );
  }
}
