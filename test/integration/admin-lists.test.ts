/**
 * The admin API's lists page (docs/behaviour.md, sections 14 and 27): the review queue (oldest
 * first), the audit log, partners, a partner's tokens and deliveries; and GET /admin/v1/customers
 * finds a customer across partners by each key, a whole id naming its record.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertDelivery } from '../../src/store/webhooks-store.ts';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, useTestApp, type PartnerClient, type TestApp } from '../helpers/app.ts';
import { HARTLEY } from '../helpers/customer-bodies.ts';
import { expectError, UNKNOWN_UUID } from '../helpers/foundation.ts';
import { pdf, upload } from '../helpers/files.ts';
import { customerWithApplication } from '../helpers/lending.ts';
import { TEN_THOUSAND, fund, selectedOffer } from '../helpers/loans.ts';
import { apiPage, walkPages } from '../helpers/pages.ts';

type Body = { data: Record<string, unknown[]>; meta: { next_cursor: string | null; previous_cursor: string | null; record?: unknown } };

async function adminGet(t: TestApp, path: string): Promise<Body> {
  const res = await t.admin('GET', path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every item of an admin list, read page by page (and back). */
async function readAll<T>(t: TestApp, path: string, key: string, limit: number): Promise<T[]> {
  const pages = await walkPages(async (cursor) => {
    const body = await adminGet(t, cursor ? `${path}&cursor=${cursor}` : path);
    return apiPage(body, body.data[key] as T[]);
  }, limit);
  return pages.flat();
}

function expectRefused(res: Awaited<ReturnType<TestApp['admin']>>, parameter: string) {
  expect(expectError(res, 400, 'ValidationError').map((e) => e.source)).toEqual([{ parameter }]);
}

type Found = { customer_id: string; environment: string; matched_by: string[]; partner: { partner_id: string; name: string } };

