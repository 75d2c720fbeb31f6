/**
 * A partner's page (docs/behaviour.md, section 19): status (suspend, reinstate), tokens (the new
 * one shown once; revoke), per environment its introducers, webhook configuration (admins edit
 * it) and delivery log ("Redeliver"), the partner dashboard's users and go-live, and "Add an
 * introducer".
 */
import type { Page } from '../../domain/cursor.ts';
import { codeAsWords } from '../../domain/decision-words.ts';
import { ENVIRONMENTS, type Environment } from '../../domain/tenant.ts';
import { tokenHint } from '../../domain/token-hint.ts';
import type { getPartner, listTenantIntroducers, PartnerTokenRow } from '../../services/partners.ts';
import type { deliveryView, getConfiguration, listSubscriptions } from '../../services/webhooks.ts';
import { formatDateTime } from '../../web/format.ts';
import { ErrorSummary, Field, SelectField, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, TableWrap, type Chrome } from '../../web/layout.ts';
import { Pager } from '../../web/paging.ts';
import type { WebhookFormValues } from '../webhook-settings.ts';
import { consolePage, Notices, pageLinks } from './common.ts';
import { PartnerDashboardSection, type PartnerDashboardModel } from './partner-dashboard.ts';
import { WebhookSettingsForm } from './webhook-settings.ts';

/** What the page shows of one environment. */
export interface PartnerEnvironment {
  environment: Environment;
  config: Awaited<ReturnType<typeof getConfiguration>>;
  introducers: Awaited<ReturnType<typeof listTenantIntroducers>>;
  subscriptions: Awaited<ReturnType<typeof listSubscriptions>>;
  /** A page of its delivery log, newest attempt first. */
  log: Page<ReturnType<typeof deliveryView>>;
}

/** The page of each of the partner page's lists: its tokens and each environment's delivery log (a cursor, or absent for the first page). */
export type PartnerCursors = Partial<Record<'tokens' | Environment, string>>;

/** Each list's cursor parameter: its own, so that paging one list leaves the others where they are. */
export const LIST_CURSORS = {
  tokens: 'tokens_cursor',
  sandbox: 'sandbox_deliveries_cursor',
  production: 'production_deliveries_cursor',
} as const satisfies Record<keyof PartnerCursors, string>;

export interface PartnerModel {
  partner: NonNullable<Awaited<ReturnType<typeof getPartner>>>;
  isAdmin: boolean;
  csrf: string;
  /** A page of its tokens (both environments), newest first. */
  tokens: Page<PartnerTokenRow>;
  environments: PartnerEnvironment[];
  /** The pages shown of its lists, kept in each pager's links. */
  cursors: PartnerCursors;
  dashboard: PartnerDashboardModel;
  notice: string | null;
  problem: string | null;
  /** A token just created: shown this once. */
  newToken: { token: string; environment: string; scopes: string[] } | null;
  /** "Add an introducer" as sent, with its errors. */
  introducer: Record<string, string>;
  errors: FieldErrors;
  /** The webhook form of one environment as sent, with its errors. */
  webhook: { environment: Environment; values: WebhookFormValues; errors: FieldErrors } | null;
}

export const ENV_OPTIONS = ENVIRONMENTS.map((e) => ({ value: e, label: e }));
const SCOPE_OPTIONS = [
  { value: 'read,write', label: 'read and write' },
  { value: 'read', label: 'read only' },
];

/** A button that posts to one of the partner's actions, with hidden fields. */
function postButton(
  m: PartnerModel,
  path: string,
  label: string,
  kind = 'secondary',
  hidden: Record<string, string> = {},
  accessible?: string,
  describedBy?: string,
): VNode {
  return html`<form method="post" action=${`/console/partners/${m.partner.id}/${path}`} class="inline">
    <${CsrfField} token=${m.csrf} />
    ${Object.entries(hidden).map(([k, v]) => html`<input type="hidden" name=${k} value=${v} />`)}
    <button type="submit" class=${kind} aria-label=${accessible} aria-describedby=${describedBy}>${label}</button>
  </form>`;
}

