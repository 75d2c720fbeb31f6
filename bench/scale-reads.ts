/**
 * The reads `npm run bench -- scale` times (docs/behaviour.md, section 27): each list of the partner
 * API and the admin API, the console's and the dashboard's list pages (the console's customers
 * page and its search too), and the paged services those pages call, for the big partner and the
 * small one beside it.
 */
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../src/domain/actors.ts';
import { auditPage } from '../src/services/audit.ts';
import { findCustomers } from '../src/services/customer-search.ts';
import { overview, tenantCustomersPage } from '../src/services/dashboard.ts';
import { tenantEventsPage } from '../src/services/events.ts';
import { operatorLoansPage } from '../src/services/loan-lists.ts';
import { QUEUE_DEFAULT_STATUSES, queueSize, reviewQueuePage } from '../src/services/review.ts';

export interface ScaleTenant {
  name: 'big' | 'small';
  partnerId: string;
  token: string;
  /** The dashboard session's cookie of an owner of this partner. */
  dashboardCookie: string;
  /** A customer with a loan and one with documents. */
  customerWithLoan: string;
  customerWithDocuments: string;
  /** The customer whose latest application is polled, and that application (its offers read): the big partner's newest, made through the services. */
  polled: { customerId: string; applicationId: string };
}

export interface ScaleSubjects {
  app: FastifyInstance;
  adminToken: string;
  consoleCookie: string;
  tenants: ScaleTenant[];
  /** A loan of the big partner (a whole id to search for). */
  loanId: string;
}

export interface Read {
  /** Where it is read: the partner API, the admin API, a page, or the service a page will call. */
  surface: 'partner API' | 'admin API' | 'console page' | 'dashboard page' | 'service';
  name: string;
  run: () => Promise<void>;
}

const FIRST = { limit: 50, cursor: null };

async function get(app: FastifyInstance, url: string, headers: Record<string, string>, status = 200): Promise<void> {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json, text/html', ...headers } });
  if (res.statusCode !== status) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
}

function partnerReads(s: ScaleSubjects, t: ScaleTenant): Read[] {
  const api = (name: string, path: string): Read => ({
    surface: 'partner API',
    name: `${name} (${t.name} partner)`,
    run: () => get(s.app, `/api/lending/v2.2${path}`, { authorization: `Bearer ${t.token}` }),
  });
  return [
    api('request log', '/request_log/'),
    api('request log, failed only', '/request_log/?status=failed'),
    api('webhook deliveries', '/webhooks/deliveries/'),
    api('webhook deliveries, failed only', '/webhooks/deliveries/?status=failed'),
    api('events API', '/events/'),
    api('events API, one type', '/events/?types=customer_funded'),
    api("a customer's loans", `/customers/${t.customerWithLoan}/loans/`),
    api("a customer's documents", `/document_upload/${t.customerWithDocuments}/`),
    api('one customer', `/customers/${t.customerWithLoan}/`),
    api("a customer's latest application", `/customers/${t.polled.customerId}/applications/latest/`),
    api("an application's offers", `/applications/${t.polled.applicationId}/offers/`),
  ];
}

