import { describe, expect, it } from 'vitest';
import {
  accountNumberEnding,
  expectedAccountNames,
  formatSortCode,
  normaliseName,
  parseBankDetails,
  passesModulusCheck,
  simulatedNameCheck,
  statusFromNameCheck,
} from '../../src/domain/funding-accounts.ts';

/**
 * Pay.UK's worked examples: "Validating account numbers: UK modulus checking", version 8.50 (valid
 * from 23 June 2025), chapter 3, test cases 1 to 34 (sort code, account number, valid or not).
 */
const PAY_UK_EXAMPLES: [string, string, boolean][] = [
  ['089999', '66374958', true],
  ['107999', '88837491', true],
  ['202959', '63748472', true],
  ['871427', '46238510', true],
  ['872427', '46238510', true],
  ['871427', '09123496', true],
  ['871427', '99123496', true],
  ['820000', '73688637', true],
  ['827999', '73988638', true],
  ['827101', '28748352', true],
  ['134020', '63849203', true],
  ['118765', '64371389', true],
  ['200915', '41011166', true],
  ['938611', '07806039', true],
  ['938600', '42368003', true],
  ['938063', '55065200', true],
  ['772798', '99345694', true],
  ['086090', '06774744', true],
  ['309070', '02355688', true],
  ['309070', '12345668', true],
  ['309070', '12345677', true],
  ['309070', '99345694', true],
  ['938063', '15764273', false],
  ['938063', '15764264', false],
  ['938063', '15763217', false],
  ['118765', '64371388', false],
  ['203099', '66831036', false],
  ['203099', '58716970', false],
  ['089999', '66374959', false],
  ['107999', '88837493', false],
  ['074456', '12345112', true],
  ['070116', '34012583', true],
  ['074456', '11104102', true],
  ['180002', '00000190', true],
];

describe('UK modulus check', () => {
  it.each(PAY_UK_EXAMPLES.map(([s, a, ok], i) => [i + 1, s, a, ok] as const))('Pay.UK example %i: %s %s is valid: %s', (_n, sortCode, account, ok) => {
    expect(passesModulusCheck(sortCode, account)).toBe(ok);
  });

  it('lets a sort code the weight table does not cover pass (it cannot be checked)', () => {
    expect(passesModulusCheck('000000', '12345678')).toBe(true);
  });
});

describe('bank details format', () => {
  it('accepts six digits with or without hyphens and eight digits; trims the name', () => {
    expect(parseBankDetails({ account_holder_name: '  Acme   Ltd ', sort_code: '08-99-99', account_number: '66374958' })).toEqual({
      problems: [],
      details: { accountHolderName: 'Acme Ltd', sortCode: '089999', accountNumber: '66374958' },
    });
    expect(parseBankDetails({ account_holder_name: 'A', sort_code: '089999', account_number: '66374958' }).details?.sortCode).toBe('089999');
  });

  it('reports every problem at once, each with its pointer', () => {
    const { problems, details } = parseBankDetails({ account_holder_name: 'x'.repeat(141), sort_code: '08 99 99', account_number: '6637495' });
    expect(details).toBeNull();
    expect(problems.map((p) => p.source?.pointer)).toEqual(['/data/account_holder_name', '/data/sort_code', '/data/account_number']);
    expect(problems[0].detail).toBe('account_holder_name must be at most 140 characters (got 141)');
    expect(problems[2].detail).toBe('account_number must be eight digits (got 7)');
  });

  it.each([
    ['letters', { sort_code: 'ab-cd-ef' }, '/data/sort_code'],
    ['misplaced hyphens', { sort_code: '0899-99' }, '/data/sort_code'],
    ['seven digits', { sort_code: '0899999' }, '/data/sort_code'],
    ['a number', { sort_code: 89999 }, '/data/sort_code'],
    ['spaces in the number', { account_number: '6637 4958' }, '/data/account_number'],
    ['nine digits', { account_number: '663749581' }, '/data/account_number'],
    ['an empty name', { account_holder_name: '   ' }, '/data/account_holder_name'],
    ['a control character', { account_holder_name: 'Acme\u0000' }, '/data/account_holder_name'],
    ['a missing name', { account_holder_name: undefined }, '/data/account_holder_name'],
  ])('refuses %s', (_what, change, pointer) => {
    const input = { account_holder_name: 'Acme', sort_code: '089999', account_number: '66374958', ...change };
    const { problems } = parseBankDetails(input);
    expect(problems.map((p) => p.source?.pointer)).toEqual([pointer]);
  });

  it('shows the sort code with hyphens and only the last four digits', () => {
    expect(formatSortCode('089999')).toBe('08-99-99');
    expect(accountNumberEnding('66374958')).toBe('4958');
  });
});

describe('simulated payee name check', () => {
  it('normalises case, punctuation and repeated spaces, keeping & as a word', () => {
    expect(normaliseName('  ACME   Widgets, Ltd. ')).toBe('acme widgets ltd');
    expect(normaliseName('Smith&Jones')).toBe('smith & jones');
  });

  it.each([
    ['Acme Widgets Ltd', 'match'],
    ['acme widgets ltd.', 'match'],
    ['ACME  WIDGETS LTD', 'match'],
    ['Acme Widgets Limited', 'close_match'],
    ['The Acme Widgets', 'close_match'],
    ['Acme Widgets', 'close_match'],
    ['Acme Gadgets Ltd', 'no_match'],
    ['Ltd', 'no_match'],
  ] as const)('"%s" against "Acme Widgets Ltd" is %s', (holder, result) => {
    expect(simulatedNameCheck(holder, ['Acme Widgets Ltd'])).toBe(result);
  });

  it('treats "and" and "&" alike only as a close match', () => {
    expect(simulatedNameCheck('Smith and Jones LLP', ['Smith & Jones LLP'])).toBe('close_match');
  });

  it('is unavailable without a name to compare with', () => {
    expect(simulatedNameCheck('Anyone', [])).toBe('unavailable');
  });

  it("also compares a sole trader's account with the applicant's first and last name", () => {
    const people = [{ first_name: 'Ada', last_name: 'Lovelace', roles: ['applicant', 'director', 'guarantor'] }];
    expect(expectedAccountNames({ registered_company_name: 'Ada Trading', type: 'sole_trader' }, people)).toEqual(['Ada Trading', 'Ada Lovelace']);
    expect(expectedAccountNames({ registered_company_name: 'Acme Ltd', type: 'limited_liability_company' }, people)).toEqual(['Acme Ltd']);
  });

  it('gives the status: match verified, no_match rejected, others needs_review', () => {
    expect(statusFromNameCheck('match')).toBe('verified');
    expect(statusFromNameCheck('no_match')).toBe('rejected');
    expect(statusFromNameCheck('close_match')).toBe('needs_review');
    expect(statusFromNameCheck('unavailable')).toBe('needs_review');
  });
});
