import { describe, expect, it } from 'vitest';
import { MAX_PREQUALIFICATION_ROWS, lastRowWins, parsePrequalificationCsv, parsePrequalificationJson } from '../../src/domain/prequalification-rows.ts';
import type { PrequalParseResult, PrequalRow } from '../../src/domain/prequalification-rows.ts';

function rowsOf(result: PrequalParseResult): PrequalRow[] {
  if (!result.ok) throw new Error(`expected rows, got: ${result.reason}`);
  return result.rows;
}

function reasonOf(result: PrequalParseResult): string {
  if (result.ok) throw new Error('expected a bad file');
  return result.reason;
}

describe('parsePrequalificationCsv', () => {
  it('reads the documented columns, ignoring unknown ones', () => {
    const csv = [
      'external_customer_id,company_name,company_number,trading_from_date,last_12_months_turnover,requested_amount,notes',
      'C-1,Acme Ltd,01234567,2019-04-01,250000.50,20000,first',
      'C-2,"Smith, Jones & Co",,,"£1,200,000",,',
    ].join('\r\n');
    expect(rowsOf(parsePrequalificationCsv(csv))).toEqual([
      {
        externalCustomerId: 'C-1',
        companyName: 'Acme Ltd',
        companyNumber: '01234567',
        tradingFromDate: '2019-04-01',
        turnoverPence: 25_000_050,
        requestedAmountPence: 2_000_000,
      },
      {
        externalCustomerId: 'C-2',
        companyName: 'Smith, Jones & Co',
        tradingFromDate: null,
        turnoverPence: 120_000_000,
        requestedAmountPence: null,
      },
    ]);
  });

  it('tolerates a BOM, semicolons, header spelling, column order and blank lines', () => {
    const csv = '\uFEFFRequested Amount;External Customer ID\n\n1500.5;X9\n;;\n';
    expect(rowsOf(parsePrequalificationCsv(csv))).toEqual([
      { externalCustomerId: 'X9', tradingFromDate: null, turnoverPence: null, requestedAmountPence: 150_050 },
    ]);
  });

  it('keeps bad rows with a partner-readable problem', () => {
    const csv = [
      'external_customer_id,trading_from_date,last_12_months_turnover,requested_amount',
      'A,31/01/2020,100,100',
      'B,2020-01-01,-5,100',
      'C,2020-01-01,12.345,0',
      ',2020-01-01,100,100',
      'D,2021-02-29,lots,abc',
    ].join('\n');
    const rows = rowsOf(parsePrequalificationCsv(csv));
    expect(rows.map((r) => [r.externalCustomerId, r.problem])).toEqual([
      ['A', 'trading_from_date must be a date in the form YYYY-MM-DD'],
      ['B', 'last_12_months_turnover must be zero or more'],
      ['C', 'last_12_months_turnover must be an amount in GBP with at most two decimals, such as 120000.50; requested_amount must be greater than 0'],
      ['', 'external_customer_id is required'],
      [
        'D',
        'trading_from_date must be a date in the form YYYY-MM-DD; last_12_months_turnover must be an amount in GBP with at most two decimals, such as 120000.50; requested_amount must be an amount in GBP with at most two decimals, such as 120000.50',
      ],
    ]);
    // Values that were fine are still there; bad ones are null.
    expect(rows[0]).toMatchObject({ tradingFromDate: null, turnoverPence: 10_000, requestedAmountPence: 10_000 });
    expect(rows[2]).toMatchObject({ tradingFromDate: '2020-01-01', turnoverPence: null, requestedAmountPence: null });
  });

  it('rejects bad files with a reason', () => {
    expect(reasonOf(parsePrequalificationCsv(''))).toBe('the file is empty; a header row is required');
    expect(reasonOf(parsePrequalificationCsv('company_name,requested_amount\nAcme,100\n'))).toBe('the header row has no external_customer_id column');
    expect(reasonOf(parsePrequalificationCsv('external_customer_id\n'))).toBe('there are no customer rows');
    expect(reasonOf(parsePrequalificationCsv('external_customer_id\u0000\u0001\u0002'))).toBe('the file is not a CSV text file');
    expect(reasonOf(parsePrequalificationCsv('external_customer_id,company_name\nA,"unterminated\n'))).toMatch(/^the file is not a readable CSV file/);
  });

  it('accepts 10,000 rows and refuses one more', () => {
    const body = (n: number) => ['external_customer_id', ...Array.from({ length: n }, (_, i) => `C${i}`)].join('\n');
    expect(rowsOf(parsePrequalificationCsv(body(MAX_PREQUALIFICATION_ROWS)))).toHaveLength(10_000);
    expect(reasonOf(parsePrequalificationCsv(body(MAX_PREQUALIFICATION_ROWS + 1)))).toBe('there are 10001 customer rows; at most 10000 are accepted');
  });
});

