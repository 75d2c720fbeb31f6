/**
 * The dashboard's views as pure functions of their model (docs/behaviour.md, section 24): rendered
 * here without a server, a request or a database.
 */
import { describe, expect, it } from 'vitest';
import { renderDocument, type VNode } from '../../src/web/html.ts';
import { dashboardPage, plainPage, type DashboardChrome } from '../../src/dashboard/views/frame.ts';
import { tokensPage, type TokenRow, type TokensModel } from '../../src/dashboard/views/tokens.ts';
import { EMPTY_INVITE_FORM, usersPage, type TeamMember, type UsersModel } from '../../src/dashboard/views/users.ts';
import { webhooksPage, type Delivery, type WebhooksModel } from '../../src/dashboard/views/webhooks.ts';
import { EMPTY_GO_LIVE_FORM, goLiveSection } from '../../src/dashboard/views/go-live.ts';
import { eventPage, type EventWithDelivery } from '../../src/dashboard/views/events.ts';
import { deleteTestClockPage, testClocksInProductionPage, testClocksPage, type TestClocksModel } from '../../src/dashboard/views/test-clocks.ts';
import { customersPage, type CustomerLine } from '../../src/dashboard/views/customers.ts';
import { eventsPage } from '../../src/dashboard/views/events.ts';
import { requestLogPage, type LoggedRequest } from '../../src/dashboard/views/logs.ts';
import { figureWords, overviewPage, type OverviewStats } from '../../src/dashboard/views/overview.ts';
import type { ClockLine } from '../../src/services/dashboard-test-clocks.ts';

const CHROME: DashboardChrome = {
  lender: 'Harbour Business Finance',
  surfaceName: 'Partner dashboard',
  homePath: '/dashboard',
  wide: true,
  session: { csrfToken: 'chrome-csrf', who: 'Olivia Owner (owner)', logoutPath: '/dashboard/logout' },
  currentPath: '/dashboard/tokens',
  environmentSwitch: { environment: 'sandbox', csrfToken: 'chrome-csrf', back: '/dashboard/tokens' },
};

const render = (root: VNode) => renderDocument(root);

/** The text of the element with this id, without its tags. */
function textOf(page: string, id: string): string | undefined {
  return new RegExp(`<(\\w+)[^>]* id="${id}"[^>]*>(.*?)</\\1>`, 's')
    .exec(page)?.[2]
    .replace(/<[^>]+>/g, '')
    .trim();
}

/** Each control named exactly `name` (its whole text), with the text of the elements its aria-describedby names. */
function controls(page: string, name: string): { description: string }[] {
  return [...page.matchAll(new RegExp(`<(a|button)( [^>]*)?>${name}</\\1>`, 'g'))].map((m) => ({
    description: (/aria-describedby="([^"]*)"/.exec(m[2] ?? '')?.[1] ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => textOf(page, id) ?? `(no element ${id})`)
      .join(' '),
  }));
}

const token = (over: Partial<TokenRow>): TokenRow => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'ci',
  environment: 'sandbox',
  scopes: ['read', 'write'],
  created_at: new Date('2026-11-20T09:30:00Z'),
  revoked_at: null,
  last_used_at: null,
  last_four: 'a1B2',
  ...over,
});

/** One page of a list: its rows, and the cursors either side (none unless given). */
const pageOf = <T>(items: T[], cursors: { nextCursor?: string; previousCursor?: string } = {}) => ({
  items,
  nextCursor: cursors.nextCursor ?? null,
  previousCursor: cursors.previousCursor ?? null,
});

const tokensModel = (over: Partial<TokensModel>): TokensModel => ({
  environment: 'sandbox',
  page: pageOf([]),
  mayCreate: false,
  mayRevoke: false,
  productionLocked: false,
  csrf: 'form-csrf',
  notice: null,
  problem: null,
  newToken: null,
  errors: {},
  name: '',
  ...over,
});

describe('the dashboard frame', () => {
  it('shows the environment switch on signed-in pages only, with the current environment pressed', () => {
    const page = render(dashboardPage(CHROME, 'Tokens', 'body'));
    expect(page).toContain('<form method="post" action="/dashboard/environment" class="env-switch" aria-label="Environment">');
    expect(page).toContain('<input type="hidden" name="back" value="/dashboard/tokens"/>');
    expect(page).toMatch(/value="sandbox" class aria-pressed="true">Sandbox</);
    expect(page).toMatch(/value="production" class="secondary" aria-pressed="false">Production</);
    expect(page).toContain('<title>Tokens – Harbour Business Finance Partner dashboard</title>');
    expect(render(plainPage(CHROME, 'Log in', 'body'))).not.toContain('env-switch');
    expect(render(dashboardPage({ ...CHROME, environmentSwitch: undefined }, 'Tokens', 'body'))).not.toContain('env-switch');
  });
});

