import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { idParam } from '../../../domain/ids.ts';
import { IdParams } from '../../../schemas/admin.ts';
import { InvitePartnerUserBody, InvitePartnerUserResponse, ProductionAccessBody, ProductionAccessResponse } from '../../../schemas/dashboard.ts';
import { ADMIN_TOKEN_ACTOR } from '../../../services/audit.ts';
import { invitationLink, inviteUser } from '../../../services/partner-users.ts';
import { decideProductionAccess } from '../../../services/production-access.ts';

/** Dashboard users and go-live for automation (docs/behaviour.md, section 24). */
export const adminPartnerUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/partners/:id/users',
    { schema: { params: IdParams, body: InvitePartnerUserBody, response: { 201: InvitePartnerUserResponse } } },
    async (request, reply) => {
      const invitation = await inviteUser(app.ctx, ADMIN_TOKEN_ACTOR, idParam(request.params.id, 'partner'), request.body);
      return reply.code(201).send({
        data: {
          user_id: invitation.userId,
          invitation_link: invitationLink(app.config.publicBaseUrl, invitation.token),
          expires_at: invitation.expiresAt.toISOString(),
        },
      });
    },
  );

  app.post(
    '/partners/:id/production_access',
    { schema: { params: IdParams, body: ProductionAccessBody, response: { 200: ProductionAccessResponse } } },
    async (request) => {
      const partnerId = idParam(request.params.id, 'partner');
      const result = await decideProductionAccess(app.ctx, ADMIN_TOKEN_ACTOR, partnerId, request.body.decision);
      return { data: { partner_id: partnerId, status: result.status } };
    },
  );
};
