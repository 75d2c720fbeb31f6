/**
 * Loans after funding (docs/behaviour.md, section 22): started with every funding, in the
 * funding's transaction; read with their repayments in one statement; the balance, arrears and
 * status derived from the repayments on every read (src/domain/loans.ts).
 */
import type { Static } from 'typebox';
import { londonToday } from '../domain/dates.ts';
import { DomainError, invalidAt, notFound, validationFailed, type ErrorSource } from '../domain/errors.ts';
import {
  applyCollection,
  initialRepayments,
  isCollectionProblem,
  isSettlementProblem,
  lastCollected,
  loanPosition,
  loanStatus,
  missedNotDueProblem,
  settledRepayments,
  settlementQuote,
  simulatedOutcomes,
  type CollectionOutcome,
  type CollectionProblem,
  type LoanPosition,
  type LoanTerms,
  type SettlementProblem,
  type SettlementQuote,
} from '../domain/loans.ts';
import { fromPence } from '../domain/money.ts';
import { withdrawalRepayBy } from '../domain/credit-regulation.ts';
import { scheduleChangeProblem, withdrawalDue, type ScheduleChangeProblem } from '../domain/loan-withdrawal.ts';
import type { Tenant } from '../domain/tenant.ts';
import { simulateOnClockProblems } from '../domain/test-clocks.ts';
import { PAGE_SIZE_MAX } from '../domain/cursor.ts';
import type { LoanView, SettlementQuoteView } from '../schemas/loans.ts';
import { findCustomer } from '../store/customers-store.ts';
import type { Queryable } from '../store/db.ts';
import type { FundingRow } from '../store/fundings-store.ts';
import { findLoan, insertLoan, listCustomerLoans, lockLoan, replaceRepayments, setRepaymentStatus, type LoanRow } from '../store/loans-store.ts';
import { recordEvent } from '../store/outbox-store.ts';
import * as events from './event-payloads.ts';
import type { OfferRow } from '../store/offers-store.ts';
import type { ServiceContext } from './context.ts';
import { customerContext } from './customer-time.ts';
import { renderStatementPdf } from '../pdf/loan-statement-pdf.ts';

export function loanTerms(loan: LoanRow): LoanTerms {
  return {
    amountPence: loan.amount_pence,
    monthlyRateBp: loan.monthly_rate_bp,
    feeBp: loan.fee_bp,
    durationDays: loan.duration_days,
    fundedOn: loan.funded_on,
  };
}

/**
 * Starts the loan of a funding, in the funding's transaction: the amount drawn on the funding
 * date (London) at the offer's rate, fee and duration, its repayments the section 10 schedule.
 */
export async function startLoan(tx: Queryable, tenant: Tenant, funding: FundingRow, offer: OfferRow, regulated: boolean): Promise<void> {
  const terms: LoanTerms = {
    amountPence: funding.amount_pence,
    monthlyRateBp: offer.monthly_rate_bp,
    feeBp: offer.fee_bp,
    durationDays: offer.duration_days,
    fundedOn: londonToday(funding.created_at),
  };
  await insertLoan(
    tx,
    tenant,
    {
      id: funding.id,
      customerId: funding.customer_id,
      applicationId: funding.application_id,
      offerId: funding.offer_id,
      fundedOn: terms.fundedOn,
      amountPence: terms.amountPence,
      monthlyRateBp: terms.monthlyRateBp,
      feeBp: terms.feeBp,
      durationDays: terms.durationDays,
      regulated,
      now: funding.created_at,
    },
    initialRepayments(terms),
  );
}

export type { LoanRow };

export type LoanJson = Static<typeof LoanView>;

/**
 * The notice of withdrawal as the API shows it (section 23): the amount to repay today, or once
 * repaid the amount paid; null without a notice.
 */
export function withdrawalView(loan: LoanRow, today: string): LoanJson['withdrawal'] {
  const notice = loan.withdrawal;
  if (!notice) return null;
  const paid = notice.repaidOn ? loan.repayments.find((r) => r.settlement && r.date === notice.repaidOn) : undefined;
  const amountPence = paid ? paid.amountPence : withdrawalDue(loanTerms(loan), loan.repayments, today).amountPence;
  return { notice_given_on: notice.noticeGivenOn, repay_by: withdrawalRepayBy(notice.noticeGivenOn), amount: fromPence(amountPence) };
}

/**
 * Where the loan stands on `today` (London): status, balance, next repayment and arrears, from its
 * repayments and its notice of withdrawal (section 23): `withdrawn` once the withdrawal repayment
 * is recorded; under notice no repayment of the schedule is due (the withdrawal amount replaces them).
 */
