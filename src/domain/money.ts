/**
 * Money and rates, exactly.
 *
 * Money is held as integer pence in a JS number (exact up to 2^53 pence, far beyond the
 * 10,000,000 GBP ceiling). Percentages are held as integer basis points (1 bp = 0.01 %), so
 * 3.0 % is 300 and 2.5 % is 250. Every division rounds half-even through BigInt, never through
 * a binary float.
 */

export type Pence = number;
export type BasisPoints = number;

/** Divides two integers and rounds the quotient half-even (banker's rounding). */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  let quotient = n / denominator;
  const twiceRemainder = (n % denominator) * 2n;
  if (twiceRemainder > denominator || (twiceRemainder === denominator && quotient % 2n === 1n)) {
    quotient += 1n;
  }
  return negative ? -quotient : quotient;
}

/** round(a × b / c) half-even, for integer inputs (pence × basis points and the like). */
export function mulDivHalfEven(a: number, b: number, c: number): number {
  return Number(divideHalfEven(BigInt(a) * BigInt(b), BigInt(c)));
}

/** Pence of `amount` × `bp` basis points (10,000 bp = 100 %), rounded half-even to the penny. */
export function percentOf(amount: Pence, bp: BasisPoints): Pence {
  return mulDivHalfEven(amount, bp, 10_000);
}

/**
 * A JSON number as the exact decimal it was written as: digits × 10^-scale, scale ≥ 0 (null for
 * NaN and infinities). String(n) is the shortest text that round-trips, so 0.1 + 0.2 reads as
 * 0.30000000000000004 and is never mistaken for 0.3.
 */
export function exactDecimal(value: number): { digits: bigint; scale: number } | null {
  if (!Number.isFinite(value)) return null;
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(value));
  if (!match) return null;
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  let scale = fraction.length - Number(exponent);
  let digits = BigInt(sign + whole + fraction);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits, scale };
}

/** True when a JSON number has at most two decimal places, judged on its exact decimal form. */
export function hasAtMostTwoDecimals(value: number): boolean {
  const decimal = exactDecimal(value);
  return decimal !== null && decimal.scale <= 2;
}

/** GBP as sent in JSON (at most two decimals, already validated) to integer pence. */
export function toPence(amount: number): Pence {
  if (!hasAtMostTwoDecimals(amount)) throw new RangeError(`not a money amount: ${amount}`);
  return Math.round(amount * 100);
}

/** Integer pence to the JSON number a partner sees (1234.5 for 123450 pence). */
export function fromPence(pence: Pence): number {
  return pence / 100;
}

/** A percentage with at most two decimals (3.0, 2.5, 1.25) to basis points. */
export function percentToBasisPoints(percent: number): BasisPoints {
  if (!hasAtMostTwoDecimals(percent)) throw new RangeError(`not a percentage with two decimals: ${percent}`);
  return Math.round(percent * 100);
}

export function basisPointsToPercent(bp: BasisPoints): number {
  return bp / 100;
}
