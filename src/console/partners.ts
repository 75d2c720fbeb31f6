import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idParam } from '../domain/ids.ts';
import { IdParams } from '../schemas/admin.ts';
import { boCreatePartner, boSetSuspended } from '../services/back-office.ts';
import { partnersPage } from '../services/partners.ts';
import { formValues, readText, type FieldErrors } from '../web/forms.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { can, consoleChrome, signedIn } from './context.ts';
import { PARTNER_ADMIN, partnerCursorsOf, PartnerPageQuery, showPartner } from './partner-page.ts';
import { ListCursor, readListPage } from './list-page.ts';
import { partnersPage as partnersView } from './views/partners.ts';

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
  /** The list (the page `cursor` names), with "Create a partner" as sent and its errors after a refusal (status 400). */
  const listPage = async (request: FastifyRequest, reply: FastifyReply, cursor: string | undefined, errors: FieldErrors, name: string) => {
    signedIn(request);
    const read = await readListPage(cursor, (page) => partnersPage(app.ctx, page));
    const status = Object.keys(errors).length > 0 ? 400 : read.status;
    const model = { page: read.page, refused: read.refused, canCreate: can(request, 'admin'), csrf: reply.generateCsrf(), name, errors };
    return reply.page(status, partnersView(consoleChrome(request, reply, '/console/partners'), model));
  };

  app.get('/partners', { schema: { querystring: Type.Object({ cursor: ListCursor }) } }, async (request, reply) =>
    listPage(request, reply, request.query.cursor, {}, ''),
  );

  app.post('/partners', { config: { role: 'admin' } }, async (request, reply) => {
    const { actor } = signedIn(request);
    const form = formValues(request.body);
    const name = readText(form.name ?? '', 'the name', { required: true, maxLength: 200 });
    if (name.error) return listPage(request, reply, undefined, { name: name.error }, form.name ?? '');
    const created = await boCreatePartner(app.ctx, actor, name.text as string);
    return reply.redirect(`/console/partners/${created.partnerId}`, 303);
  });

  app.get(
    '/partners/:id',
    { schema: { params: IdParams, querystring: Type.Object({ done: NoticeQuery(DONE), ...PartnerPageQuery }) } },
    async (request, reply) =>
      showPartner(request, reply, idParam(request.params.id, 'partner'), 200, {
        notice: request.query.done ? DONE[request.query.done] : null,
        cursors: partnerCursorsOf(request.query),
      }),
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
