/** Small helpers shared by the scenarios that prepare or produce work outside autocannon. */

/**
 * Runs `work(i)` for i = 0 … count-1 with at most `limit` calls in flight; resolves with the
 * results in index order. The first failure stops new calls and is thrown once those in flight end.
 */
export async function runBounded<T>(count: number, limit: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (failure === null) {
      const index = next++;
      if (index >= count) return;
      try {
        results[index] = await work(index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, count)) }, lane));
  if (failure !== null) throw (failure as { error: unknown }).error;
  return results;
}

/** Milliseconds since the epoch at sub-millisecond resolution (comparable with Date.now()). */
export function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The q-quantile (nearest rank) of ascending samples. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export interface LatencySummary {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  minMs: number;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function summarize(samplesMs: number[]): LatencySummary {
  if (samplesMs.length === 0) return { count: 0, p50Ms: Number.NaN, p99Ms: Number.NaN, maxMs: Number.NaN, meanMs: Number.NaN, minMs: Number.NaN };
  const sorted = Float64Array.from(samplesMs).sort();
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    count: sorted.length,
    p50Ms: round3(quantile(sorted, 0.5)),
    p99Ms: round3(quantile(sorted, 0.99)),
    maxMs: round3(sorted[sorted.length - 1]),
    meanMs: round3(sum / sorted.length),
    minMs: round3(sorted[0]),
  };
}
