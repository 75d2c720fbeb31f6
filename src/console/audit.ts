import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDIT_TARGET_TYPES, auditTargetLabel, isAuditTargetType } from '../domain/audit-targets.ts';
import { isUuid } from '../domain/ids.ts';
import { listAudit } from '../services/audit.ts';
import { listOperatorAccounts } from '../services/operators.ts';
import { formatDateTime } from '../web/format.ts';
import { Field, SelectField } from '../web/forms.ts';
import { html } from '../web/html.ts';
import { TableWrap } from '../web/layout.ts';
import { consoleChrome, consolePage, signedIn } from './context.ts';

const AuditQuery = Type.Object({
  operator: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  target: Type.Optional(Type.String()),
  before: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,17}$' })),
});

const TARGET_LINKS: Record<string, string> = {
  application: '/console/applications/',
  document: '/console/documents/',
  partner: '/console/partners/',
  webhook_configuration: '/console/partners/',
  customer: '/console/customers/',
  loan: '/console/loans/',
};

/** The audit log, newest first, filtered by operator, by target type and by target id. */
export const consoleAuditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/audit', { schema: { querystring: AuditQuery } }, async (request, reply) => {
    signedIn(request);
    const q = request.query;
    const operator = q.operator ?? '';
    const target = q.target?.trim().slice(0, 100) ?? '';
    // An unknown type (a hand-made address) filters nothing, as an unknown operator does.
    const type = q.type && isAuditTargetType(q.type) ? q.type : '';
    const before = q.before ? Number(q.before) : null;
    const limit = 100;
    const rows = await listAudit(app.ctx, {
      operatorId: isUuid(operator) ? operator.toLowerCase() : null,
      actor: operator === 'admin-token' ? 'admin token' : null,
      targetType: type || null,
      targetId: target ? target.toLowerCase() : null,
      before,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const operators = await listOperatorAccounts(app.ctx);
    const typeOptions = [{ value: '', label: 'Any' }, ...AUDIT_TARGET_TYPES.map((t) => ({ value: t, label: auditTargetLabel(t) }))];
    const options = [
      { value: '', label: 'Everyone' },
      { value: 'admin-token', label: 'Admin token' },
      ...operators.map((o) => ({ value: o.id, label: `${o.name} (${o.email})` })),
    ];
    const next = rows.length > limit ? `/console/audit?${new URLSearchParams({ operator, type, target, before: String(page[page.length - 1].seq) })}` : null;
    return reply.page(
      200,
      consolePage(
        consoleChrome(request, reply, '/console/audit'),
        'Audit log',
        html`<h1>Audit log</h1>
          <form method="get" action="/console/audit" class="filters">
            <${SelectField} name="operator" label="Operator" options=${options} value=${operator} />
            <${SelectField} name="type" label="Target type" options=${typeOptions} value=${type} />
            <${Field} name="target" label="Target id" value=${target} hint="An application, document, partner or operator id" />
            <div><button type="submit" class="secondary">Filter</button></div>
          </form>
          <${TableWrap} label="Audit log">
            <table class="dense responsive" id="audit">
              <thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">Action</th><th scope="col">Target</th><th scope="col">Summary</th></tr></thead>
              <tbody>
                ${page.map(
                  (r) => html`<tr>
                    <td>${formatDateTime(r.created_at)}</td>
                    <td data-label="Who">${r.actor}</td>
                    <td data-label="Action">${r.action}</td>
                    <td data-label="Target">${TARGET_LINKS[r.target_type] ? html`<a href=${`${TARGET_LINKS[r.target_type]}${r.target_id}`}>${auditTargetLabel(r.target_type)} ${r.target_id.slice(0, 8)}</a>` : `${auditTargetLabel(r.target_type)} ${r.target_id.slice(0, 8)}`}</td>
                    <td data-label="Summary"><code class="small">${Object.keys(r.summary).length ? JSON.stringify(r.summary) : ''}</code></td>
                  </tr>`,
                )}
              </tbody>
            </table>
          </${TableWrap}>
          ${next ? html`<p><a href=${next}>Older entries</a></p>` : null}`,
      ),
    );
  });
};
