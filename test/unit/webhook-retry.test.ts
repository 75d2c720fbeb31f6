import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, retryDelayMs } from '../../src/domain/webhook-retry.ts';

describe('webhook retry schedule', () => {
  it('is the ten delays of docs/behaviour.md, section 13, about 16 hours in all', () => {
    expect(RETRY_DELAYS_SECONDS).toEqual([30, 120, 300, 900, 1800, 3600, 7200, 10800, 14400, 18000]);
    const total = RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0);
    expect(total).toBe(15 * 3600 + 52 * 60 + 30); // 15 h 52 min 30 s = 57,150 s
    expect(Math.abs(total - 16 * 3600)).toBeLessThan(15 * 60); // "about 16 hours"
    expect(MAX_ATTEMPTS).toBe(11);
  });

  it('waits RETRY_DELAYS[k-1] after failed attempt k', () => {
    expect(retryDelayMs(1, 1)).toBe(30_000);
    expect(retryDelayMs(2, 1)).toBe(120_000);
    expect(retryDelayMs(6, 1)).toBe(3_600_000);
    expect(retryDelayMs(10, 1)).toBe(18_000_000);
  });

  it('is exhausted after the 11th attempt (10 retries)', () => {
    expect(retryDelayMs(11, 1)).toBeNull();
    expect(retryDelayMs(12, 1)).toBeNull();
    let retries = 0;
    for (let attempt = 1; retryDelayMs(attempt, 1) !== null; attempt++) retries++;
    expect(retries).toBe(10);
  });

  it('scales exactly, down to 0 ms', () => {
    expect(retryDelayMs(1, 0.001)).toBe(30);
    expect(retryDelayMs(10, 0.001)).toBe(18_000);
    expect(retryDelayMs(11, 0.001)).toBeNull();
    expect(retryDelayMs(1, 0.00001)).toBe(0); // 0.3 ms rounds to 0
    expect(retryDelayMs(1, 0)).toBe(0);
  });

  it('rejects nonsense input', () => {
    expect(() => retryDelayMs(0, 1)).toThrow(RangeError);
    expect(() => retryDelayMs(1.5, 1)).toThrow(RangeError);
    expect(() => retryDelayMs(1, -1)).toThrow(RangeError);
    expect(() => retryDelayMs(1, Number.NaN)).toThrow(RangeError);
  });
});