describe('the tokens page', () => {
  const active = token({});
  const lenders = token({ id: '22222222-2222-4222-8222-222222222222', name: null, created_at: new Date('2026-11-01T08:00:00Z') });
  const revoked = token({ id: '33333333-3333-4333-8333-333333333333', name: 'old', revoked_at: new Date('2026-11-21T10:00:00Z') });

  it('names each control "Revoke" and tells its token by aria-describedby', () => {
    const page = render(tokensPage(CHROME, tokensModel({ page: pageOf([lenders, active, revoked]), mayRevoke: true, mayCreate: true })));
    expect(controls(page, 'Revoke')).toEqual([
      { description: '(made by the lender) 1 November 2026 at 08:00' },
      { description: 'ci 20 November 2026 at 09:30' },
    ]);
    expect(page).toContain('Revoked 21 November 2026 at 10:00');
    expect(page).toContain('<h2>Create token</h2>');
  });

  it('shows a viewer the tokens without controls, and an owner without production access how to get it', () => {
    const viewer = render(tokensPage(CHROME, tokensModel({ page: pageOf([active]) })));
    expect(controls(viewer, 'Revoke')).toEqual([]);
    expect(viewer).toContain('<td data-label="State">Active</td>');
    expect(viewer).not.toContain('Create token');
    const locked = render(tokensPage(CHROME, tokensModel({ environment: 'production', productionLocked: true })));
    expect(locked).toContain('No production tokens yet.');
    expect(locked).toContain('id="production-locked"');
  });

  it('shows a new token once, escaped like every value', () => {
    const page = render(tokensPage(CHROME, tokensModel({ newToken: { token: 'sk_sandbox_abc', name: '<script>alert(1)</script>' }, mayCreate: true })));
    expect(page).toContain('<input id="new-token-value" class="secret" type="text" readonly value="sk_sandbox_abc"/>');
    expect(page).toContain('&lt;script>alert(1)&lt;/script>');
    expect(page).not.toContain('<script>alert(1)');
  });

  it('keeps the name typed and shows the refusal beside it', () => {
    const page = render(tokensPage(CHROME, tokensModel({ mayCreate: true, name: '  ', errors: { name: 'Enter the token name' } })));
    expect(page).toContain('aria-invalid="true"');
    expect(page).toContain('Enter the token name');
  });
});

describe('the users page', () => {
  const me: TeamMember = {
    id: 'a0000000-0000-4000-8000-000000000001',
    name: 'Olivia Owner',
    email: 'olivia@acme.example',
    role: 'owner',
    two_factor_enabled_at: new Date(),
  };
  const dee: TeamMember = {
    id: 'a0000000-0000-4000-8000-000000000002',
    name: 'Dee Veloper',
    email: 'dee@acme.example',
    role: 'developer',
    two_factor_enabled_at: null,
  };
  const model = (over: Partial<UsersModel>): UsersModel => ({
    users: [me, dee],
    meId: me.id,
    owner: false,
    csrf: 'form-csrf',
    notice: null,
    problem: null,
    link: null,
    errors: {},
    values: EMPTY_INVITE_FORM,
    ...over,
  });

  it('gives an owner "Change role" and "Remove" for each teammate, told apart by the name cell, and none for themselves', () => {
    const page = render(usersPage(CHROME, model({ owner: true })));
    expect(controls(page, 'Remove')).toEqual([{ description: 'Dee Veloper' }]);
    expect(controls(page, 'Change role')).toEqual([{ description: 'Dee Veloper' }]);
    expect(page).toContain('<span class="muted">You</span>');
    expect(page).toContain('<td data-label="State">invited</td>');
    expect(page).toContain('<h2>Invite a user</h2>');
  });

  it('shows the others the team only', () => {
    const page = render(usersPage(CHROME, model({})));
    expect(page).not.toContain('Actions');
    expect(controls(page, 'Remove')).toEqual([]);
    expect(page).toContain('Owners of your team invite users and change roles.');
  });
});

