/** The review queue: applications waiting for an underwriter (or those of a status), oldest first. */
import { APPLICATION_STATUSES } from '../../domain/application-status.ts';
import type { QueueRow } from '../../services/review.ts';
import { formatGbp } from '../../web/format.ts';
import { SelectField } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { TableWrap, type Chrome } from '../../web/layout.ts';
import { age, consolePage, shortId, StatusTag } from './common.ts';

export interface QueueModel {
  rows: QueueRow[];
  partners: { id: string; name: string }[];
  /** The filters as chosen ('' for the default). */
  status: string;
  partner: string;
  now: Date;
}

export function queuePage(chrome: Chrome, m: QueueModel): VNode {
  const statusOptions = [{ value: '', label: 'Waiting for review' }, ...APPLICATION_STATUSES.map((s) => ({ value: s, label: s.replaceAll('_', ' ') }))];
  const partnerOptions = [{ value: '', label: 'All partners' }, ...m.partners.map((p) => ({ value: p.id, label: p.name }))];
  const { rows } = m;
  return consolePage(
    chrome,
    'Applications',
    html`<h1>Applications</h1>
      <form method="get" action="/console/applications" class="filters">
        <${SelectField} name="status" label="Status" options=${statusOptions} value=${m.status} />
        <${SelectField} name="partner" label="Partner" options=${partnerOptions} value=${m.partner} />
        <div><button type="submit" class="secondary">Filter</button></div>
      </form>
      <p class="muted">${rows.length} application${rows.length === 1 ? '' : 's'}, oldest first.</p>
      <${TableWrap} label="Review queue">
        <table class="dense responsive" id="queue">
          <thead><tr><th scope="col">Company</th><th scope="col">Application</th><th scope="col">Partner</th><th scope="col" class="num">Amount</th><th scope="col">Status</th><th scope="col" class="num">Waiting</th></tr></thead>
          <tbody>
            ${rows.map(
              (a) => html`<tr>
                <td><a href=${`/console/applications/${a.id}`}>${a.company_name ?? '(no name)'}</a></td>
                <td data-label="Application">${shortId(a.id)}</td>
                <td data-label="Partner">${a.partner_name} (${a.environment})</td>
                <td class="num" data-label="Amount">${formatGbp(a.amount_pence)}</td>
                <td data-label="Status"><${StatusTag} status=${a.status} /></td>
                <td class="num" data-label="Waiting">${age(a.status_changed_at, m.now)}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </${TableWrap}>`,
  );
}
