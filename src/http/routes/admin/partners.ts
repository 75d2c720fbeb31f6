import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateIntroducerBody, CreatePartnerBody, CreateTokenBody, IdParams } from '../../../schemas/admin.ts';
import { ADMIN_TOKEN_ACTOR } from '../../../services/audit.ts';
import { boCreateIntroducer, boCreatePartner, boCreateToken, boRevokeToken, boSetSuspended } from '../../../services/back-office.ts';
import { idParam } from '../../../domain/ids.ts';

export const adminPartnerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/partners', { schema: { body: CreatePartnerBody } }, async (request, reply) => {
    const partner = await boCreatePartner(app.ctx, ADMIN_TOKEN_ACTOR, request.body.name);
    return reply.code(201).send({ data: { partner_id: partner.partnerId, name: partner.name } });
  });

  app.post('/partners/:id/tokens', { schema: { params: IdParams, body: CreateTokenBody } }, async (request, reply) => {
    const partnerId = idParam(request.params.id, 'partner');
    const created = await boCreateToken(app.ctx, ADMIN_TOKEN_ACTOR, partnerId, request.body.environment, request.body.scopes);
    app.tokens.invalidate();
    return reply.code(201).send({
      data: { token_id: created.tokenId, token: created.token, environment: created.environment, scopes: created.scopes },
    });
  });

  app.delete('/tokens/:id', { schema: { params: IdParams } }, async (request, reply) => {
    await boRevokeToken(app.ctx, ADMIN_TOKEN_ACTOR, idParam(request.params.id, 'token'));
    app.tokens.invalidate();
    return reply.code(204).send();
  });

  for (const [action, suspended] of [
    ['suspend', true],
    ['reinstate', false],
  ] as const) {
    app.post(`/partners/:id/${action}`, { schema: { params: IdParams } }, async (request) => {
      const partnerId = idParam(request.params.id, 'partner');
      await boSetSuspended(app.ctx, ADMIN_TOKEN_ACTOR, partnerId, suspended);
      app.tokens.invalidate();
      return { data: { partner_id: partnerId, status: suspended ? 'suspended' : 'active' } };
    });
  }

  app.post(
    '/partners/:id/introducers',
    { schema: { params: IdParams, body: CreateIntroducerBody, response: { 201: Type.Object({ data: Type.Object({ introducer_id: Type.String() }) }) } } },
    async (request, reply) => {
      const introducerId = await boCreateIntroducer(app.ctx, ADMIN_TOKEN_ACTOR, idParam(request.params.id, 'partner'), request.body);
      return reply.code(201).send({ data: { introducer_id: introducerId } });
    },
  );
};
