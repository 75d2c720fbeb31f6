import { describe, expect, it } from 'vitest';
import { MAX_PROBLEMS, creditsInLast12Months, parseStatementDate, statementTurnoverPence, validateBankStatement } from '../../src/domain/bank-statement.ts';
import type { ParsedStatement } from '../../src/domain/bank-statement.ts';
import { parseDecimalToPence } from '../../src/domain/money-parse.ts';

function statement(): Record<string, any> {
  return {
    accountInfo: {
      accountNumber: '01234567',
      sortCode: '12-34-56',
      accountHolder: 'Acme Trading Ltd',
      currency: 'GBP',
      bankName: 'Example Bank',
      accountType: 'Business',
    },
    transactions: [
      { transactionDate: '2025-01-02', description: 'Card sale', amount: 1234.56, runningBalance: 2234.56 },
      { transactionDate: '2025-01-03T09:15:00', description: 'Rent', amount: '-1,000.00', runningBalance: '1234.56' },
      { transactionDate: '2025-01-04', description: '', amount: -0.1, startingBalance: 1234.56, closingBalance: 1234.46 },
    ],
  };
}

function problemsOf(doc: unknown) {
  const result = validateBankStatement(doc);
  if (result.ok) throw new Error('expected problems');
  return result.problems;
}

describe('parseDecimalToPence', () => {
  it('converts numbers and strings exactly', () => {
    expect(parseDecimalToPence(1234.56)).toBe(123456);
    expect(parseDecimalToPence(0.29)).toBe(29);
    expect(parseDecimalToPence(-12.3)).toBe(-1230);
    expect(parseDecimalToPence('1,234.56')).toBe(123456);
    expect(parseDecimalToPence(' -12.3 ')).toBe(-1230);
    expect(parseDecimalToPence('£120,000')).toBe(12_000_000);
    expect(parseDecimalToPence('.5')).toBe(50);
    expect(parseDecimalToPence(1e7)).toBe(1_000_000_000);
    expect(parseDecimalToPence(-0)).toBe(0);
    expect(Object.is(parseDecimalToPence('-0.00'), 0)).toBe(true);
  });

  it('rejects what is not money', () => {
    for (const bad of ['', 'abc', '1,23', '12,34.5', '1.2.3', '1e3', '12 34', '$5', Number.NaN, Infinity, null, undefined, true, {}, 1e21]) {
      expect(parseDecimalToPence(bad)).toBe(null);
    }
  });

  it('rejects more than two decimals by default, rounds half-even on request', () => {
    expect(parseDecimalToPence(1.005)).toBe(null);
    expect(parseDecimalToPence('0.125')).toBe(null);
    expect(parseDecimalToPence('1.500')).toBe(150); // trailing zeros are still two decimals
    const round = { excessDecimals: 'half-even' } as const;
    expect(parseDecimalToPence(1.005, round)).toBe(100);
    expect(parseDecimalToPence('0.125', round)).toBe(12);
    expect(parseDecimalToPence('0.135', round)).toBe(14);
    expect(parseDecimalToPence('-0.125', round)).toBe(-12);
    expect(parseDecimalToPence(0.1 + 0.2, round)).toBe(30);
    expect(parseDecimalToPence(1e-7, round)).toBe(0);
  });
});

