import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { idParam } from '../domain/ids.ts';
import { isSettlementProblem, settlementQuoteDays } from '../domain/loans.ts';
import { positionOf, settlementFigure, today, type LoanRow } from '../services/loans.ts';
import { portalLoan, portalLoans, portalLoanStatement } from '../services/portal-loans.ts';
import { withdrawalSection } from '../services/loan-withdrawal.ts';
import { readDate } from '../web/forms.ts';
import { portalChrome, portalContext, portalScope } from './context.ts';
import { noSettlementDayWords, settlementProblemWords } from './loan-words.ts';
import { firstSettlementDay, isNoSettlementDay } from '../domain/settlement-day.ts';
import { loanPage, type SettlementForm } from './views/loan.ts';
import { loansPage } from './views/loans.ts';

const LoanIdParams = Type.Object({ loan_id: Type.String() });
const LoanPageQuery = Type.Object({ on: Type.Optional(Type.String({ maxLength: 40 })) });

/**
 * The settlement form: nothing asked yet (the first day a figure can be given in the field), or the figure for the day
 * asked from the same service as the API's settlement_quote, or why there is none.
 */
function settlementForm(loan: LoanRow, day: string, asked: string | undefined): SettlementForm {
  const days = settlementQuoteDays(loan.funded_on, loan.repayments, day) ?? { earliest: null, latest: null };
  // The first day from today a figure can be given (as the API quotes without a day), or why none.
  const first = firstSettlementDay(loan.funded_on, loan.repayments, day);
  const unavailable = isNoSettlementDay(first) ? noSettlementDayWords(first) : null;
  if (asked === undefined) {
    const input = !isNoSettlementDay(first) ? first.on : (days.latest ?? day);
    return { input, ...days, figure: null, error: null, unavailable };
  }
  const read = readDate(asked, 'the date you want to pay off your loan');
  if (!read.date) return { input: asked, ...days, figure: null, error: read.error ?? null, unavailable };
  const figure = settlementFigure(loan, read.date, day);
  if (isSettlementProblem(figure)) return { input: asked, ...days, figure: null, error: settlementProblemWords(figure, loan.funded_on), unavailable };
  return { input: read.date, ...days, figure, error: null, unavailable };
}

/** "Your loans", a loan's page with its settlement figure, and its statement (docs/behaviour.md, section 22). */
export const portalLoanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/loans', async (request, reply) => {
    const scope = portalScope(request);
    const day = today(portalContext(request));
    const loans = await portalLoans(portalContext(request), scope);
    const items = loans.map((loan) => ({ loan, position: positionOf(loan, day) }));
    return reply.page(200, loansPage(portalChrome(request, reply, '/portal/loans'), items, day));
  });

  app.get('/loans/:loan_id', { schema: { params: LoanIdParams, querystring: LoanPageQuery } }, async (request, reply) => {
    const scope = portalScope(request);
    const loan = await portalLoan(portalContext(request), scope, idParam(request.params.loan_id, 'loan'));
    const day = today(portalContext(request));
    const settlement = settlementForm(loan, day, request.query.on);
    const model = {
      loan,
      position: positionOf(loan, day),
      today: day,
      lender: app.config.lenderName,
      csrfToken: reply.generateCsrf(),
      settlement,
      withdrawal: withdrawalSection(loan, day),
    };
    return reply.page(settlement.error ? 400 : 200, loanPage(portalChrome(request, reply, '/portal/loans'), model));
  });

  app.get('/loans/:loan_id/statement.pdf', { schema: { params: LoanIdParams } }, async (request, reply) => {
    const scope = portalScope(request);
    const { loan, pdf } = await portalLoanStatement(portalContext(request), scope, idParam(request.params.loan_id, 'loan'), app.config.lenderName);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="loan-statement-${loan.id}.pdf"`)
      .send(pdf as never);
  });
};
