import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { idParam } from '../../../domain/ids.ts';
import { IdParams } from '../../../schemas/admin.ts';
import { PreApprovalInput } from '../../../schemas/funding-accounts.ts';
import { ADMIN_TOKEN_ACTOR } from '../../../services/audit.ts';
import { boCreatePreApproval, preApprovalTermsFrom, preApprovalView } from '../../../services/pre-approvals.ts';

/** Pre-approvals (docs/behaviour.md, section 21): made at once with the admin token, audited. */
export const adminPreApprovalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/customers/:id/pre_approvals', { schema: { params: IdParams, body: PreApprovalInput } }, async (request, reply) => {
    const customerId = idParam(request.params.id, 'customer');
    const offer = await boCreatePreApproval(app.ctx, ADMIN_TOKEN_ACTOR, customerId, preApprovalTermsFrom(request.body, ''));
    return reply.code(201).send({ data: preApprovalView(offer, 0, app.ctx.now()) });
  });
};