describe('parsePrequalificationJson', () => {
  const customers = [
    { external_customer_id: 'J-1', company_name: 'Acme', trading_from_date: '2018-05-05', last_12_months_turnover: 90000, requested_amount: '5000.00' },
    { external_customer_id: 42, last_12_months_turnover: { amount: 12.5, currency: 'GBP' }, extra: true },
  ];
  const expected: PrequalRow[] = [
    { externalCustomerId: 'J-1', companyName: 'Acme', tradingFromDate: '2018-05-05', turnoverPence: 9_000_000, requestedAmountPence: 500_000 },
    { externalCustomerId: '42', tradingFromDate: null, turnoverPence: 1250, requestedAmountPence: null },
  ];

  it('accepts the three documented shapes', () => {
    expect(rowsOf(parsePrequalificationJson({ data: { customers } }))).toEqual(expected);
    expect(rowsOf(parsePrequalificationJson({ customers }))).toEqual(expected);
    expect(rowsOf(parsePrequalificationJson(customers))).toEqual(expected);
  });

  it('marks rows that are not usable', () => {
    const rows = rowsOf(
      parsePrequalificationJson([
        'C-1',
        { external_customer_id: { id: 1 } },
        { external_customer_id: 'X', requested_amount: 100.001, trading_from_date: 20200101 },
      ]),
    );
    expect(rows.map((r) => [r.externalCustomerId, r.problem])).toEqual([
      ['', 'customer 1 is not a JSON object'],
      ['', 'external_customer_id must be a string'],
      ['X', 'trading_from_date must be a date in the form YYYY-MM-DD; requested_amount must be an amount in GBP with at most two decimals, such as 120000.50'],
    ]);
  });

  it('rejects what is not a list of customers', () => {
    const reason = 'expected {"data": {"customers": [...]}}, {"customers": [...]} or an array of customers';
    expect(reasonOf(parsePrequalificationJson({ data: { rows: [] } }))).toBe(reason);
    expect(reasonOf(parsePrequalificationJson({ customers: 'C-1' }))).toBe(reason);
    expect(reasonOf(parsePrequalificationJson(null))).toBe(reason);
    expect(reasonOf(parsePrequalificationJson([]))).toBe('there are no customer rows');
    const tooMany = Array.from({ length: MAX_PREQUALIFICATION_ROWS + 1 }, (_, i) => ({ external_customer_id: `C${i}` }));
    expect(reasonOf(parsePrequalificationJson(tooMany))).toMatch(/^there are 10001 customer rows/);
  });
});

describe('lastRowWins', () => {
  it('keeps the last row of each id, in the order of those last rows', () => {
    const csv = ['external_customer_id,requested_amount', 'A,1', 'B,2', 'A,3', 'C,4', 'B,5'].join('\n');
    const unique = lastRowWins(rowsOf(parsePrequalificationCsv(csv)));
    expect(unique.map((r) => [r.externalCustomerId, r.requestedAmountPence])).toEqual([
      ['A', 300],
      ['C', 400],
      ['B', 500],
    ]);
  });

  it('lets a later good row replace an earlier bad one, and the other way round', () => {
    const rows = rowsOf(
      parsePrequalificationJson([
        { external_customer_id: 'A', requested_amount: -1 },
        { external_customer_id: 'B', requested_amount: 10 },
        { external_customer_id: 'A', requested_amount: 10 },
        { external_customer_id: 'B', requested_amount: 'x' },
      ]),
    );
    const unique = lastRowWins(rows);
    expect(unique.map((r) => [r.externalCustomerId, r.problem ?? null])).toEqual([
      ['A', null],
      ['B', 'requested_amount must be an amount in GBP with at most two decimals, such as 120000.50'],
    ]);
  });
});