export function positionOf(loan: LoanRow, today: string): LoanPosition {
  const position = loanPosition(loan.repayments, today, Boolean(loan.withdrawal?.repaidOn));
  return loan.withdrawal ? { ...position, nextRepayment: null } : position;
}

export function loanView(loan: LoanRow, today: string): LoanJson {
  const position = positionOf(loan, today);
  return {
    loan_id: loan.id,
    customer_id: loan.customer_id,
    offer_id: loan.offer_id,
    application_id: loan.application_id,
    funded_on: loan.funded_on,
    amount: fromPence(loan.amount_pence),
    status: position.status,
    balance: {
      principal: fromPence(position.balance.principalPence),
      interest: fromPence(position.balance.interestPence),
      fees: fromPence(position.balance.feesPence),
      total: fromPence(position.balance.totalPence),
    },
    next_repayment: position.nextRepayment ? { date: position.nextRepayment.date, amount: fromPence(position.nextRepayment.amountPence) } : null,
    arrears: {
      amount: fromPence(position.arrears.amountPence),
      days_past_due: position.arrears.daysPastDue,
      oldest_due_date: position.arrears.oldestDueDate,
    },
    repayments: loan.repayments.map((r) => ({
      date: r.date,
      amount: fromPence(r.amountPence),
      breakdown: { fees: fromPence(r.feesPence), interest: fromPence(r.interestPence), principal: fromPence(r.principalPence) },
      status: r.status,
      ...(r.collectedOn ? { collected_on: r.collectedOn } : {}),
    })),
    withdrawal: withdrawalView(loan, today),
  };
}

/** One loan of the tenant (or of any tenant, for operators); 404 when there is none. */
export async function getLoan(ctx: ServiceContext, tenant: Tenant | null, loanId: string): Promise<LoanRow> {
  const loan = await findLoan(ctx.db, tenant, loanId);
  if (!loan) throw notFound('loan');
  return loan;
}

/** A customer's loans, newest first (the portal's: a customer has a few); 404 when the customer is not the tenant's. */
export async function customerLoans(ctx: ServiceContext, tenant: Tenant, customerId: string): Promise<LoanRow[]> {
  const loans = (await listCustomerLoans(ctx.db, tenant, customerId, { limit: PAGE_SIZE_MAX, position: null })).rows;
  // One round trip when there are loans: the join already proved the customer is the tenant's.
  if (loans.length === 0 && !(await findCustomer(ctx.db, tenant, customerId))) throw notFound('customer');
  return loans;
}

export function today(ctx: ServiceContext): string {
  return londonToday(ctx.now());
}

export function quoteView(quote: SettlementQuote): Static<typeof SettlementQuoteView> {
  return {
    on: quote.on,
    amount: fromPence(quote.amountPence),
    breakdown: {
      principal: fromPence(quote.principalPence),
      interest: fromPence(quote.interestPence),
      fees: fromPence(quote.feesPence),
      arrears: fromPence(quote.arrearsPence),
      rebate: fromPence(quote.rebatePence),
    },
    valid_until: quote.validUntil,
  };
}

// --- Collections and settlement ---

export interface CollectionInput {
  dueDate: string;
  outcome: CollectionOutcome;
  collectedOn: string | null;
}

export function refOf(loan: LoanRow) {
  return { loanId: loan.id, customerId: loan.customer_id, externalCustomerId: loan.external_customer_id };
}

export function tenantOfLoan(loan: LoanRow): Tenant {
  return { partnerId: loan.partner_id, environment: loan.environment };
}

function collectionError(problem: CollectionProblem, pointer: string): DomainError {
  switch (problem.kind) {
    case 'settled':
      return new DomainError('LoanSettled', 'this loan is settled: there is nothing left to collect');
    case 'no_repayment':
      return new DomainError('NoRepaymentOnDate', `no repayment of this loan falls due on ${problem.date}`, { source: { pointer } });
    case 'already_collected':
      return new DomainError('RepaymentAlreadyCollected', `the repayment due on ${problem.date} is already collected; it cannot be recorded as missed`, {
        source: { pointer },
      });
    case 'collected_before_due':
      return invalidAt(pointer.replace(/due_date$/, 'collected_on'), `collected_on must not be before the due date ${problem.date}`);
  }
}

/** The loan locked for a change, read fresh after the lock; 404 when not the tenant's. */
export async function lockedLoan(tx: Queryable, tenant: Tenant | null, loanId: string): Promise<LoanRow> {
  if (!(await findLoan(tx, tenant, loanId))) throw notFound('loan');
  await lockLoan(tx, loanId);
  return (await findLoan(tx, tenant, loanId)) as LoanRow;
}

