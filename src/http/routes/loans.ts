import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../schemas/common.ts';
import { CustomerIdParams } from '../../schemas/customer.ts';
import {
  LoanIdParams,
  LoanResponse,
  LoansQuery,
  LoansResponse,
  SettleBody,
  SettlementQuoteQuery,
  SettlementQuoteResponse,
  SimulateBody,
} from '../../schemas/loans.ts';
import { pageMeta, pageRequestOf } from '../../schemas/paging.ts';
import { customerLoansPage } from '../../services/loan-lists.ts';
import { getLoan, loanStatementPdf, loanView, quoteView, simulateCollections, today } from '../../services/loans.ts';
import { loanSettlementQuote } from '../../services/settlement-days.ts';
import { recordLoanPayment } from '../../services/loan-withdrawal.ts';
import { customerContext } from '../../services/customer-time.ts';
import { tenantOf } from '../auth.ts';
import { idParam } from '../../domain/ids.ts';

/** Loans after funding (docs/behaviour.md, section 22). */
export const loanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/customers/:customer_id/loans/',
    {
      schema: {
        tags: ['Loans'],
        operationId: 'listCustomerLoans',
        summary: "A customer's loans, newest first (paged)",
        params: CustomerIdParams,
        querystring: LoansQuery,
        response: { 200: LoansResponse, ...errorResponses(400, 401, 403, 404, 406) },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const customerId = idParam(request.params.customer_id, 'customer');
      const ctx = await customerContext(app.ctx, 'customer', customerId, tenant);
      const page = await customerLoansPage(ctx, tenant, customerId, pageRequestOf(request.query));
      const day = today(ctx);
      return { data: page.items.map((loan) => loanView(loan, day)), meta: pageMeta(page) };
    },
  );

  app.get(
    '/loans/:loan_id/',
    {
      schema: {
        tags: ['Loans'],
        operationId: 'getLoan',
        summary: 'A loan: balance, next repayment, arrears and every repayment with its status',
        params: LoanIdParams,
        response: { 200: LoanResponse, ...errorResponses(401, 403, 404, 406) },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const loanId = idParam(request.params.loan_id, 'loan');
      const ctx = await customerContext(app.ctx, 'loan', loanId, tenant);
      return { data: loanView(await getLoan(ctx, tenant, loanId), today(ctx)) };
    },
  );

  app.get(
    '/loans/:loan_id/settlement_quote/',
    {
      schema: {
        tags: ['Loans'],
        operationId: 'getSettlementQuote',
        summary: 'The figure that settles the loan on a day (default: the first day from today that can be quoted)',
        params: LoanIdParams,
        querystring: SettlementQuoteQuery,
        response: { 200: SettlementQuoteResponse, ...errorResponses(400, 401, 403, 404, 406, 409) },
      },
    },
    async (request) => {
      const quote = await loanSettlementQuote(app.ctx, tenantOf(request), idParam(request.params.loan_id, 'loan'), request.query.on ?? null);
      return { data: quoteView(quote) };
    },
  );

  app.get(
    '/loans/:loan_id/statement/',
    {
      config: { produces: ['application/pdf'] },
      schema: {
        tags: ['Loans'],
        operationId: 'getLoanStatement',
        summary: "The loan's statement as a PDF (Accept: application/pdf)",
        params: LoanIdParams,
        response: {
          200: { description: 'The statement (application/pdf)', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
          ...errorResponses(401, 403, 404, 406),
        },
      },
    },
    async (request, reply) => {
      const { loan, pdf } = await loanStatementPdf(app.ctx, tenantOf(request), idParam(request.params.loan_id, 'loan'), app.config.lenderName);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="loan-statement-${loan.id}.pdf"`)
        .send(pdf as never);
    },
  );
};

/** Sandbox controls for loans: a production token gets 403 on every route here. */
export const sandboxLoanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/sandbox/loans/:loan_id/simulate',
    {
      config: { sandboxOnly: true },
      schema: {
        tags: ['Sandbox'],
        operationId: 'sandboxSimulateLoanCollections',
        summary: 'Record Direct Debit outcomes up to a date, some missed (sandbox only)',
        params: LoanIdParams,
        body: SimulateBody,
        response: { 200: LoanResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => {
      const { until, missed } = request.body.data;
      const tenant = tenantOf(request);
      const loanId = idParam(request.params.loan_id, 'loan');
      const ctx = await customerContext(app.ctx, 'loan', loanId, tenant);
      const loan = await simulateCollections(ctx, tenant, loanId, until, missed ?? []);
      return { data: loanView(loan, today(ctx)) };
    },
  );

  app.post(
    '/sandbox/loans/:loan_id/settle',
    {
      config: { sandboxOnly: true },
      schema: {
        tags: ['Sandbox'],
        operationId: 'sandboxSettleLoan',
        summary: 'Pay the settlement figure and settle the loan, or under notice of withdrawal pay the withdrawal amount (sandbox only)',
        params: LoanIdParams,
        body: SettleBody,
        response: { 200: LoanResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => {
      const loanId = idParam(request.params.loan_id, 'loan');
      const tenant = tenantOf(request);
      const ctx = await customerContext(app.ctx, 'loan', loanId, tenant);
      const { loan } = await recordLoanPayment(ctx, tenant, loanId, request.body.data.on ?? null, { pointer: '/data/on' }, 'sandbox');
      return { data: loanView(loan, today(ctx)) };
    },
  );
};
