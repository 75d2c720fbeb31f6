/**
 * The lender's staff's changes to loans (admin API and console): the role check, the service and
 * the audit row in one transaction, as back-office.ts does for the rest.
 */
import type { Actor } from '../domain/actors.ts';
import { fromPence } from '../domain/money.ts';
import { audited } from './audit.ts';
import { requireRole } from './back-office.ts';
import type { ServiceContext } from './context.ts';
import { recordCollection, type CollectionInput } from './loans.ts';
import { recordLoanPayment } from './loan-withdrawal.ts';

export async function boRecordCollection(ctx: ServiceContext, actor: Actor, loanId: string, input: CollectionInput, pointerPrefix = '/') {
  requireRole(actor, 'underwriter');
  return audited(
    ctx,
    actor,
    (inner) => recordCollection(inner, loanId, input, pointerPrefix),
    () => ({
      action: 'loan.collection_recorded',
      targetType: 'loan',
      targetId: loanId,
      summary: { due_date: input.dueDate, outcome: input.outcome, ...(input.collectedOn ? { collected_on: input.collectedOn } : {}) },
    }),
  );
}

/** The console's "Record settlement": the settlement figure, or under notice of withdrawal the withdrawal repayment (section 23). */
export async function boSettleLoan(ctx: ServiceContext, actor: Actor, loanId: string, on: string | null, pointer: string) {
  requireRole(actor, 'underwriter');
  return audited(
    ctx,
    actor,
    (inner) => recordLoanPayment(inner, null, loanId, on, { pointer }, 'operator'),
    (paid) => ({
      action: paid.kind === 'withdrawal' ? 'loan.withdrawal_repaid' : 'loan.settled',
      targetType: 'loan',
      targetId: loanId,
      summary: { on: paid.on, amount_paid: fromPence(paid.amountPence) },
    }),
  );
}
