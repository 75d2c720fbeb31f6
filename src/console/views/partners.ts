/** Partners: the list, and (admins) "Create a partner". */
import { formatDateTime } from '../../web/format.ts';
import { ErrorSummary, Field, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, TableWrap, type Chrome } from '../../web/layout.ts';
import { consolePage } from './common.ts';

export interface PartnersModel {
  partners: { id: string; name: string; status: string; created_at: Date }[];
  canCreate: boolean;
  csrf: string;
  /** The name as typed, with its error, after a refusal. */
  name: string;
  errors: FieldErrors;
}

export function partnersPage(chrome: Chrome, m: PartnersModel): VNode {
  const { errors } = m;
  return consolePage(
    chrome,
    'Partners',
    html`<h1>Partners</h1>
      <${TableWrap} label="Partners">
        <table class="dense responsive" id="partners">
          <thead><tr><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Since</th><th scope="col">Id</th></tr></thead>
          <tbody>
            ${m.partners.map(
              (p) =>
                html`<tr><td><a href=${`/console/partners/${p.id}`}>${p.name}</a></td><td data-label="Status">${p.status}</td><td data-label="Since">${formatDateTime(p.created_at)}</td><td data-label="Id"><code class="small">${p.id}</code></td></tr>`,
            )}
          </tbody>
        </table>
      </${TableWrap}>
      ${
        m.canCreate
          ? html`<form method="post" action="/console/partners" class="stack card" novalidate>
            <h2>Create a partner</h2>
            <${ErrorSummary} errors=${errors} />
            <${CsrfField} token=${m.csrf} />
            <${Field} name="name" label="Name" value=${m.name} error=${errors.name} />
            <div><button type="submit">Create partner</button></div>
          </form>`
          : null
      }`,
  );
}
