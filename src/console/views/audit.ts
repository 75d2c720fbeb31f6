/** The audit log, newest first, 50 a page, with its filters (docs/behaviour.md, sections 19 and 27). */
import { auditActionWords } from '../../domain/audit-actions.ts';
import { AUDIT_TARGET_TYPES, auditTargetLabel } from '../../domain/audit-targets.ts';
import { summaryWords } from '../../web/audit-words.ts';
import type { Page } from '../../domain/cursor.ts';
import type { AuditRow } from '../../services/audit.ts';
import type { OperatorRow } from '../../services/operators.ts';
import { formatDateTime } from '../../web/format.ts';
import { Field, SelectField } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { TableWrap, type Chrome } from '../../web/layout.ts';
import { Pager } from '../../web/paging.ts';
import { consolePage, Notices, pageLinks } from './common.ts';

export interface AuditModel {
  page: Page<AuditRow>;
  /** Why the link's page was not shown (its cursor refused), or null. */
  refused: string | null;
  operators: OperatorRow[];
  /** The filters as read: an operator id or "admin-token", a target type, a target id ('' for none). */
  operator: string;
  type: string;
  target: string;
}

const NOUN = { one: 'entry', many: 'entries' };

/** Where a target's own page is, by its type. */
const TARGET_LINKS: Record<string, string> = {
  application: '/console/applications/',
  document: '/console/documents/',
  partner: '/console/partners/',
  webhook_configuration: '/console/partners/',
  customer: '/console/customers/',
  loan: '/console/loans/',
};

/** Targets without a page of their own, shown on the page their summary names: a token on its partner's, an offer on its application's. */
const PAGE_BY_SUMMARY: Record<string, { key: string; path: string }> = {
  token: { key: 'partner_id', path: '/console/partners/' },
  offer: { key: 'application_id', path: '/console/applications/' },
};

function targetHref(row: AuditRow): string | null {
  const own = TARGET_LINKS[row.target_type];
  if (own) return `${own}${row.target_id}`;
  const by = PAGE_BY_SUMMARY[row.target_type];
  const id = by ? row.summary[by.key] : undefined;
  return typeof id === 'string' ? `${by.path}${id}` : null;
}

function Target({ row }: { row: AuditRow }): VNode | string {
  const words = `${auditTargetLabel(row.target_type)} ${row.target_id.slice(0, 8)}`;
  const href = targetHref(row);
  return href ? html`<a href=${href}>${words}</a>` : words;
}

export function auditPage(chrome: Chrome, m: AuditModel): VNode {
  const typeOptions = [{ value: '', label: 'Any' }, ...AUDIT_TARGET_TYPES.map((t) => ({ value: t, label: auditTargetLabel(t) }))];
  const operatorOptions = [
    { value: '', label: 'Everyone' },
    { value: 'admin-token', label: 'Admin token' },
    ...m.operators.map((o) => ({ value: o.id, label: `${o.name} (${o.email})` })),
  ];
  return consolePage(
    chrome,
    'Audit log',
    html`<h1>Audit log</h1>
      <form method="get" action="/console/audit" class="filters">
        <${SelectField} name="operator" label="Operator" options=${operatorOptions} value=${m.operator} />
        <${SelectField} name="type" label="Target type" options=${typeOptions} value=${m.type} />
        <${Field} name="target" label="Target" value=${m.target} hint="An application, document, partner or operator id" />
        <div><button type="submit" class="secondary">Filter</button></div>
      </form>
      <${Notices} problem=${m.refused} />
      <${TableWrap} label="Audit log">
        <table class="dense responsive" id="audit">
          <thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">Action</th><th scope="col">Target</th><th scope="col">Summary</th></tr></thead>
          <tbody>
            ${m.page.items.map(
              (r) => html`<tr data-seq=${r.seq}>
                <td>${formatDateTime(r.created_at)}</td>
                <td data-label="Who">${r.actor}</td>
                <td data-label="Action" data-action=${r.action}>${auditActionWords(r.action)}</td>
                <td data-label="Target"><${Target} row=${r} /></td>
                <td data-label="Summary" class="small">${summaryWords(r.summary)}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </${TableWrap}>
      <${Pager} page=${pageLinks(m.page)} path="/console/audit" filters=${{ operator: m.operator, type: m.type, target: m.target }} noun=${NOUN} label="Pages of the audit log" />`,
  );
}
