import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { roleAtLeast } from '../domain/actors.ts';
import { notFound } from '../domain/errors.ts';
import { idParam } from '../domain/ids.ts';
import { IdParams } from '../schemas/admin.ts';
import { customerContext } from '../services/customer-time.ts';
import { boReviewFundingAccount } from '../services/funding-accounts.ts';
import { confirmPendingApproval, findApprovalRecord } from '../services/four-eyes.ts';
import { preApprovalKind } from '../services/pre-approval-kind.ts';
import { boPreApprove, customerOverview, preApprovalView } from '../services/pre-approvals.ts';
import { attempt, notDone, refusing } from '../web/attempt.ts';
import { formValues, type FieldErrors } from '../web/forms.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { consoleChrome, signedIn } from './context.ts';
import { EMPTY_PRE_APPROVAL_FORM, preApprovalFormFrom, readPreApproval, type PreApprovalForm } from './pre-approval-form.ts';
import { customerPage, type CustomerModel } from './views/customer.ts';

const DONE = {
  accepted: 'Bank account accepted: drawdowns can be paid into it.',
  rejected: 'Bank account rejected: the customer must give new bank details.',
  pre_approved: 'Pre-approval made.',
  pending: 'Pre-approval recorded: above the four-eyes threshold, another operator must confirm it.',
  confirmed: 'Pre-approval confirmed and made.',
};

/** The refusals shown on the customer's page, with the API's status for the code. */
const REFUSALS = refusing(['InvalidTransition', 'ValidationError', 'PermissionDenied'], notDone);

/** A customer: its bank details (with the review of a needs_review account), its pre-approval and its fundings. */
export const consoleCustomerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    status: number,
    shown: { notice?: string | null; problem?: string | null; form?: PreApprovalForm; errors?: FieldErrors } = {},
  ) => {
    const { operator } = signedIn(request);
    const { customer, accounts, preApproval, pending, fundings } = await customerOverview(app.ctx, id);
    const canUnderwrite = roleAtLeast(operator.role, 'underwriter');
    const model: CustomerModel = {
      customer,
      current: accounts.find((a) => a.replaced_at === null) ?? null,
      history: accounts.filter((a) => a.replaced_at !== null),
      preApproval,
      preApprovalView: preApproval ? preApprovalView(preApproval.offer, preApproval.drawnPence, (await customerContext(app.ctx, 'customer', id)).now()) : null,
      pending: pending ? { row: pending, validForDays: preApprovalKind.fromStored(pending.terms).validForDays } : null,
      fundings,
      canUnderwrite,
      canConfirm: canUnderwrite && pending !== null && pending.requested_by !== operator.id,
      csrf: reply.generateCsrf(),
      form: shown.form ?? EMPTY_PRE_APPROVAL_FORM,
      errors: shown.errors ?? {},
      notice: shown.notice ?? null,
      problem: shown.problem ?? null,
    };
    return reply.page(status, customerPage(consoleChrome(request, reply, '/console/customers'), model));
  };

  app.get('/customers/:id', { schema: { params: IdParams, querystring: Type.Object({ done: NoticeQuery(DONE) }) } }, async (request, reply) =>
    render(request, reply, idParam(request.params.id, 'customer'), 200, { notice: request.query.done ? DONE[request.query.done] : null }),
  );

  app.post('/customers/:id/funding-account/review', { schema: { params: IdParams }, config: { role: 'underwriter' } }, async (request, reply) => {
    const { actor } = signedIn(request);
    const id = idParam(request.params.id, 'customer');
    const form = formValues(request.body);
    const status = form.status === 'verified' ? 'verified' : form.status === 'rejected' ? 'rejected' : null;
    if (!status) return render(request, reply, id, 400, { problem: 'Choose Accept account or Reject account.' });
    const done = await attempt(() => boReviewFundingAccount(app.ctx, actor, id, idParam(form.account ?? '', 'funding account'), status), REFUSALS);
    if (!done.ok) return render(request, reply, id, done.refusal.status, { problem: done.refusal.problem });
    return reply.redirect(`/console/customers/${id}?done=${status === 'verified' ? 'accepted' : 'rejected'}`, 303);
  });

  app.post('/customers/:id/pre-approve', { schema: { params: IdParams }, config: { role: 'underwriter' } }, async (request, reply) => {
    const { actor } = signedIn(request);
    const id = idParam(request.params.id, 'customer');
    const form = preApprovalFormFrom(formValues(request.body));
    const { terms, errors } = readPreApproval(form);
    if (!terms) return render(request, reply, id, 400, { form, errors });
    const done = await attempt(() => boPreApprove(app.ctx, actor, id, terms, app.config.fourEyesThresholdPence), REFUSALS);
    if (!done.ok) return render(request, reply, id, done.refusal.status, { form, problem: done.refusal.problem });
    return reply.redirect(`/console/customers/${id}?done=${done.value.kind}`, 303);
  });

  app.post(
    '/customers/:id/pre-approvals/:approval/confirm',
    { schema: { params: Type.Object({ id: Type.String(), approval: Type.String() }) }, config: { role: 'underwriter' } },
    async (request, reply) => {
      const { actor } = signedIn(request);
      const id = idParam(request.params.id, 'customer');
      // The four-eyes mechanism's confirmation (four-eyes.ts), shown on this page when refused.
      const approval = await findApprovalRecord(app.ctx, idParam(request.params.approval, 'approval'));
      if (!approval || approval.kind !== preApprovalKind.name || approval.subject_id !== id) throw notFound('approval');
      const done = await attempt(() => confirmPendingApproval(app.ctx, actor, approval.id), REFUSALS);
      if (!done.ok) return render(request, reply, id, done.refusal.status, { problem: done.refusal.problem });
      return reply.redirect(`/console/customers/${id}?done=confirmed`, 303);
    },
  );
};