describe('the webhooks page', () => {
  const delivery: Delivery = {
    delivery_id: 'd0000000-0000-4000-8000-000000000001',
    event_id: 'e0000000-0000-4000-8000-000000000001',
    webhook_event_type: 'application_offered',
    attempt: 1,
    attempted_at: '2026-11-20T09:30:00.000Z',
    url: 'https://partner.example/hooks',
    status: 'failed',
    response_status: 500,
    duration_ms: 42,
    error: 'server error',
    next_attempt_at: null,
  };
  const model = (over: Partial<WebhooksModel>): WebhooksModel => ({
    environment: 'sandbox',
    developer: false,
    configuration: { url: 'https://partner.example/hooks', has_token: true },
    subscriptions: [{ webhook_event_type: 'application_offered', url: null, subscribed: true }],
    deliveries: pageOf([delivery]),
    deliveriesProblem: null,
    eventTypes: ['application_offered'],
    csrf: 'form-csrf',
    notice: null,
    problem: null,
    secret: null,
    errors: {},
    url: null,
    failedOnly: false,
    ...over,
  });

  it('gives a developer the forms and "Redeliver" told apart by the event cell', () => {
    const page = render(webhooksPage(CHROME, model({ developer: true })));
    expect(controls(page, 'Redeliver')).toEqual([{ description: 'application_offered e0000000' }]);
    expect(page).toContain('<td data-label="Answer">500 in 42 ms: server error</td>');
    expect(page).toContain('One is set (never shown): leave empty to keep it.');
    expect(page).toContain('<h2>Send test event</h2>');
    expect(page).not.toContain('id="signing-secret"');
  });

  it('shows a viewer the settings as facts, and no control', () => {
    const page = render(webhooksPage(CHROME, model({})));
    expect(page).toContain('<dt>Authorization token</dt><dd>set (not shown)</dd>');
    expect(page).toContain('value="application_offered" checked disabled/>');
    expect(controls(page, 'Redeliver')).toEqual([]);
    expect(page).not.toContain('Reveal signing secret');
    expect(page).not.toContain('Send test event');
  });

  it('shows the secret only in the answer that reveals it, and no test event in production', () => {
    const page = render(webhooksPage(CHROME, model({ developer: true, environment: 'production', secret: { value: 'whsec_x', rotated: true } })));
    expect(page).toContain('New signing secret (the old one no longer signs):');
    expect(page).toContain('value="whsec_x"');
    expect(page).toContain('https only.');
    expect(page).not.toContain('Send test event');
  });
});

describe('production access and the event page', () => {
  it('tells where the partner stands, and gives owners the form', () => {
    const base = { owner: true, csrf: 'c', errors: {}, values: EMPTY_GO_LIVE_FORM };
    const none = render(goLiveSection({ ...base, access: { grantedAt: null, requests: [], pending: null } }));
    expect(none).toContain('You have the sandbox only.');
    expect(none).toContain('Request production access');
    const granted = render(goLiveSection({ ...base, access: { grantedAt: new Date('2026-11-02T12:00:00Z'), requests: [], pending: null } }));
    expect(granted).toContain('Production access is on since 2 November 2026 at 12:00.');
    expect(granted).not.toContain('<form');
    expect(render(goLiveSection({ ...base, owner: false, access: { grantedAt: null, requests: [], pending: null } }))).toContain(
      'An owner of your team can request production access.',
    );
  });

  it('shows an event with its payload, and "Redeliver" to developers only', () => {
    const event = {
      event_id: 'e0000000-0000-4000-8000-000000000001',
      webhook_event_type: 'application_offered',
      created_at: '2026-11-20T09:30:00.000Z',
      data: { application_id: '<b>x</b>' },
      delivery: { status: 'not_subscribed', attempts: 0 },
    } as unknown as EventWithDelivery;
    const model = { environment: 'sandbox' as const, event, attempts: [], mayRedeliver: true, csrf: 'c', notice: null };
    const page = render(eventPage(CHROME, model));
    expect(page).toContain('<dd id="delivery-status">not subscribed (0 attempts)</dd>');
    expect(page).toContain('&quot;application_id&quot;: &quot;&lt;b>x&lt;/b>&quot;');
    expect(controls(page, 'Redeliver')).toEqual([{ description: '' }]);
    expect(controls(render(eventPage(CHROME, { ...model, mayRedeliver: false })), 'Redeliver')).toEqual([]);
  });
});

