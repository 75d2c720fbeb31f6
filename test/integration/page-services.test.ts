/**
 * The paged lists the console's and the dashboard's pages read (docs/behaviour.md, section 27), at
 * the service: the review queue, loans (newest first, and in arrears the most days past due
 * first), audit, partners, a partner's tokens and deliveries; a tenant's customers (search),
 * events, request log, deliveries and tokens; and the overview figures, cheap and exact up to
 * their bound.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/domain/actors.ts';
import { auditPage } from '../../src/services/audit.ts';
import { overview, tenantCustomersPage, tenantTokensPage } from '../../src/services/dashboard.ts';
import { tenantEventsPage } from '../../src/services/events.ts';
import { operatorLoansPage } from '../../src/services/loan-lists.ts';
import { loanPosition } from '../../src/domain/loans.ts';
import { partnersPage, partnerTokensPage } from '../../src/services/partners.ts';
import { tenantRequestsPage } from '../../src/services/request-log.ts';
import { queueSize, reviewQueuePage, QUEUE_DEFAULT_STATUSES } from '../../src/services/review.ts';
import { deliveriesPage } from '../../src/services/webhooks.ts';
import { insertDelivery } from '../../src/store/webhooks-store.ts';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, useTestApp } from '../helpers/app.ts';
import { customerWithApplication } from '../helpers/lending.ts';
import { TEN_THOUSAND, fund, selectedOffer } from '../helpers/loans.ts';
import { servicePage, walkPages } from '../helpers/pages.ts';

describe.each(BACKENDS)('the pages’ paged services on %s', (backend) => {
  const D0 = new Date('2026-01-15T12:00:00Z');
  const t = useTestApp(backend, { resetClock: D0 });
  const partner = usePartner(t, { name: 'Page Partner' });
  const ctx = () => t.app.ctx;
  const actorOf = (partnerId: string): Actor & { kind: 'partner_user' } => ({
    kind: 'partner_user',
    partnerUserId: randomUUID(),
    partnerId,
    email: 'owner@partner.example',
    role: 'owner',
  });

  it('the console: review queue oldest first, by partner, with its size; audit, partners and a partner’s tokens newest first', async () => {
    t.clock.set(D0);
    const queued: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { applicationId } = await customerWithApplication(partner);
      const outcome = i % 2 === 0 ? 'awaiting_underwriter' : 'action_required';
      expect((await partner.post(`/sandbox/applications/${applicationId}/decision`, { data: { outcome } })).statusCode).toBe(200);
      if (outcome === 'awaiting_underwriter') queued.push(applicationId);
      t.clock.advanceDays(1);
    }
    const filter = { statuses: QUEUE_DEFAULT_STATUSES, partnerId: partner.partnerId };
    const queue = await walkPages(async (cursor) => servicePage(await reviewQueuePage(ctx(), filter, { limit: 2, cursor })), 2);
    expect(queue.flat().map((a) => [a.id, a.partner_name])).toEqual(queued.map((id) => [id, 'Page Partner']));
    expect(await queueSize(ctx(), filter)).toEqual({ count: 3, atLeast: false });
    expect(await queueSize(ctx(), { statuses: ['action_required'], partnerId: partner.partnerId })).toEqual({ count: 2, atLeast: false });

    // A token's rows are about the token (contract 14), so the whole log is paged here: one row a
    // page gives what one page of 200 gives, newest first.
    const audit = await walkPages(async (cursor) => servicePage(await auditPage(ctx(), {}, { limit: 1, cursor })), 1);
    const whole = servicePage(await auditPage(ctx(), {}, { limit: 200, cursor: null }));
    expect(audit.flat().map((e) => e.seq)).toEqual(whole.items.map((e) => e.seq));
    expect(audit.flat().map((e) => e.action)).toEqual(expect.arrayContaining(['token.created', 'partner.created']));
    expect(audit.flat().findIndex((e) => e.action === 'token.created')).toBeLessThan(audit.flat().findIndex((e) => e.action === 'partner.created'));
    const partners = await walkPages(async (cursor) => servicePage(await partnersPage(ctx(), { limit: 1, cursor })), 1);
    expect(partners.flat().map((p) => p.id)).toContain(partner.partnerId);
    await t.token(partner.partnerId, 'production');
    const tokens = await walkPages(async (cursor) => servicePage(await partnerTokensPage(ctx(), partner.partnerId, null, { limit: 1, cursor })), 1);
    expect(tokens.flat().map((k) => k.environment)).toEqual(['production', 'sandbox']);
  });

  it('the console: loans newest first, and in arrears the most days past due first, with their days past due', async () => {
    t.clock.set(D0);
    const loans: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { offerId } = await selectedOffer(partner, TEN_THOUSAND);
      loans.push(await fund(partner, offerId, 1000));
      t.clock.advanceDays(1);
    }
    t.clock.set(new Date('2026-04-01T12:00:00Z'));
    // Loan i was drawn on 15 + i January and repays on that day of each month: loans[2] missed its
    // first repayment (17 Feb), loans[3] its first two (18 Feb, 18 Mar), loans[0] its second (15 Mar).
    const missed: Record<number, string[]> = { 0: ['2026-03-15'], 2: ['2026-02-17'], 3: ['2026-02-18', '2026-03-18'] };
    for (const [index, dates] of Object.entries(missed)) {
      const res = await partner.post(`/sandbox/loans/${loans[Number(index)]}/simulate`, { data: { until: '2026-03-31', missed: dates } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const newest = await walkPages(async (cursor) => servicePage(await operatorLoansPage(ctx(), { inArrears: false }, { limit: 3, cursor })), 3);
    expect(newest.flat().map((l) => l.id)).toEqual(expect.arrayContaining(loans));
    const mine = newest.flat().filter((l) => loans.includes(l.id));
    expect(mine.map((l) => l.id)).toEqual([...loans].reverse());
    const arrears = await walkPages(async (cursor) => servicePage(await operatorLoansPage(ctx(), { inArrears: true }, { limit: 1, cursor })), 1);
    const ours = arrears.flat().filter((l) => loans.includes(l.id));
    expect(ours.map((l) => [l.id, loanPosition(l.repayments, '2026-04-01').arrears.daysPastDue])).toEqual([
      [loans[2], 43],
      [loans[3], 42],
      [loans[0], 17],
    ]);
  });

  it('the dashboard: customers newest first, found by external id or any part of the name, never another tenant’s', async () => {
    const tenant = await t.partner();
    const other = await t.partner();
    const actor = actorOf(tenant.partnerId);
    const names = ['Alder & Birch Ltd', 'Birch Works', 'Cedar Works', 'Douglas Fir Ltd', 'Elm Works'];
    const ids: string[] = [];
    for (const [i, name] of names.entries()) ids.push(await createCustomer(tenant, { external_customer_id: `tree-${i}` }, { registered_company_name: name }));
    await createCustomer(other, { external_customer_id: 'tree-0' }, { registered_company_name: 'Birch Works' });
    const read = (q: string | null, limit: number) =>
      walkPages(async (cursor) => servicePage(await tenantCustomersPage(ctx(), actor, 'sandbox', q, { limit, cursor })), limit);
    expect((await read(null, 2)).flat().map((c) => c.id)).toEqual([...ids].reverse());
    expect((await read('', 2)).flat().map((c) => c.id)).toEqual([...ids].reverse());
    expect((await read('WORKS', 1)).flat().map((c) => c.company_name)).toEqual(['Elm Works', 'Cedar Works', 'Birch Works']);
    expect((await read('alder birch', 2)).flat().map((c) => [c.company_name, c.matched_by])).toEqual([['Alder & Birch Ltd', ['company_name']]]);
    expect((await read('tree-3', 2)).flat().map((c) => [c.company_name, c.matched_by])).toEqual([['Douglas Fir Ltd', ['external_customer_id']]]);
    expect((await read('tree', 2)).flat()).toEqual([]);
    await expect(tenantCustomersPage(ctx(), actor, 'sandbox', 'x'.repeat(201), { limit: 2, cursor: null })).rejects.toMatchObject({
      problems: [{ source: { parameter: 'q' } }],
    });
  });

  it('the dashboard: events newest first (of one type), the request log, deliveries and tokens, page by page', async () => {
    const tenant = await t.partner();
    const scope = { partnerId: tenant.partnerId, environment: 'sandbox' as const };
    t.clock.set(new Date());
    const events: string[] = [];
    for (const type of ['customer_funded', 'application_offered', 'customer_funded', 'customer_funded']) {
      events.push((await tenant.post('/sandbox/webhooks/test', { data: { webhook_event_type: type } })).json().data.event_id);
    }
    const all = await walkPages(async (cursor) => servicePage(await tenantEventsPage(ctx(), scope, null, { limit: 3, cursor })), 3);
    expect(all.flat().map((e) => e.event_id)).toEqual([...events].reverse());
    const funded = await walkPages(async (cursor) => servicePage(await tenantEventsPage(ctx(), scope, 'customer_funded', { limit: 2, cursor })), 2);
    expect(funded.flat().map((e) => e.event_id)).toEqual([events[3], events[2], events[0]]);

    for (let i = 0; i < 3; i++) await tenant.get(`/customers/${randomUUID()}/`);
    await t.app.requestLog.flush();
    const failed = await walkPages(async (cursor) => servicePage(await tenantRequestsPage(ctx(), scope, 'failed', { limit: 2, cursor })), 2);
    expect(failed.flat().map((r) => r.status)).toEqual([404, 404, 404]);

    for (let i = 0; i < 3; i++) {
      await insertDelivery(t.testDb.db, {
        id: randomUUID(),
        eventId: events[i],
        tenant: scope,
        attempt: 1,
        url: 'https://partner.example/hooks',
        status: i === 1 ? 'succeeded' : 'failed',
        responseStatus: i === 1 ? 200 : 500,
        durationMs: 3,
        error: null,
        attemptedAt: t.clock.now(),
        nextAttemptAt: null,
      });
    }
    const deliveries = await walkPages(
      async (cursor) => servicePage(await deliveriesPage(ctx(), scope, { eventId: null, status: 'failed' }, { limit: 1, cursor })),
      1,
    );
    expect(deliveries.flat().map((d) => d.event_id)).toEqual([events[2], events[0]]);

    await t.token(tenant.partnerId, 'sandbox');
    await t.token(tenant.partnerId, 'production');
    const tokens = await walkPages(async (cursor) => servicePage(await tenantTokensPage(ctx(), actorOf(tenant.partnerId), 'sandbox', { limit: 1, cursor })), 1);
    expect(tokens.flat().map((k) => k.environment)).toEqual(['sandbox', 'sandbox']);

    const figures = await overview(ctx(), actorOf(tenant.partnerId), 'sandbox');
    expect(figures).toMatchObject({ failing_events: 2, customers: 0, at_least: { failing_events: false }, estimated: { customers: false, statuses: [] } });
    expect(figures.requests).toBeGreaterThanOrEqual(3 + 4);
    expect(figures.failed_requests).toBe(3);
  });

  it('the overview: customers and applications by status, fundings this London month from their totals', async () => {
    const tenant = await t.partner();
    t.clock.set(new Date('2026-02-28T23:30:00Z'));
    const { offerId } = await selectedOffer(tenant, TEN_THOUSAND);
    await fund(tenant, offerId, 1500);
    await fund(tenant, offerId, 500.5);
    await customerWithApplication(tenant);
    const february = await overview(ctx(), actorOf(tenant.partnerId), 'sandbox');
    expect(february).toMatchObject({ customers: 2, fundings_this_month: 2, funded_pence_this_month: '200050' });
    expect(february.applications_by_status).toEqual([
      { status: 'funded', n: 1 },
      { status: 'open', n: 1 },
    ]);
    t.clock.set(new Date('2026-03-01T00:30:00Z'));
    expect(await overview(ctx(), actorOf(tenant.partnerId), 'sandbox')).toMatchObject({ fundings_this_month: 0, funded_pence_this_month: '0' });
    expect(await overview(ctx(), actorOf(tenant.partnerId), 'production')).toMatchObject({ customers: 0, applications_by_status: [] });
  });
});