describe.each(BACKENDS)('admin lists on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: true });
  const partner = usePartner(t, { name: 'Harbour Partner' });

  it('the review queue: the longest waiting first, page by page, by status and by partner', async () => {
    const queued: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { applicationId } = await customerWithApplication(partner);
      const res = await partner.post(`/sandbox/applications/${applicationId}/decision`, { data: { outcome: 'awaiting_underwriter' } });
      expect(res.statusCode, res.body).toBe(200);
      queued.push(applicationId);
      t.clock.advanceDays(1);
    }
    type Row = { application_id: string; status: string; partner_id: string };
    const mine = await readAll<Row>(t, `/applications?status=awaiting_underwriter&partner_id=${partner.partnerId}&limit=2`, 'applications', 2);
    expect(mine.map((a) => a.application_id)).toEqual(queued);
    const everyone = await readAll<Row>(t, '/applications?status=awaiting_underwriter&limit=2', 'applications', 2);
    expect(everyone.map((a) => a.application_id)).toEqual(expect.arrayContaining(queued));
    const all = await readAll<Row>(t, `/applications?partner_id=${partner.partnerId}&limit=3`, 'applications', 3);
    expect(all.map((a) => a.application_id)).toEqual(expect.arrayContaining(queued));
    const first = await adminGet(t, '/applications?status=awaiting_underwriter&limit=2');
    expectRefused(await t.admin('GET', `/applications?status=open&limit=2&cursor=${first.meta.next_cursor}`), 'cursor');
    expectRefused(await t.admin('GET', '/applications?limit=201'), 'limit');
  });

  it('the audit log, partners and a partner’s tokens: newest first, page by page', async () => {
    const made = await t.partner({ name: 'Tokens Partner' });
    for (let i = 0; i < 4; i++) await t.token(made.partnerId, i % 2 === 0 ? 'sandbox' : 'production');
    type Token = { token_id: string; environment: string };
    const tokens = await readAll<Token>(t, `/partners/${made.partnerId}/tokens?limit=2`, 'tokens', 2);
    expect(tokens.map((k) => k.token_id)).toContain(made.tokenId);
    expect(tokens).toHaveLength(5);
    expect(tokens[tokens.length - 1].token_id).toBe(made.tokenId);
    const sandbox = await readAll<Token>(t, `/partners/${made.partnerId}/tokens?environment=sandbox&limit=1`, 'tokens', 1);
    expect(sandbox.map((k) => k.environment)).toEqual(['sandbox', 'sandbox', 'sandbox']);
    expectError(await t.admin('GET', `/partners/${UNKNOWN_UUID}/tokens`), 404, 'NotFound');
    const page = await adminGet(t, `/partners/${made.partnerId}/tokens?limit=2`);
    expectRefused(await t.admin('GET', `/partners/${partner.partnerId}/tokens?limit=2&cursor=${page.meta.next_cursor}`), 'cursor');

    type Partner = { partner_id: string; name: string };
    const partners = await readAll<Partner>(t, '/partners?limit=1', 'partners', 1);
    expect(partners[0].partner_id).not.toBe(partner.partnerId);
    expect(partners.map((p) => p.partner_id)).toEqual(expect.arrayContaining([partner.partnerId, made.partnerId]));

    type Entry = { seq: number; target: { type: string; id: string } };
    const entries = await readAll<Entry>(t, `/audit?limit=2`, 'entries', 2);
    expect(entries.length).toBeGreaterThanOrEqual(5);
    expect(entries.map((e) => e.seq)).toEqual([...entries.map((e) => e.seq)].sort((a, b) => b - a));
    // `before` (section 19) reads on from data.next_cursor as the cursor does.
    const firstTwo = await adminGet(t, `/audit?limit=2`);
    const before = (firstTwo.data as unknown as { next_cursor: string }).next_cursor;
    const next = await adminGet(t, `/audit?limit=2&before=${before}`);
    expect((next.data.entries as Entry[]).map((e) => e.seq)).toEqual(entries.slice(2, 4).map((e) => e.seq));
  });

  it("a partner's delivery log, per environment, page by page; an unknown partner is 404", async () => {
    const res = await partner.post('/sandbox/webhooks/test', { data: { webhook_event_type: 'customer_funded' } });
    const eventId = res.json().data.event_id as string;
    for (let i = 0; i < 3; i++) {
      await insertDelivery(t.testDb.db, {
        id: randomUUID(),
        eventId,
        tenant: { partnerId: partner.partnerId, environment: 'sandbox' },
        attempt: i + 1,
        url: 'https://partner.example/hooks',
        status: 'failed',
        responseStatus: 503,
        durationMs: 5,
        error: null,
        attemptedAt: new Date(),
        nextAttemptAt: null,
      });
    }
    type Delivery = { attempt: number };
    const deliveries = await readAll<Delivery>(t, `/partners/${partner.partnerId}/deliveries?environment=sandbox&limit=2`, 'deliveries', 2);
    expect(deliveries.map((d) => d.attempt)).toEqual([3, 2, 1]);
    expect((await adminGet(t, `/partners/${partner.partnerId}/deliveries?environment=production`)).data.deliveries).toEqual([]);
    expectRefused(await t.admin('GET', `/partners/${partner.partnerId}/deliveries`), 'environment');
    expectError(await t.admin('GET', `/partners/${UNKNOWN_UUID}/deliveries?environment=sandbox`), 404, 'NotFound');
  });

  describe('GET /admin/v1/customers', () => {
    const { company, person } = HARTLEY;
    let live: PartnerClient;
    const ids: Record<string, string> = {};

    it('finds a customer by any part of its name or number, an email, a phone or its external id, saying what matched', async () => {
      live = await t.token(partner.partnerId, 'production');
      ids.sandbox = await createCustomer(partner, { external_customer_id: 'crm-HJ-1', people: [person] }, company);
      ids.production = await createCustomer(live, { external_customer_id: 'crm-HJ-1', people: [person] }, company);
      await createCustomer(partner, { external_customer_id: 'crm-other' }, { registered_company_name: 'Smith & Sons', company_number: '11223344' });
      const search = async (q: string) =>
        (await adminGet(t, `/customers?q=${encodeURIComponent(q)}&partner_id=${partner.partnerId}`)).data.customers as Found[];
      const both = [ids.production, ids.sandbox];
      for (const [q, matched] of [
        ['hartley joinery', 'company_name'],
        ['JOINERY LTD', 'company_name'],
        ['ley-Join', 'company_name'],
        ['hartley doors', 'company_name'],
        ['0987', 'company_number'],
        ['09 87 65 43', 'company_number'],
        ['ops@hartley.example', 'email'],
        ['07700 900123', 'phone'],
        ['+447700900123', 'phone'],
        ['crm-HJ-1', 'external_customer_id'],
      ] as const) {
        const found = await search(q);
        expect(
          found.map((c) => c.customer_id),
          q,
        ).toEqual(both);
        expect(found[0].matched_by, q).toContain(matched);
      }
      const found = await search('hartley');
      // A sandbox customer is never taken for a production one: each says its environment and partner.
      expect(found.map((c) => c.environment)).toEqual(['production', 'sandbox']);
      expect(found[0].partner).toEqual({ partner_id: partner.partnerId, name: 'Harbour Partner' });
      expect((await adminGet(t, `/customers?q=hartley&environment=sandbox&partner_id=${partner.partnerId}`)).data.customers).toHaveLength(1);
      expect(await search('crm-hj-1')).toEqual([]);
      expect(await search('ha')).toEqual([]);
      expect(await search('nothing like it')).toEqual([]);
    });

    it('finds a UK phone number however it is written: with +44 or 0044, with "(0)" after it, or as dialled at home', async () => {
      const withPhone = (number: string) => ({
        people: [{ ...person, emails: [{ email: 'phone@search.example', type: 'primary' }], phones: [{ number, type: 'mobile' }] }],
      });
      const mobile = await createCustomer(partner, withPhone('+44 (0)7700 900456'), { registered_company_name: 'Trunk Prefix Ltd' });
      const london = await createCustomer(partner, withPhone('0044 (0)20 7946 0958'), { registered_company_name: 'Trunk Prefix London Ltd' });
      const plain = await createCustomer(partner, withPhone('+44 7700 900789'), { registered_company_name: 'No Prefix Ltd' });
      const search = async (q: string) => (await adminGet(t, `/customers?q=${encodeURIComponent(q)}`)).data.customers as Found[];
      for (const q of ['07700 900456', '07700900456', '+44 7700 900456', '+44 (0)7700 900456', '0044 7700 900456', '+44(0)7700-900-456']) {
        const found = await search(q);
        expect(
          found.map((c) => [c.customer_id, c.matched_by]),
          q,
        ).toEqual([[mobile, ['phone']]]);
      }
      for (const q of ['020 7946 0958', '+44 20 7946 0958', '+44 (0)20 7946 0958'])
        expect(
          (await search(q)).map((c) => c.customer_id),
          q,
        ).toEqual([london]);
      for (const q of ['07700 900789', '+44 (0)7700 900789'])
        expect(
          (await search(q)).map((c) => c.customer_id),
          q,
        ).toEqual([plain]);
    });

    it('a whole id of the customer or one of its records answers its customer and names the record', async () => {
      const { customerId, applicationId, offerId } = await selectedOffer(partner, TEN_THOUSAND);
      const loanId = await fund(partner, offerId, 1000);
      const doc = await upload(t, partner, customerId, 'invoices', { filename: 'a.pdf', content: pdf({ seed: `admin-search-${backend}` }) });
      const documentId = doc.json().data.document_id as string;
      for (const [type, id] of [
        ['customer', customerId],
        ['application', applicationId],
        ['offer', offerId],
        ['loan', loanId],
        ['document', documentId],
      ]) {
        const body = await adminGet(t, `/customers?q=${id.toUpperCase()}`);
        expect(
          (body.data.customers as Found[]).map((c) => [c.customer_id, c.matched_by]),
          type,
        ).toEqual([[customerId, [`${type}_id`]]]);
        expect(body.meta.record).toEqual({ type, id });
      }
      const unknown = await adminGet(t, `/customers?q=${UNKNOWN_UUID}`);
      expect(unknown.data.customers).toEqual([]);
      expect(unknown.meta.record).toBeNull();
    });

    it('an empty search lists every customer newest first, page by page; a search pages too', async () => {
      for (let i = 0; i < 3; i++) await createCustomer(partner, {}, { registered_company_name: `Paging Works ${i} Ltd` });
      const all = await readAll<Found>(t, `/customers?q=&partner_id=${partner.partnerId}&limit=2`, 'customers', 2);
      expect(all.length).toBeGreaterThan(3);
      expect(all.every((c) => c.matched_by.length === 0)).toBe(true);
      expect((await adminGet(t, '/customers')).data.customers.length).toBeGreaterThan(3);
      const paged = await readAll<Found>(t, '/customers?q=paging%20works&limit=1', 'customers', 1);
      expect(paged).toHaveLength(3);
    });

    it('refuses a search over 200 characters, and a cursor of another search', async () => {
      expectRefused(await t.admin('GET', `/customers?q=${'a'.repeat(201)}`), 'q');
      expect((await adminGet(t, `/customers?q=${'a'.repeat(200)}`)).data.customers).toEqual([]);
      const page = await adminGet(t, '/customers?limit=1');
      expectRefused(await t.admin('GET', `/customers?q=hartley&limit=1&cursor=${page.meta.next_cursor}`), 'cursor');
      expectRefused(await t.admin('GET', '/customers?cursor=nope'), 'cursor');
      expectRefused(await t.admin('GET', '/customers?environment=staging'), 'environment');
    });
  });
});
