import { describe, expect, it } from 'vitest';
import { divideHalfEven, fromPence, hasAtMostTwoDecimals, percentOf, toPence } from '../../src/domain/money.ts';

describe('money', () => {
  it('rounds half to even', () => {
    expect(divideHalfEven(5n, 2n)).toBe(2n);
    expect(divideHalfEven(7n, 2n)).toBe(4n);
    expect(divideHalfEven(-5n, 2n)).toBe(-2n);
    expect(divideHalfEven(-7n, 2n)).toBe(-4n);
    expect(divideHalfEven(10n, 3n)).toBe(3n);
    expect(divideHalfEven(11n, 3n)).toBe(4n);
  });
  it('takes a percentage of pence half-even', () => {
    expect(percentOf(1_000_000, 300)).toBe(30_000);
    expect(percentOf(50, 250)).toBe(1); // 1.25p -> 1p
    expect(percentOf(150, 100)).toBe(2); // 1.5p -> 2p
    expect(percentOf(250, 100)).toBe(2); // 2.5p -> 2p
  });
  it('accepts at most two decimals, exactly', () => {
    expect(hasAtMostTwoDecimals(1234.56)).toBe(true);
    expect(hasAtMostTwoDecimals(1e7)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(false);
    expect(hasAtMostTwoDecimals(1.005)).toBe(false);
    expect(hasAtMostTwoDecimals(1e-7)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
  });
  it('converts between GBP and pence without float drift', () => {
    expect(toPence(1234.56)).toBe(123456);
    expect(toPence(0.29)).toBe(29);
    expect(toPence(10_000_000)).toBe(1_000_000_000);
    expect(fromPence(123456)).toBe(1234.56);
    expect(() => toPence(1.234)).toThrow();
  });
});
