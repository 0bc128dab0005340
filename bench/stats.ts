/** Median and percentiles of timing samples. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export const median = (samples: readonly number[]): number => percentile(samples, 50);

export const round = (x: number, digits = 2): number => Number(x.toFixed(digits));
