import { Type } from 'typebox';
import { FUNDING_ACCOUNT_STATUSES, HOLDER_NAME_MAX, NAME_CHECK_RESULTS } from '../domain/funding-accounts.ts';
import { PRE_APPROVAL_MAX_VALID_DAYS } from '../domain/pre-approvals.ts';
import { Closed, Data, IsoDateTime, Money, StringEnum, Uuid } from './common.ts';

export const FundingAccountInput = Closed({
  account_holder_name: Type.String({
    minLength: 1,
    maxLength: HOLDER_NAME_MAX,
    description: 'The name the account is held in',
    examples: ['Acme Widgets Ltd'],
  }),
  sort_code: Type.String({ pattern: '^([0-9]{6}|[0-9]{2}-[0-9]{2}-[0-9]{2})$', description: 'Six digits, with or without hyphens', examples: ['08-99-99'] }),
  account_number: Type.String({ pattern: '^[0-9]{8}$', description: 'Eight digits; never shown again (answers show its last four)', examples: ['66374958'] }),
});

export const FundingAccountBody = Data(FundingAccountInput, { $id: 'FundingAccountBody', title: 'Funding account' });

export const FundingAccountView = Type.Object({
  funding_account_id: Uuid,
  account_holder_name: Type.String(),
  sort_code: Type.String({ examples: ['08-99-99'] }),
  account_number_ending: Type.String({ description: 'The last four digits of the account number', examples: ['4958'] }),
  name_check: StringEnum(NAME_CHECK_RESULTS, { description: 'The payee name check (Confirmation of Payee)' }),
  status: StringEnum(FUNDING_ACCOUNT_STATUSES, {
    description: 'verified (match), rejected (no_match), needs_review (close_match or unavailable) until the lender accepts or rejects it',
  }),
  created_at: IsoDateTime,
});

export const FundingAccountResponse = Data(FundingAccountView);

/** The account a funding was paid into; null for fundings drawn before funding accounts existed. */
export const PaidTo = Type.Union(
  [
    Type.Object({
      funding_account_id: Type.Union([Uuid, Type.Null()], { description: 'null for the sandbox’s simulated account' }),
      sort_code: Type.String({ examples: ['08-99-99'] }),
      account_number_ending: Type.String({ examples: ['4958'] }),
      simulated: Type.Boolean({ description: 'true when a sandbox drawdown without a funding account was paid to a simulated account' }),
    }),
    Type.Null(),
  ],
  { description: 'The account the funding was paid into (our addition)' },
);

/** Pre-approval terms (section 21): a flexi_loan limit, valid for a number of days. */
export const PreApprovalInput = Closed({
  max_amount: Money({ exclusiveMinimum: 0, maximum: 1_000_000, examples: [20000] }),
  monthly_interest_percentage: Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01, examples: [2.5] }),
  fee_percentage: Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01, examples: [0] }),
  duration_in_days: Type.Integer({ minimum: 1, maximum: 3650, examples: [365] }),
  valid_for_days: Type.Integer({ minimum: 1, maximum: PRE_APPROVAL_MAX_VALID_DAYS, examples: [90] }),
});

export const PreApprovalBody = Data(PreApprovalInput, { $id: 'PreApprovalBody', title: 'Pre-approval' });

export const PreApprovalView = Type.Object({
  offer_id: Uuid,
  max_amount: Type.Number(),
  available_amount: Type.Number({ description: 'What can still be drawn: max_amount less what was drawn; 0 once expired or revoked' }),
  monthly_interest_percentage: Type.Number(),
  fee_percentage: Type.Number(),
  duration_in_days: Type.Integer(),
  expires_at: IsoDateTime,
  status: StringEnum(['available', 'funded', 'expired', 'revoked'] as const),
});

export const PreApprovalResponse = Data(PreApprovalView);
