/**
 * No list reads a growing table whole (docs/behaviour.md, section 27): every list and search query,
 * as the services run it (first page and the next), is EXPLAINed against a generated database and
 * must read each table that grows with customers, events, deliveries, loans or requests along an
 * index: no sequential scan, and no index read end to end unless a LIMIT stops it. Sequential scans
 * are turned off while explaining (test/helpers/explain.ts): on a test database of a few thousand
 * rows the planner may rightly read a small table whole, and with them off it still does so only
 * where no index can serve, which is the regression this catches. The data is generated as the
 * bench makes it (bench/scale-data.ts) and analysed, so the planner's choice among indexes is the
 * one it makes with real statistics.
 */
import { describe, expect, it } from 'vitest';
import type { Page, PageRequest } from '../../src/domain/cursor.ts';
import { QUEUE_DEFAULT_STATUSES, queueSize, reviewQueuePage } from '../../src/services/review.ts';
import { getLatestApplication } from '../../src/services/applications.ts';
import { getOffers } from '../../src/services/offers.ts';
import { auditPage } from '../../src/services/audit.ts';
import type { ServiceContext } from '../../src/services/context.ts';
import { findCustomers, recordNamed } from '../../src/services/customer-search.ts';
import { overview, tenantCustomersPage, tenantTokensPage } from '../../src/services/dashboard.ts';
import { dashboardTestClocks } from '../../src/services/dashboard-test-clocks.ts';
import { listDocuments } from '../../src/services/documents.ts';
import { listTenantEvents, tenantEventsPage } from '../../src/services/events.ts';
import type { EventSignal } from '../../src/services/event-signal.ts';
import { customerLoansPage, operatorLoansPage } from '../../src/services/loan-lists.ts';
import { createPartner, createToken, partnersPage, partnerTokensPage } from '../../src/services/partners.ts';
import { tenantRequestsPage } from '../../src/services/request-log.ts';
import { createTestClock, testClocksPage } from '../../src/services/test-clocks.ts';
import { deliveriesPage } from '../../src/services/webhooks.ts';
import { generatedIds, growTenant, settle } from '../../bench/scale-data.ts';
import { BACKENDS, useTestDb } from '../helpers/db.ts';
import { explaining, GROWING_TABLES, tablesRead, wholeTableReads, type ExplainedQuery } from '../helpers/explain.ts';

const CUSTOMERS = 2000;

