import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../schemas/common.ts';
import { CustomerIdParams } from '../../schemas/customer.ts';
import { LoanIdParams, LoanResponse, LoansResponse } from '../../schemas/loans.ts';
import { customerLoans, getLoan, loanView, today } from '../../services/loans.ts';
import { tenantOf } from '../auth.ts';
import { idParam } from '../../domain/ids.ts';

/** Loans after funding (docs/behaviour.md, section 22). */
export const loanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/customers/:customer_id/loans/',
    {
      schema: {
        tags: ['Loans'],
        summary: "A customer's loans, newest first",
        params: CustomerIdParams,
        response: { 200: LoansResponse, ...errorResponses(401, 403, 404, 406) },
      },
    },
    async (request) => {
      const loans = await customerLoans(app.ctx, tenantOf(request), idParam(request.params.customer_id, 'customer'));
      const day = today(app.ctx);
      return { data: loans.map((loan) => loanView(loan, day)) };
    },
  );

  app.get(
    '/loans/:loan_id/',
    {
      schema: {
        tags: ['Loans'],
        summary: 'A loan: balance, next repayment, arrears and every repayment with its status',
        params: LoanIdParams,
        response: { 200: LoanResponse, ...errorResponses(401, 403, 404, 406) },
      },
    },
    async (request) => ({ data: loanView(await getLoan(app.ctx, tenantOf(request), idParam(request.params.loan_id, 'loan')), today(app.ctx)) }),
  );
};