describe('the test clocks page', () => {
  const READY = 'c0000000-0000-4000-8000-000000000001';
  const MOVING = 'c0000000-0000-4000-8000-000000000002';
  const clock = (over: Partial<ClockLine>): ClockLine => ({
    id: READY,
    partner_id: 'p0000000-0000-4000-8000-000000000001',
    name: 'A year of <b>repayments</b>',
    frozen_on: '2026-11-27',
    reached_at: new Date('2026-11-27T12:00:00Z'),
    status: 'ready',
    advance_to: null,
    missed: [],
    created_at: new Date('2026-11-27T09:00:00Z'),
    deleted_at: null,
    customer_count: 0,
    customers: [],
    ...over,
  });
  const customer = (n: number, external: string | null, company: string | null) => ({
    test_clock_id: READY,
    id: `d0000000-0000-4000-8000-00000000000${n}`,
    external_customer_id: external,
    company_name: company,
  });
  const ready = clock({
    customer_count: 7,
    customers: [customer(1, 'crm-1', 'Tick & Tock Ltd'), customer(2, null, 'Only A Name Ltd'), customer(3, 'crm-3', null), customer(4, null, null)],
  });
  const moving = clock({ id: MOVING, name: null, frozen_on: '2027-01-10', status: 'advancing', advance_to: '2027-03-03' });
  const model = (over: Partial<TestClocksModel>): TestClocksModel => ({
    page: pageOf([ready, moving]),
    cursor: null,
    problem: null,
    mayChange: true,
    csrf: 'form-csrf',
    notice: null,
    name: '',
    createErrors: {},
    advance: null,
    ...over,
  });

  it('shows each clock with its date, status and customers, "Advance" and "Delete" told apart by its name and date', () => {
    const page = render(testClocksPage(CHROME, model({})));
    expect(controls(page, 'Advance')).toEqual([{ description: 'A year of &lt;b>repayments&lt;/b> 27 November 2026' }]);
    expect(controls(page, 'Delete')).toEqual([
      { description: 'A year of &lt;b>repayments&lt;/b> 27 November 2026' },
      { description: 'Clock c0000000 10 January 2027' },
    ]);
    expect(page).toContain('<h3 id="clock-c0000000-0000-4000-8000-000000000001">A year of &lt;b>repayments&lt;/b></h3>');
    expect(textOf(page, `clock-${MOVING}-date`)).toBe('10 January 2027');
    expect(page).toContain('<dd>Advancing to 3 March 2027</dd>');
    expect(page).toContain('The worker is playing its days');
    // Linked to the customer search by external id (exact), else by company name; a nameless one named as everywhere; the rest counted.
    expect(page).toContain(
      '<dd>7: <a href="/dashboard/customers?q=crm-1">Tick &amp; Tock Ltd</a>, <a href="/dashboard/customers?q=Only%20A%20Name%20Ltd">Only A Name Ltd</a>, ' +
        '<a href="/dashboard/customers?q=crm-3">Unnamed customer (d0000000)</a>, Unnamed customer (d0000000) and 3 more</dd>',
    );
    expect(page).toContain('<label for="advance-c0000000-0000-4000-8000-000000000001-to">Advance to</label>');
    expect(page).toContain('<label for="advance-c0000000-0000-4000-8000-000000000001-missed">Missed repayments</label>');
    expect(page).toContain('<h2>Create test clock</h2>');
    expect(page).toContain('<p class="muted">Showing all 2 test clocks</p>');
    expect(page).not.toContain('Next page');
    expect(page).not.toContain('Previous page');
  });

  it('shows a viewer the clocks without controls', () => {
    const page = render(testClocksPage(CHROME, model({ mayChange: false })));
    expect(controls(page, 'Advance')).toEqual([]);
    expect(controls(page, 'Delete')).toEqual([]);
    expect(page).not.toContain('Create test clock');
    expect(page).toContain('Developers and owners of your team create, advance and delete test clocks.');
  });

  it("shows a refused advance beside the clock's fields, with what was typed, even on a clock that advances", () => {
    const refused = { clockId: MOVING, to: '2027-02-01', missed: 'soon', errors: { to: 'The clock is still advancing', missed: 'Enter a date' } };
    const page = render(testClocksPage(CHROME, model({ advance: refused, cursor: 'c7' })));
    expect(page).toContain(`<li><a href="#advance-${MOVING}-to">The clock is still advancing</a></li>`);
    expect(page).toContain(`<li><a href="#advance-${MOVING}-missed">Enter a date</a></li>`);
    expect(page).toContain(`id="advance-${MOVING}-to-error"><span class="visually-hidden">Error: </span>The clock is still advancing</span>`);
    expect(page).toContain(`id="advance-${MOVING}-to" name="to" type="date" value="2027-02-01" aria-invalid="true"`);
    expect(page).toContain(`aria-describedby="clock-${MOVING} advance-${MOVING}-missed-hint advance-${MOVING}-missed-error"`);
    // The form carries the page it is on, so that a refusal shows that page again.
    expect(page).toContain('<input type="hidden" name="cursor" value="c7"/>');
    expect(controls(page, 'Advance')).toHaveLength(2);
  });

  it('pages with the shared pager: "Showing …" with "Next page" and "Previous page", and says why a link showed the first page', () => {
    const middle = render(testClocksPage(CHROME, model({ page: pageOf([ready, moving], { nextCursor: 'n6', previousCursor: 'p7' }), cursor: 'c7' })));
    expect(middle).toContain('<nav class="pager" aria-label="Pages of test clocks"><p class="muted">Showing 2 test clocks, more on the next page</p>');
    expect(middle).toContain('<a href="/dashboard/test-clocks?cursor=p7" rel="prev">Previous page</a>');
    expect(middle).toContain('<a href="/dashboard/test-clocks?cursor=n6" rel="next">Next page</a>');
    const empty = render(testClocksPage(CHROME, model({ page: pageOf([]) })));
    expect(empty).toContain('No test clocks yet.');
    expect(empty).not.toContain('class="pager"');
    const refused = render(testClocksPage(CHROME, model({ problem: 'That page of the list is no longer available.' })));
    expect(refused).toContain('<div class="notice bad" role="alert"><p>That page of the list is no longer available.</p></div>');
  });

  it('asks before deleting, and says in production that clocks are a sandbox tool', () => {
    const confirm = render(deleteTestClockPage(CHROME, { clock: ready, csrf: 'c' }));
    expect(confirm).toContain('<h1>Delete A year of &lt;b>repayments&lt;/b>?</h1>');
    expect(confirm).toContain('Its 7 customers keep their data and stay on 27 November 2026, the date it reached.');
    expect(confirm).toContain(`<form method="post" action="/dashboard/test-clocks/${READY}/delete" class="actions">`);
    expect(render(deleteTestClockPage(CHROME, { clock: moving, csrf: 'c' }))).toContain('It has no customers.');
    const production = render(testClocksInProductionPage(CHROME));
    expect(production).toContain('Test clocks are a sandbox tool');
    expect(production).not.toContain('<form method="post" action="/dashboard/test-clocks"');
  });
});