/** The refusal of a change to the schedule of a loan under notice of withdrawal, or withdrawn (section 23). */
export function scheduleChangeError(problem: ScheduleChangeProblem): DomainError {
  return problem.kind === 'withdrawn'
    ? new DomainError('LoanWithdrawn', `this loan is withdrawn: its withdrawal repayment was recorded on ${problem.repaidOn}`)
    : new DomainError(
        'WithdrawalNoticeGiven',
        `notice of withdrawal was given on ${problem.noticeGivenOn}: the Direct Debits stop and the withdrawal amount replaces the repayments`,
      );
}

/** Refuses a change to the schedule once notice of withdrawal is given. */
function assertScheduleOpen(loan: LoanRow): void {
  const problem = scheduleChangeProblem(loan.withdrawal);
  if (problem) throw scheduleChangeError(problem);
}

/**
 * Records outcomes one after the other on the locked loan, with their events in the same
 * transaction: one event per repayment whose state changes (nothing for an outcome already
 * recorded), and loan_settled when the last one is collected.
 */
async function recordOutcomes(
  tx: Queryable,
  ctx: ServiceContext,
  loan: LoanRow,
  outcomes: CollectionInput[],
  pointerOf: (i: number) => string,
): Promise<LoanRow> {
  const now = ctx.now();
  const day = londonToday(now);
  const tenant = tenantOfLoan(loan);
  assertScheduleOpen(loan);
  let repayments = loan.repayments;
  for (const [i, input] of outcomes.entries()) {
    const result = applyCollection(repayments, input.dueDate, input.outcome, input.collectedOn);
    if (isCollectionProblem(result)) throw collectionError(result, pointerOf(i));
    if (!result.changed) continue;
    repayments = repayments.map((r) => (r.date === input.dueDate ? result.repayment : r));
    await setRepaymentStatus(tx, loan.id, input.dueDate, result.repayment.status, result.repayment.collectedOn);
    const position = loanPosition(repayments, day);
    const payload = events.loanRepaymentOutcome(refOf(loan), result.repayment, position.balance.totalPence, position.arrears.daysPastDue);
    await recordEvent(tx, tenant, input.outcome === 'collected' ? 'loan_repayment_collected_202611' : 'loan_repayment_missed_202611', payload, now);
    const last = position.status === 'settled' ? lastCollected(repayments) : null;
    if (last) {
      // The loan ran its term: settled the day its last repayment was collected, which is what it paid.
      await recordEvent(tx, tenant, 'loan_settled_202611', events.loanSettled(refOf(loan), last.collectedOn as string, last.amountPence), now);
    }
  }
  return { ...loan, repayments };
}

/** Whether a date is after today in London (an outcome cannot be reported before it happens). */
function inFuture(ctx: ServiceContext, date: string): boolean {
  return date > londonToday(ctx.now());
}

/** An operator's record of one Direct Debit outcome (admin API and console), audited by the caller. */
export async function recordCollection(ctx: ServiceContext, loanId: string, input: CollectionInput, pointerPrefix = '/'): Promise<LoanRow> {
  ctx = await customerContext(ctx, 'loan', loanId);
  if (inFuture(ctx, input.dueDate)) throw invalidAt(`${pointerPrefix}due_date`, `the repayment due on ${input.dueDate} is not due yet`);
  if (input.collectedOn && inFuture(ctx, input.collectedOn)) throw invalidAt(`${pointerPrefix}collected_on`, 'collected_on must not be after today');
  if (input.outcome === 'missed' && input.collectedOn) throw invalidAt(`${pointerPrefix}collected_on`, 'collected_on is only for a collected repayment');
  return ctx.db.transaction(async (tx) => {
    const loan = await lockedLoan(tx, null, loanId);
    return recordOutcomes(tx, ctx, loan, [input], () => `${pointerPrefix}due_date`);
  });
}

/**
 * The sandbox's collections up to `until`: every repayment due on or before it collected on its
 * date except those listed as missed; a repayment missed before and not listed now is collected
 * late, on `until`. On a test clock, `until` and missed days may not pass its date (on none they may).
 */
