/*
 * Paired differences of an A/B benchmark run in interleaved blocks (bench/operations.ts): each block
 * measures A and B back to back, so a drift of a shared machine's load falls on both alike, and the
 * block's difference is one sample. Over many blocks the median difference and a distribution-free
 * confidence interval for it (order statistics of the binomial sign test: no assumption that the
 * noise is normal, and a few wild blocks move it little) say whether a difference is resolved.
 */

export type PairedSummary = {
  blocks: number;
  /** Median of the blocks' differences. */
  median: number;
  /** First and third quartiles (the spread of the middle half). */
  q1: number;
  q3: number;
  min: number;
  max: number;
  /** A confidence interval for the median, and its actual coverage (at least `confidence`). */
  low: number;
  high: number;
  coverage: number;
};

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

/** The sample quantile `q` of sorted values (linear between the two nearest ranks). */
function quantile(sorted: number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.ceil(at);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

/** P(X <= k) for X ~ Binomial(n, 1/2). */
function binomialHalfCdf(n: number, k: number): number {
  let term = 0.5 ** n;
  let sum = term;
  for (let i = 1; i <= k; i += 1) {
    term = (term * (n - i + 1)) / i;
    sum += term;
  }
  return sum;
}

/**
 * The sign test's interval for the median: the k-th smallest and k-th largest values, with k the
 * largest rank such that P(X < k) <= (1 - confidence) / 2. Fewer than 6 blocks give no 95% interval:
 * it is then the whole range (coverage below 95%, reported as such).
 */
export function summarizeDifferences(differences: number[], confidence = 0.95): PairedSummary {
  if (differences.length === 0) throw new Error("no blocks to summarize");
  const sorted = [...differences].sort((a, b) => a - b);
  const n = sorted.length;
  const tail = (1 - confidence) / 2;
  let k = 1;
  while (k + 1 <= Math.ceil(n / 2) && binomialHalfCdf(n, k) <= tail) k += 1;
  // k is now the largest rank (1-based) whose lower tail P(X <= k - 1) is within the tail (or 1).
  const coverage = 1 - 2 * binomialHalfCdf(n, k - 1);
  return {
    blocks: n,
    median: round(quantile(sorted, 0.5)),
    q1: round(quantile(sorted, 0.25)),
    q3: round(quantile(sorted, 0.75)),
    min: round(sorted[0]!),
    max: round(sorted[n - 1]!),
    low: round(sorted[k - 1]!),
    high: round(sorted[n - k]!),
    coverage: round(coverage, 4),
  };
}

export type Verdict = {
  /** The interval includes 0: no difference this run can tell from its own noise. */
  withinNoise: boolean;
  /** met: the whole interval is at most the limit; not met: the whole interval is above it; else unresolved. */
  target: "met" | "not met" | "unresolved";
};

export function verdict(summary: PairedSummary, limit: number): Verdict {
  return {
    withinNoise: summary.low <= 0 && summary.high >= 0,
    target: summary.high <= limit ? "met" : summary.low > limit ? "not met" : "unresolved",
  };
}
