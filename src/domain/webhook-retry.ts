/**
 * Retry schedule of webhook deliveries (docs/behaviour.md, section 13): after the first delivery fails, 10 retries follow after
 * 30 s, 2 min, 5 min, 15 min, 30 min, 1 h, 2 h, 3 h, 4 h and 5 h: 15 h 52 min 30 s in all, the
 * "about 16 hours" the documentation promises.
 */
export const RETRY_DELAYS_SECONDS: readonly number[] = Object.freeze([30, 120, 300, 900, 1800, 3600, 7200, 10800, 14400, 18000]);

/** Total attempts for one event: the first delivery plus every retry. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/**
 * Delay in ms before the attempt that follows failed attempt `attemptNumber` (1 = first
 * delivery), or null when no attempt is left. `scale` shrinks the schedule (tests, sandbox
 * demos); a scale of 0 or a tiny one may round the delay down to 0 ms, which is fine.
 */
export function retryDelayMs(attemptNumber: number, scale: number): number | null {
  if (!Number.isInteger(attemptNumber) || attemptNumber < 1) {
    throw new RangeError(`attemptNumber must be a positive integer, got ${attemptNumber}`);
  }
  if (!(scale >= 0) || !Number.isFinite(scale)) {
    throw new RangeError(`scale must be a finite number >= 0, got ${scale}`);
  }
  const seconds = RETRY_DELAYS_SECONDS[attemptNumber - 1];
  if (seconds === undefined) return null;
  return Math.max(0, Math.round(seconds * 1000 * scale));
}
