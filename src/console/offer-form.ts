/**
 * The approval form of the console: up to two offers, each "Product", "Maximum amount (£)",
 * "Monthly interest (%)", "Fee (%)", "Duration (days)", read strictly and checked against the
 * bounds of the admin API's offer schema (one set of rules), then turned into offer terms by the
 * same function the admin API uses.
 */
import { parseDecimalToPence } from '../domain/money-parse.ts';
import { londonToday } from '../domain/dates.ts';
import type { OfferTerms } from '../domain/decision-policy.ts';
import { repaymentSchedule, type RepaymentSchedule } from '../domain/repayment-schedule.ts';
import { OfferTermsInput } from '../schemas/offers.ts';
import { offerTermsFrom, type OfferInput } from '../services/underwriting.ts';
import { attempt, besideFields, type RefusalMap } from '../web/attempt.ts';
import { readMoney, type FieldErrors } from '../web/forms.ts';

export const OFFER_SLOTS = [0, 1] as const;

export interface OfferFormValues {
  product: string;
  max_amount: string;
  interest: string;
  fee: string;
  duration: string;
}

const bounds = OfferTermsInput.properties as unknown as Record<'max_amount' | 'monthly_interest_percentage' | 'duration_in_days', { maximum: number }>;
const MAX_AMOUNT_PENCE = bounds.max_amount.maximum * 100;
const MAX_PERCENT_BP = bounds.monthly_interest_percentage.maximum * 100;
const MAX_DAYS = bounds.duration_in_days.maximum;

/** Terms the admin API's rules refuse (above the product ceiling): beside the amount of the offer the pointer names. */
const TERMS_REFUSALS: RefusalMap = {
  ValidationError: besideFields(Object.fromEntries(OFFER_SLOTS.map((i) => [`/offers/${i}/max_amount`, `max_amount_${i}`])), 'max_amount_0'),
};

export function emptyOffer(): OfferFormValues {
  return { product: 'flexi_loan', max_amount: '', interest: '', fee: '', duration: '' };
}

export function offerValuesFrom(form: Record<string, string>): OfferFormValues[] {
  return OFFER_SLOTS.map((i) => ({
    product: form[`product_${i}`] ?? 'flexi_loan',
    max_amount: form[`max_amount_${i}`] ?? '',
    interest: form[`interest_${i}`] ?? '',
    fee: form[`fee_${i}`] ?? '',
    duration: form[`duration_${i}`] ?? '',
  }));
}

function readPercentBp(raw: string, label: string, errors: FieldErrors, field: string): number | null {
  const text = raw.trim().replace(/%$/, '');
  const bp = text === '' ? null : parseDecimalToPence(text);
  if (bp === null || bp < 0 || bp > MAX_PERCENT_BP) {
    errors[field] = `Enter the ${label} as a percentage from 0 to ${MAX_PERCENT_BP / 100}, with at most two decimals`;
    return null;
  }
  return bp;
}

/** Offer terms from the form, or the errors beside its fields. The second offer is optional. */
export async function readOffers(values: OfferFormValues[]): Promise<{ offers: OfferTerms[] | null; errors: FieldErrors }> {
  const errors: FieldErrors = {};
  const inputs: OfferInput[] = [];
  values.forEach((v, i) => {
    const blank = v.max_amount.trim() === '' && v.interest.trim() === '' && v.fee.trim() === '' && v.duration.trim() === '';
    if (i > 0 && blank) return;
    if (v.product !== 'flexi_loan' && v.product !== 'business_loan') errors[`product_${i}`] = 'Choose the product';
    const amount = readMoney(v.max_amount, 'maximum amount', { required: true });
    if (amount.error) errors[`max_amount_${i}`] = amount.error;
    else if ((amount.pence as number) <= 0 || (amount.pence as number) > MAX_AMOUNT_PENCE)
      errors[`max_amount_${i}`] = `Enter a maximum amount above £0 and at most £${(MAX_AMOUNT_PENCE / 100).toLocaleString('en-GB')}`;
    const interest = readPercentBp(v.interest, 'monthly interest', errors, `interest_${i}`);
    const fee = readPercentBp(v.fee, 'fee', errors, `fee_${i}`);
    const duration = /^\d{1,5}$/.test(v.duration.trim()) ? Number(v.duration.trim()) : NaN;
    if (!(duration >= 1 && duration <= MAX_DAYS)) errors[`duration_${i}`] = `Enter the duration as a whole number of days from 1 to ${MAX_DAYS}`;
    if (Object.keys(errors).length === 0) {
      inputs.push({
        product_type: v.product as OfferInput['product_type'],
        max_amount: (amount.pence as number) / 100,
        monthly_interest_percentage: (interest as number) / 100,
        fee_percentage: (fee as number) / 100,
        duration_in_days: duration,
      });
    }
  });
  if (Object.keys(errors).length > 0) return { offers: null, errors };
  const terms = await attempt(() => offerTermsFrom(inputs, '/offers'), TERMS_REFUSALS);
  return terms.ok ? { offers: terms.value, errors } : { offers: null, errors: terms.refusal.errors };
}

/** What each offer would repay if drawn in full today (the preview beside the form). */
export function previewSchedules(offers: OfferTerms[], now: Date): RepaymentSchedule[] {
  const drawnOn = londonToday(now);
  return offers.map((o) =>
    repaymentSchedule({
      amountPence: o.maxAmountPence,
      monthlyRateBp: o.monthlyRateBp,
      feeBp: o.feeBp,
      durationDays: o.durationDays,
      drawnOn,
      payOffEarlyOn: null,
    }),
  );
}
