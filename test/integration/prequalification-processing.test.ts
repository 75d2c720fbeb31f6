/**
 * Prequalification processing (docs/behaviour.md, section 12): each row quoted by the policy in
 * prequalification mode, up to 10,000 rows, bad rows and unreadable files, the two events in the
 * processing transaction, idempotence and the background worker; then a quote matched at customer
 * creation (by external id or correlation id) as an indicative offer.
 */
import { describe, expect, it } from 'vitest';
import { addMonths, londonToday } from '../../src/domain/dates.ts';
import { processPrequalificationFile } from '../../src/services/prequalification.ts';
import { startWorker } from '../../src/worker/worker.ts';
import { createCustomer, usePartner, useTestApp } from '../helpers/app.ts';
import { BACKENDS } from '../helpers/db.ts';
import { countRows, expectError, UNKNOWN_UUID, UUID } from '../helpers/foundation.ts';
import { apply, eventsFor, getOffers } from '../helpers/lending.ts';
import { CSV_HEADER, csv, prequalificationCalls, QUOTE_KEYS, quoteOf, type QuoteJson } from '../helpers/prequalification.ts';

const DAY_MS = 86_400_000;

describe.each(BACKENDS)('prequalification processing on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);
  const { uploadFile, accepted, read, quoted, fileEvents } = prequalificationCalls(t, partner);

  describe('processing', () => {
    it('quotes each row with the policy in prequalification mode', async () => {
      const today = londonToday(t.clock.now());
      const data = await quoted(
        csv(
          'P-OK,Acme Ltd,01234567,2015-01-01,250000,25000',
          'P-NEW,Young Ltd,,2022-06-01,250000,',
          `P-YOUNG,Baby Ltd,,${addMonths(today, -2)},250000,10000`,
          'P-NOTURNOVER,,,2015-01-01,,10000',
          'P-SMALL,,,2015-01-01,5000,1000',
          'P-BIG,,,2015-01-01,2000000,300000',
          'P-STATEMENTS,,,2015-01-01,2000000,60000',
          'P-NODATE,,,,80000,',
        ),
      );
      expect(data.status).toBe('processed');
      expect(data.processed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(data.reason).toBeNull();
      expect(data.quotes.map((q) => q.external_customer_id)).toEqual([
        'P-OK',
        'P-NEW',
        'P-YOUNG',
        'P-NOTURNOVER',
        'P-SMALL',
        'P-BIG',
        'P-STATEMENTS',
        'P-NODATE',
      ]);
      for (const q of data.quotes) {
        expect(Object.keys(q).sort()).toEqual(QUOTE_KEYS);
        expect(q.correlation_id).toMatch(UUID);
      }
      expect(new Set(data.quotes.map((q) => q.correlation_id)).size).toBe(data.quotes.length);

      const ok = quoteOf(data, 'P-OK');
      // 20 % of 250,000; trading over 36 months but profit unknown: the 3.0 % band; the flexi loan's terms.
      expect(ok).toMatchObject({
        prequalified: true,
        max_amount: 50000,
        monthly_interest_percentage: 3,
        fee_percentage: 0,
        duration_in_days: 365,
        reason: null,
      });
      expect(new Date(ok.expires_at as string).getTime()).toBe(new Date(data.processed_at as string).getTime() + 30 * DAY_MS);
      // No requested amount: rules 4 and 5 are skipped.
      expect(quoteOf(data, 'P-NODATE')).toMatchObject({ prequalified: true, max_amount: 16000, monthly_interest_percentage: 4.5 });
      expect(quoteOf(data, 'P-NEW')).toMatchObject({ prequalified: true, max_amount: 50000 });

      const notPrequalified = {
        prequalified: false,
        max_amount: null,
        monthly_interest_percentage: null,
        fee_percentage: null,
        duration_in_days: null,
        expires_at: null,
      };
      expect(quoteOf(data, 'P-YOUNG')).toMatchObject({ ...notPrequalified, reason: 'trading_under_6_months' });
      expect(quoteOf(data, 'P-NOTURNOVER')).toMatchObject({ ...notPrequalified, reason: 'turnover_unknown' });
      expect(quoteOf(data, 'P-SMALL')).toMatchObject({ ...notPrequalified, reason: 'turnover_under_10000' });
      expect(quoteOf(data, 'P-BIG')).toMatchObject({ ...notPrequalified, reason: 'needs_underwriting' });
      expect(quoteOf(data, 'P-STATEMENTS')).toMatchObject({ ...notPrequalified, reason: 'bank_statements_required' });

      const { rows } = await t.testDb.db.query<{ max_amount_pence: number; monthly_rate_bp: number; fee_bp: number; duration_days: number }>(
        'SELECT max_amount_pence, monthly_rate_bp, fee_bp, duration_days FROM prequalification_quotes WHERE correlation_id = $1',
        [ok.correlation_id],
      );
      expect(rows[0]).toEqual({ max_amount_pence: 5_000_000, monthly_rate_bp: 300, fee_bp: 0, duration_days: 365 });
    });

    it('quotes a file of the maximum 10,000 rows in one go', async () => {
      const rows = Array.from({ length: 10_000 }, (_, i) => `BULK-${i},Company ${i},,2015-01-01,${100000 + i},`);
      const data = await quoted(csv(...rows));
      expect(data.status).toBe('processed');
      expect(data.quotes).toHaveLength(10_000);
      expect(data.quotes[9_999]).toMatchObject({ external_customer_id: 'BULK-9999', prequalified: true, max_amount: 21900 });
      const [full] = await fileEvents(data.prequalification_data_id);
      expect((full.payload.quotes as QuoteJson[]).length).toBe(10_000);
    });

    it('keeps the last row of each external_customer_id', async () => {
      const data = await quoted(
        csv('L-1,,,2015-01-01,5000,', 'L-2,,,2015-01-01,100000,', 'L-1,,,2015-01-01,250000,', 'L-3,,,2015-01-01,60000,', 'L-2,,,2015-01-01,not money,'),
      );
      expect(data.quotes.map((q) => q.external_customer_id)).toEqual(['L-1', 'L-3', 'L-2']);
      expect(quoteOf(data, 'L-1')).toMatchObject({ prequalified: true, max_amount: 50000 });
      expect(quoteOf(data, 'L-2')).toMatchObject({ prequalified: false });
      expect(quoteOf(data, 'L-3')).toMatchObject({ prequalified: true, max_amount: 12000 });
    });

    it('answers a bad row with prequalified false and the problem, and still quotes the others', async () => {
      const data = await quoted(
        csv(
          'B-DATE,,,01/02/2019,250000,',
          'B-MONEY,,,2015-01-01,12.345,',
          'B-NEG,,,2015-01-01,250000,-5',
          ',Nameless Ltd,,2015-01-01,250000,',
          'B-OK,,,2015-01-01,250000,',
        ),
      );
      expect(quoteOf(data, 'B-DATE')).toMatchObject({ prequalified: false, max_amount: null, reason: expect.stringContaining('trading_from_date') });
      expect(quoteOf(data, 'B-MONEY')).toMatchObject({ prequalified: false, reason: expect.stringContaining('last_12_months_turnover') });
      expect(quoteOf(data, 'B-NEG')).toMatchObject({ prequalified: false, reason: expect.stringContaining('requested_amount') });
      expect(quoteOf(data, '')).toMatchObject({ prequalified: false, reason: 'external_customer_id is required' });
      expect(quoteOf(data, 'B-OK')).toMatchObject({ prequalified: true });
    });

    it('marks a file that cannot be read as failed, with a reason', async () => {
      const cases: [string, string, RegExp][] = [
        ['company_name,last_12_months_turnover\nAcme,250000\n', 'customers.csv', /external_customer_id/],
        [JSON.stringify({ customers: { external_customer_id: 'X' } }), 'customers.json', /array/],
        ['{"customers": [{"external_customer_id": "X"}', 'customers.json', /not valid JSON/],
        [`${CSV_HEADER}\n`, 'customers.csv', /no customer rows/],
      ];
      for (const [content, filename, reason] of cases) {
        const id = accepted(await uploadFile(partner, content, filename));
        await processPrequalificationFile(t.app.ctx, id);
        const data = await read(partner, id);
        expect(data, content).toMatchObject({ status: 'failed', quotes: [], reason: expect.stringMatching(reason) });
        expect(data.processed_at).not.toBeNull();
        expect(await countRows(t, 'prequalification_quotes', 'file_id = $1', [id])).toBe(0);
        // Only the light event: the partner learns the file is done and reads why it failed.
        const events = await fileEvents(id);
        expect(events.map((e) => [e.event_type, e.payload])).toEqual([['prequalification_data_file_processed_202510', { prequalification_data_id: id }]]);
      }
    });

    it('records both events in the processing transaction, with the quotes of GET', async () => {
      const id = accepted(await uploadFile(partner, csv('E-1,,,2015-01-01,250000,', 'E-2,,,2015-01-01,,')));
      expect(await fileEvents(id)).toEqual([]);
      await processPrequalificationFile(t.app.ctx, id);
      const data = await read(partner, id);
      const events = await fileEvents(id);
      expect(events.map((e) => e.event_type)).toEqual(['prequalification_202505', 'prequalification_data_file_processed_202510']);
      expect(events[0].payload).toEqual({ prequalification_data_id: id, quotes: data.quotes });
      expect(events[1].payload).toEqual({ prequalification_data_id: id });
      for (const e of events) expect(e).toMatchObject({ partner_id: partner.partnerId, environment: 'sandbox' });
      const quote = (events[0].payload.quotes as QuoteJson[])[0];
      expect(Object.keys(quote).sort()).toEqual(QUOTE_KEYS);
    });

    it('is idempotent: running the job again changes nothing', async () => {
      const id = accepted(await uploadFile(partner, csv('I-1,,,2015-01-01,250000,')));
      await processPrequalificationFile(t.app.ctx, id);
      const first = await read(partner, id);
      await processPrequalificationFile(t.app.ctx, id);
      await Promise.all([processPrequalificationFile(t.app.ctx, id), processPrequalificationFile(t.app.ctx, id)]);
      expect(await read(partner, id)).toEqual(first);
      expect(await countRows(t, 'prequalification_quotes', 'file_id = $1', [id])).toBe(1);
      expect((await fileEvents(id)).length).toBe(2);
      // Two concurrent first runs also quote once.
      const other = accepted(await uploadFile(partner, csv('I-2,,,2015-01-01,250000,')));
      await Promise.all([processPrequalificationFile(t.app.ctx, other), processPrequalificationFile(t.app.ctx, other)]);
      expect(await countRows(t, 'prequalification_quotes', 'file_id = $1', [other])).toBe(1);
      expect((await fileEvents(other)).length).toBe(2);
      // An unknown id is ignored.
      await expect(processPrequalificationFile(t.app.ctx, UNKNOWN_UUID)).resolves.toBeUndefined();
    });

    it('is processed by the background worker within seconds', async () => {
      const errors: unknown[] = [];
      const worker = await startWorker({
        config: { webhookTimeoutMs: 2000, webhookRetryScale: 0.001, allowPrivateWebhookUrls: true, production: false },
        db: t.testDb.db,
        backend: t.testDb.queue,
        ctx: t.app.ctx,
        log: { error: (...args: unknown[]) => errors.push(args), warn: () => {}, info: () => {} } as never,
      });
      try {
        const id = accepted(await uploadFile(partner, csv('W-1,,,2015-01-01,250000,')));
        const deadline = Date.now() + 20_000;
        let data = await read(partner, id);
        while (data.status === 'processing' && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          data = await read(partner, id);
        }
        expect(data.status).toBe('processed');
        expect(quoteOf(data, 'W-1')).toMatchObject({ prequalified: true, max_amount: 50000 });
        expect((await fileEvents(id)).map((e) => e.event_type)).toEqual(['prequalification_202505', 'prequalification_data_file_processed_202510']);
        expect(errors).toEqual([]);
      } finally {
        await worker.stop();
      }
    });
  });

  describe('matching at customer creation', () => {
    async function indicativeOffers(customerId: string) {
      const { rows } = await t.testDb.db.query<{
        id: string;
        application_id: string | null;
        offer_type: string;
        product_type: string;
        source: string;
        status: string;
        max_amount_pence: number;
        monthly_rate_bp: number;
        fee_bp: number;
        duration_days: number;
        expires_at: Date;
      }>('SELECT * FROM offers WHERE customer_id = $1 ORDER BY created_at', [customerId]);
      return rows;
    }

    it('matches by external_customer_id: an indicative offer and its event, listed with the next application but not selectable', async () => {
      const data = await quoted(csv('M-EXT,Acme Ltd,,2015-01-01,250000,25000'));
      const quote = quoteOf(data, 'M-EXT');
      const customerId = await createCustomer(partner, { external_customer_id: 'M-EXT' });

      const offers = await indicativeOffers(customerId);
      expect(offers).toHaveLength(1);
      expect(offers[0]).toMatchObject({
        application_id: null,
        offer_type: 'indicative',
        product_type: 'flexi_loan',
        source: 'prequalification',
        status: 'available',
        max_amount_pence: 5_000_000,
        monthly_rate_bp: 300,
        fee_bp: 0,
        duration_days: 365,
      });
      expect(offers[0].expires_at.toISOString()).toBe(quote.expires_at);

      const events = await eventsFor(t, { customerId }, 'indicative_offer_created');
      expect(events).toHaveLength(1);
      expect(events[0].payload).toEqual({
        customer_id: customerId,
        external_customer_id: 'M-EXT',
        offer_id: offers[0].id,
        max_amount: 50000,
        monthly_interest_percentage: 3,
        fee_percentage: 0,
        duration_in_days: 365,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });

      const applicationId = await apply(partner, customerId, { amount: 25000 });
      const answer = await getOffers(partner, applicationId);
      const indicative = answer.offers.find((o) => o.offer_id === offers[0].id);
      expect(indicative).toMatchObject({
        offer_type: 'indicative',
        product_type: 'flexi_loan',
        max_amount: 50000,
        monthly_interest_percentage: 3,
        fee_percentage: 0,
        duration_in_days: 365,
        status: 'available',
        expires_at: quote.expires_at,
      });
      expect(answer.offers.some((o) => o.offer_type === 'confirmed')).toBe(true);
      const select = await partner.post(`/offers/${offers[0].id}/select/`, { data: { entity_to_contact: 'customer' } });
      expectError(select, 400, 'OfferNotSelectable');
    });

    it('matches by correlation_id, whatever the external id', async () => {
      const data = await quoted(csv('M-COR,,,2015-01-01,100000,'));
      const quote = quoteOf(data, 'M-COR');
      const customerId = await createCustomer(partner, { external_customer_id: 'M-COR-renamed', correlation_id: quote.correlation_id.toUpperCase() });
      const offers = await indicativeOffers(customerId);
      expect(offers).toHaveLength(1);
      expect(offers[0]).toMatchObject({ offer_type: 'indicative', max_amount_pence: 2_000_000, application_id: null });
      const events = await eventsFor(t, { customerId }, 'indicative_offer_created');
      expect(events.map((e) => e.payload)).toEqual([
        expect.objectContaining({ offer_id: offers[0].id, external_customer_id: 'M-COR-renamed', max_amount: 20000 }),
      ]);

      // Without an external id the payload has none.
      const second = await quoted(csv('M-COR-2,,,2015-01-01,100000,'));
      const anonymous = await createCustomer(partner, { correlation_id: quoteOf(second, 'M-COR-2').correlation_id });
      const anonymousEvents = await eventsFor(t, { customerId: anonymous }, 'indicative_offer_created');
      expect(anonymousEvents).toHaveLength(1);
      expect(anonymousEvents[0].payload).not.toHaveProperty('external_customer_id');
    });

    it("makes no offer for a quote that is not prequalified, expired, superseded, or another tenant's", async () => {
      const data = await quoted(
        csv('N-DECLINED,,,2015-01-01,5000,', 'N-EXPIRED,,,2015-01-01,250000,', 'N-SUPERSEDED,,,2015-01-01,250000,', 'N-OTHER,,,2015-01-01,250000,'),
      );
      await t.testDb.db.query(`UPDATE prequalification_quotes SET expires_at = $2 WHERE correlation_id = $1`, [
        quoteOf(data, 'N-EXPIRED').correlation_id,
        new Date(t.clock.now().getTime() - 1000),
      ]);
      // A later file declines N-SUPERSEDED: the latest quote decides.
      await quoted(csv('N-SUPERSEDED,,,2015-01-01,,'));

      const declined = await createCustomer(partner, { external_customer_id: 'N-DECLINED' });
      const declinedByCorrelation = await createCustomer(partner, { correlation_id: quoteOf(data, 'N-DECLINED').correlation_id });
      const expired = await createCustomer(partner, { external_customer_id: 'N-EXPIRED' });
      const superseded = await createCustomer(partner, { external_customer_id: 'N-SUPERSEDED' });
      const other = await t.partner({ name: 'Another Partner' });
      const otherByExternal = await createCustomer(other, { external_customer_id: 'N-OTHER' });
      const otherByCorrelation = await createCustomer(other, { external_customer_id: 'N-OTHER-2', correlation_id: quoteOf(data, 'N-OTHER').correlation_id });
      const production = await t.token(partner.partnerId, 'production');
      const productionCustomer = await createCustomer(production, { external_customer_id: 'N-OTHER' });
      const unmatched = await createCustomer(partner, { external_customer_id: 'N-NONE', correlation_id: UNKNOWN_UUID });
      for (const customerId of [declined, declinedByCorrelation, expired, superseded, otherByExternal, otherByCorrelation, productionCustomer, unmatched]) {
        expect(await indicativeOffers(customerId), customerId).toEqual([]);
        expect(await eventsFor(t, { customerId }, 'indicative_offer_created')).toEqual([]);
      }
    });

    it('keeps duplicate detection: a second customer with the same external id is a 409 and makes no second offer', async () => {
      await quoted(csv('D-1,,,2015-01-01,250000,'));
      const first = await createCustomer(partner, { external_customer_id: 'D-1' });
      const again = await partner.post('/customers/', {
        data: {
          external_customer_id: 'D-1',
          company: { registered_company_name: 'Acme' },
          people: [{ first_name: 'A', last_name: 'B', roles: ['applicant', 'director', 'guarantor'] }],
        },
      });
      expect(expectError(again, 409, 'DuplicateCustomer')[0].meta).toEqual({ customer_id: first });
      expect(await countRows(t, 'offers', `offer_type = 'indicative' AND partner_id = $1 AND customer_id = $2`, [partner.partnerId, first])).toBe(1);
      expect(await countRows(t, 'outbox_events', `event_type = 'indicative_offer_created' AND payload->>'external_customer_id' = 'D-1'`)).toBe(1);
    });
  });
});
