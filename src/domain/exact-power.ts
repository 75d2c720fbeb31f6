/**
 * Sums of whole pence carried forward at an annual rate over CONC App 1.2 time, rounded half up to
 * the penny, decided exactly (docs/behaviour.md, section 23; the regulation 4 amount of
 * early-settlement.ts is one such sum).
 *
 * A term is `c × base^t` with `c` a whole number of pence (negative for money repaid), `base` a
 * positive rational (1 + APR) and `t = months/12 + days/365` years, that is `n / 4380` with
 * `n = 365 × months + 12 × days`. The sum V is irrational in general, so no finite decimal is
 * "the" value: what matters is only which penny V rounds to, and that is decided without binary
 * floats in two steps.
 *
 * 1. Enclosure. Each power is bounded below and above in fixed point with BigInt: whole years
 *    exactly, and the 12th and 365th roots of `base` by integer Newton (floor and floor + 1),
 *    multiplied out with every product rounded down for the lower bound and up for the upper. The
 *    sum then lies in [lo, hi]; when lo and hi round to the same penny, that is the answer. At 30
 *    digits the enclosure is narrower than 10^-20 of a penny, so only a V within that of a
 *    half-penny is left undecided.
 * 2. Exactness. Such a V is either exactly a rational number or irrational. Write base = γ^g with
 *    g the largest divisor of 4380 for which base is a perfect g-th power, L = 4380 / g and
 *    ψ = γ^(1/L). Each term is c × γ^q × ψ^r with n = qL + r, 0 ≤ r < L. x^L - γ is irreducible
 *    over the rationals (Capelli: γ > 0 is a p-th power for no prime p dividing L, or base would
 *    be a (pg)-th power with pg dividing 4380), so 1, ψ, ..., ψ^(L-1) are linearly independent and
 *    V is rational exactly when the coefficients of every ψ^r with r > 0 cancel to zero. Then
 *    V is the coefficient of ψ^0, an exact fraction, rounded half up exactly (a half penny goes
 *    up). Otherwise V is irrational, never exactly on a half penny, and the enclosure is narrowed
 *    (twice the digits each time) until it decides.
 */

/** A positive rational number. */
export interface Ratio {
  num: bigint;
  den: bigint;
}

/** `coefficient × base^(months/12 + days/365)`; months and days share their sign (a time before the reference is negative). */
export interface PowerTerm {
  coefficient: bigint;
  months: number;
  days: number;
}

/** 12 × 365: a time of `months/12 + days/365` years is `(365 × months + 12 × days) / 4380`. */
const PARTS_OF_A_YEAR = 4380n;
const FIRST_DIGITS = 30;
/** Far beyond any case that can arise; reaching it would mean a sum within 10^-1900 of a half penny. */
const MAX_DIGITS = 1920;

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function reduced(r: Ratio): Ratio {
  const g = gcd(r.num, r.den);
  return r.den < 0n ? { num: -r.num / g, den: -r.den / g } : { num: r.num / g, den: r.den / g };
}

/** floor(a / b) for b > 0, whatever the sign of a (BigInt division truncates toward zero). */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}

/**
 * floor(n^(1/k)) for n ≥ 0, by Newton's method on integers. The first step from any positive guess
 * lands at or above the root (the arithmetic-geometric mean inequality, and floor((m + floor(z)) / k)
 * = floor((m + z) / k)); from there each step decreases until the floor is reached.
 */
export function floorRoot(n: bigint, k: number): bigint {
  if (n < 0n || !Number.isSafeInteger(k) || k < 1) throw new RangeError('floorRoot needs n ≥ 0 and a whole k ≥ 1');
  if (n < 2n || k === 1) return n;
  const kb = BigInt(k);
  const step = (x: bigint) => ((kb - 1n) * x + n / x ** (kb - 1n)) / kb;
  // A guess from the leading bits (any positive guess is correct; a close one is fast).
  const bits = n.toString(2).length;
  const shift = Math.max(0, bits - 64);
  const e = (Math.log2(Number(n >> BigInt(shift))) + shift) / k;
  const w = Math.max(0, Math.floor(e) - 52);
  let x = BigInt(Math.max(1, Math.floor(2 ** (e - w)))) << BigInt(w);
  x = step(x);
  for (;;) {
    const next = step(x);
    if (next >= x) break;
    x = next;
  }
  if (x ** kb > n || (x + 1n) ** kb <= n) throw new Error('floorRoot did not converge');
  return x;
}

/** A closed interval [lo, hi] of fixed-point numbers scaled by `scale` (both bounds positive). */
type Bounds = [bigint, bigint];

function multiply(a: Bounds, b: Bounds, scale: bigint): Bounds {
  return [(a[0] * b[0]) / scale, ceilDiv(a[1] * b[1], scale)];
}

/** a^k by squaring, each product rounded outward. */
function power(a: Bounds, k: number, scale: bigint): Bounds {
  let result: Bounds = [scale, scale];
  let square = a;
  for (let rest = k; rest > 0; rest >>= 1) {
    if (rest & 1) result = multiply(result, square, scale);
    if (rest > 1) square = multiply(square, square, scale);
  }
  return result;
}

