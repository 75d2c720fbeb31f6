/**
 * The dashboard's lists at a lender's scale (docs/behaviour.md, sections 24 and 27): a partner of
 * 1,100 customers (generated as the scale bench makes them) beside another of 60. Each list shows
 * 50 rows a page, newest first, and is read here to its last page and back by its "Next page" and
 * "Previous page" links, which keep the search or the filter; no page shows another partner's row,
 * and no cursor reaches one. A cursor the list refuses shows the first page, saying so (400). The
 * overview says "about" of a figure it estimates and "or more" of a count stopped at its bound.
 */
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { encodeCursor } from '../../src/domain/cursor.ts';
import { createToken } from '../../src/services/partners.ts';
import { growTenant } from '../../bench/scale-data.ts';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner, useTestApp } from '../helpers/app.ts';
import { useResource } from '../helpers/hooks.ts';
import { signedInPartnerUser, type DashboardUser } from '../helpers/dashboard.ts';
import { listAddress, walkPages, webPage } from '../helpers/pages.ts';

const CUSTOMERS = 1100;
const THEIR_CUSTOMERS = 60;
const FAILING = 1000;
const TOKENS = 55;

/** Each list's address and how its rows are told apart on the page. */
const LISTS = {
  customers: { path: '/dashboard/customers', row: /<td data-label="External id">([^<]+)<\/td>/ },
  events: { path: '/dashboard/events', row: /<td data-label="Event id"><code class="small">([0-9a-f-]{36})<\/code><\/td>/ },
  logs: { path: '/dashboard/logs', row: /<td data-label="Request id"><code class="small">([^<]+)<\/code><\/td>/ },
  deliveries: { path: '/dashboard/webhooks', row: /<td data-label="Event" id="delivery-([0-9a-f-]{36})">/ },
  tokens: { path: '/dashboard/tokens', row: /data-token-id="([0-9a-f-]{36})"/ },
} as const;
type ListName = keyof typeof LISTS;

const REFUSED = 'That page of the list is no longer available (the link is old or was changed): here is the first page.';

