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
import { formatDateTime } from '../web/format.ts';
import { attempt, notDone, refusing } from '../web/attempt.ts';
import { ErrorSummary, formValues, readText, type FieldErrors } from '../web/forms.ts';
import { html } from '../web/html.ts';
import { CsrfField } from '../web/layout.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { consoleChrome, consolePage, Notices, signedIn } from './context.ts';

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
    errors: FieldErrors,
    notice: string | null,
    problem: string | null,
    reason = '',
  ) => {
    const { operator } = signedIn(request);
    const d = await getDocumentAnyTenant(app.ctx, id);
    if (!d) throw notFound('document');
    const applicationId = await customerLatestApplicationId(app.ctx, d.customer_id);
    const csrf = reply.generateCsrf();
    return reply.page(
      status,
      consolePage(
        consoleChrome(request, reply, '/console/applications'),
        `Document ${d.document_name}`,
        html`${applicationId ? html`<p class="small"><a href=${`/console/applications/${applicationId}`}>Back to the application</a></p>` : null}
          <h1>${d.document_name}</h1>
          <${Notices} notice=${notice} problem=${problem} />
          <${ErrorSummary} errors=${errors} />
          <dl class="facts">
            <dt>Type</dt><dd>${d.document_type}</dd>
            <dt>Status</dt><dd id="document-status">${d.status}${d.reject_reason ? `: ${d.reject_reason}` : ''}</dd>
            <dt>File</dt><dd>${d.mime_type}, ${d.size_bytes.toLocaleString('en-GB')} bytes</dd>
            <dt>Uploaded</dt><dd>${formatDateTime(d.uploaded_at)}</dd>
            <dt>Partner</dt><dd>${d.partner_id} (${d.environment})</dd>
          </dl>
          <p><a class="button secondary" href=${`/console/documents/${d.id}/file`} download>Download</a></p>
          ${
            !roleAtLeast(operator.role, 'underwriter')
              ? null
              : html`<div class="columns">
                <form method="post" action=${`/console/documents/${d.id}/review`} class="stack card">
                  <${CsrfField} token=${csrf} />
                  <input type="hidden" name="status" value="accepted" />
                  <h2>Accept</h2>
                  <p class="hint">A JSON bank statement is checked again before it is accepted.</p>
                  <div><button type="submit">Accept</button></div>
                </form>
                <form method="post" action=${`/console/documents/${d.id}/review`} class="stack card" novalidate>
                  <${CsrfField} token=${csrf} />
                  <input type="hidden" name="status" value="rejected" />
                  <h2>Reject</h2>
                  <div class="field">
                    <label for="field-reason">Reason</label>
                    ${errors.reason ? html`<span class="field-error" id="field-reason-error"><span class="visually-hidden">Error: </span>${errors.reason}</span>` : null}
                    <input id="field-reason" name="reason" type="text" value=${reason} aria-invalid=${errors.reason ? 'true' : undefined} aria-describedby=${errors.reason ? 'field-reason-error' : undefined} />
                  </div>
                  <div><button type="submit" class="danger">Reject</button></div>
                </form>
              </div>`
          }`,
      ),
    );
  };

  app.get('/documents/:id', { schema: { params: IdParams, querystring: Type.Object({ done: NoticeQuery(DONE) }) } }, async (request, reply) =>
    render(request, reply, idParam(request.params.id, 'document'), 200, {}, request.query.done ? DONE[request.query.done] : null, null),
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
    if (!status) return render(request, reply, id, 400, {}, null, 'Choose Accept or Reject.');
    let reason: string | null = null;
    if (status === 'rejected') {
      const read = readText(form.reason ?? '', 'the reason', { required: true, maxLength: 500 });
      if (read.error)
        return render(
          request,
          reply,
          id,
          400,
          { reason: read.error.replace(/^Enter the reason$/, 'Enter the reason for rejecting') },
          null,
          null,
          form.reason ?? '',
        );
      reason = read.text;
    }
    const done = await attempt(() => boReviewDocument(app.ctx, actor, id, status, reason), REFUSALS);
    if (!done.ok) return render(request, reply, id, done.refusal.status, {}, null, done.refusal.problem);
    return reply.redirect(`/console/documents/${id}?done=${status}`, 303);
  });
};
