/** The most events (e.g. the times of sends) seen in any window of `ms` milliseconds. */
export function peak(times: number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while ((sorted[i] ?? 0) - (sorted[j] ?? 0) >= ms) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}
