/**
 * The console's views are pure functions of their model: rendered here without a server, a
 * database or a request, for what each page must show (docs/behaviour.md, section 19).
 */
import { describe, expect, it } from 'vitest';
import type { AuditRow } from '../../src/services/audit.ts';
import type { OperatorRow } from '../../src/services/operators.ts';
import { renderDocument } from '../../src/web/html.ts';
import type { Chrome } from '../../src/web/layout.ts';
import { auditPage } from '../../src/console/views/audit.ts';
import { documentPage, type DocumentModel } from '../../src/console/views/document.ts';
import { loginPage, passwordPage, type LoginModel } from '../../src/console/views/login.ts';
import { operatorsPage } from '../../src/console/views/operators.ts';
import { partnerPage, type PartnerModel } from '../../src/console/views/partner.ts';
import { customersPage } from '../../src/console/views/customers.ts';
import { queueSizeWords } from '../../src/console/views/queue.ts';
import type { CustomerFoundRow } from '../../src/services/customer-search.ts';

const CHROME: Chrome = { lender: 'Harbour Lending', surfaceName: 'Operator console', homePath: '/console/applications', wide: true };
const AT = new Date('2026-11-20T10:30:00Z');
const LOGIN: LoginModel = { csrf: 'csrf-token', email: '', problem: null, notice: null, provider: null, passwordLogin: true };
const PARTNER_ID = '11111111-1111-4111-8111-111111111111';
const TOKEN_ID = '22222222-2222-4222-8222-222222222222';

/** The page's text without its tags, spaces collapsed. */
const text = (page: string) =>
  page
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const forms = (page: string) => [...page.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => m[1]);

function auditRow(over: Partial<AuditRow>): AuditRow {
  return {
    seq: 1,
    id: 'a1',
    operator_id: null,
    partner_user_id: null,
    actor: 'admin token',
    action: 'token.created',
    target_type: 'token',
    target_id: TOKEN_ID,
    summary: {},
    created_at: AT,
    ...over,
  };
}

function operator(over: Partial<OperatorRow>): OperatorRow {
  return {
    id: 'op-1',
    email: 'ada@lender.example',
    name: 'Ada',
    role: 'admin',
    password_hash: 'x',
    active: true,
    two_factor_enabled_at: null,
    oidc_issuer: null,
    oidc_subject: null,
    created_at: AT,
    updated_at: AT,
    ...over,
  };
}

/** One page of a list, with the cursors either side (none: it is the only page). */
function listOf<T>(items: T[], nextCursor: string | null = null, previousCursor: string | null = null) {
  return { items, nextCursor, previousCursor };
}

function partnerModel(isAdmin: boolean): PartnerModel {
  return {
    partner: { id: PARTNER_ID, name: 'Acme <Brokers>', status: 'active' },
    isAdmin,
    csrf: 'csrf-token',
    tokens: listOf([
      { id: TOKEN_ID, name: null, environment: 'sandbox', scopes: ['read', 'write'], created_at: AT, revoked_at: null, last_used_at: null, last_four: null },
    ]),
    environments: (['sandbox', 'production'] as const).map((environment) => ({
      environment,
      config: { url: null, has_token: false },
      introducers: [],
      subscriptions: [],
      log: listOf([]),
    })),
    cursors: {},
    dashboard: { partnerId: PARTNER_ID, isAdmin, csrf: 'csrf-token', users: [], access: { grantedAt: null, requests: [], pending: null }, invite: {} },
    notice: null,
    problem: null,
    newToken: null,
    introducer: { name: '', email: '', environment: 'sandbox' },
    errors: {},
    webhook: null,
  };
}

