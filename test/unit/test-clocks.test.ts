import { describe, expect, it } from 'vitest';
import { londonToday } from '../../src/domain/dates.ts';
import { advanceProblems, clockNow, dayEnd, dayInstant, isDueBy, latestAdvance, nextDayToPlay, simulateOnClockProblems } from '../../src/domain/test-clocks.ts';

const HOUR = 3_600_000;

describe("a test clock's time (docs/behaviour.md, section 28)", () => {
  it("is always on the clock's date in London, in summer time and in winter, from noon to the end of its window", () => {
    for (const day of ['2027-01-15', '2027-03-28', '2027-06-30', '2027-10-31', '2028-02-29']) {
      expect(londonToday(dayInstant(day)), day).toBe(day);
      expect(londonToday(dayEnd(day)), day).toBe(day);
      expect(dayInstant(day).toISOString()).toBe(`${day}T12:00:00.000Z`);
    }
  });

  it('runs on from noon UTC by the wall time since the clock reached its date, never back and never past its day', () => {
    const reachedAt = new Date('2026-11-27T08:00:00.000Z');
    const clock = { id: 'c', frozenOn: '2027-06-30', reachedAt };
    expect(clockNow(clock, reachedAt).toISOString()).toBe('2027-06-30T12:00:00.000Z');
    expect(clockNow(clock, new Date(reachedAt.getTime() + 1234)).toISOString()).toBe('2027-06-30T12:00:01.234Z');
    // Things done one after the other keep their order.
    expect(clockNow(clock, new Date(reachedAt.getTime() + 2)).getTime()).toBeGreaterThan(clockNow(clock, new Date(reachedAt.getTime() + 1)).getTime());
    // A wall clock set back (tests do) does not take the clock before noon.
    expect(clockNow(clock, new Date(reachedAt.getTime() - HOUR)).toISOString()).toBe('2027-06-30T12:00:00.000Z');
    // A day later by the wall clock, the clock is still on its date (22:59:59.999 in London's summer time).
    const muchLater = clockNow(clock, new Date(reachedAt.getTime() + 30 * HOUR));
    expect(muchLater.toISOString()).toBe('2027-06-30T21:59:59.999Z');
    expect(londonToday(muchLater)).toBe('2027-06-30');
  });
});

describe('advancing a test clock', () => {
  it('goes forward only, at most two years, and each missed day is one the advance plays: every problem with its pointer', () => {
    expect(advanceProblems('2027-01-10', '2027-01-11', [])).toEqual([]);
    expect(advanceProblems('2027-01-10', latestAdvance('2027-01-10'), ['2027-01-11', latestAdvance('2027-01-10')])).toEqual([]);
    expect(latestAdvance('2027-01-10')).toBe('2029-01-10');
    expect(latestAdvance('2028-02-29')).toBe('2030-02-28');
    expect(advanceProblems('2027-01-10', '2027-01-10', []).map((p) => p.source?.pointer)).toEqual(['/data/to']);
    expect(advanceProblems('2027-01-10', '2026-12-31', []).map((p) => p.source?.pointer)).toEqual(['/data/to']);
    expect(advanceProblems('2027-01-10', '2029-01-11', [])).toEqual([
      { detail: "must be at most two years after the clock's date (on or before 2029-01-10)", source: { pointer: '/data/to' } },
    ]);
    expect(advanceProblems('2027-01-10', '2027-03-01', ['2027-02-01', '2027-01-10', '2027-03-02']).map((p) => p.source?.pointer)).toEqual([
      '/data/missed/1',
      '/data/missed/2',
    ]);
  });

  it('plays the next day something falls due, or `to`; days with nothing due are passed over in one step', () => {
    const due = (repayment: string | null, expiry: string | null = null, inactivity: string | null = null) => ({ repayment, expiry, inactivity });
    expect(nextDayToPlay('2027-01-10', '2028-01-10', due(null))).toBe('2028-01-10');
    expect(nextDayToPlay('2027-01-10', '2028-01-10', due('2027-02-10'))).toBe('2027-02-10');
    expect(nextDayToPlay('2027-01-10', '2028-01-10', due('2027-02-10', '2027-02-09', '2027-04-10'))).toBe('2027-02-09');
    expect(nextDayToPlay('2027-01-10', '2028-01-10', due(null, null, '2027-04-10'))).toBe('2027-04-10');
    expect(nextDayToPlay('2027-01-10', '2028-01-10', due('2029-02-10'))).toBe('2028-01-10');
    // Something overdue (never in practice) is played on the next day.
    expect(nextDayToPlay('2027-01-10', '2028-01-10', due('2027-01-01'))).toBe('2027-01-11');
    expect(nextDayToPlay('2028-01-10', '2028-01-10', due('2027-02-10'))).toBeNull();
    expect(isDueBy('2027-02-10', '2027-02-10')).toBe(true);
    expect(isDueBy('2027-02-11', '2027-02-10')).toBe(false);
    expect(isDueBy(null, '2027-02-10')).toBe(false);
  });

  it("lets simulate on a clock's customer record nothing after the clock's date: until and each missed day, with their pointers", () => {
    expect(simulateOnClockProblems('2027-03-15', '2027-03-15', ['2027-03-15', '2027-02-15'])).toEqual([]);
    expect(simulateOnClockProblems('2027-03-15', '2027-01-01', [])).toEqual([]);
    expect(simulateOnClockProblems('2027-03-15', '2027-04-15', ['2027-02-15', '2027-04-15', '2027-03-16'])).toEqual([
      { detail: "must not be after 2027-03-15, the test clock's date: advance the clock to go further", source: { pointer: '/data/until' } },
      { detail: 'the repayment due on 2027-04-15 is not due yet on the test clock (2027-03-15)', source: { pointer: '/data/missed/1' } },
      { detail: 'the repayment due on 2027-03-16 is not due yet on the test clock (2027-03-15)', source: { pointer: '/data/missed/2' } },
    ]);
  });
});