describe.each(BACKENDS)('the plans of every list on %s', (backend) => {
  const testDb = useTestDb(backend);

  it('read every growing table along an index, on the first page and the next', { timeout: 600_000 }, async () => {
    const now = new Date();
    const base: ServiceContext = { db: testDb.db, now: () => now };
    const big = { partnerId: (await createPartner(base, 'Big')).partnerId, environment: 'sandbox' as const };
    const small = { partnerId: (await createPartner(base, 'Small')).partnerId, environment: 'sandbox' as const };
    await createToken(base, big.partnerId, 'sandbox');
    await createToken(base, big.partnerId, 'production');
    const spread = { requestsPerCustomer: 10, spanDays: 14, now };
    await growTenant(testDb.db, { ...big, tag: 'big', from: 0, to: CUSTOMERS, spanCustomers: CUSTOMERS, ...spread });
    await growTenant(testDb.db, { ...small, tag: 'small', from: 0, to: 12, spanCustomers: 12, ...spread });
    // Test clocks (at most 100 a partner): enough for a next page.
    for (let i = 0; i < 6; i++) await createTestClock(base, big, `Clock ${i}`);
    // Three of the big partner's customers with loans on a test clock: the console reads their loans
    // on its date, the dashboard's clocks page names them.
    const clock = await createTestClock(base, big, 'Explain');
    for (const i of [0, 10, 40]) {
      await testDb.db.query('UPDATE customers SET test_clock_id = $1 WHERE id = $2', [clock.id, (await generatedIds(testDb.db, 'big', i)).customer]);
    }
    // A customer's latest application and an application's offers (the reads partners poll), each
    // as the generic plan a prepared statement keeps and as a plan for its values: before the
    // statistics are taken (a server with autovacuum off, or rows newer than its last run) and after.
    const polled = await generatedIds(testDb.db, 'big', 7);
    const pollPlans: ExplainedQuery[] = [];
    const poll = async () => {
      for (const generic of [false, true]) {
        const pollCtx: ServiceContext = { db: explaining(testDb.db, pollPlans, { generic }), now: () => now };
        expect((await getLatestApplication(pollCtx, big, polled.customer)).id).toBe(polled.application);
        await getOffers(pollCtx, big, polled.application);
      }
    };
    await poll();
    await settle(testDb.db);
    await poll();
    // Each read of a growing table along the key of the record read: never along a tenant's index.
    const BY_RECORD = new Set([
      'applications_pkey',
      'applications_customer_latest',
      'offers_application',
      'offers_pkey',
      'customers_pkey',
      'decisions_application',
    ]);
    const pollReads = pollPlans.flatMap((q) => tablesRead(q.plan).map((r) => ({ ...r, sql: q.sql.replace(/\s+/g, ' ').slice(0, 200) })));
    expect(pollReads.filter((r) => r.table === 'applications').length).toBeGreaterThanOrEqual(4);
    expect(pollReads.filter((r) => GROWING_TABLES.has(r.table) && !BY_RECORD.has(r.index ?? ''))).toEqual([]);

    const explained: ExplainedQuery[] = [];
    const ctx: ServiceContext = { db: explaining(testDb.db, explained), now: () => now };
    const first: PageRequest = { limit: 50, cursor: null };
    /** The first page and the next: the statement without a key condition and the one with it. */
    const both = async <T>(read: (request: PageRequest) => Promise<Page<T>>) => {
      const page = await read({ limit: 5, cursor: null });
      if (page.nextCursor) await read({ limit: 5, cursor: page.nextCursor });
    };
    const withLoan = await generatedIds(testDb.db, 'big', 40);
    const withDocument = await generatedIds(testDb.db, 'big', 41);
    const owner = (partnerId: string) => ({
      kind: 'partner_user' as const,
      partnerUserId: partnerId,
      partnerId,
      email: 'x@partner.example',
      role: 'owner' as const,
    });
    const signal = null as unknown as EventSignal;

    for (const tenant of [big, small]) {
      for (const status of [null, 'failed', 'succeeded'] as const) await both((r) => tenantRequestsPage(ctx, tenant, status, r));
      for (const filter of [
        { eventId: null, status: null },
        { eventId: null, status: 'failed' as const },
      ])
        await both((r) => deliveriesPage(ctx, tenant, filter, r));
      for (const type of [null, 'customer_funded']) await both((r) => tenantEventsPage(ctx, tenant, type, r));
      for (const q of [null, 'hartley joinery', 'kestrel', 'big-7', 'ab'])
        await both((r) => tenantCustomersPage(ctx, owner(tenant.partnerId), 'sandbox', q, r));
      await both((r) => tenantTokensPage(ctx, owner(tenant.partnerId), 'sandbox', r));
      await both((r) => testClocksPage(ctx, tenant, r));
      await both((r) => dashboardTestClocks(ctx, owner(tenant.partnerId), 'sandbox', r));
      const figures = await overview(ctx, owner(tenant.partnerId), 'sandbox');
      if (tenant === big) {
        // Beyond the exact count's bound (1,000), the planner's estimate from the statistics: about right.
        expect(figures.estimated.customers).toBe(true);
        expect(figures.customers).toBeGreaterThan(CUSTOMERS * 0.8);
        expect(figures.customers).toBeLessThan(CUSTOMERS * 1.2);
      } else expect(figures).toMatchObject({ customers: 12, estimated: { customers: false, statuses: [] } });
      for (const types of [null, ['customer_funded'], ['customer_funded', 'application_offered']]) {
        await listTenantEvents(ctx, signal, tenant, { after: null, types, limit: 20, waitSeconds: 0 });
      }
    }
    await both((r) => deliveriesPage(ctx, big, { eventId: withLoan.application, status: null }, r));
    await both((r) => customerLoansPage(ctx, big, withLoan.customer, r));
    await listDocuments(ctx, big, withDocument.customer, first);

    for (const statuses of [QUEUE_DEFAULT_STATUSES, ['awaiting_underwriter'], null]) {
      for (const partnerId of [null, big.partnerId, small.partnerId]) {
        await both((r) => reviewQueuePage(ctx, { statuses, partnerId }, r));
        await queueSize(ctx, { statuses, partnerId });
      }
    }
    for (const inArrears of [false, true]) await both((r) => operatorLoansPage(ctx, { inArrears }, r));
    const searches = [
      '',
      'hartley joinery',
      'Joinery',
      'kestrel',
      '10000042',
      'person42@big.example',
      '07700 000042',
      'big-42',
      withLoan.customer,
      withLoan.loan,
    ];
    for (const q of [...searches, withLoan.application, withDocument.document, 'zz']) {
      await both((r) => findCustomers(ctx, { q, partnerId: null, environment: null }, r));
    }
    for (const q of searches) await both((r) => findCustomers(ctx, { q, partnerId: small.partnerId, environment: 'sandbox' }, r));
    // The console's search opens the record a whole id names.
    for (const q of [withLoan.customer, withLoan.application, withLoan.loan, withDocument.document, 'hartley']) await recordNamed(ctx, q);
    for (const filter of [{}, { actor: 'admin token' }, { targetType: 'application' }, { targetId: withLoan.application }, { operatorId: big.partnerId }]) {
      await both((r) => auditPage(ctx, filter, r));
    }
    await both((r) => partnersPage(ctx, r));
    for (const environment of [null, 'sandbox'] as const) await both((r) => partnerTokensPage(ctx, big.partnerId, environment, r));

    expect(explained.length).toBeGreaterThan(100);
    const wholeReads = explained.flatMap((q) => wholeTableReads(q.plan).map((finding) => `${finding}\n  in: ${q.sql.replace(/\s+/g, ' ').slice(0, 300)}`));
    expect([...new Set(wholeReads)]).toEqual([]);
  });
});
