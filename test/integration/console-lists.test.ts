/**
 * Every list of the console pages (docs/behaviour.md, sections 19 and 27), on a database holding
 * more than a page of each: 50 rows a page, "Next page" and "Previous page" carrying the filters and
 * the cursor, read to the end and back (or, for the longest, two pages and back); each list in the
 * order it promises; a cursor the list refuses (malformed, another list's, other filters') answered
 * 400 with the first page and a word about it. The bulk rows are generated as the scale bench makes
 * them (bench/scale-data.ts); partners, tokens and the operator go through the admin API.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { growTenant } from '../../bench/scale-data.ts';
import { BACKENDS } from '../helpers/db.ts';
import { useTestApp, type PartnerClient } from '../helpers/app.ts';
import { signedInOperator, type ConsoleUser } from '../helpers/console.ts';
import { htmlPage, walkPages, type PageOf } from '../helpers/pages.ts';

const PAGE = 50;
const REFUSED = 'That page of the list is no longer available';
const ROWS = {
  queue: /<tr data-application-id="([^"]+)"/,
  loans: /<tr data-loan-id="([^"]+)"/,
  customers: /<tr data-customer-id="([^"]+)"/,
  audit: /<tr data-seq="([^"]+)"/,
  partners: /<td><a href="\/console\/partners\/([^"]+)">/,
  tokens: /<tr data-token-id="([^"]+)"/,
  deliveries: /id="delivery-([^"]+)"/,
};

describe.each(BACKENDS)('the console’s lists, page by page, on %s', (backend) => {
  const t = useTestApp(backend);
  let user: ConsoleUser;
  let big: PartnerClient;
  let small: PartnerClient;

  beforeAll(async () => {
    big = await t.partner({ name: 'Big Brokers' });
    small = await t.partner({ name: 'Small Brokers' });
    // 51 tokens of the small partner (its first and 50 more) and 51 partners, each created through the admin API and audited.
    for (let i = 0; i < 50; i++) await t.token(small.partnerId, i % 2 === 0 ? 'sandbox' : 'production');
    for (let i = 0; i < 49; i++) expect((await t.admin('POST', '/partners', { name: `Partner ${i}` })).statusCode).toBe(201);
    // 2,100 customers of the big partner: 84 waiting for review, 210 loans, 53 in arrears; 240 of the small one, with 60 delivery attempts.
    const spread = { environment: 'sandbox' as const, requestsPerCustomer: 1, spanDays: 14, now: t.clock.now() };
    await growTenant(t.testDb.db, { partnerId: big.partnerId, tag: 'big', from: 0, to: 2100, spanCustomers: 2100, ...spread });
    await growTenant(t.testDb.db, { partnerId: small.partnerId, tag: 'small', from: 0, to: 240, spanCustomers: 240, ...spread });
    user = (await signedInOperator(t, 'viewer')).user;
  }, 180_000);

  const ids = async (sql: string, params: unknown[] = []) => (await t.testDb.db.query<{ id: string }>(sql, params)).rows.map((r) => String(r.id));

  /** A page of a list as the operator reads it: 200, its rows and its pager's links. */
  async function read(url: string, rows: RegExp, fragment?: string): Promise<PageOf<string> & { body: string }> {
    const res = await user.get(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return { ...htmlPage(res.body, rows, fragment), body: res.body };
  }

  /** Every page of a list from `first`, following its links to the end and back. */
  const walk = async (first: string, rows: RegExp, fragment?: string) => (await walkPages((href) => read(href ?? first, rows, fragment), PAGE)).flat();

  /** The first page, the next, and back to the first: both full, the same first page either way. */
  async function twoPages(first: string, rows: RegExp): Promise<string[]> {
    const one = await read(first, rows);
    expect(one.previous).toBeNull();
    const two = await read(one.next as string, rows);
    expect(two.items).toHaveLength(PAGE);
    expect((await read(two.previous as string, rows)).items).toEqual(one.items);
    return [...one.items, ...two.items];
  }

  it('the review queue: the longest waiting first, its size, "Status" and "Partner" kept in the links', async () => {
    const waiting = await ids(
      `SELECT id FROM applications WHERE status IN ('awaiting_underwriter', 'in_underwriting') AND partner_id = $1 ORDER BY status_changed_at, id`,
      [big.partnerId],
    );
    expect(waiting).toHaveLength(84);
    const first = await read(`/console/applications?partner=${big.partnerId}`, ROWS.queue);
    expect(first.body).toContain('84 applications waiting for review, the longest waiting first.');
    expect(first.next).toContain(`partner=${big.partnerId}&cursor=`);
    expect(await walk(`/console/applications?partner=${big.partnerId}`, ROWS.queue)).toEqual(waiting);
    // Every partner's: the small partner's ten too.
    expect(await walk('/console/applications', ROWS.queue)).toHaveLength(94);

    const offered = `/console/applications?status=offered&partner=${big.partnerId}`;
    const expected = await ids(`SELECT id FROM applications WHERE status = 'offered' AND partner_id = $1 ORDER BY status_changed_at, id LIMIT 100`, [
      big.partnerId,
    ]);
    expect(await twoPages(offered, ROWS.queue)).toEqual(expected);
    // Counted up to 1,000 a status, never over the whole table.
    expect((await user.get(offered)).body).toContain('1,000 or more applications offered, the longest waiting first.');
    expect((await read(offered, ROWS.queue)).next).toMatch(/^\/console\/applications\?status=offered&partner=[0-9a-f-]+&cursor=[A-Za-z0-9_-]+$/);
  });

  it('loans newest first, and in arrears the most days past due first, with their days past due', async () => {
    expect(await twoPages('/console/loans', ROWS.loans)).toEqual(await ids('SELECT id FROM loans ORDER BY created_at DESC, id DESC LIMIT 100'));
    const arrears = await ids(`SELECT loan_id AS id FROM loan_repayments WHERE status = 'missed' GROUP BY loan_id ORDER BY min(due_date), loan_id`);
    expect(arrears).toHaveLength(59);
    const first = await read('/console/loans?arrears=yes', ROWS.loans);
    expect(first.next).toMatch(/^\/console\/loans\?arrears=yes&cursor=/);
    expect(first.body).toContain('Showing 1–50 loans in arrears, more on the next page');
    expect(await walk('/console/loans?arrears=yes', ROWS.loans)).toEqual(arrears);
    const days = [...first.body.matchAll(/data-days-past-due="(\d+)"/g)].map((m) => Number(m[1]));
    expect(days).toHaveLength(PAGE);
    expect(days.every((d) => d > 0)).toBe(true);
    expect(days).toEqual([...days].sort((a, b) => b - a));
  });

  it('customers newest first, every partner’s, and a search’s, page by page', async () => {
    const newest = await ids('SELECT id FROM customers ORDER BY created_at DESC, id DESC LIMIT 100');
    expect(await twoPages('/console/customers', ROWS.customers)).toEqual(newest);
    expect(await twoPages('/console/customers?q=', ROWS.customers)).toEqual(newest);
    const oaks = await ids(`SELECT id FROM customers WHERE company->>'registered_company_name' ILIKE '%oak%' ORDER BY created_at DESC, id DESC`);
    expect(oaks.length).toBeGreaterThan(PAGE);
    const first = await read('/console/customers?q=OAK', ROWS.customers);
    expect(first.next).toMatch(/^\/console\/customers\?q=OAK&cursor=/);
    expect(await walk('/console/customers?q=OAK', ROWS.customers)).toEqual(oaks);
  });

  it('the audit log newest first, with "Operator" and "Target type" kept in the links', async () => {
    const partners = await ids(`SELECT seq AS id FROM audit_log WHERE target_type = 'partner' AND actor = 'admin token' ORDER BY seq DESC`);
    expect(partners).toHaveLength(51);
    const first = await read('/console/audit?operator=admin-token&type=partner', ROWS.audit);
    expect(first.next).toMatch(/^\/console\/audit\?operator=admin-token&type=partner&cursor=/);
    expect(await walk('/console/audit?operator=admin-token&type=partner', ROWS.audit)).toEqual(partners);
    expect(await twoPages('/console/audit', ROWS.audit)).toEqual(await ids('SELECT seq AS id FROM audit_log ORDER BY seq DESC LIMIT 100'));
  });

  it('partners newest first, and on a partner’s page its tokens and each delivery log, each with its own pager', async () => {
    expect(await walk('/console/partners', ROWS.partners)).toEqual(await ids('SELECT id FROM partners ORDER BY created_at DESC, id DESC'));

    const page = `/console/partners/${small.partnerId}`;
    const deliveries = await ids(`SELECT id FROM webhook_deliveries WHERE partner_id = $1 AND environment = 'sandbox' ORDER BY seq DESC`, [small.partnerId]);
    expect(deliveries).toHaveLength(60);
    expect(await walk(page, ROWS.deliveries, 'h-deliveries-sandbox')).toEqual(deliveries);
    // On the second page of deliveries, the tokens page on while the deliveries stay where they are.
    const second = (await read(page, ROWS.deliveries, 'h-deliveries-sandbox')).next as string;
    expect(second).toMatch(/\?sandbox_deliveries_cursor=[A-Za-z0-9_-]+#h-deliveries-sandbox$/);
    const onSecond = second.replace(/#.*$/, '');
    const tokens = await ids('SELECT id FROM api_tokens WHERE partner_id = $1 ORDER BY created_at DESC, id DESC', [small.partnerId]);
    expect(tokens).toHaveLength(51);
    const tokenPages = await walkPages(async (href) => {
      const shown = await read(href ?? onSecond, ROWS.tokens, 'h-tokens');
      expect(htmlPage(shown.body, ROWS.deliveries, 'h-deliveries-sandbox').items).toEqual(deliveries.slice(PAGE));
      if (shown.next) expect(shown.next).toContain(onSecond.split('?')[1]);
      return shown;
    }, PAGE);
    expect(tokenPages.flat()).toEqual(tokens);
  });

  it('answers a cursor the list refuses with 400, the first page and a word about it', async () => {
    const queue = await read(`/console/applications?partner=${big.partnerId}`, ROWS.queue);
    const loans = await read('/console/loans', ROWS.loans);
    const foreign = new URL(loans.next as string, 'http://x').searchParams.get('cursor') as string;
    const otherFilters = new URL(queue.next as string, 'http://x').searchParams.get('cursor') as string;
    const cases: [string, RegExp, string[] | null, string?][] = [
      ['/console/applications?cursor=nope', ROWS.queue, null],
      [`/console/applications?cursor=${foreign}`, ROWS.queue, null],
      // The big partner's queue's cursor, without its partner filter.
      [`/console/applications?cursor=${otherFilters}`, ROWS.queue, null],
      [`/console/applications?partner=${big.partnerId}&cursor=${encodeURIComponent('%%<script>')}`, ROWS.queue, queue.items],
      ['/console/loans?arrears=yes&cursor=nope', ROWS.loans, null],
      [`/console/loans?arrears=yes&cursor=${foreign}`, ROWS.loans, null],
      // Base64url JSON, of no list's.
      ['/console/customers?q=oak&cursor=eyJzIjoiMSIsImQiOiJhIiwiayI6W119', ROWS.customers, null],
      ['/console/audit?cursor=nope', ROWS.audit, null],
      ['/console/partners?cursor=nope', ROWS.partners, null],
      [`/console/partners/${small.partnerId}?tokens_cursor=nope`, ROWS.tokens, null, 'h-tokens'],
      [`/console/partners/${small.partnerId}?sandbox_deliveries_cursor=${foreign}`, ROWS.deliveries, null, 'h-deliveries-sandbox'],
    ];
    for (const [url, rows, firstPage, fragment] of cases) {
      const res = await user.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body, url).toContain(REFUSED);
      const shown = htmlPage(res.body, rows, fragment);
      expect(shown.items.length, url).toBeGreaterThan(0);
      expect(shown.previous, url).toBeNull();
      if (firstPage) expect(shown.items).toEqual(firstPage);
    }
  });
});
