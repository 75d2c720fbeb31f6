import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idParam } from '../domain/ids.ts';
import { IdParams } from '../schemas/admin.ts';
import { boCreatePartner, boSetSuspended } from '../services/back-office.ts';
import { listPartnerNames } from '../services/review.ts';
import { formValues, readText, type FieldErrors } from '../web/forms.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { can, consoleChrome, signedIn } from './context.ts';
import { PARTNER_ADMIN, showPartner } from './partner-page.ts';
import { partnersPage } from './views/partners.ts';

/** The notices after a change on a partner's page (`?done=…`), from every section. */
const DONE = {
  revoked: 'Token revoked: it no longer works.',
  suspended: 'Partner suspended: its tokens are refused until it is reinstated.',
  reinstated: 'Partner reinstated.',
  introducer: 'Introducer added.',
  redelivery: 'Redelivery queued.',
  webhook: 'Webhook settings saved.',
  approved: 'Production access approved: the partner can now create production tokens.',
  declined: 'Production access declined.',
};

/** Partners: the list, "Create a partner", a partner's page, suspension and reinstatement. */
export const consolePartnerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const listPage = async (request: FastifyRequest, reply: FastifyReply, status: number, errors: FieldErrors, name: string) => {
    signedIn(request);
    const model = { partners: await listPartnerNames(app.ctx), canCreate: can(request, 'admin'), csrf: reply.generateCsrf(), name, errors };
    return reply.page(status, partnersPage(consoleChrome(request, reply, '/console/partners'), model));
  };

  app.get('/partners', async (request, reply) => listPage(request, reply, 200, {}, ''));

  app.post('/partners', { config: { role: 'admin' } }, async (request, reply) => {
    const { actor } = signedIn(request);
    const form = formValues(request.body);
    const name = readText(form.name ?? '', 'the name', { required: true, maxLength: 200 });
    if (name.error) return listPage(request, reply, 400, { name: name.error }, form.name ?? '');
    const created = await boCreatePartner(app.ctx, actor, name.text as string);
    return reply.redirect(`/console/partners/${created.partnerId}`, 303);
  });

  app.get('/partners/:id', { schema: { params: IdParams, querystring: Type.Object({ done: NoticeQuery(DONE) }) } }, async (request, reply) =>
    showPartner(request, reply, idParam(request.params.id, 'partner'), 200, { notice: request.query.done ? DONE[request.query.done] : null }),
  );

  for (const [path, suspended] of [
    ['suspend', true],
    ['reinstate', false],
  ] as const) {
    app.post(`/partners/:id/${path}`, PARTNER_ADMIN, async (request, reply) => {
      const { actor } = signedIn(request);
      const partnerId = idParam(request.params.id, 'partner');
      await boSetSuspended(app.ctx, actor, partnerId, suspended);
      app.tokens.invalidate();
      return reply.redirect(`/console/partners/${partnerId}?done=${suspended ? 'suspended' : 'reinstated'}`, 303);
    });
  }
};
