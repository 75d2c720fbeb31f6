/**
 * The regulation 4 amount of the Consumer Credit (Early Settlement) Regulations 2004
 * (docs/behaviour.md, section 23), computed apart from the service to check it: time counted with
 * the platform's Date, and (1 + APR)^t as exp(t × ln(1 + APR)) by power series in BigInt fixed
 * point at 70 digits, where the service takes 12th and 365th roots by Newton's method.
 */

const DIGITS = 70n;
const ONE = 10n ** DIGITS;

/** ln(x) for x ≥ 1 given as a fixed-point number: 2 atanh((x - 1) / (x + 1)), a series in z². */
function ln(x: bigint): bigint {
  const z = ((x - ONE) * ONE) / (x + ONE);
  const z2 = (z * z) / ONE;
  let power = z;
  let sum = 0n;
  for (let k = 1n; power !== 0n; k += 2n) {
    sum += power / k;
    power = (power * z2) / ONE;
  }
  return 2n * sum;
}

/** exp(y) for a fixed-point y of either sign: the Taylor series of |y|, inverted for a negative y. */
function exp(y: bigint): bigint {
  const magnitude = y < 0n ? -y : y;
  let term = ONE;
  let sum = 0n;
  for (let n = 1n; term !== 0n; n += 1n) {
    sum += term;
    term = (term * magnitude) / (ONE * n);
  }
  return y < 0n ? (ONE * ONE) / sum : sum;
}

/** Whole calendar months from `from` (the day kept, or the month's last day) and the days left, to `to`; negative when `to` is earlier. */
export function monthsAndDays(from: string, to: string): { months: number; days: number } {
  const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
  if (utc(to) < utc(from)) {
    const back = monthsAndDays(to, from);
    return { months: -back.months, days: -back.days };
  }
  const [y, m, d] = from.split('-').map(Number);
  const monthOn = (k: number) => {
    const lastDay = new Date(Date.UTC(y, m - 1 + k + 1, 0)).getUTCDate();
    return Date.UTC(y, m - 1 + k, Math.min(d, lastDay));
  };
  let months = 0;
  while (monthOn(months + 1) <= utc(to)) months += 1;
  return { months, days: Math.round((utc(to) - monthOn(months)) / 86_400_000) };
}

export interface Flow {
  on: string;
  pence: number;
}

/**
 * Σ A (1 + APR)^t(a, S) - Σ B (1 + APR)^t(b, S) in pence, rounded half up, or null when it lies
 * within 10^-40 of a half penny (where 70 digits cannot tell).
 */
export function independentRegulation4(aprTenths: number, advances: Flow[], repayments: Flow[], settlementDate: string): number | null {
  const lnBase = ln(((1000n + BigInt(aprTenths)) * ONE) / 1000n);
  const carried = (flow: Flow) => {
    const { months, days } = monthsAndDays(flow.on, settlementDate);
    // t = months / 12 + days / 365 = (365 months + 12 days) / 4380.
    return BigInt(flow.pence) * exp((lnBase * BigInt(365 * months + 12 * days)) / 4380n);
  };
  const total = advances.reduce((s, a) => s + carried(a), 0n) - repayments.reduce((s, b) => s + carried(b), 0n);
  const half = ONE / 2n;
  const fraction = ((total % ONE) + ONE) % ONE;
  const distance = fraction > half ? fraction - half : half - fraction;
  if (distance < 10n ** (DIGITS - 40n)) return null;
  const floor = (total - fraction) / ONE;
  return Number(fraction >= half ? floor + 1n : floor);
}
