/**
 * Words and numbers as people read them on the web pages: money as £1,234.56, dates as
 * 22 November 2026 (in London), percentages without trailing zeros.
 */
import { formatGbp } from '../domain/money-format.ts';
import { formatAprTenths } from '../domain/apr.ts';
import { basisPointsToPercent, type BasisPoints, type Pence } from '../domain/money.ts';
import { loanAprTenths } from '../domain/loans.ts';
import { offerAprTenths } from '../domain/repayment-schedule.ts';

export { formatGbp };

/** Each product by the name the customer and the lender's staff know it by. */
export const PRODUCT_NAMES: Record<'flexi_loan' | 'business_loan', string> = {
  flexi_loan: 'Flexi loan',
  business_loan: 'Business loan',
};

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** A calendar date (`YYYY-MM-DD`, a day with no time zone) or an instant, as "22 November 2026". */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string') {
    // A plain date names a day, not an instant: read at noon UTC so London shows the same day.
    return LONG_DATE.format(new Date(`${value}T12:00:00Z`));
  }
  return LONG_DATE.format(value);
}

/**
 * A refusal's words as a page shows them (contract section 31): the services word their refusals
 * for the API, where a day is `2026-03-16` and a field `collected_on`; a page says "16 March 2026"
 * and "collected on". Days inside an instant (`2026-03-16T…`) are left as they are.
 */
export function inWords(text: string): string {
  return text
    .replace(/\b(\d{4}-\d{2}-\d{2})\b(?!T)/g, (day) => formatDate(day))
    .replace(/\b[A-Za-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g, (name) => name.replaceAll('_', ' '));
}

/** An instant as "22 November 2026 at 14:05" London time. */
export function formatDateTime(value: Date): string {
  return DATE_TIME.format(value);
}

/** Basis points as "2.5%". */
export function formatPercent(bp: BasisPoints): string {
  return `${basisPointsToPercent(bp)}%`;
}

/** An APR in tenths of a percent, always with its decimal: "42.6%". */
export const formatApr = formatAprTenths;

/** An offer's APR (of its whole credit limit, docs/behaviour.md, section 23) as "42.6%". */
export function formatOfferApr(offer: { max_amount_pence: Pence; monthly_rate_bp: BasisPoints; fee_bp: BasisPoints; duration_days: number }): string {
  return formatAprTenths(
    offerAprTenths({ maxAmountPence: offer.max_amount_pence, monthlyRateBp: offer.monthly_rate_bp, feeBp: offer.fee_bp, durationDays: offer.duration_days }),
  );
}

/** A loan's APR (of its own schedule, for the amount drawn, docs/behaviour.md, section 23) as "42.6%". */
export function formatLoanApr(loan: {
  amount_pence: Pence;
  monthly_rate_bp: BasisPoints;
  fee_bp: BasisPoints;
  duration_days: number;
  funded_on: string;
}): string {
  return formatAprTenths(
    loanAprTenths({
      amountPence: loan.amount_pence,
      monthlyRateBp: loan.monthly_rate_bp,
      feeBp: loan.fee_bp,
      durationDays: loan.duration_days,
      fundedOn: loan.funded_on,
    }),
  );
}

/** Pence as the plain number a form field shows and accepts back ("5000" or "5000.50"). */
export function penceToInput(pence: Pence): string {
  const sign = pence < 0 ? '-' : '';
  const magnitude = Math.abs(pence);
  const pounds = Math.floor(magnitude / 100);
  const rest = magnitude % 100;
  return `${sign}${pounds}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/** A duration in days in words: "365 days (about 12 months)". */
export function formatDuration(days: number): string {
  const months = Math.round(days / 30);
  return months >= 2 ? `${days} days (about ${months} months)` : `${days} days`;
}

/** A count with its noun agreeing: "1 attempt", "2 attempts" (`many` for nouns that add more than an s). */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
}
