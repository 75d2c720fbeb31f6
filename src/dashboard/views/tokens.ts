/** The tenant's API tokens: the list, the form that creates one (shown once), and the revocation's confirmation. */
import type { Page } from '../../domain/cursor.ts';
import type { Environment } from '../../domain/tenant.ts';
import { tokenHint } from '../../domain/token-hint.ts';
import type { tenantToken } from '../../services/dashboard.ts';
import { COPY_SCRIPT_PATH } from '../../web/assets.ts';
import { formatDateTime } from '../../web/format.ts';
import { ErrorSummary, Field, SelectField, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, Notices, TableWrap } from '../../web/layout.ts';
import { dashboardPage, EnvTag, type DashboardChrome } from './frame.ts';
import { ListPager } from './list-pager.ts';

export type TokenRow = Awaited<ReturnType<typeof tenantToken>>;

export const TOKENS_PATH = '/dashboard/tokens';

const SCOPE_OPTIONS = [
  { value: 'read,write', label: 'Read and write' },
  { value: 'read', label: 'Read only' },
];

export interface TokensModel {
  environment: Environment;
  /** One page of the environment's tokens, newest first. */
  page: Page<TokenRow>;
  mayCreate: boolean;
  mayRevoke: boolean;
  /** An owner in production before the lender grants production access: told how to get it. */
  productionLocked: boolean;
  csrf: string;
  notice: string | null;
  /** A refusal, or why the page of the list asked for is not the one shown. */
  problem: string | null;
  /** The token just made: in this answer only. */
  newToken: { token: string; name: string } | null;
  errors: FieldErrors;
  /** The name typed, when the form is refused. */
  name: string;
}

function NewToken({ token }: { token: { token: string; name: string } | null }): VNode | null {
  if (!token) return null;
  return html`<div class="notice good" role="status" id="new-token">
    <h2>Your new token "${token.name}"</h2>
    <p>Copy it now: it is shown only this once, and we keep only a hash of it.</p>
    <label for="new-token-value">New token</label>
    <input id="new-token-value" class="secret" type="text" readonly value=${token.token} />
    <button type="button" class="secondary" data-copy="new-token-value" hidden>Copy</button>
    <script src=${COPY_SCRIPT_PATH} defer></script>
  </div>`;
}

/** A token's row; "Revoke" is described by the token's name and creation time. */
function TokenLine({ token: t, environment, mayRevoke }: { token: TokenRow; environment: Environment; mayRevoke: boolean }): VNode {
  return html`<tr data-token-id=${t.id}>
    <td id=${`token-${t.id}`}>${t.name ?? html`<span class="muted">(made by the lender)</span>`}</td>
    <td data-label="Prefix"><code>${tokenHint(environment, t.last_four)}</code></td>
    <td data-label="Scopes">${t.scopes.join(', ')}</td>
    <td data-label="Created" id=${`token-${t.id}-created`}>${formatDateTime(t.created_at)}</td>
    <td data-label="Last used">${t.last_used_at ? formatDateTime(t.last_used_at) : 'never'}</td>
    <td data-label="State">${
      t.revoked_at
        ? `Revoked ${formatDateTime(t.revoked_at)}`
        : mayRevoke
          ? html`<a href=${`/dashboard/tokens/${t.id}/revoke`} aria-describedby=${`token-${t.id} token-${t.id}-created`}>Revoke</a>`
          : 'Active'
    }</td>
  </tr>`;
}

function CreateForm({ model }: { model: TokensModel }): VNode | null {
  if (model.mayCreate)
    return html`<form method="post" action=${TOKENS_PATH} class="stack card" novalidate>
      <h2>Create token</h2>
      <${ErrorSummary} errors=${model.errors} />
      <${CsrfField} token=${model.csrf} />
      <${Field} name="name" label="Token name" hint="What uses it, like “Staging server”." value=${model.name} error=${model.errors.name} />
      <${SelectField} name="scopes" label="Scopes" options=${SCOPE_OPTIONS} value="read,write" />
      <div><button type="submit">Create token</button></div>
    </form>`;
  if (model.productionLocked)
    return html`<p class="card" id="production-locked">Production tokens can be created once the lender approves your request for production access (see the <a href="/dashboard#go-live">overview</a>).</p>`;
  return null;
}

export function tokensPage(chrome: DashboardChrome, model: TokensModel): VNode {
  const { environment } = model;
  const tokens = model.page.items;
  return dashboardPage(
    chrome,
    'Tokens',
    html`<h1>API tokens <${EnvTag} environment=${environment} /></h1>
      <${Notices} notice=${model.notice} problem=${model.problem} />
      <${NewToken} token=${model.newToken} />
      <${TableWrap} label="Tokens">
        <table class="dense responsive" id="tokens">
          <thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">State</th></tr></thead>
          <tbody>
            ${tokens.length === 0 ? html`<tr><td colspan="6" class="muted">No ${environment} tokens yet.</td></tr>` : null}
            ${tokens.map((t) => html`<${TokenLine} token=${t} environment=${environment} mayRevoke=${model.mayRevoke} />`)}
          </tbody>
        </table>
      </${TableWrap}>
      <${ListPager} page=${model.page} path=${TOKENS_PATH} noun=${{ one: 'token', many: 'tokens' }} />
      <${CreateForm} model=${model} />`,
  );
}

/** "Revoke", asking for confirmation first. */
export function revokeTokenPage(chrome: DashboardChrome, model: { token: TokenRow; csrf: string }): VNode {
  const { token } = model;
  const label = token.name ?? `token ${token.id.slice(0, 8)}`;
  return dashboardPage(
    chrome,
    'Revoke token',
    html`<h1>Revoke ${label}?</h1>
      <p class="lead">Anything using this token stops working at once. This cannot be undone.</p>
      <form method="post" action=${`/dashboard/tokens/${token.id}/revoke`} class="actions">
        <${CsrfField} token=${model.csrf} />
        <button type="submit" class="danger">Revoke token</button>
        <a href=${TOKENS_PATH}>Keep it</a>
      </form>`,
  );
}
