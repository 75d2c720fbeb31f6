import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Readable } from 'node:stream';
import { notFound } from '../domain/errors.ts';
import { idParam } from '../domain/ids.ts';
import { IdParams } from '../schemas/admin.ts';
import { roleAtLeast } from '../domain/actors.ts';
import { boReviewDocument } from '../services/back-office.ts';
import { documentContent, getDocumentAnyTenant } from '../services/documents.ts';
import { customerLatestApplicationId } from '../services/review.ts';
import { attempt, notDone, refusing } from '../web/attempt.ts';
import { formValues, readText, type FieldErrors } from '../web/forms.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { consoleChrome, signedIn } from './context.ts';
import { documentPage } from './views/document.ts';

const DONE = { accepted: 'Document accepted.', rejected: 'Document rejected.' };

/** A review the document's state refuses (a JSON bank statement that no longer reads, say). */
const REFUSALS = refusing(['ValidationError'], notDone);

/** A document: its facts, download, and Accept / Reject with a reason. */
export const consoleDocumentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    status: number,
    shown: { errors?: FieldErrors; notice?: string | null; problem?: string | null; reason?: string } = {},
  ) => {
    const { operator } = signedIn(request);
    const document = await getDocumentAnyTenant(app.ctx, id);
    if (!document) throw notFound('document');
    const model = {
      document,
      applicationId: await customerLatestApplicationId(app.ctx, document.customer_id),
      canReview: roleAtLeast(operator.role, 'underwriter'),
      csrf: reply.generateCsrf(),
      errors: shown.errors ?? {},
      reason: shown.reason ?? '',
      notice: shown.notice ?? null,
      problem: shown.problem ?? null,
    };
    return reply.page(status, documentPage(consoleChrome(request, reply, '/console/applications'), model));
  };

  app.get('/documents/:id', { schema: { params: IdParams, querystring: Type.Object({ done: NoticeQuery(DONE) }) } }, async (request, reply) =>
    render(request, reply, idParam(request.params.id, 'document'), 200, { notice: request.query.done ? DONE[request.query.done] : null }),
  );

  // The file itself, always as an attachment (never shown inline on the console's origin).
  app.get('/documents/:id/file', { schema: { params: IdParams } }, async (request, reply) => {
    signedIn(request);
    const d = await getDocumentAnyTenant(app.ctx, idParam(request.params.id, 'document'));
    if (!d) throw notFound('document');
    const ascii = d.document_name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return reply
      .type(d.mime_type || 'application/octet-stream')
      .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(d.document_name)}`)
      .header('Content-Length', String(d.size_bytes))
      .send(Readable.from(documentContent(app.ctx, d.id)));
  });

  app.post('/documents/:id/review', { schema: { params: IdParams }, config: { role: 'underwriter' } }, async (request, reply) => {
    const { actor } = signedIn(request);
    const id = idParam(request.params.id, 'document');
    const form = formValues(request.body);
    const status = form.status === 'accepted' ? 'accepted' : form.status === 'rejected' ? 'rejected' : null;
    if (!status) return render(request, reply, id, 400, { problem: 'Choose Accept or Reject.' });
    let reason: string | null = null;
    if (status === 'rejected') {
      const read = readText(form.reason ?? '', 'the reason', { required: true, maxLength: 500 });
      if (read.error)
        return render(request, reply, id, 400, {
          errors: { reason: read.error.replace(/^Enter the reason$/, 'Enter the reason for rejecting') },
          reason: form.reason ?? '',
        });
      reason = read.text;
    }
    const done = await attempt(() => boReviewDocument(app.ctx, actor, id, status, reason), REFUSALS);
    if (!done.ok) return render(request, reply, id, done.refusal.status, { problem: done.refusal.problem });
    return reply.redirect(`/console/documents/${id}?done=${status}`, 303);
  });
};
