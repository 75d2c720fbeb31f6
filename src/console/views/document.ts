/** A document: its facts, the download, and (for underwriters) Accept, or Reject with a reason. */
import type { DocumentRow } from '../../services/documents.ts';
import { formatDateTime } from '../../web/format.ts';
import { ErrorSummary, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, type Chrome } from '../../web/layout.ts';
import { consolePage, Notices } from './common.ts';

export interface DocumentModel {
  document: DocumentRow;
  /** The customer's latest application, to go back to; null when there is none. */
  applicationId: string | null;
  canReview: boolean;
  csrf: string;
  errors: FieldErrors;
  /** The reason as typed, when a rejection is refused. */
  reason: string;
  notice: string | null;
  problem: string | null;
}

function ReviewForms({ m }: { m: DocumentModel }): VNode {
  const d = m.document;
  const { errors } = m;
  return html`<div class="columns">
    <form method="post" action=${`/console/documents/${d.id}/review`} class="stack card">
      <${CsrfField} token=${m.csrf} />
      <input type="hidden" name="status" value="accepted" />
      <h2>Accept</h2>
      <p class="hint">A JSON bank statement is checked again before it is accepted.</p>
      <div><button type="submit">Accept</button></div>
    </form>
    <form method="post" action=${`/console/documents/${d.id}/review`} class="stack card" novalidate>
      <${CsrfField} token=${m.csrf} />
      <input type="hidden" name="status" value="rejected" />
      <h2>Reject</h2>
      <div class="field">
        <label for="field-reason">Reason</label>
        ${errors.reason ? html`<span class="field-error" id="field-reason-error"><span class="visually-hidden">Error: </span>${errors.reason}</span>` : null}
        <input id="field-reason" name="reason" type="text" value=${m.reason} aria-invalid=${errors.reason ? 'true' : undefined} aria-describedby=${errors.reason ? 'field-reason-error' : undefined} />
      </div>
      <div><button type="submit" class="danger">Reject</button></div>
    </form>
  </div>`;
}

export function documentPage(chrome: Chrome, m: DocumentModel): VNode {
  const d = m.document;
  return consolePage(
    chrome,
    `Document ${d.document_name}`,
    html`${m.applicationId ? html`<p class="small"><a href=${`/console/applications/${m.applicationId}`}>Back to the application</a></p>` : null}
      <h1>${d.document_name}</h1>
      <${Notices} notice=${m.notice} problem=${m.problem} />
      <${ErrorSummary} errors=${m.errors} />
      <dl class="facts">
        <dt>Type</dt><dd>${d.document_type}</dd>
        <dt>Status</dt><dd id="document-status">${d.status}${d.reject_reason ? `: ${d.reject_reason}` : ''}</dd>
        <dt>File</dt><dd>${d.mime_type}, ${d.size_bytes.toLocaleString('en-GB')} bytes</dd>
        <dt>Uploaded</dt><dd>${formatDateTime(d.uploaded_at)}</dd>
        <dt>Partner</dt><dd>${d.partner_id} (${d.environment})</dd>
      </dl>
      <p><a class="button secondary" href=${`/console/documents/${d.id}/file`} download>Download</a></p>
      ${m.canReview ? html`<${ReviewForms} m=${m} />` : null}`,
  );
}
