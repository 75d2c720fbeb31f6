import { describe, expect, it } from 'vitest';
import { londonToday } from '../../src/domain/dates.ts';

describe("London's date", () => {
  it('changes at London midnight, in summer time and in winter, whatever was asked just before', () => {
    // Summer (BST, UTC+1): London's midnight is 23:00 UTC.
    expect(londonToday(new Date('2026-06-30T22:59:59.999Z'))).toBe('2026-06-30');
    expect(londonToday(new Date('2026-06-30T23:00:00.000Z'))).toBe('2026-07-01');
    expect(londonToday(new Date('2026-06-30T22:59:30.000Z'))).toBe('2026-06-30');
    // Winter (GMT): midnight UTC.
    expect(londonToday(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12-31');
    expect(londonToday(new Date('2027-01-01T00:00:00.000Z'))).toBe('2027-01-01');
    // The same minute asked twice, and a jump back in time (a test clock).
    expect(londonToday(new Date('2027-01-01T00:00:59.000Z'))).toBe('2027-01-01');
    expect(londonToday(new Date('2026-03-29T00:59:00.000Z'))).toBe('2026-03-29');
    expect(londonToday(new Date('2026-10-24T23:30:00.000Z'))).toBe('2026-10-25');
  });
});