describe('the lists', () => {
  const customer: CustomerLine = {
    id: 'c0000000-0000-4000-8000-000000000009',
    external_customer_id: 'crm-9',
    company_name: 'Hartley & Sons Ltd',
    created_at: new Date('2026-11-20T09:30:00Z'),
    application_id: null,
    application_status: 'offered',
    offers: 2,
    funded_pence: '0',
    matched_by: ['company_name'],
  };
  const request: LoggedRequest = {
    request_id: 'req-1',
    time: '2026-11-20T09:30:00.000Z',
    method: 'GET',
    path: '/api/lending/v2.2/customers/',
    status: 404,
    error_code: 'NotFound',
    duration_ms: 3,
    idempotency_key: null,
    api_version: '2.2',
  };
  const more = { nextCursor: 'n1', previousCursor: 'p1' };

  it('page with "Previous page" and "Next page" links that keep the search or the filter', () => {
    const customers = render(customersPage(CHROME, { environment: 'sandbox', page: pageOf([customer], more), search: 'Hartley & Sons', problem: null }));
    expect(customers).toContain('<p class="muted">Showing 1 customer, more on the next page</p>');
    expect(customers).toContain('<a href="/dashboard/customers?q=Hartley+%26+Sons&amp;cursor=p1" rel="prev">Previous page</a>');
    expect(customers).toContain('<a href="/dashboard/customers?q=Hartley+%26+Sons&amp;cursor=n1" rel="next">Next page</a>');
    const logs = render(requestLogPage(CHROME, { environment: 'sandbox', page: pageOf([request], more), failedOnly: true, problem: null }));
    expect(logs).toContain('<a href="/dashboard/logs?failed=1&amp;cursor=n1" rel="next">Next page</a>');
    const events = {
      event_id: 'e0000000-0000-4000-8000-000000000001',
      webhook_event_type: 'customer_funded',
      created_at: '2026-11-20T09:30:00.000Z',
      data: {},
      on_clock: false,
    };
    const eventList = render(
      eventsPage(CHROME, { environment: 'sandbox', eventTypes: ['customer_funded'], type: 'customer_funded', page: pageOf([events], more), problem: null }),
    );
    expect(eventList).toContain('<a href="/dashboard/events?type=customer_funded&amp;cursor=p1" rel="prev">Previous page</a>');
    expect(eventList).toContain('newest first');
    // The last page says how many it shows, and links back only.
    const last = render(
      requestLogPage(CHROME, { environment: 'sandbox', page: pageOf([request], { previousCursor: 'p1' }), failedOnly: false, problem: null }),
    );
    expect(last).toContain('<p class="muted">Showing 1 request</p>');
    expect(last).toContain('<a href="/dashboard/logs?cursor=p1" rel="prev">Previous page</a>');
    expect(last).not.toContain('Next page');
  });

  it('say why a link showed the first page, and show no pager under an empty list', () => {
    const page = render(
      customersPage(CHROME, { environment: 'sandbox', page: pageOf([]), search: 'zz', problem: 'That page of the list is no longer available.' }),
    );
    expect(page).toContain('<div class="notice bad" role="alert"><p>That page of the list is no longer available.</p></div>');
    expect(page).toContain('No customers match.');
    expect(page).not.toContain('class="pager"');
  });
});

