/** The review queue: applications waiting for an underwriter (or those of a status), oldest first, 50 a page. */
import { APPLICATION_STATUSES } from '../../domain/application-status.ts';
import type { Page } from '../../domain/cursor.ts';
import type { QueueRow } from '../../services/review.ts';
import { formatGbp } from '../../web/format.ts';
import { SelectField } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { TableWrap, type Chrome } from '../../web/layout.ts';
import { Pager } from '../../web/paging.ts';
import { customerName } from '../../domain/customer-name.ts';
import { age, consolePage, Notices, pageLinks, shortId, StatusTag } from './common.ts';

export interface QueueModel {
  page: Page<QueueRow>;
  /** Why the link's page was not shown (its cursor refused), or null. */
  refused: string | null;
  /** How many applications the filters hold: exact, or at least `count` when `atLeast`. */
  size: { count: number; atLeast: boolean };
  partners: { id: string; name: string }[];
  /** The filters as chosen ('' for the default). */
  status: string;
  partner: string;
  now: Date;
}

const NOUN = { one: 'application', many: 'applications' };

/** "83 applications waiting for review", "1,000 or more applications declined". */
export function queueSizeWords(size: QueueModel['size'], status: string): string {
  const count = `${size.count.toLocaleString('en-GB')}${size.atLeast ? ' or more' : ''}`;
  const noun = size.count === 1 && !size.atLeast ? NOUN.one : NOUN.many;
  return `${count} ${noun} ${status ? status.replaceAll('_', ' ') : 'waiting for review'}`;
}

export function queuePage(chrome: Chrome, m: QueueModel): VNode {
  const statusOptions = [{ value: '', label: 'Waiting for review' }, ...APPLICATION_STATUSES.map((s) => ({ value: s, label: s.replaceAll('_', ' ') }))];
  const partnerOptions = [{ value: '', label: 'All partners' }, ...m.partners.map((p) => ({ value: p.id, label: p.name }))];
  const rows = m.page.items;
  return consolePage(
    chrome,
    'Applications',
    html`<h1>Applications</h1>
      <form method="get" action="/console/applications" class="filters">
        <${SelectField} name="status" label="Status" options=${statusOptions} value=${m.status} />
        <${SelectField} name="partner" label="Partner" options=${partnerOptions} value=${m.partner} />
        <div><button type="submit" class="secondary">Filter</button></div>
      </form>
      <${Notices} problem=${m.refused} />
      <p id="queue-size">${queueSizeWords(m.size, m.status)}, the longest waiting first.</p>
      <${TableWrap} label="Review queue">
        <table class="dense responsive" id="queue">
          <thead><tr><th scope="col">Company</th><th scope="col">Application</th><th scope="col">Partner</th><th scope="col" class="num">Amount</th><th scope="col">Status</th><th scope="col" class="num">Waiting</th></tr></thead>
          <tbody>
            ${rows.map(
              (a) => html`<tr data-application-id=${a.id}>
                <td><a href=${`/console/applications/${a.id}`}>${customerName(a.company_name, a.customer_id)}</a></td>
                <td data-label="Application">${shortId(a.id)}</td>
                <td data-label="Partner">${a.partner_name} (${a.environment})</td>
                <td class="num" data-label="Amount">${formatGbp(a.amount_pence)}</td>
                <td data-label="Status"><${StatusTag} status=${a.status} /></td>
                <td class="num" data-label="Waiting">${age(a.status_changed_at, m.now)}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </${TableWrap}>
      <${Pager} page=${pageLinks(m.page)} path="/console/applications" filters=${{ status: m.status, partner: m.partner }} noun=${NOUN} />`,
  );
}
