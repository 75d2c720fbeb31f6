import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { idParam } from '../../../domain/ids.ts';
import { IdParams, PendingApprovalView } from '../../../schemas/admin.ts';
import { PreApprovalInput, PreApprovalView } from '../../../schemas/funding-accounts.ts';
import { ADMIN_TOKEN_ACTOR } from '../../../services/audit.ts';
import { approvalView } from '../../../services/four-eyes.ts';
import { boPreApprove, preApprovalTermsFrom, preApprovalView } from '../../../services/pre-approvals.ts';
import { customerContext } from '../../../services/customer-time.ts';

/**
 * Pre-approvals (docs/behaviour.md, section 21), audited. Four eyes (section 19): at most the
 * threshold it is made at once (201); above it, it is stored as pending (202), for an operator to
 * confirm in the console; the admin token never confirms.
 */
const PreApprovalAnswers = {
  201: Type.Object({ data: PreApprovalView }, { description: 'Made at once: at most FOUR_EYES_THRESHOLD' }),
  202: Type.Object(
    { data: PendingApprovalView },
    { description: 'Above FOUR_EYES_THRESHOLD: pending until an operator confirms it in the console (confirm_in)' },
  ),
};

export const adminPreApprovalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/customers/:id/pre_approvals', { schema: { params: IdParams, body: PreApprovalInput, response: PreApprovalAnswers } }, async (request, reply) => {
    const customerId = idParam(request.params.id, 'customer');
    const threshold = app.config.fourEyesThresholdPence;
    const result = await boPreApprove(app.ctx, ADMIN_TOKEN_ACTOR, customerId, preApprovalTermsFrom(request.body, ''), threshold);
    if (result.kind === 'pending') return reply.code(202).send({ data: approvalView(result.approval, threshold) });
    const ctx = await customerContext(app.ctx, 'customer', customerId);
    return reply.code(201).send({ data: preApprovalView(result.offer, 0, ctx.now()) });
  });
};
