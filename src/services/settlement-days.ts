/**
 * The settlement figure when no day is asked (docs/behaviour.md, section 22): the figure for the
 * first valid day from the customer's own today (a customer on a test clock: the clock's date),
 * for the API's `settlement_quote` without `on`, the console's loan page and the portal's.
 */
import { DomainError } from '../domain/errors.ts';
import { scheduleChangeProblem } from '../domain/loan-withdrawal.ts';
import type { SettlementQuote } from '../domain/loans.ts';
import { firstSettlementDay, isNoSettlementDay, type NoSettlementDay } from '../domain/settlement-day.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { LoanRow } from '../store/loans-store.ts';
import type { ServiceContext } from './context.ts';
import { customerContext } from './customer-time.ts';
import { getLoan, quoteFor, scheduleChangeError, today } from './loans.ts';

export type { NoSettlementDay };

/**
 * The figure for the first day from `day` that can be quoted, or why there is none. A loan under
 * notice of withdrawal, or withdrawn, is refused as every settlement figure is (section 23).
 */
export function firstSettlementFigure(loan: LoanRow, day: string): SettlementQuote | NoSettlementDay {
  const problem = scheduleChangeProblem(loan.withdrawal);
  if (problem) throw scheduleChangeError(problem);
  const first = firstSettlementDay(loan.funded_on, loan.repayments, day);
  if (isNoSettlementDay(first)) return first;
  return quoteFor(loan, first.on, day, { parameter: 'on' });
}

/** The API's refusal when no day from today can be quoted (the parameter a day would go in: `on`). */
function noDayError(reason: NoSettlementDay): DomainError {
  const at = { source: { parameter: 'on' } };
  switch (reason.kind) {
    case 'settled':
      return new DomainError('LoanSettled', 'this loan is settled: there is nothing left to pay');
    case 'last_repayment_recorded':
      return new DomainError(
        'ValidationError',
        `no day can be quoted: the outcome of the last repayment (${reason.last}) is recorded, and a settlement day must come after every recorded repayment and not after the last repayment date; what is left is the arrears`,
        at,
      );
    case 'term_ended':
      return new DomainError(
        'ValidationError',
        `no day can be quoted: the last repayment date ${reason.last} has passed and that repayment is being collected`,
        at,
      );
    case 'first_day_too_far':
      return new DomainError(
        'ValidationError',
        `no day can be quoted today: repayments are recorded up to the day before ${reason.first}, the first day a figure can be given, which is more than 28 days ahead`,
        at,
      );
  }
}

/** The settlement figure for `on`, or without it for the first valid day from the customer's today. */
export async function loanSettlementQuote(ctx: ServiceContext, tenant: Tenant | null, loanId: string, on: string | null): Promise<SettlementQuote> {
  ctx = await customerContext(ctx, 'loan', loanId, tenant);
  const loan = await getLoan(ctx, tenant, loanId);
  const day = today(ctx);
  if (on !== null) return quoteFor(loan, on, day, { parameter: 'on' });
  const figure = firstSettlementFigure(loan, day);
  if (isNoSettlementDay(figure)) throw noDayError(figure);
  return figure;
}
