import { DOCUMENT_TYPES } from '../../domain/document-types.ts';
import { formatDate } from '../../web/format.ts';
import { ErrorSummary, Field, SelectField, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, Page, TableWrap, type Chrome } from '../../web/layout.ts';

export interface ListedDocument {
  id: string;
  attributes: { document_name: string; document_type: string; upload_date: string; status: string; reject_reason: string | null };
}

const STATUS: Record<string, string> = {
  pending: 'Received, checking soon',
  processing: 'Checking',
  accepted: 'Accepted',
  rejected: 'Not accepted',
};

const TYPE_OPTIONS = DOCUMENT_TYPES.map((type) => ({ value: type, label: type.charAt(0).toUpperCase() + type.slice(1) }));

export function documentsPage(
  chrome: Chrome,
  csrfToken: string,
  documents: ListedDocument[],
  form: { document_type: string },
  errors: FieldErrors,
  notice: string | null,
): VNode {
  return html`<${Page} chrome=${chrome} title="Documents">
    <h1>Documents</h1>
    ${notice ? html`<div class="notice good" role="status"><p>${notice}</p></div>` : null}
    ${
      documents.length === 0
        ? html`<p>You have not sent us any documents yet.</p>`
        : html`<${TableWrap} label="Your documents">
          <table class="responsive">
            <caption>Your documents</caption>
            <thead><tr><th scope="col">File</th><th scope="col">Type</th><th scope="col">Uploaded</th><th scope="col">Status</th></tr></thead>
            <tbody>
              ${documents.map(
                (d) => html`<tr data-document=${d.id}>
                  <td>${d.attributes.document_name}</td>
                  <td data-label="Type">${d.attributes.document_type}</td>
                  <td data-label="Uploaded">${formatDate(new Date(d.attributes.upload_date))}</td>
                  <td data-label="Status" data-status=${d.attributes.status}>${STATUS[d.attributes.status] ?? d.attributes.status}${d.attributes.reject_reason ? html`<br /><span class="small">Reason: ${d.attributes.reject_reason}</span>` : null}</td>
                </tr>`,
              )}
            </tbody>
          </table>
        </${TableWrap}>`
    }
    <h2>Upload a document</h2>
    <p>PDF, PNG, JPEG, TIFF, CSV, XLS or XLSX files up to 20 MiB; an open-banking JSON file as a bank statement.</p>
    <${ErrorSummary} errors=${errors} />
    <form method="post" action="/portal/documents" enctype="multipart/form-data" class="stack" novalidate>
      <${CsrfField} token=${csrfToken} />
      <${SelectField} name="document_type" label="Document type" options=${TYPE_OPTIONS} value=${form.document_type} error=${errors.document_type} />
      <${Field} name="document" label="File" type="file" error=${errors.document} />
      <div><button type="submit">Upload document</button></div>
    </form>
  </${Page}>`;
}
