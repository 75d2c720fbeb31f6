/**
 * Regulated agreements (docs/behaviour.md, section 23) through app.inject: the APR beside the terms
 * in the portal and the console, as the partner API states it.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner, useTestApp } from '../helpers/app.ts';
import { offeredBySandbox, type OfferJson, type OfferTermsJson } from '../helpers/lending.ts';
import { signedInCustomer } from '../helpers/web-user.ts';
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
});