/** Bounds on base^(1/k) in fixed point: the floor of the scaled root, and one above it. */
function rootBounds(base: Ratio, k: number, scale: bigint, cache: Map<string, Bounds>): Bounds {
  const key = `${base.num}/${base.den}/${k}/${scale.toString().length}`;
  const known = cache.get(key);
  if (known) return known;
  const lo = floorRoot((base.num * scale ** BigInt(k)) / base.den, k);
  const bounds: Bounds = [lo, lo + 1n];
  if (cache.size > 2_000) cache.clear();
  cache.set(key, bounds);
  return bounds;
}

const ROOTS = new Map<string, Bounds>();

/** Bounds on base^(months/12 + days/365) for months, days ≥ 0. */
function growthBounds(base: Ratio, months: number, days: number, scale: bigint): Bounds {
  const years = BigInt(Math.floor(months / 12));
  const whole: Bounds = [(base.num ** years * scale) / base.den ** years, ceilDiv(base.num ** years * scale, base.den ** years)];
  const byMonths = power(rootBounds(base, 12, scale, ROOTS), months % 12, scale);
  const byDays = power(rootBounds(base, 365, scale, ROOTS), days, scale);
  return multiply(multiply(whole, byMonths, scale), byDays, scale);
}

/** Bounds on base^t for a term's time, negative times as the reciprocal of the positive one. */
function termBounds(base: Ratio, term: PowerTerm, scale: bigint): Bounds {
  if (term.months >= 0 && term.days >= 0) return growthBounds(base, term.months, term.days, scale);
  if (term.months > 0 || term.days > 0) throw new RangeError('a time has months and days of one sign');
  const [lo, hi] = growthBounds(base, -term.months, -term.days, scale);
  return [(scale * scale) / hi, ceilDiv(scale * scale, lo)];
}

/** floor(x + 1/2) for x = value / scale: half up. */
function halfUp(value: bigint, scale: bigint): bigint {
  return floorDiv(2n * value + scale, 2n * scale);
}

/** The penny the sum rounds to at `digits` decimal digits, or null when the enclosure straddles a half penny. */
function decidedAt(base: Ratio, terms: readonly PowerTerm[], digits: number): bigint | null {
  const scale = 10n ** BigInt(digits);
  let lo = 0n;
  let hi = 0n;
  for (const term of terms) {
    const [a, b] = termBounds(base, term, scale);
    if (term.coefficient >= 0n) {
      lo += term.coefficient * a;
      hi += term.coefficient * b;
    } else {
      lo += term.coefficient * b;
      hi += term.coefficient * a;
    }
  }
  const low = halfUp(lo, scale);
  return low === halfUp(hi, scale) ? low : null;
}

const DIVISORS_OF_4380 = [4380, 2190, 1460, 1095, 876, 730, 438, 365, 292, 219, 146, 73, 60, 30, 20, 15, 12, 10, 6, 5, 4, 3, 2, 1];

function exactRoot(n: bigint, k: number): bigint | null {
  const root = floorRoot(n, k);
  return root ** BigInt(k) === n ? root : null;
}

/** base = γ^g with g the largest divisor of 4380 for which base is a perfect g-th power. */
function largestPower(base: Ratio): { gamma: Ratio; g: number } {
  for (const g of DIVISORS_OF_4380) {
    const num = exactRoot(base.num, g);
    const den = num === null ? null : exactRoot(base.den, g);
    if (num !== null && den !== null) return { gamma: { num, den }, g };
  }
  return { gamma: base, g: 1 };
}

function add(a: Ratio, b: Ratio): Ratio {
  return reduced({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });
}

/** The sum exactly when it is a rational number (step 2 of the file's comment), else null. */
export function exactSum(base: Ratio, terms: readonly PowerTerm[]): Ratio | null {
  const { gamma, g } = largestPower(reduced(base));
  const L = PARTS_OF_A_YEAR / BigInt(g);
  const coefficients = new Map<bigint, Ratio>();
  for (const term of terms) {
    const n = 365n * BigInt(term.months) + 12n * BigInt(term.days);
    const q = floorDiv(n, L);
    const r = n - q * L;
    const factor: Ratio = q >= 0n ? { num: gamma.num ** q, den: gamma.den ** q } : { num: gamma.den ** -q, den: gamma.num ** -q };
    const value = { num: term.coefficient * factor.num, den: factor.den };
    coefficients.set(r, add(coefficients.get(r) ?? { num: 0n, den: 1n }, value));
  }
  for (const [r, c] of coefficients) if (r !== 0n && c.num !== 0n) return null;
  return coefficients.get(0n) ?? { num: 0n, den: 1n };
}

/**
 * Σ coefficient × base^(months/12 + days/365), rounded half up to a whole number (of pence),
 * decided exactly as the file's comment says.
 */
export function sumRoundedHalfUp(base: Ratio, terms: readonly PowerTerm[]): bigint {
  if (base.num <= 0n || base.den <= 0n) throw new RangeError('the base must be a positive rational');
  const first = decidedAt(base, terms, FIRST_DIGITS);
  if (first !== null) return first;
  const exact = exactSum(base, terms);
  if (exact) return halfUp(exact.num, exact.den);
  for (let digits = FIRST_DIGITS * 2; digits <= MAX_DIGITS; digits *= 2) {
    const decided = decidedAt(base, terms, digits);
    if (decided !== null) return decided;
  }
  throw new Error('the sum lies within 10^-1900 of a half penny: not decided');
}
