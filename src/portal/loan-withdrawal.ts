import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../domain/errors.ts';
import { idParam } from '../domain/ids.ts';
import { customerWithdrawal, withdrawFromCustomerLoan } from '../services/portal-withdrawal.ts';
import type { CustomerScope } from '../services/portal.ts';
import { attempt, saying, type RefusalMap } from '../web/attempt.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { portalChrome, portalContext, portalScope } from './context.ts';
import { withdrawalPage, withdrawalPath } from './views/loan-withdrawal.ts';

const LoanIdParams = Type.Object({ loan_id: Type.String() });

const NOTICES = { given: 'We have your notice: you are withdrawing from this agreement.' };
const WithdrawalQuery = Type.Object({ done: NoticeQuery(NOTICES) });

/** Why notice could not be given, in words, by the service's refusal. */
const REFUSALS: RefusalMap = {
  WithdrawalPeriodEnded: saying('The time to withdraw from this agreement has ended.'),
  WithdrawalNoticeGiven: saying('You have already told us you are withdrawing from this agreement.'),
  LoanSettled: saying('This loan is repaid in full: there is nothing to withdraw from.'),
  LoanNotRegulated: saying('This loan carries no right of withdrawal.'),
};

/** Withdrawal from a regulated loan (docs/behaviour.md, section 23): the confirmation page and the notice. */
export const portalWithdrawalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    scope: CustomerScope,
    loanId: string,
    status: number,
    words: { notice?: string | null; problem?: string | null },
  ) => {
    const m = await customerWithdrawal(portalContext(request), scope, loanId);
    // A loan with no right of withdrawal has no such page.
    if (m.state === 'none' && !words.problem) throw notFound('withdrawal');
    const model = { m, lender: app.config.lenderName, notice: words.notice ?? null, problem: words.problem ?? null, backHref: `/portal/loans/${loanId}` };
    return reply.page(status, withdrawalPage(portalChrome(request, reply), reply.generateCsrf(), model));
  };

  app.get('/loans/:loan_id/withdrawal', { schema: { params: LoanIdParams, querystring: WithdrawalQuery } }, async (request, reply) => {
    const loanId = idParam(request.params.loan_id, 'loan');
    return render(request, reply, portalScope(request), loanId, 200, { notice: request.query.done ? NOTICES[request.query.done] : null });
  });

  app.post('/loans/:loan_id/withdrawal', { schema: { params: LoanIdParams } }, async (request, reply) => {
    const scope = portalScope(request);
    const loanId = idParam(request.params.loan_id, 'loan');
    const given = await attempt(() => withdrawFromCustomerLoan(portalContext(request), scope, loanId), REFUSALS);
    if (!given.ok) return render(request, reply, scope, loanId, given.refusal.status, { problem: given.refusal.problem });
    return reply.redirect(`${withdrawalPath(loanId)}?done=given`, 303);
  });
};
