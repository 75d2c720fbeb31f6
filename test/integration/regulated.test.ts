/**
 * Regulated agreements (docs/behaviour.md, section 23) through app.inject: the APR beside the terms
 * in the portal and the console, as the partner API states it; the pre-contract information and
 * the boxes a portal drawdown needs; what operator and sandbox drawdowns record.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { usePartner, useTestApp } from '../helpers/app.ts';
import { offeredBySandbox, selectOffer, type OfferJson, type OfferTermsJson } from '../helpers/lending.ts';
import { signedInCustomer } from '../helpers/web-user.ts';
import type { TestApp } from '../helpers/app.ts';
import { signedInOperator } from '../helpers/console.ts';

/** 3 % a month, no fee: 1.03^12 - 1 = 42.58 %, shown 42.6. */
const FLEXI: OfferTermsJson = { product_type: 'flexi_loan', max_amount: 10000, monthly_interest_percentage: 3, fee_percentage: 0, duration_in_days: 120 };
/** 2 % a month, 2.5 % fee over three months: 47.24 % (a plain bisection apart from the code), shown 47.2. */
const BUSINESS: OfferTermsJson = {
  product_type: 'business_loan',
  max_amount: 1234.56,
  monthly_interest_percentage: 2,
  fee_percentage: 2.5,
  duration_in_days: 90,
};

type WithApr = OfferJson & { apr?: number };

const SOLE_TRADER = { type: 'sole_trader', registered_company_name: 'Ada Lovelace Bakes' };
/** The partners of a partnership: the first applies, the others guarantee. */
const partners = (...names: string[]) =>
  names.map((first, i) => ({
    first_name: first,
    last_name: 'Partner',
    date_of_birth: '1980-01-01',
    roles: i === 0 ? ['applicant', 'director', 'guarantor'] : ['guarantor'],
  }));

interface AcknowledgementRow {
  offer_id: string;
  funding_id: string;
  kind: string;
  given_through: string;
  recorded_at: Date;
}

async function acknowledgements(t: TestApp, offerId: string): Promise<AcknowledgementRow[]> {
  const { rows } = await t.testDb.db.query<AcknowledgementRow>(
    'SELECT offer_id, funding_id, kind, given_through, recorded_at FROM credit_acknowledgements WHERE offer_id = $1 ORDER BY recorded_at, id',
    [offerId],
  );
  return rows;
}

async function fundingCount(t: TestApp, offerId: string): Promise<number> {
  const { rows } = await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM fundings WHERE offer_id = $1', [offerId]);
  return rows[0].n;
}

