import { notFound } from '../domain/errors.ts';
import { BUSINESS_LOAN_DAYS, BUSINESS_LOAN_FEE_BP, FLEXI_LOAN_DAYS } from '../domain/decision-policy.ts';
import type { Tenant } from '../domain/tenant.ts';
import { findApplication } from '../store/applications-store.ts';
import type { ServiceContext } from './context.ts';
import type { Decision } from './decisions.ts';
import { PRODUCT_CEILING_PENCE } from '../domain/offers.ts';

/** Sandbox approvals without offers get the standard pair at 3.0 % for the amount applied for. */
const SANDBOX_RATE_BP = 300;

/** The decision a sandbox outcome stands for, when the partner gave no offers of its own. */
export async function sandboxDecision(
  ctx: ServiceContext,
  tenant: Tenant,
  applicationId: string,
  outcome: 'offered' | 'declined' | 'deferred' | 'action_required' | 'awaiting_underwriter',
): Promise<Decision> {
  switch (outcome) {
    case 'offered': {
      const application = await findApplication(ctx.db, tenant, applicationId);
      if (!application) throw notFound('application');
      const max = Math.min(application.amount_pence, PRODUCT_CEILING_PENCE);
      return {
        outcome,
        offers: [
          { productType: 'flexi_loan', maxAmountPence: max, monthlyRateBp: SANDBOX_RATE_BP, feeBp: 0, durationDays: FLEXI_LOAN_DAYS, isSuggested: true },
          {
            productType: 'business_loan',
            maxAmountPence: max,
            monthlyRateBp: SANDBOX_RATE_BP - 50,
            feeBp: BUSINESS_LOAN_FEE_BP,
            durationDays: BUSINESS_LOAN_DAYS,
            isSuggested: false,
          },
        ],
      };
    }
    case 'action_required':
      return { outcome, requirements: [{ category: 'documents', actions: [{ name: 'upload_bank_statements' }] }], reason: 'sandbox' };
    default:
      return { outcome, reason: 'sandbox' };
  }
}
