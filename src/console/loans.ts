import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { roleAtLeast } from '../domain/actors.ts';
import { idParam } from '../domain/ids.ts';
import type { SettlementQuote } from '../domain/loans.ts';
import { IdParams } from '../schemas/admin.ts';
import { withdrawalSection } from '../services/loan-withdrawal.ts';
import { boRecordCollection, boSettleLoan } from '../services/loan-back-office.ts';
import { operatorLoansPage } from '../services/loan-lists.ts';
import { customerContext } from '../services/customer-time.ts';
import { getLoan, loanStatementPdf, positionOf, today, type CollectionInput } from '../services/loans.ts';
import { firstSettlementFigure, type NoSettlementDay } from '../services/settlement-days.ts';
import { askFrom, isNoSettlementDay } from '../domain/settlement-day.ts';
import { formatDate } from '../web/format.ts';
import { getPartner } from '../services/partners.ts';
import { attempt, besideFields, refusing, type RefusalMap } from '../web/attempt.ts';
import { formValues, readDate, type FieldErrors } from '../web/forms.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { consoleChrome, signedIn } from './context.ts';
import { ListCursor, readListPage } from './list-page.ts';
import { loanListPage, loanPage, type CollectionForm } from './views/loan.ts';

const DONE = {
  collected: 'Collection recorded.',
  settled: 'Settlement recorded: the loan is settled.',
};

const ListQuery = Type.Object({ arrears: Type.Optional(Type.Literal('yes')), cursor: ListCursor });

const FIELD_OF_POINTER: Record<string, string> = { '/due_date': 'due_date', '/collected_on': 'collected_on', '/on': 'on' };

/**
 * The refusals a loan form shows, with the API's status for the code (others get the error page):
 * beside its fields (by pointer, else the form's main field), or in words above the forms when it
 * is about the loan itself (settled: the forms are gone).
 */
function loanFormRefusals(fallbackField: string): RefusalMap {
  return {
    ...refusing(
      ['ValidationError', 'NoRepaymentOnDate', 'RepaymentAlreadyCollected', 'RepaymentOutcomePending'],
      besideFields(FIELD_OF_POINTER, fallbackField),
    ),
    LoanSettled: (error) => ({ problem: `Not recorded: ${error.detail}.` }),
  };
}

const COLLECTION_REFUSALS = loanFormRefusals('due_date');
const SETTLEMENT_REFUSALS = loanFormRefusals('on');
/** Why there is no settlement figure (withdrawn, under notice of withdrawal), in the service's words. */
const NO_FIGURE = refusing(['LoanSettled', 'LoanWithdrawn', 'WithdrawalNoticeGiven', 'ValidationError'], (error) => ({
  problem: `No settlement figure can be given: ${error.detail}.`,
}));

/** Why no settlement figure can be given from the loan's today, in words (no parameter names). */
export function noSettlementDayWords(reason: NoSettlementDay): string {
  switch (reason.kind) {
    case 'settled':
      return 'The loan is settled: there is nothing left to pay.';
    case 'last_repayment_recorded':
      return `No settlement figure can be given: the outcome of the last repayment, due on ${formatDate(reason.last)}, is recorded, and a figure is only given for a day after every recorded repayment and within the term. What is left to pay is the arrears.`;
    case 'term_ended':
      return `No settlement figure can be given: the last repayment, due on ${formatDate(reason.last)}, is being collected. Record its outcome.`;
    case 'first_day_too_far':
      return `No settlement figure can be given yet: repayments are recorded up to the day before ${formatDate(reason.first)}, the first day a figure can be given for, which is more than 28 days ahead. It can be given from ${formatDate(askFrom(reason.first))}.`;
  }
}

const EMPTY_COLLECTION: CollectionForm = { due_date: '', outcome: 'collected', collected_on: '' };

