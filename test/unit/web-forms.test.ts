import { describe, expect, it } from 'vitest';
import { readDate, readMoney, readText } from '../../src/web/forms.ts';
import { formatDate, formatDuration, formatPercent, penceToInput } from '../../src/web/format.ts';

describe('reading form fields', () => {
  it('reads money as people type it, to the penny, and refuses what is not money', () => {
    expect(readMoney('250000', 'turnover')).toEqual({ pence: 25_000_000 });
    expect(readMoney(' £250,000.50 ', 'turnover')).toEqual({ pence: 25_000_050 });
    expect(readMoney('0.1', 'turnover')).toEqual({ pence: 10 });
    expect(readMoney('-1,200', 'profit', { allowNegative: true })).toEqual({ pence: -120_000 });
    expect(readMoney('-1,200', 'turnover').error).toBe('The turnover must be £0 or more');
    expect(readMoney('12.345', 'turnover').error).toContain('as an amount in pounds');
    expect(readMoney('1,23', 'turnover').error).toContain('as an amount in pounds');
    expect(readMoney('1e5', 'turnover').error).toContain('as an amount in pounds');
    expect(readMoney('ten', 'turnover').error).toContain('as an amount in pounds');
    expect(readMoney('', 'turnover', { required: true }).error).toBe('Enter the turnover');
    expect(readMoney('', 'profit')).toEqual({ pence: null });
  });

  it('reads real dates in ISO or UK order, and refuses the rest', () => {
    expect(readDate('2019-03-01', 'the date')).toEqual({ date: '2019-03-01' });
    expect(readDate('1/3/2019', 'the date')).toEqual({ date: '2019-03-01' });
    expect(readDate('2019-02-29', 'the date').error).toBe('Enter the date as a real date');
    expect(readDate('31/04/2020', 'the date').error).toBe('Enter the date as a real date');
    expect(readDate('March 2019', 'the date').error).toContain('like 2019-03-01');
    expect(readDate('', 'the date').error).toBe('Enter the date');
  });

  it('reads text without control characters or unpaired surrogates, within its length', () => {
    expect(readText('  a note \r\n line two ', 'Note', { maxLength: 20 })).toEqual({ text: 'a note \n line two' });
    expect(readText('bad\u0000byte', 'Note', { maxLength: 20 }).error).toContain('cannot store');
    expect(readText('half \ud800 pair', 'Note', { maxLength: 20 }).error).toContain('cannot store');
    expect(readText('x'.repeat(21), 'Note', { maxLength: 20 }).error).toBe('Note must be at most 20 characters');
    expect(readText('', 'Note', { maxLength: 20, required: true }).error).toBe('Enter Note');
  });
});

describe('formatting for people', () => {
  it('writes dates as 22 November 2026, in London', () => {
    expect(formatDate('2026-11-22')).toBe('22 November 2026');
    // 23:30 UTC on 31 March 2027 is already 1 April in London (summer time).
    expect(formatDate(new Date('2027-03-31T23:30:00Z'))).toBe('1 April 2027');
  });

  it('writes percentages, durations and amounts for form fields exactly', () => {
    expect(formatPercent(250)).toBe('2.5%');
    expect(formatPercent(300)).toBe('3%');
    expect(formatDuration(365)).toBe('365 days (about 12 months)');
    expect(formatDuration(30)).toBe('30 days');
    expect(penceToInput(500_000)).toBe('5000');
    expect(penceToInput(500_050)).toBe('5000.50');
    expect(penceToInput(-50)).toBe('-0.50');
  });
});
