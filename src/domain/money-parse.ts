/**
 * Decimal text (or a JSON number) to integer pence, exactly.
 *
 * Amounts arrive from partners' files as JSON numbers (1234.56), strings ("1,234.56", "-12.3",
 * "£120,000") or CSV cells. Multiplying a binary float by 100 is not exact (1.005 * 100 is
 * 100.49999…), so every value goes through its decimal digits and BigInt instead.
 *
 * Two policies for more than two decimals:
 * - 'reject' (default): the value is not money (docs/behaviour.md, section 1: more decimals are a 400).
 *   Used for partner-typed amounts such as prequalification turnover.
 * - 'half-even': round to the penny half-even, for callers that must take sub-penny values. (Bank
 *   statements use 'reject': the money rule applies to them too.)
 */
import { divideHalfEven, exactDecimal } from './money.ts';

export type ExcessDecimals = 'reject' | 'half-even';

export interface ParseDecimalOptions {
  excessDecimals?: ExcessDecimals;
}

// Plain digits, or digits grouped by thousands with commas; an optional fraction either way.
const PLAIN = /^(\d+)(?:\.(\d+))?$/;
const GROUPED = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/;
const FRACTION_ONLY = /^\.(\d+)$/;

/**
 * Parses a money amount to integer pence, or null when it is not one.
 * Accepts finite numbers and strings with an optional sign, an optional leading "£", optional
 * thousands separators (correctly grouped commas only, so "1,23" is not silently 123) and an
 * optional fraction. Exponents, spaces inside the number, other currency symbols, empty strings
 * and anything outside the safe-integer range of pence are rejected.
 */
export function parseDecimalToPence(value: unknown, options: ParseDecimalOptions = {}): number | null {
  const policy = options.excessDecimals ?? 'reject';
  let parts: { negative: boolean; whole: string; fraction: string } | null = null;
  if (typeof value === 'number') parts = numberParts(value);
  else if (typeof value === 'string') parts = stringParts(value);
  if (parts === null) return null;

  const { negative, whole, fraction } = parts;
  let pence: bigint;
  if (fraction.length <= 2) {
    pence = BigInt(whole + fraction.padEnd(2, '0'));
  } else {
    if (policy === 'reject' && /[^0]/.test(fraction.slice(2))) return null;
    // All digits as one integer, then divide away the places beyond the penny.
    const scale = 10n ** BigInt(fraction.length - 2);
    pence = divideHalfEven(BigInt(whole + fraction), scale);
  }
  if (negative) pence = -pence;
  const result = Number(pence);
  if (!Number.isSafeInteger(result)) return null;
  return result === 0 ? 0 : result; // never hand back -0
}

function numberParts(value: number): { negative: boolean; whole: string; fraction: string } | null {
  const decimal = exactDecimal(value);
  if (decimal === null) return null;
  const negative = decimal.digits < 0n;
  const text = (negative ? -decimal.digits : decimal.digits).toString().padStart(decimal.scale + 1, '0');
  const point = text.length - decimal.scale;
  return { negative, whole: text.slice(0, point), fraction: text.slice(point) };
}

function stringParts(raw: string): { negative: boolean; whole: string; fraction: string } | null {
  let text = raw.trim();
  let negative = false;
  if (text.startsWith('-') || text.startsWith('+')) {
    negative = text.startsWith('-');
    text = text.slice(1);
  }
  if (text.startsWith('£')) text = text.slice(1);
  if (text.length === 0) return null;

  const plain = PLAIN.exec(text) ?? GROUPED.exec(text);
  if (plain !== null) {
    return { negative, whole: plain[1].replaceAll(',', ''), fraction: plain[2] ?? '' };
  }
  const fractionOnly = FRACTION_ONLY.exec(text);
  if (fractionOnly !== null) return { negative, whole: '0', fraction: fractionOnly[1] };
  return null;
}