/** Loans across every partner (filter "In arrears") and a loan with its collection and settlement forms. */
export const consoleLoanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/loans', { schema: { querystring: ListQuery } }, async (request, reply) => {
    signedIn(request);
    const inArrears = request.query.arrears === 'yes';
    const read = await readListPage(request.query.cursor, (page) => operatorLoansPage(app.ctx, { inArrears }, page));
    // Each loan's position on its own today (a sandbox loan on a test clock: its clock's date).
    const rows = read.page.items.map((loan) => ({ loan, position: positionOf(loan, loan.today), partnerName: loan.partner_name }));
    const model = { rows, page: read.page, inArrears, refused: read.refused };
    return reply.page(read.status, loanListPage(consoleChrome(request, reply, '/console/loans'), model));
  });

  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    status: number,
    options: { notice?: string | null; problem?: string | null; collection?: CollectionForm; settleOn?: string; errors?: FieldErrors } = {},
  ) => {
    const { operator } = signedIn(request);
    // The loan's own today: its customer's test clock's in the sandbox, else the wall clock's.
    const ctx = await customerContext(app.ctx, 'loan', id);
    const loan = await getLoan(ctx, null, id);
    const day = today(ctx);
    // The figure for the first day from the loan's today that can be quoted (on a repayment day
    // whose repayment is recorded: tomorrow), or why there is none, in words.
    const quoted = await attempt(async () => firstSettlementFigure(loan, day), NO_FIGURE);
    const figureToday: SettlementQuote | string = !quoted.ok
      ? (quoted.refusal.problem as string)
      : isNoSettlementDay(quoted.value)
        ? noSettlementDayWords(quoted.value)
        : quoted.value;
    const partner = await getPartner(app.ctx, loan.partner_id);
    const position = positionOf(loan, day);
    const errors = options.errors ?? {};
    // A closed loan shows no forms: a refusal beside a field would not be seen, so it is said above.
    const closed = position.status === 'settled' || position.status === 'withdrawn';
    const unseen = closed && Object.keys(errors).length > 0 ? `Not recorded: ${Object.values(errors).join('; ')}.` : null;
    const model = {
      loan,
      position,
      partnerName: partner?.name ?? loan.partner_id,
      csrfToken: reply.generateCsrf(),
      canRecord: roleAtLeast(operator.role, 'underwriter'),
      figureToday,
      collection: options.collection ?? EMPTY_COLLECTION,
      settleOn: options.settleOn ?? (typeof figureToday === 'string' ? day : figureToday.on),
      errors,
      notice: options.notice ?? null,
      problem: options.problem ?? unseen,
      withdrawal: withdrawalSection(loan, day),
    };
    return reply.page(status, loanPage(consoleChrome(request, reply, '/console/loans'), model));
  };

  app.get('/loans/:id', { schema: { params: IdParams, querystring: Type.Object({ done: NoticeQuery(DONE) }) } }, async (request, reply) =>
    render(request, reply, idParam(request.params.id, 'loan'), 200, { notice: request.query.done ? DONE[request.query.done] : null }),
  );

  app.get('/loans/:id/statement.pdf', { schema: { params: IdParams } }, async (request, reply) => {
    signedIn(request);
    const { loan, pdf } = await loanStatementPdf(app.ctx, null, idParam(request.params.id, 'loan'), app.config.lenderName);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="loan-statement-${loan.id}.pdf"`)
      .send(pdf as never);
  });

  app.post('/loans/:id/collections', { schema: { params: IdParams }, config: { role: 'underwriter' } }, async (request, reply) => {
    const { actor } = signedIn(request);
    const id = idParam(request.params.id, 'loan');
    const values = formValues(request.body);
    const form: CollectionForm = { due_date: values.due_date ?? '', outcome: values.outcome ?? '', collected_on: values.collected_on ?? '' };
    const errors: FieldErrors = {};
    const due = readDate(form.due_date, 'the due date');
    if (due.error) errors.due_date = due.error;
    const outcome = form.outcome === 'collected' || form.outcome === 'missed' ? form.outcome : null;
    if (!outcome) errors.outcome = 'Choose Collected or Missed';
    const collected = form.collected_on.trim() === '' ? { date: null } : readDate(form.collected_on, 'the day the money arrived');
    if (collected.error) errors.collected_on = collected.error;
    if (Object.keys(errors).length > 0) return render(request, reply, id, 400, { collection: form, errors });
    const input: CollectionInput = { dueDate: due.date as string, outcome: outcome as CollectionInput['outcome'], collectedOn: collected.date };
    const done = await attempt(() => boRecordCollection(app.ctx, actor, id, input), COLLECTION_REFUSALS);
    if (!done.ok) return render(request, reply, id, done.refusal.status, { collection: form, errors: done.refusal.errors, problem: done.refusal.problem });
    return reply.redirect(`/console/loans/${id}?done=collected`, 303);
  });

  app.post('/loans/:id/settlement', { schema: { params: IdParams }, config: { role: 'underwriter' } }, async (request, reply) => {
    const { actor } = signedIn(request);
    const id = idParam(request.params.id, 'loan');
    const settleOn = formValues(request.body).on ?? '';
    const on = readDate(settleOn, 'the day the settlement was paid');
    if (on.error) return render(request, reply, id, 400, { settleOn, errors: { on: on.error } });
    const done = await attempt(() => boSettleLoan(app.ctx, actor, id, on.date, '/on'), SETTLEMENT_REFUSALS);
    if (!done.ok) return render(request, reply, id, done.refusal.status, { settleOn, errors: done.refusal.errors, problem: done.refusal.problem });
    return reply.redirect(`/console/loans/${id}?done=settled`, 303);
  });
};