describe.each(BACKENDS)('regulated agreements on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: true });
  const partner = usePartner(t);

  describe('the APR', () => {
    it('is on every confirmed offer and schedule of the API, and beside the terms in the portal and the console', async () => {
      const { customerId, applicationId, offers } = await offeredBySandbox(partner, [FLEXI, BUSINESS]);
      const flexi = offers.find((o) => o.product_type === 'flexi_loan') as WithApr;
      const business = offers.find((o) => o.product_type === 'business_loan') as WithApr;
      expect(flexi.apr).toBe(42.6);
      expect(business.apr).toBe(47.2);
      const schedule = (await partner.get(`/offers/${business.offer_id}/repayment_schedule/?amount=500`)).json().data;
      // £500: fee 12.50, interest 10.00, 6.67, 3.33; the same terms give the same rate to a tenth.
      expect(schedule.apr).toBe(47.2);

      const customer = await signedInCustomer(t, partner, customerId);
      const overview = await customer.get('/portal/');
      expect(overview.statusCode).toBe(200);
      expect(overview.body).toContain('<dt>APR</dt><dd>42.6%</dd>');
      expect(overview.body).toContain('<dt>APR</dt><dd>47.2%</dd>');
      const page = await customer.get(`/portal/offers/${flexi.offer_id}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<dd data-term="apr">42.6%</dd>');
      expect(page.body).toContain('<dd data-total="apr">42.6%</dd>');

      const { user } = await signedInOperator(t, 'viewer');
      const review = await user.get(`/console/applications/${applicationId}`);
      expect(review.statusCode).toBe(200);
      expect(review.body).toContain('<td class="num" data-label="APR">42.6%</td>');
      expect(review.body).toContain('<td class="num" data-label="APR">47.2%</td>');
    });
  });

  /** A customer with one confirmed offer of `maxAmount`, selected for the customer, signed in to the portal. */
  async function offeredTo(company: Record<string, unknown>, maxAmount: number, customer: Record<string, unknown> = {}) {
    const made = await offeredBySandbox(partner, [{ ...FLEXI, max_amount: maxAmount }], { company, customer });
    const offer = made.offers[0];
    await selectOffer(partner, offer.offer_id, 'customer');
    const user = await signedInCustomer(t, partner, made.customerId);
    return { ...made, offer, user };
  }

  describe('a portal drawdown from a regulated offer', () => {
    it('needs "I have read the pre-contract information" ticked, and keeps when it was', async () => {
      const { offer, user } = await offeredTo(SOLE_TRADER, 25000);
      const form = await user.get(`/portal/offers/${offer.offer_id}/drawdown`);
      expect(form.statusCode).toBe(200);
      expect(form.body).toContain('I have read the pre-contract information');
      expect(form.body).toContain(`href="/portal/offers/${offer.offer_id}/pre-contract"`);
      expect(form.body).not.toContain('wholly or mainly for my business');

      const refused = await user.post(`/portal/offers/${offer.offer_id}/drawdown`, { amount: '5000' });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('id="field-pre_contract_read-error"');
      expect(await fundingCount(t, offer.offer_id)).toBe(0);

      const at = new Date('2026-03-02T10:15:00Z');
      t.clock.set(at);
      const drawn = await user.post(`/portal/offers/${offer.offer_id}/drawdown`, { amount: '5000', pre_contract_read: 'yes' });
      expect(drawn.statusCode, drawn.body).toBe(303);
      const [first] = await acknowledgements(t, offer.offer_id);
      expect(first).toMatchObject({ kind: 'pre_contract_read', given_through: 'portal' });
      expect(first.recorded_at.getTime() - at.getTime()).toBeGreaterThanOrEqual(0);
      expect(first.recorded_at.getTime() - at.getTime()).toBeLessThan(10_000);

      // Every portal drawdown asks again, and each is kept with its own funding.
      const again = await user.post(`/portal/offers/${offer.offer_id}/drawdown`, { amount: '1000' });
      expect(again.statusCode).toBe(400);
      expect((await user.post(`/portal/offers/${offer.offer_id}/drawdown`, { amount: '1000', pre_contract_read: 'yes' })).statusCode).toBe(303);
      const rows = await acknowledgements(t, offer.offer_id);
      expect(rows.map((r) => r.kind)).toEqual(['pre_contract_read', 'pre_contract_read']);
      expect(new Set(rows.map((r) => r.funding_id)).size).toBe(2);
      expect(await fundingCount(t, offer.offer_id)).toBe(2);
    });

    it('above £25,000 asks for the business-purpose declaration before the first drawdown only, and keeps when it was given', async () => {
      const { offer, user } = await offeredTo(SOLE_TRADER, 25000.01);
      const form = await user.get(`/portal/offers/${offer.offer_id}/drawdown`);
      expect(form.body).toContain('I confirm this credit is wholly or mainly for my business');
      expect(form.body).not.toContain('I have read the pre-contract information');
      const refused = await user.post(`/portal/offers/${offer.offer_id}/drawdown`, { amount: '5000' });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('id="field-business_purpose_declared-error"');
      expect(await fundingCount(t, offer.offer_id)).toBe(0);

      const at = new Date('2026-03-03T09:00:00Z');
      t.clock.set(at);
      expect((await user.post(`/portal/offers/${offer.offer_id}/drawdown`, { amount: '5000', business_purpose_declared: 'yes' })).statusCode).toBe(303);
      const [declared] = await acknowledgements(t, offer.offer_id);
      expect(declared).toMatchObject({ kind: 'business_purpose_declared', given_through: 'portal' });
      expect(declared.recorded_at.getTime() - at.getTime()).toBeGreaterThanOrEqual(0);
      expect(declared.recorded_at.getTime() - at.getTime()).toBeLessThan(10_000);

      // Declared once: the next drawdown does not ask again.
      expect((await user.get(`/portal/offers/${offer.offer_id}/drawdown`)).body).not.toContain('wholly or mainly for my business');
      expect((await user.post(`/portal/offers/${offer.offer_id}/drawdown`, { amount: '100' })).statusCode).toBe(303);
      expect(await acknowledgements(t, offer.offer_id)).toHaveLength(1);
    });

    it('asks nothing of a limited company or a partnership of four', async () => {
      const company = await offeredTo({}, 10000);
      const partnership = await offeredTo({ type: 'ordinary_partnership' }, 10000, {
        people: partners('Ann', 'Bea', 'Cat', 'Dot'),
      });
      for (const { offer, user } of [company, partnership]) {
        const form = await user.get(`/portal/offers/${offer.offer_id}/drawdown`);
        expect(form.body).not.toContain('pre-contract');
        expect(form.body).not.toContain('for my business');
        expect((await user.get(`/portal/offers/${offer.offer_id}`)).body).not.toContain('Pre-contract information');
        expect((await user.get(`/portal/offers/${offer.offer_id}/pre-contract`)).statusCode).toBe(404);
        expect((await user.post(`/portal/offers/${offer.offer_id}/drawdown`, { amount: '1000' })).statusCode).toBe(303);
        expect(await acknowledgements(t, offer.offer_id)).toEqual([]);
      }
    });
  });

  describe('a drawdown by the lender', () => {
    it('records once that the lender gave the pre-contract information (sandbox and operator)', async () => {
      const bySandbox = await offeredTo(SOLE_TRADER, 10000);
      for (const amount of [1000, 500]) {
        const res = await partner.post(`/sandbox/offers/${bySandbox.offer.offer_id}/fundings`, { data: { amount } });
        expect(res.statusCode, res.body).toBe(201);
      }
      const sandboxRows = await acknowledgements(t, bySandbox.offer.offer_id);
      expect(sandboxRows.map((r) => [r.kind, r.given_through])).toEqual([['pre_contract_given', 'sandbox']]);

      const byOperator = await offeredTo({ type: 'ordinary_partnership' }, 10000, { people: partners('Ann', 'Bea', 'Cat') });
      const res = await t.admin('POST', `/offers/${byOperator.offer.offer_id}/fundings`, { amount: 2000 });
      expect(res.statusCode, res.body).toBe(201);
      expect((await acknowledgements(t, byOperator.offer.offer_id)).map((r) => [r.kind, r.given_through])).toEqual([['pre_contract_given', 'operator']]);

      // Above £25,000 the lender holds the declaration when it draws.
      const large = await offeredTo(SOLE_TRADER, 30000);
      expect((await partner.post(`/sandbox/offers/${large.offer.offer_id}/fundings`, { data: { amount: 1000 } })).statusCode).toBe(201);
      expect((await acknowledgements(t, large.offer.offer_id)).map((r) => [r.kind, r.given_through])).toEqual([['business_purpose_declared', 'sandbox']]);
    });
  });

  describe('the pre-contract information', () => {
    it('lists every item with its explanation, for the amount shown, on the page and in the PDF', async () => {
      t.clock.set(new Date('2026-01-15T12:00:00Z'));
      const { offer, user } = await offeredTo(SOLE_TRADER, 10000);
      const offerPage = await user.get(`/portal/offers/${offer.offer_id}`);
      expect(offerPage.body).toContain('>Pre-contract information</a>');

      const page = await user.get(`/portal/offers/${offer.offer_id}/pre-contract?amount=10000`);
      expect(page.statusCode).toBe(200);
      const fact = (key: string) => new RegExp(`<dd data-fact="${key}">([^<]*)</dd>`).exec(page.body)?.[1];
      // 10,000 over 120 days at 3 % a month, no fee: 2,800, 2,725, 2,650, 2,575 (docs/behaviour.md, section 10).
      expect(fact('lender')).toBe(t.app.config.lenderName);
      expect(fact('kind')).toContain('Flexi loan');
      expect(fact('credit_limit')).toBe('£10,000.00');
      expect(fact('duration')).toBe('120 days: each amount you draw is repaid over 4 months');
      expect(fact('repayment_count')).toBe('4');
      expect(fact('frequency')).toContain('Monthly');
      expect(fact('repayment_amounts')).toBe('First £2,800.00, then falling each month to £2,575.00');
      expect(fact('total_payable')).toBe('£10,750.00');
      expect(fact('cost_of_credit')).toBe('£750.00');
      expect(fact('interest_rate')).toContain('3% a month');
      expect(fact('apr')).toBe('42.6%');
      expect(fact('fee')).toContain('0% of each amount you draw (£0.00 on £10,000.00)');
      expect(fact('missed_payments')).toContain('arrears');
      expect(fact('withdrawal')).toContain('within 14 days');
      // 10,000 × 3 % × 12 ÷ 365 = 9.863… -> £9.86 a day.
      expect(fact('withdrawal_repayment')).toContain('£9.86 a day');
      expect(fact('withdrawal_repayment')).toContain('no fee');
      expect(fact('early_repayment')).toContain('no compensation');
      expect(page.body).toContain('Missing payments could have severe consequences');
      expect(page.body).toContain('Download pre-contract information (PDF)');

      const smaller = await user.get(`/portal/offers/${offer.offer_id}/pre-contract?amount=5000`);
      expect(smaller.body).toContain('<dd data-fact="total_payable">£5,375.00</dd>');
      const tooMuch = await user.get(`/portal/offers/${offer.offer_id}/pre-contract?amount=10000.01`);
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.body).toContain('Enter an amount up to £10,000.00');

      const pdf = await user.get(`/portal/offers/${offer.offer_id}/pre-contract.pdf?amount=10000`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);
      const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
      for (const expected of [
        'Pre-contract credit information',
        `Lender: ${t.app.config.lenderName}`,
        'Credit limit: £10,000.00',
        'Number of repayments: 4',
        'First £2,800.00, then falling each month to £2,575.00',
        'Total amount payable: £10,750.00',
        'APR: 42.6%',
        'Missing payments could have severe consequences',
        '£9.86 a day',
        'We charge no compensation for repaying early',
        '15 May 2026',
      ]) {
        expect(text, expected).toContain(expected);
      }
    });
  });
});
