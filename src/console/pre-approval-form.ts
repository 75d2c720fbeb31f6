/**
 * The console's "Pre-approve" form (docs/behaviour.md, section 21): "Maximum amount (£)",
 * "Monthly interest (%)", "Fee (%)", "Duration (days)", "Valid for (days)", read strictly into a
 * flexi loan limit's terms.
 */
import { PRE_APPROVAL_MAX_VALID_DAYS } from '../domain/pre-approvals.ts';
import type { PreApprovalTerms } from '../services/pre-approvals.ts';
import { readMoney, type FieldErrors } from '../web/forms.ts';

export interface PreApprovalForm {
  max_amount: string;
  interest: string;
  fee: string;
  duration: string;
  valid_for: string;
}

export const EMPTY_PRE_APPROVAL_FORM: PreApprovalForm = { max_amount: '', interest: '', fee: '0', duration: '365', valid_for: '90' };

/** The form as sent ('' for a field not sent). */
export function preApprovalFormFrom(values: Record<string, string>): PreApprovalForm {
  return {
    max_amount: values.max_amount ?? '',
    interest: values.interest ?? '',
    fee: values.fee ?? '',
    duration: values.duration ?? '',
    valid_for: values.valid_for ?? '',
  };
}

function readWhole(raw: string, label: string, min: number, max: number, errors: FieldErrors, field: string): number | null {
  const text = raw.trim();
  if (!/^\d{1,6}$/.test(text) || Number(text) < min || Number(text) > max) {
    errors[field] = `Enter the ${label} as a whole number from ${min} to ${max}`;
    return null;
  }
  return Number(text);
}

function readPercentBp(raw: string, label: string, errors: FieldErrors, field: string): number | null {
  const text = raw.trim().replace(/%$/, '');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) || Number(text) > 100) {
    errors[field] = `Enter the ${label} as a percentage from 0 to 100, with at most two decimals`;
    return null;
  }
  const [whole, decimals = ''] = text.split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}

/** The terms typed into "Pre-approve", or the errors beside the fields. */
export function readPreApproval(form: PreApprovalForm): { terms: PreApprovalTerms | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const amount = readMoney(form.max_amount, 'maximum amount', { required: true });
  if (amount.error) errors.max_amount = amount.error;
  else if ((amount.pence ?? 0) <= 0 || (amount.pence ?? 0) > 100_000_000) errors.max_amount = 'The maximum amount must be more than £0 and at most £1,000,000';
  const monthlyRateBp = readPercentBp(form.interest, 'monthly interest', errors, 'interest');
  const feeBp = readPercentBp(form.fee, 'fee', errors, 'fee');
  const durationDays = readWhole(form.duration, 'duration in days', 1, 3650, errors, 'duration');
  const validForDays = readWhole(form.valid_for, 'number of days it is valid for', 1, PRE_APPROVAL_MAX_VALID_DAYS, errors, 'valid_for');
  if (Object.keys(errors).length > 0) return { terms: null, errors };
  return {
    terms: {
      terms: {
        productType: 'flexi_loan',
        maxAmountPence: amount.pence as number,
        monthlyRateBp: monthlyRateBp as number,
        feeBp: feeBp as number,
        durationDays: durationDays as number,
        isSuggested: true,
      },
      validForDays: validForDays as number,
    },
    errors,
  };
}