describe('the console views', () => {
  it('label the audit filter "Target" and link a target to its page, or to its partner’s or application’s', () => {
    const page = renderDocument(
      auditPage(CHROME, {
        page: listOf([
          auditRow({ summary: { environment: 'sandbox', note: '<b>' } }),
          auditRow({ seq: 2, action: 'partner.suspended', target_type: 'partner', target_id: PARTNER_ID }),
          auditRow({ seq: 3, action: 'token.revoked', summary: { partner_id: PARTNER_ID } }),
        ]),
        refused: null,
        operators: [operator({})],
        operator: '',
        type: 'token',
        target: TOKEN_ID,
      }),
    );
    expect(page).toMatch(/<label for="field-target">Target<\/label>/);
    expect(page).toContain(`value="${TOKEN_ID}"`);
    expect(page).toContain('<option value="token" selected>token</option>');
    expect(page).toContain(`<a href="/console/partners/${PARTNER_ID}">partner 11111111</a>`);
    expect(page).toContain('<td data-label="Target">token 22222222</td>');
    // A token has no page: its row links to its partner's when the summary names the partner.
    expect(page).toContain(`<td data-label="Target"><a href="/console/partners/${PARTNER_ID}">token 22222222</a></td>`);
    // The action and the summary in words, never JSON; the summary's markup is escaped.
    expect(page).toContain('<td data-label="Action" data-action="token.created">Created an API token</td>');
    expect(page).toContain('<td data-label="Summary" class="small">Environment: sandbox; note: &lt;b></td>');
    expect(page).toContain('<td data-label="Summary" class="small">Partner: 11111111</td>');
    expect(page).not.toContain('&quot;');
    expect(page).not.toContain('Next page');
    expect(text(page)).toContain('Showing all 3 entries');
  });

  it('keep the audit filters in the pager’s links, and say so when a link’s page was refused', () => {
    const rendered = renderDocument(
      auditPage(CHROME, {
        page: listOf([auditRow({})], 'NEXT', 'PREV'),
        refused: 'That page of the list is no longer available',
        operators: [],
        operator: 'admin-token',
        type: 'token',
        target: TOKEN_ID,
      }),
    );
    expect(rendered).toContain(`href="/console/audit?operator=admin-token&amp;type=token&amp;target=${TOKEN_ID}&amp;cursor=NEXT" rel="next">Next page</a>`);
    expect(rendered).toContain('cursor=PREV" rel="prev">Previous page</a>');
    expect(text(rendered)).toContain('Showing 1 entry, more on the next page');
    expect(rendered).toContain('<div class="notice bad" role="alert"><p>That page of the list is no longer available</p></div>');
  });

  it('page the partner’s tokens and each delivery log with a parameter of its own, keeping the others’ pages', () => {
    const m = partnerModel(false);
    m.tokens = listOf(m.tokens.items, 'T2');
    m.environments[1].log = listOf([], null, 'P1');
    m.cursors = { production: 'P2' };
    const rendered = renderDocument(partnerPage(CHROME, m));
    expect(rendered).toContain(`href="/console/partners/${PARTNER_ID}?production_deliveries_cursor=P2&amp;tokens_cursor=T2#h-tokens" rel="next">Next page</a>`);
    expect(rendered).toContain(`href="/console/partners/${PARTNER_ID}?production_deliveries_cursor=P1#h-deliveries-production" rel="prev">Previous page</a>`);
    expect(rendered).toContain('aria-label="Pages of production deliveries"');
  });

  it('give an admin the partner’s forms and a viewer none, escaping what the partner is called', () => {
    const admin = renderDocument(partnerPage(CHROME, partnerModel(true)));
    expect(forms(admin)).toEqual([
      `/console/partners/${PARTNER_ID}/suspend`,
      `/console/partners/${PARTNER_ID}/revoke-token`,
      `/console/partners/${PARTNER_ID}/tokens`,
      `/console/partners/${PARTNER_ID}/webhook-settings`,
      `/console/partners/${PARTNER_ID}/webhook-settings`,
      `/console/partners/${PARTNER_ID}/production-access`,
      `/console/partners/${PARTNER_ID}/users`,
      `/console/partners/${PARTNER_ID}/introducers`,
    ]);
    expect(admin).toContain('<h1>Acme &lt;Brokers></h1>');
    expect(admin).toContain('aria-label="Revoke token 22222222">Revoke</button>');
    const viewer = renderDocument(partnerPage(CHROME, partnerModel(false)));
    expect(forms(viewer)).toEqual([]);
    expect(text(viewer)).toContain('Sandbox only: no request waiting.');
    expect(text(viewer)).toContain('No dashboard users yet.');
  });

  it('show a new token and a refused webhook form as sent, beside its field', () => {
    const m = partnerModel(true);
    m.newToken = { token: 'sk_sandbox_secret', environment: 'sandbox', scopes: ['read'] };
    m.webhook = {
      environment: 'production',
      values: { url: 'http://10.0.0.1/x', events: ['application_offered'] },
      errors: { webhook_url_production: 'the URL must use https' },
    };
    const page = renderDocument(partnerPage(CHROME, m));
    expect(page).toContain('<code class="secret">sk_sandbox_secret</code>');
    expect(page).toContain('value="http://10.0.0.1/x"');
    expect(page).toMatch(/id="field-webhook_url_production-error"><span class="visually-hidden">Error: <\/span>the URL must use https/);
    expect(page).toContain('aria-describedby="field-webhook_url_production-hint field-webhook_url_production-error"');
    expect(page).toMatch(/name="webhook_event_production_application_offered" value="on" checked/);
  });

  it('name each customer found with its partner and its environment in words, escaping what it is called', () => {
    const found = (over: Partial<CustomerFoundRow>): CustomerFoundRow => ({
      id: 'c-1',
      partner_id: PARTNER_ID,
      partner_name: 'Acme <Brokers>',
      environment: 'sandbox',
      external_customer_id: null,
      company_name: 'Hartley <b>Joinery</b>',
      trading_name: null,
      company_number: '09876543',
      created_at: AT,
      application_id: null,
      application_status: null,
      loans: 0,
      loans_in_arrears: 0,
      matched_by: ['company_name'],
      ...over,
    });
    const rendered = renderDocument(
      customersPage(CHROME, {
        q: 'hartley',
        errors: {},
        refused: null,
        found: listOf([
          found({}),
          found({ id: 'c-2', environment: 'production', application_id: 'app-1', application_status: 'offered', loans: 2, loans_in_arrears: 1 }),
        ]),
      }),
    );
    expect(rendered).toContain('<span class="status" data-tone="warn" data-environment="sandbox">Sandbox (test)</span>');
    expect(rendered).toContain('<span class="status" data-tone="good" data-environment="production">Production</span>');
    expect(rendered).toContain('Hartley &lt;b>Joinery&lt;/b>');
    expect(rendered).toContain('Acme &lt;Brokers>');
    expect(rendered).toContain('<a href="/console/applications/app-1" aria-label="Application app-1: offered">');
    expect(text(rendered)).toContain('2, 1 in arrears');
    expect(text(rendered)).toContain('Showing all 2 customers');
    expect(forms(rendered)).toEqual([]);
    const none = renderDocument(customersPage(CHROME, { q: '<x>', errors: {}, refused: null, found: listOf([]) }));
    expect(none).toContain('No customer matches “&lt;x>”.');
    const long = renderDocument(customersPage(CHROME, { q: 'x'.repeat(201), errors: { q: 'Search for at most 200 characters' }, refused: null, found: null }));
    expect(long).toContain('aria-invalid="true"');
    expect(long).not.toContain('id="customers"');
  });

  it('say how many applications wait, exactly or as "or more" beyond the bound', () => {
    expect(queueSizeWords({ count: 1, atLeast: false }, '')).toBe('1 application waiting for review');
    expect(queueSizeWords({ count: 84, atLeast: false }, '')).toBe('84 applications waiting for review');
    expect(queueSizeWords({ count: 1000, atLeast: true }, 'in_underwriting')).toBe('1,000 or more applications in underwriting');
  });

  it('show the operators, a new password once, and no actions on the operator’s own row', () => {
    const me = operator({ id: 'op-me', email: 'me@lender.example' });
    const page = renderDocument(
      operatorsPage(CHROME, {
        operators: [me, operator({ id: 'op-2', email: 'bob@lender.example', name: '<script>x</script>', role: 'viewer' })],
        me,
        csrf: 'csrf-token',
        form: { email: '', name: '', role: 'underwriter' },
        errors: {},
        created: { email: 'bob@lender.example', password: 'generated-password-1' },
        notice: null,
        problem: null,
      }),
    );
    expect(page).toContain('<code class="secret">generated-password-1</code>');
    expect(page).toContain('&lt;script>x&lt;/script>');
    expect(page).not.toContain('<script>');
    expect(forms(page)).toEqual(['/console/operators/op-2/role', '/console/operators/op-2/deactivate', '/console/operators']);
    expect(page).toContain('aria-label="Deactivate bob@lender.example"');
  });

  it('tie the reason’s error to its field on a refused rejection, and hide the forms from viewers', () => {
    const model: DocumentModel = {
      document: {
        id: 'doc-1',
        document_name: 'statement.pdf',
        document_type: 'bank statement',
        status: 'pending',
        reject_reason: null,
        mime_type: 'application/pdf',
        size_bytes: 12_345,
        uploaded_at: AT,
        partner_id: PARTNER_ID,
        environment: 'sandbox',
      } as DocumentModel['document'],
      applicationId: null,
      canReview: true,
      csrf: 'csrf-token',
      errors: { reason: 'Enter the reason for rejecting' },
      reason: '',
      notice: null,
      problem: null,
    };
    const page = renderDocument(documentPage(CHROME, model));
    expect(page).toContain('aria-invalid="true" aria-describedby="field-reason-error"');
    expect(text(page)).toContain('application/pdf, 12,345 bytes');
    expect(page).not.toContain('Back to the application');
    expect(forms(renderDocument(documentPage(CHROME, { ...model, canReview: false, errors: {} })))).toEqual([]);
  });

  it('keep the email typed on a refused login, never the password', () => {
    const page = renderDocument(loginPage(CHROME, { ...LOGIN, email: 'ada@lender.example', problem: 'The email or password is not right.' }));
    expect(page).toContain('value="ada@lender.example"');
    expect(page).toMatch(/<input id="field-password" name="password" type="password" autocomplete="current-password" required/);
    expect(text(page)).toContain('The email or password is not right.');
    expect(page).not.toContain('/console/login/sso');
  });

  it('offer the identity provider on the login page when single sign-on is set, and no password form with OIDC_ONLY', () => {
    const both = renderDocument(loginPage(CHROME, { ...LOGIN, provider: 'Okta' }));
    expect(both).toContain('<a class="button" href="/console/login/sso">Sign in with Okta</a>');
    expect(forms(both)).toEqual(['/console/login']);
    expect(text(both)).toContain('Or log in with a password');
    const only = renderDocument(loginPage(CHROME, { ...LOGIN, provider: 'Okta', passwordLogin: false }));
    expect(only).toContain('>Sign in with Okta</a>');
    expect(forms(only)).toEqual([]);
    expect(only).not.toContain('name="password"');
    expect(text(only)).toContain('Password login is off');
  });

  it('offer no password form to a session signed in through the provider', () => {
    const own = renderDocument(passwordPage(CHROME, { csrf: 'c', errors: {}, notice: null, signedOnWith: null }));
    expect(forms(own)).toEqual(['/console/password']);
    const provider = renderDocument(passwordPage(CHROME, { csrf: 'c', errors: {}, notice: null, signedOnWith: 'Okta' }));
    expect(forms(provider)).toEqual([]);
    expect(text(provider)).toContain('You signed in through Okta: your password is kept there.');
  });
});