describe.each(BACKENDS)('the dashboard’s lists, page by page, on %s', (backend) => {
  const t = useTestApp(backend);
  const mine = usePartner(t, { name: 'Big Brokers' });
  const theirs = usePartner(t, { name: 'Other Brokers' });

  const world = useResource('two partners’ data', async () => {
    const db = t.testDb.db;
    const now = t.clock.now();
    const spread = { environment: 'sandbox' as const, requestsPerCustomer: 1, spanDays: 14, now };
    await growTenant(db, { partnerId: mine.partnerId, tag: 'mine', from: 0, to: CUSTOMERS, spanCustomers: CUSTOMERS, ...spread });
    await growTenant(db, { partnerId: theirs.partnerId, tag: 'theirs', from: 0, to: THEIR_CUSTOMERS, spanCustomers: THEIR_CUSTOMERS, ...spread });
    // A thousand events whose delivery failed in the last hour (the generated ones of these types have no delivery).
    await db.query(
      `INSERT INTO webhook_deliveries (id, event_id, partner_id, environment, attempt, url, status, response_status, duration_ms, attempted_at)
       SELECT gen_random_uuid(), e.id, e.partner_id, e.environment, 1, 'https://partner.example/hooks', 'failed', 503, 40,
              $2::timestamptz - n * interval '1 second'
         FROM (SELECT id, partner_id, environment, row_number() OVER (ORDER BY id) AS n FROM outbox_events
                WHERE partner_id = $1 AND event_type IN ('application_offered', 'customer_funded') ORDER BY id LIMIT $3) e`,
      [mine.partnerId, now, FAILING],
    );
    for (let i = 1; i < TOKENS; i++) await createToken(t.app.ctx, mine.partnerId, 'sandbox', ['read'], `Token ${i}`);
    // The statistics autovacuum would keep, which the overview's estimates read.
    await db.query('ANALYZE customers');
    await db.query('ANALYZE applications');
    // The app's clock an hour behind the data, so that the oldest request (7 days before it) stays in the log's 7 days.
    t.clock.set(new Date(now.getTime() - 3_600_000));
    const me = (await signedInPartnerUser(t, mine.partnerId, 'viewer')).user;
    const them = (await signedInPartnerUser(t, theirs.partnerId, 'viewer')).user;
    return { me, them };
  });

  /** The rows of the partner's sandbox, in the list's order (newest first), as the database holds them. */
  const rows = async (sql: string, partnerId = mine.partnerId) => (await t.testDb.db.query<{ key: string }>(sql, [partnerId])).rows.map((r) => r.key);

  /** Reads a list from its first page to its last and back, by its links; every page answered 200. */
  const walk = (user: DashboardUser, list: ListName, filters: Record<string, string> = {}) =>
    walkPages(async (cursor) => {
      const res = await user.get(listAddress(LISTS[list].path, filters, cursor));
      expect(res.statusCode, res.body).toBe(200);
      return webPage(res.body, LISTS[list].row, LISTS[list].path, filters);
    }, 50).then((pages) => pages.flat());

  /** The first page of a list, read with `cursor`. */
  const withCursor = (user: DashboardUser, list: ListName, cursor: string, filters: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    user.get(listAddress(LISTS[list].path, filters, cursor));

  /** The cursor of a list's "Next page" on its first page. */
  const nextCursor = async (user: DashboardUser, list: ListName, filters: Record<string, string> = {}) => {
    const next = webPage((await user.get(listAddress(LISTS[list].path, filters, null))).body, LISTS[list].row, LISTS[list].path, filters).next;
    expect(next).not.toBeNull();
    return next as string;
  };

  it('shows the customers 50 a page, newest first, the search kept in the links, none of another partner', async () => {
    const first = await world.me.get('/dashboard/customers');
    expect(first.body).toContain('<p class="muted">Showing 1–50 customers, more on the next page</p>');
    expect(first.body).not.toContain('Previous page');
    const all = await walk(world.me, 'customers');
    expect(all).toEqual(Array.from({ length: CUSTOMERS }, (_, i) => `mine-${CUSTOMERS - 1 - i}`));
    const oak = await walk(world.me, 'customers', { q: 'oak' });
    expect(oak.length).toBeGreaterThan(50);
    expect(oak).toEqual(
      await rows(`SELECT external_customer_id AS key FROM customers
                   WHERE partner_id = $1 AND company->>'registered_company_name' ILIKE '%oak%' ORDER BY created_at DESC, id DESC`),
    );
    expect(await walk(world.them, 'customers', { q: 'oak' })).toEqual(
      await rows(
        `SELECT external_customer_id AS key FROM customers WHERE partner_id = $1 AND company->>'registered_company_name' ILIKE '%oak%' ORDER BY created_at DESC, id DESC`,
        theirs.partnerId,
      ),
    );
  });

  it('shows the events newest first, 50 a page, of one type when filtered', async () => {
    const since = "created_at > now() - interval '30 days'";
    const all = await walk(world.me, 'events');
    const expected = await rows(`SELECT id::text AS key FROM outbox_events WHERE partner_id = $1 AND ${since} ORDER BY created_at DESC`);
    expect([...all].sort()).toEqual([...expected].sort());
    const times = new Map(
      (await t.testDb.db.query<{ id: string; at: Date }>('SELECT id, created_at AS at FROM outbox_events WHERE partner_id = $1', [mine.partnerId])).rows.map(
        (r) => [r.id, r.at.getTime()],
      ),
    );
    expect(all.map((id) => times.get(id) as number)).toEqual(all.map((id) => times.get(id) as number).sort((a, b) => b - a));
    const funded = await walk(world.me, 'events', { type: 'customer_funded' });
    expect(funded.length).toBe(CUSTOMERS / 10);
    expect(funded.every((id) => expected.includes(id))).toBe(true);
    expect([...funded].sort()).toEqual(
      (await rows(`SELECT id::text AS key FROM outbox_events WHERE partner_id = $1 AND event_type = 'customer_funded'`)).sort(),
    );
  });

  it('shows the request log newest first, 50 a page, "Failed only" kept in the links', async () => {
    const all = await walk(world.me, 'logs');
    expect(all).toEqual(Array.from({ length: CUSTOMERS }, (_, k) => `req-mine-${CUSTOMERS - 1 - k}`));
    const failed = await walk(world.me, 'logs', { failed: '1' });
    expect(failed).toEqual(all.filter((id) => Number(id.slice('req-mine-'.length)) % 20 === 7));
    expect(failed.length).toBeGreaterThan(50);
  });

  it('shows the delivery log newest first, 50 a page, "Failed only" kept in the links, and the tokens', async () => {
    const order = 'ORDER BY seq DESC';
    const all = await walk(world.me, 'deliveries');
    expect(all).toEqual(await rows(`SELECT id::text AS key FROM webhook_deliveries WHERE partner_id = $1 ${order}`));
    const failed = await walk(world.me, 'deliveries', { failed: '1' });
    expect(failed).toEqual(await rows(`SELECT id::text AS key FROM webhook_deliveries WHERE partner_id = $1 AND status = 'failed' ${order}`));
    expect(failed.length).toBeGreaterThan(FAILING);
    const tokens = await walk(world.me, 'tokens');
    expect(tokens).toHaveLength(TOKENS);
    expect(tokens).toEqual(
      await rows(`SELECT id::text AS key FROM api_tokens WHERE partner_id = $1 AND environment = 'sandbox' ORDER BY created_at DESC, id DESC`),
    );
  });

  it('shows the first page, saying so (400), for a cursor of another partner, list or filter, or none of ours; a forged key reaches no other partner’s row', async () => {
    const myFirst = webPage((await world.me.get('/dashboard/customers')).body, LISTS.customers.row, LISTS.customers.path, {}).items;
    const refusedCursors: [ListName, string, Record<string, string>][] = [
      ['customers', await nextCursor(world.them, 'customers'), {}],
      ['logs', await nextCursor(world.them, 'logs'), {}],
      ['events', await nextCursor(world.them, 'events'), {}],
      ['customers', await nextCursor(world.me, 'events'), {}],
      ['customers', await nextCursor(world.me, 'customers', { q: 'oak' }), {}],
      ['logs', await nextCursor(world.me, 'logs'), { failed: '1' }],
      ['deliveries', await nextCursor(world.me, 'deliveries'), { failed: '1' }],
      ['tokens', 'eyJzIjoibm90IG91cnMifQ', {}],
      ['customers', 'abc', {}],
    ];
    for (const [list, cursor, filters] of refusedCursors) {
      const res = await withCursor(world.me, list, cursor, filters);
      expect(res.statusCode, `${list} ${cursor}`).toBe(400);
      expect(res.body).toContain(`<div class="notice bad" role="alert"><p>${REFUSED}</p></div>`);
      expect(res.body).not.toContain('rel="prev"');
    }
    const refused = await withCursor(world.me, 'customers', await nextCursor(world.them, 'customers'));
    expect(webPage(refused.body, LISTS.customers.row, LISTS.customers.path, {}).items).toEqual(myFirst);
    // What no cursor could be counts as absent: the first page, as without it.
    const odd = await world.me.get(`/dashboard/customers?cursor=${encodeURIComponent('not a cursor!')}`);
    expect([odd.statusCode, webPage(odd.body, LISTS.customers.row, LISTS.customers.path, {}).items]).toEqual([200, myFirst]);

    // A cursor made for this list with another partner's newest customer as its key: whatever it
    // holds, the list reads this partner's rows only.
    const [their] = (
      await t.testDb.db.query<{ at: string; id: string }>(
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id::text FROM customers
          WHERE partner_id = $1 ORDER BY created_at DESC LIMIT 1`,
        [theirs.partnerId],
      )
    ).rows;
    const scope = { list: 'tenant_customers', owner: `${mine.partnerId}:sandbox` };
    const forged = await withCursor(world.me, 'customers', encodeCursor(scope, { direction: 'after', key: [their.at, their.id] }));
    expect(forged.statusCode).toBe(200);
    const shown = webPage(forged.body, LISTS.customers.row, LISTS.customers.path, {}).items;
    expect(shown).toHaveLength(50);
    expect(shown.every((id) => id.startsWith('mine-'))).toBe(true);

    // A page whose rows are gone since its link was made: the first page, saying so.
    const past = encodeCursor(
      { list: 'tenant_customers', owner: `${mine.partnerId}:sandbox` },
      { direction: 'after', key: ['2000-01-01T00:00:00.000000Z', their.id] },
    );
    const emptied = await withCursor(world.me, 'customers', past);
    expect(emptied.statusCode).toBe(200);
    expect(emptied.body).toContain('Nothing is left on that page of the list');
    expect(webPage(emptied.body, LISTS.customers.row, LISTS.customers.path, {}).items).toEqual(myFirst);
  });

  it('says "about" of the customers it estimates and "or more" of the failing events it stopped counting, exact for the small partner', async () => {
    const overview = (await world.me.get('/dashboard')).body;
    expect(overview).toMatch(/<dt>Customers<\/dt><dd><a href="\/dashboard\/customers">about 1,[01]00<\/a><\/dd>/);
    expect(overview).toContain('<dt>Webhook events failing</dt><dd><a href="/dashboard/webhooks?failed=1">1,000 or more</a></dd>');
    expect(overview).toContain('id="estimates"');
    const small = (await world.them.get('/dashboard')).body;
    expect(small).toContain(`<dt>Customers</dt><dd><a href="/dashboard/customers">${THEIR_CUSTOMERS}</a></dd>`);
    expect(small).not.toContain('id="estimates"');
    expect(small).not.toContain('or more');
  });
});