describe('the overview figures', () => {
  const stats = (over: Partial<OverviewStats>): OverviewStats => ({
    requests: 12345,
    failed_requests: 7,
    failing_events: 3,
    customers: 12,
    applications_by_status: [{ status: 'offered', n: 9 }],
    fundings_this_month: 1,
    funded_pence_this_month: '1000000',
    at_least: { failing_events: false },
    estimated: { customers: false, statuses: [] },
    requests_since: new Date('2026-11-19T09:00:00Z'),
    ...over,
  });
  const goLive = { access: { grantedAt: null, requests: [], pending: null }, owner: false, csrf: 'c', errors: {}, values: EMPTY_GO_LIVE_FORM };
  const renderOverview = (s: OverviewStats) =>
    render(overviewPage(CHROME, { environment: 'sandbox', stats: s, goLive, notice: null, email: 'o@x.example', now: new Date() }));

  it('are exact, or estimates said "about" (two significant figures), or counts stopped at their bound said "or more"', () => {
    expect(figureWords(12345)).toBe('12,345');
    expect(figureWords(19874, 'estimated')).toBe('about 20,000');
    expect(figureWords(1234, 'estimated')).toBe('about 1,200');
    expect(figureWords(1000, 'estimated')).toBe('about 1,000');
    expect(figureWords(42, 'estimated')).toBe('about 42');
    expect(figureWords(1000, 'at_least')).toBe('1,000 or more');
  });

  it('mark each estimate on the page, and say what an estimate is', () => {
    const exact = renderOverview(stats({}));
    expect(exact).toContain('<dt>API requests</dt><dd>12,345</dd>');
    expect(exact).toContain('<dt>Customers</dt><dd><a href="/dashboard/customers">12</a></dd>');
    expect(exact).not.toContain('id="estimates"');
    const big = renderOverview(
      stats({
        customers: 19874,
        applications_by_status: [
          { status: 'declined', n: 400 },
          { status: 'offered', n: 15321 },
        ],
        failing_events: 1000,
        at_least: { failing_events: true },
        estimated: { customers: true, statuses: ['offered'] },
      }),
    );
    expect(big).toContain('<dt>Customers</dt><dd><a href="/dashboard/customers">about 20,000</a></dd>');
    expect(big).toContain('<dt>Applications offered</dt><dd>about 15,000</dd>');
    expect(big).toContain('<dt>Applications declined</dt><dd>400</dd>');
    expect(big).toContain('<dt>Webhook events failing</dt><dd><a href="/dashboard/webhooks?failed=1">1,000 or more</a></dd>');
    expect(big).toContain('id="estimates"');
  });
});