describe('validateBankStatement', () => {
  it('parses a valid statement', () => {
    const result = validateBankStatement(statement());
    expect(result).toEqual({
      ok: true,
      statement: {
        bankName: 'Example Bank',
        accountNumber: '01234567',
        sortCode: '12-34-56',
        accountHolder: 'Acme Trading Ltd',
        currency: 'GBP',
        accountType: 'business',
        period: { from: '2025-01-02', to: '2025-01-04' },
        transactions: [
          { date: '2025-01-02', amountPence: 123456, description: 'Card sale', balancePence: 223456 },
          { date: '2025-01-03', amountPence: -100000, description: 'Rent', balancePence: 123456 },
          { date: '2025-01-04', amountPence: -10, description: '', balancePence: 123446 },
        ],
      },
    });
  });

  it.each(['accountNumber', 'sortCode', 'accountHolder', 'currency', 'bankName'])('requires accountInfo.%s', (field) => {
    const doc = statement();
    delete doc.accountInfo[field];
    expect(problemsOf(doc)).toEqual([{ pointer: `/accountInfo/${field}`, detail: 'is required' }]);
  });

  it.each(['transactionDate', 'description', 'amount'])('requires transactions[].%s', (field) => {
    const doc = statement();
    delete doc.transactions[1][field];
    expect(problemsOf(doc)).toEqual([{ pointer: `/transactions/1/${field}`, detail: 'is required' }]);
  });

  it('requires accountInfo and transactions themselves', () => {
    expect(problemsOf({})).toEqual([
      { pointer: '/accountInfo', detail: 'is required' },
      { pointer: '/transactions', detail: 'is required' },
    ]);
    expect(problemsOf({ ...statement(), transactions: [] })).toEqual([{ pointer: '/transactions', detail: 'must contain at least one transaction' }]);
    expect(problemsOf([statement()])[0].pointer).toBe('');
    expect(problemsOf('text')[0].pointer).toBe('');
  });

  it('lists every problem at once', () => {
    const doc = statement();
    doc.accountInfo.accountNumber = 1234567;
    doc.accountInfo.sortCode = '  ';
    doc.accountInfo.currency = 'pounds';
    doc.transactions[0].amount = 'twelve';
    doc.transactions[1].transactionDate = '2025-02-30';
    delete doc.transactions[2].closingBalance;
    doc.transactions.push('not a transaction');
    expect(problemsOf(doc)).toEqual([
      { pointer: '/accountInfo/accountNumber', detail: 'must be a string (as a number it would lose leading zeros)' },
      { pointer: '/accountInfo/sortCode', detail: 'must not be empty' },
      { pointer: '/accountInfo/currency', detail: 'must be a three-letter currency code such as GBP' },
      { pointer: '/transactions/0/amount', detail: 'must be an amount with at most two decimals, a number or numeric string such as -12.30' },
      { pointer: '/transactions/1/transactionDate', detail: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time' },
      { pointer: '/transactions/2/closingBalance', detail: 'is required with startingBalance when runningBalance is absent' },
      { pointer: '/transactions/3', detail: 'must be an object' },
    ]);
  });

  it('accepts startingBalance with closingBalance instead of runningBalance, not one alone', () => {
    const doc = statement();
    doc.transactions[0] = { transactionDate: '2025-01-02', description: 'x', amount: '5', startingBalance: '10', closingBalance: '15' };
    expect(validateBankStatement(doc).ok).toBe(true);
    delete doc.transactions[0].closingBalance;
    expect(problemsOf(doc)).toEqual([{ pointer: '/transactions/0/closingBalance', detail: 'is required with startingBalance when runningBalance is absent' }]);
    doc.transactions[0] = { transactionDate: '2025-01-02', description: 'x', amount: 5, closingBalance: 15 };
    expect(problemsOf(doc)).toEqual([{ pointer: '/transactions/0/startingBalance', detail: 'is required with closingBalance when runningBalance is absent' }]);
    doc.transactions[0] = { transactionDate: '2025-01-02', description: 'x', amount: 5, runningBalance: null };
    expect(problemsOf(doc)).toEqual([{ pointer: '/transactions/0/runningBalance', detail: 'is required (or both startingBalance and closingBalance)' }]);
  });

  it('refuses amounts and balances with more than two decimals (the money rule), never rounding them', () => {
    const doc = statement();
    doc.transactions[0].amount = '10.125';
    doc.transactions[0].runningBalance = 10.135;
    expect(problemsOf(doc).map((p) => p.pointer)).toEqual(['/transactions/0/amount', '/transactions/0/runningBalance']);
    doc.transactions[0].amount = '10.120';
    doc.transactions[0].runningBalance = 10.13;
    const result = validateBankStatement(doc);
    expect(result.ok && result.statement.transactions[0]).toMatchObject({ amountPence: 1012, balancePence: 1013 });
  });

  it('unwraps {data: ...} and points into the document as sent', () => {
    const wrapped = { data: statement() };
    const result = validateBankStatement(wrapped);
    expect(result.ok && result.statement.accountNumber).toBe('01234567');
    delete wrapped.data.accountInfo.sortCode;
    wrapped.data.transactions[2].amount = null;
    expect(problemsOf(wrapped)).toEqual([
      { pointer: '/data/accountInfo/sortCode', detail: 'is required' },
      { pointer: '/data/transactions/2/amount', detail: 'is required' },
    ]);
  });

  it('keeps a usable period, ignores unusable optional fields', () => {
    const doc = statement();
    doc.period = { from: '2024-12-01', to: '2025-01-31' };
    doc.accountInfo.accountType = 'CurrentAccount';
    const result = validateBankStatement(doc);
    expect(result.ok && result.statement.period).toEqual({ from: '2024-12-01', to: '2025-01-31' });
    expect(result.ok && 'accountType' in result.statement).toBe(false);
    doc.period = { from: '2025-02-01', to: '2025-01-01' };
    const swapped = validateBankStatement(doc);
    expect(swapped.ok && swapped.statement.period).toEqual({ from: '2025-01-02', to: '2025-01-04' });
  });

  it('caps the problem list of a hostile file', () => {
    const doc = statement();
    doc.transactions = Array.from({ length: MAX_PROBLEMS + 5 }, () => ({}));
    const problems = problemsOf(doc);
    expect(problems).toHaveLength(MAX_PROBLEMS + 1);
    // Each empty transaction has 4 problems; all but the first MAX_PROBLEMS are counted, not listed.
    expect(problems[MAX_PROBLEMS]).toEqual({ pointer: '', detail: `and ${(MAX_PROBLEMS + 5) * 4 - MAX_PROBLEMS} more problems not listed` });
  });

  it('reads dates and date-times, a zoned one as its London date', () => {
    expect(parseStatementDate('2024-02-29')).toBe('2024-02-29');
    expect(parseStatementDate('2023-02-29')).toBe(null);
    expect(parseStatementDate('2025-06-30T23:30:00Z')).toBe('2025-07-01'); // BST
    expect(parseStatementDate('2025-01-31T23:30:00Z')).toBe('2025-01-31'); // GMT
    expect(parseStatementDate('2025-06-30T23:30:00')).toBe('2025-06-30');
    expect(parseStatementDate('30/06/2025')).toBe(null);
    expect(parseStatementDate(20250630)).toBe(null);
  });
});

function parsed(transactions: [string, number][], overrides: Partial<ParsedStatement> = {}): ParsedStatement {
  return {
    bankName: 'B',
    accountNumber: '01234567',
    sortCode: '12-34-56',
    accountHolder: 'H',
    currency: 'GBP',
    period: { from: '2020-01-01', to: '2030-01-01' },
    transactions: transactions.map(([date, amountPence]) => ({ date, amountPence, description: `t ${date}`, balancePence: 0 })),
    ...overrides,
  };
}

describe('credits in the last 12 months', () => {
  const today = '2025-03-15';

  it('sums positive amounts dated after today minus 12 months, up to today', () => {
    const s = parsed([
      ['2024-03-15', 1], // exactly 12 months back: excluded
      ['2024-03-16', 10], // first day in
      ['2025-03-15', 100], // today: included
      ['2025-03-16', 1000], // future: excluded
      ['2024-06-01', -5000], // debit: excluded
      ['2024-06-02', 0],
    ]);
    expect(creditsInLast12Months(s, today)).toBe(110);
  });

  it('totals GBP accounts, skips other currencies, does not double-count overlapping statements', () => {
    const a1 = parsed([
      ['2025-01-01', 500],
      ['2025-02-01', 700],
      ['2025-02-01', 700],
    ]);
    const a1Again = parsed(
      [
        ['2025-02-01', 700],
        ['2025-03-01', 900],
      ],
      { sortCode: '123456' },
    );
    const other = parsed([['2025-01-01', 50]], { accountNumber: '99999999' });
    const euro = parsed([['2025-01-01', 100_000]], { currency: 'EUR', accountNumber: '55555555' });
    // a1: 500 + 700 twice (same statement lists it twice) + 900 from the overlapping one.
    expect(statementTurnoverPence([a1, a1Again, other, euro], today)).toBe(500 + 1400 + 900 + 50);
    expect(creditsInLast12Months(euro, today)).toBe(100_000);
    expect(statementTurnoverPence([], today)).toBe(0);
  });
});
