/** Partners: the list, newest first, 50 a page, and (admins) "Create a partner". */
import type { Page } from '../../domain/cursor.ts';
import type { PartnerRow } from '../../services/partners.ts';
import { formatDateTime } from '../../web/format.ts';
import { ErrorSummary, Field, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, TableWrap, type Chrome } from '../../web/layout.ts';
import { Pager } from '../../web/paging.ts';
import { consolePage, Notices, pageLinks } from './common.ts';

export interface PartnersModel {
  page: Page<PartnerRow>;
  /** Why the link's page was not shown (its cursor refused), or null. */
  refused: string | null;
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
      <${Notices} problem=${m.refused} />
      <${TableWrap} label="Partners">
        <table class="dense responsive" id="partners">
          <thead><tr><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Since</th><th scope="col">Id</th></tr></thead>
          <tbody>
            ${m.page.items.map(
              (p) =>
                html`<tr><td><a href=${`/console/partners/${p.id}`}>${p.name}</a></td><td data-label="Status">${p.status}</td><td data-label="Since">${formatDateTime(p.created_at)}</td><td data-label="Id"><code class="small">${p.id}</code></td></tr>`,
            )}
          </tbody>
        </table>
      </${TableWrap}>
      <${Pager} page=${pageLinks(m.page)} path="/console/partners" filters=${{}} noun=${{ one: 'partner', many: 'partners' }} />
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