/** The pager of one of the page's lists: its own cursor parameter, the others' cursors kept, back to the list's heading. */
function ListPager({
  m,
  list,
  page,
  noun,
  fragment,
}: {
  m: PartnerModel;
  list: keyof PartnerCursors;
  page: Page<unknown>;
  noun: { one: string; many: string };
  fragment: string;
}): VNode {
  const others = Object.fromEntries(
    (Object.keys(LIST_CURSORS) as (keyof PartnerCursors)[]).filter((other) => other !== list).map((other) => [LIST_CURSORS[other], m.cursors[other]]),
  );
  const label = list === 'tokens' ? 'Pages of tokens' : `Pages of ${list} deliveries`;
  return html`<${Pager} page=${pageLinks(page)} path=${`/console/partners/${m.partner.id}`} filters=${others} noun=${noun} cursorParam=${LIST_CURSORS[list]} fragment=${fragment} label=${label} />`;
}

function TokensSection({ m }: { m: PartnerModel }): VNode {
  return html`<section class="card" aria-labelledby="h-tokens">
    <h2 id="h-tokens">Tokens</h2>
    <${TableWrap} label="Tokens">
      <table class="dense responsive" id="tokens">
        <thead><tr><th scope="col">Token</th><th scope="col">Environment</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">State</th></tr></thead>
        <tbody>
          ${m.tokens.items.map(
            (t) => html`<tr data-token-id=${t.id}>
              <td><code class="small">${tokenHint(t.environment as Environment, t.last_four)}</code><br /><span class="small muted">id ${t.id.slice(0, 8)}</span></td>
              <td data-label="Environment">${t.environment}</td>
              <td data-label="Scopes">${t.scopes.join(', ')}</td>
              <td data-label="Created">${formatDateTime(t.created_at)}</td>
              <td data-label="State">${t.revoked_at ? `revoked ${formatDateTime(t.revoked_at)}` : m.isAdmin ? postButton(m, 'revoke-token', 'Revoke', 'danger', { token_id: t.id }, `Revoke token ${t.id.slice(0, 8)}`) : 'active'}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </${TableWrap}>
    <${ListPager} m=${m} list="tokens" page=${m.tokens} noun=${{ one: 'token', many: 'tokens' }} fragment="h-tokens" />
    ${
      m.isAdmin
        ? html`<form method="post" action=${`/console/partners/${m.partner.id}/tokens`} class="filters">
          <${CsrfField} token=${m.csrf} />
          <${SelectField} name="environment" label="Environment" options=${ENV_OPTIONS} value="sandbox" />
          <${SelectField} name="scopes" label="Scopes" options=${SCOPE_OPTIONS} value="read,write" />
          <div><button type="submit">Create token</button></div>
        </form>`
        : null
    }
  </section>`;
}

function DeliveryLog({ m, e }: { m: PartnerModel; e: PartnerEnvironment }): VNode {
  if (e.log.items.length === 0 && !e.log.previousCursor)
    return html`<p class="muted" id=${`no-deliveries-${e.environment}`}>${e.config.url === null ? 'No webhook URL set: nothing is sent until one is.' : 'No deliveries.'}</p>`;
  return html`<${TableWrap} label=${`${e.environment} deliveries`}>
    <table class="dense responsive">
      <thead><tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">Attempt</th><th scope="col">Result</th><th scope="col">Action</th></tr></thead>
      <tbody>
        ${e.log.items.map(
          (d) => html`<tr>
            <td>${formatDateTime(new Date(d.attempted_at))}</td>
            <td data-label="Event" id=${`delivery-${d.delivery_id}`}>${d.webhook_event_type} <code class="small">${d.event_id.slice(0, 8)}</code></td>
            <td data-label="Attempt">${d.attempt}</td>
            <td data-label="Result">${codeAsWords(d.status)}${d.response_status ? ` (${d.response_status})` : ''}${d.error ? `: ${d.error}` : ''}</td>
            <td data-label="Action">${m.isAdmin ? postButton(m, 'redeliver', 'Redeliver', 'secondary', { event_id: d.event_id, environment: e.environment }, undefined, `delivery-${d.delivery_id}`) : ''}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  </${TableWrap}>
  <${ListPager} m=${m} list=${e.environment} page=${e.log} noun=${{ one: 'delivery', many: 'deliveries' }} fragment=${`h-deliveries-${e.environment}`} />`;
}

function EnvironmentSection({ m, e }: { m: PartnerModel; e: PartnerEnvironment }): VNode {
  const subscribed = e.subscriptions.filter((x) => x.subscribed).map((x) => x.webhook_event_type);
  const sent = m.webhook?.environment === e.environment ? m.webhook : null;
  return html`<section class="card" aria-labelledby=${`h-env-${e.environment}`}>
    <h2 id=${`h-env-${e.environment}`}>${e.environment === 'sandbox' ? 'Sandbox' : 'Production'}</h2>
    <h3>Introducers</h3>
    ${
      e.introducers.length === 0
        ? html`<p class="muted">None.</p>`
        : html`<ul>${e.introducers.map((i) => html`<li>${i.name} (${i.email})${i.is_active ? '' : ', inactive'}</li>`)}</ul>`
    }
    <h3>Webhook configuration</h3>
    <dl class="facts">
      <dt>URL</dt><dd>${e.config.url ?? 'No webhook URL set'}</dd>
      <dt>Authorization token</dt><dd>${e.config.has_token ? 'set (not shown)' : 'none'}</dd>
      <dt>Subscribed events</dt><dd>${subscribed.join(', ') || 'none'}</dd>
    </dl>
    ${
      m.isAdmin
        ? html`<${WebhookSettingsForm}
            partnerId=${m.partner.id}
            environment=${e.environment}
            csrf=${m.csrf}
            hasToken=${e.config.has_token}
            values=${sent ? sent.values : { url: e.config.url ?? '', events: subscribed }}
            errors=${sent ? sent.errors : {}}
          />`
        : null
    }
    <h3 id=${`h-deliveries-${e.environment}`}>Delivery log</h3>
    <${DeliveryLog} m=${m} e=${e} />
  </section>`;
}

function IntroducerForm({ m }: { m: PartnerModel }): VNode {
  const { errors, introducer } = m;
  return html`<form method="post" action=${`/console/partners/${m.partner.id}/introducers`} class="stack card" novalidate>
    <h2>Add an introducer</h2>
    <${ErrorSummary} errors=${errors} />
    <${CsrfField} token=${m.csrf} />
    <${Field} name="introducer_name" label="Introducer name" value=${introducer.name} error=${errors.introducer_name} />
    <${Field} name="introducer_email" label="Introducer email" type="email" value=${introducer.email} error=${errors.introducer_email} />
    <${SelectField} name="introducer_environment" label="Introducer environment" options=${ENV_OPTIONS} value=${introducer.environment} />
    <div><button type="submit" class="secondary">Add introducer</button></div>
  </form>`;
}

export function partnerPage(chrome: Chrome, m: PartnerModel): VNode {
  const { partner } = m;
  return consolePage(
    chrome,
    partner.name,
    html`<p class="small"><a href="/console/partners">All partners</a></p>
      <h1>${partner.name}</h1>
      <p>Status: <strong id="partner-status">${partner.status}</strong> <code class="small">${partner.id}</code></p>
      <${Notices} notice=${m.notice} problem=${m.problem} />
      ${
        m.newToken
          ? html`<div class="notice good" role="status" id="new-token">
            <h2>New ${m.newToken.environment} token</h2>
            <p>Copy it now: it is shown only this once.</p>
            <code class="secret">${m.newToken.token}</code>
          </div>`
          : null
      }
      ${m.isAdmin ? html`<div class="actions">${partner.status === 'active' ? postButton(m, 'suspend', 'Suspend', 'danger') : postButton(m, 'reinstate', 'Reinstate', '')}</div>` : null}
      <${TokensSection} m=${m} />
      ${m.environments.map((e) => html`<${EnvironmentSection} m=${m} e=${e} />`)}
      <${PartnerDashboardSection} m=${m.dashboard} />
      ${m.isAdmin ? html`<${IntroducerForm} m=${m} />` : null}`,
  );
}