function dashboardReads(s: ScaleSubjects, t: ScaleTenant): Read[] {
  const page = (name: string, path: string): Read => ({
    surface: 'dashboard page',
    name: `${name} (${t.name} partner)`,
    run: () => get(s.app, path, { cookie: `dashboard_session=${t.dashboardCookie}` }),
  });
  const actor: Actor & { kind: 'partner_user' } = {
    kind: 'partner_user',
    partnerUserId: t.partnerId,
    partnerId: t.partnerId,
    email: 'owner@bench.example',
    role: 'owner',
  };
  const tenant = { partnerId: t.partnerId, environment: 'sandbox' as const };
  const service = (name: string, run: () => Promise<unknown>): Read => ({
    surface: 'service',
    name: `${name} (${t.name} partner)`,
    run: async () => void (await run()),
  });
  return [
    page('overview', '/dashboard'),
    page('customers', '/dashboard/customers'),
    page('customer search', '/dashboard/customers?q=hartley'),
    page('customer search, a common word', '/dashboard/customers?q=kestrel'),
    page('events', '/dashboard/events'),
    page('request log', '/dashboard/logs'),
    page('webhooks and deliveries', '/dashboard/webhooks'),
    page('tokens', '/dashboard/tokens'),
    service('dashboard overview figures', () => overview(s.app.ctx, actor, 'sandbox')),
    service('dashboard customers', () => tenantCustomersPage(s.app.ctx, actor, 'sandbox', null, FIRST)),
    service('dashboard customer search', () => tenantCustomersPage(s.app.ctx, actor, 'sandbox', 'hartley', FIRST)),
    service('dashboard customer search, a common word', () => tenantCustomersPage(s.app.ctx, actor, 'sandbox', 'kestrel', FIRST)),
    service('dashboard events', () => tenantEventsPage(s.app.ctx, tenant, null, FIRST)),
  ];
}

function operatorReads(s: ScaleSubjects): Read[] {
  const admin = (name: string, path: string): Read => ({
    surface: 'admin API',
    name,
    run: () => get(s.app, `/admin/v1${path}`, { authorization: `Bearer ${s.adminToken}` }),
  });
  const page = (name: string, path: string, status = 200): Read => ({
    surface: 'console page',
    name,
    run: () => get(s.app, path, { cookie: `console_session=${s.consoleCookie}` }, status),
  });
  const service = (name: string, run: () => Promise<unknown>): Read => ({ surface: 'service', name, run: async () => void (await run()) });
  const big = s.tenants[0];
  const queue = { statuses: QUEUE_DEFAULT_STATUSES, partnerId: null };
  return [
    admin('applications (every status)', '/applications'),
    admin('review queue, awaiting underwriter', '/applications?status=awaiting_underwriter'),
    admin('audit log', '/audit'),
    admin('partners', '/partners'),
    admin("big partner's tokens", `/partners/${big.partnerId}/tokens`),
    admin("big partner's deliveries", `/partners/${big.partnerId}/deliveries?environment=sandbox`),
    admin('customers', '/customers'),
    admin('customer search, part of a name', '/customers?q=hartley%20join'),
    admin('customer search, a common word', '/customers?q=kestrel'),
    admin('customer search, email', '/customers?q=person4242%40big.example'),
    admin('customer search, a loan id', `/customers?q=${s.loanId}`),
    page('console review queue', '/console/applications'),
    page('console loans', '/console/loans'),
    page('console loans, in arrears', '/console/loans?arrears=yes'),
    page('console customers', '/console/customers'),
    page('console customer search, part of a name', '/console/customers?q=hartley%20join'),
    page('console customer search, a common word', '/console/customers?q=kestrel'),
    page('console customer search, email', '/console/customers?q=person4242%40big.example'),
    page('console customer search, a loan id (opens the loan)', `/console/customers?q=${s.loanId}`, 303),
    page('console audit', '/console/audit'),
    page('console partners', '/console/partners'),
    page("console big partner's page", `/console/partners/${big.partnerId}`),
    service('console review queue', () => reviewQueuePage(s.app.ctx, queue, FIRST)),
    service('console queue size', () => queueSize(s.app.ctx, queue)),
    service('console loans', () => operatorLoansPage(s.app.ctx, { inArrears: false }, FIRST)),
    service('console loans, in arrears', () => operatorLoansPage(s.app.ctx, { inArrears: true }, FIRST)),
    service('console customer search', () => findCustomers(s.app.ctx, { q: 'hartley', partnerId: null, environment: null }, FIRST)),
    service('console audit', () => auditPage(s.app.ctx, {}, FIRST)),
  ];
}

export function scaleReads(s: ScaleSubjects): Read[] {
  return [...s.tenants.flatMap((t) => partnerReads(s, t)), ...operatorReads(s), ...s.tenants.flatMap((t) => dashboardReads(s, t))];
}