export async function simulateCollections(ctx: ServiceContext, tenant: Tenant, loanId: string, until: string, missed: string[]): Promise<LoanRow> {
  ctx = await customerContext(ctx, 'loan', loanId, tenant);
  return ctx.db.transaction(async (tx) => {
    const loan = await lockedLoan(tx, tenant, loanId);
    const aheadOfClock = ctx.clock ? simulateOnClockProblems(londonToday(ctx.now()), until, missed) : [];
    if (aheadOfClock.length > 0) throw validationFailed(aheadOfClock);
    assertScheduleOpen(loan);
    if (loanStatus(loan.repayments) === 'settled') throw collectionError({ kind: 'settled' }, '/data/until');
    const problems = missed.flatMap((date, i) =>
      loan.repayments.some((r) => r.date === date && r.date <= until) ? [] : [missedNotDueProblem(date, until, i)],
    );
    if (problems.length > 0) throw new DomainError('NoRepaymentOnDate', problems[0].detail, { problems });
    const outcomes = simulatedOutcomes(loan.repayments, until, missed);
    return recordOutcomes(tx, ctx, loan, outcomes, (i) => {
      const at = missed.indexOf(outcomes[i].dueDate);
      return at >= 0 ? `/data/missed/${at}` : '/data/until';
    });
  });
}

/** A refused settlement day, pointing at where it came from (the query's `on`, or a body's). */
function quoteError(problem: SettlementProblem, source: ErrorSource): DomainError {
  const at = { source };
  const parameter = 'on';
  switch (problem.kind) {
    case 'settled':
      return new DomainError('LoanSettled', 'this loan is settled: there is nothing left to pay');
    case 'before_funding':
      return new DomainError('ValidationError', `${parameter} must not be before the funding date`, at);
    case 'too_far_ahead':
      return new DomainError('ValidationError', `${parameter} must be at most 28 days ahead (on or before ${problem.latest})`, at);
    case 'after_last_repayment':
      return new DomainError('ValidationError', `${parameter} must not be after the last repayment date ${problem.last}`, at);
    case 'not_after_recorded':
      return new DomainError('ValidationError', `${parameter} must be after ${problem.date}, the last repayment whose outcome is recorded`, at);
  }
}

/** The settlement figure for `on` as of `day`, or why there is none (the API, settle, portal, console and statement all read it here). */
export function settlementFigure(loan: LoanRow, on: string, day: string): SettlementQuote | SettlementProblem {
  return settlementQuote(loanTerms(loan), loan.repayments, on, day, loan.regulated);
}

export function quoteFor(loan: LoanRow, on: string | null, day: string, where: ErrorSource): SettlementQuote {
  assertScheduleOpen(loan);
  const quote = settlementFigure(loan, on ?? day, day);
  if (isSettlementProblem(quote)) throw quoteError(quote, where);
  return quote;
}

/**
 * Records the payment of the settlement figure on `on` and settles the loan: the repayments from
 * `on` are replaced by that one payment, missed ones are collected with it. Every repayment due
 * before `on` must have its outcome recorded first (the figure counts on them).
 */
export async function settleLoan(
  ctx: ServiceContext,
  tenant: Tenant | null,
  loanId: string,
  on: string | null,
  where: ErrorSource,
): Promise<{ loan: LoanRow; quote: SettlementQuote }> {
  ctx = await customerContext(ctx, 'loan', loanId, tenant);
  return ctx.db.transaction(async (tx) => {
    const loan = await lockedLoan(tx, tenant, loanId);
    const now = ctx.now();
    const quote = quoteFor(loan, on, londonToday(now), where);
    const pending = loan.repayments.find((r) => r.status === 'scheduled' && r.date < quote.on);
    if (pending) {
      throw new DomainError('RepaymentOutcomePending', `record the outcome of the repayment due on ${pending.date} before settling on ${quote.on}`);
    }
    const repayments = settledRepayments(loan.repayments, quote);
    await replaceRepayments(tx, loan.id, repayments);
    await recordEvent(tx, tenantOfLoan(loan), 'loan_settled_202611', events.loanSettled(refOf(loan), quote.on, quote.amountPence), now);
    return { loan: { ...loan, repayments }, quote };
  });
}

/** The loan's statement as a PDF: terms, every repayment with its status, the balance and arrears. */
export async function loanStatementPdf(
  ctx: ServiceContext,
  tenant: Tenant | null,
  loanId: string,
  lenderName: string,
): Promise<{ loan: LoanRow; pdf: Buffer }> {
  ctx = await customerContext(ctx, 'loan', loanId, tenant);
  const loan = await getLoan(ctx, tenant, loanId);
  const day = today(ctx);
  // Today's settlement figure, unless there is none (settled, under notice of withdrawal, no valid day).
  const quote = loan.withdrawal ? null : settlementFigure(loan, day, day);
  const pdf = await renderStatementPdf({
    loanId: loan.id,
    lenderName,
    companyName: loan.company_name,
    terms: loanTerms(loan),
    repayments: loan.repayments,
    position: positionOf(loan, day),
    settlementToday: quote && !isSettlementProblem(quote) ? quote : null,
    generatedOn: day,
  });
  return { loan, pdf };
}
