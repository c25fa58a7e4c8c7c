/** The figures every bench prints for a set of timings (milliseconds). */
export interface Summary {
  median: number;
  p95: number;
  min: number;
  max: number;
  runs: number;
}

/** Median and p95 are the samples at those ranks (no interpolation), so each is a run that happened. */
export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return {
    median: at(0.5),
    p95: at(0.95),
    min: sorted[0] ?? NaN,
    max: sorted[sorted.length - 1] ?? NaN,
    runs: sorted.length,
  };
}

export const median = (samples: readonly number[]): number => summarize(samples).median;
