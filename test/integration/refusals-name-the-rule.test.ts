/**
 * Bad input names the rule (docs/behaviour.md, section 31): a `limit` out of range on any paged list
 * says its range; a `missed` date that is no repayment date of the loan (simulate, a test clock's
 * advance) is a 400 with its pointer saying which days are; a login link refused because the
 * introducer is the contact says to select the offer with `entity_to_contact` `customer`.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, usePartner, useTestApp } from '../helpers/app.ts';
import { BACKENDS } from '../helpers/db.ts';
import { expectError } from '../helpers/foundation.ts';
import { apply, offeredBySandbox, selectOffer, type OfferTermsJson } from '../helpers/lending.ts';
import { fund } from '../helpers/loans.ts';
import { createClock, getClock } from '../helpers/test-clocks.ts';

const WALL = new Date('2027-01-10T09:15:00.000Z');
const TERMS: OfferTermsJson = { product_type: 'flexi_loan', max_amount: 5000, monthly_interest_percentage: 2, fee_percentage: 0, duration_in_days: 120 };

describe.each(BACKENDS)('refusals that name the rule on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: WALL });
  const partner = usePartner(t);
  beforeEach(() => t.clock.set(WALL));

  it('answers a limit out of range on every paged list with its range, on the limit parameter', async () => {
    const customerId = await createCustomer(partner);
    const partnerLists: [string, number][] = [
      ['/events/?', 100],
      ['/request_log/?', 200],
      ['/webhooks/deliveries/?', 200],
      [`/customers/${customerId}/loans/?`, 200],
      [`/document_upload/${customerId}/?`, 200],
      ['/sandbox/test_clocks/?', 200],
    ];
    const adminLists: [string, number][] = [
      ['/applications?', 200],
      ['/customers?q=x&', 200],
      ['/partners?', 200],
      [`/partners/${partner.partnerId}/tokens?`, 200],
      [`/partners/${partner.partnerId}/deliveries?environment=sandbox&`, 200],
      ['/audit?', 200],
    ];
    const expected = (max: number) => [{ code: 'ValidationError', detail: `limit must be from 1 to ${max}`, source: { parameter: 'limit' } }];
    for (const [path, max] of partnerLists) {
      for (const limit of ['0', String(max + 1), '1000', 'ten', '-1', '1.5', '']) {
        const res = await partner.get(`${path}limit=${limit}`);
        expect(expectError(res, 400, 'ValidationError'), `${path}limit=${limit}`).toEqual(expected(max));
      }
      expect((await partner.get(`${path}limit=${max}`)).statusCode, path).toBe(200);
    }
    for (const [path, max] of adminLists) {
      for (const limit of ['0', String(max + 1)]) {
        expect(expectError(await t.admin('GET', `${path}limit=${limit}`), 400, 'ValidationError'), path).toEqual(expected(max));
      }
      expect((await t.admin('GET', `${path}limit=${max}`)).statusCode, path).toBe(200);
    }
  });

  it("refuses a simulated missed date that is none of the loan's repayment dates, with its pointer and the rule", async () => {
    const made = await offeredBySandbox(partner, [TERMS]);
    await selectOffer(partner, made.offers[0].offer_id, 'introducer');
    const loanId = await fund(partner, made.offers[0].offer_id, 2000);
    const loan = (await partner.get(`/loans/${loanId}/`)).json().data;
    const [first, second] = loan.repayments.map((r: { date: string }) => r.date);
    const res = await partner.post(`/sandbox/loans/${loanId}/simulate`, { data: { until: second, missed: [first, '2027-01-11'] } });
    const errors = expectError(res, 400, 'NoRepaymentOnDate');
    expect(errors.map((e) => [e.source, e.detail])).toEqual([
      [{ pointer: '/data/missed/1' }, `must be a day on which a repayment of this loan falls due, on or before until (${second}): none does on 2027-01-11`],
    ]);
    expect((await partner.get(`/loans/${loanId}/`)).json().data.repayments.map((r: { status: string }) => r.status)).toEqual(
      loan.repayments.map(() => 'scheduled'),
    );
  });

  it("refuses an advance's missed day on which no repayment of a loan on the clock falls due, naming the days that do", async () => {
    const clock = await createClock(partner);
    const advance = (data: unknown) => partner.post(`/sandbox/test_clocks/${clock.test_clock_id}/advance`, { data });
    // No loan on the clock: no day can be missed.
    const none = expectError(await advance({ to: '2027-03-01', missed: ['2027-02-10'] }), 400, 'ValidationError');
    expect(none).toEqual([
      {
        code: 'ValidationError',
        detail: 'must be a day on which a repayment of a loan on this clock falls due: none falls due in this advance',
        source: { pointer: '/data/missed/0' },
      },
    ]);
    const made = await offeredBySandbox(partner, [TERMS], { customer: { test_clock_id: clock.test_clock_id } });
    await selectOffer(partner, made.offers[0].offer_id, 'introducer');
    const loanId = await fund(partner, made.offers[0].offer_id, 2000);
    const dates: string[] = (await partner.get(`/loans/${loanId}/`)).json().data.repayments.map((r: { date: string }) => r.date);
    expect(dates).toHaveLength(4);
    const to = dates[3];
    const refused = expectError(await advance({ to, missed: [dates[1], '2027-02-11', dates[0], '2027-05-01'] }), 400, 'ValidationError');
    const rule = `must be a day on which a repayment of a loan on this clock falls due; in this advance: ${dates.slice(0, 3).join(', ')}, …`;
    expect(refused.map((e) => [e.source, e.detail])).toEqual([
      [{ pointer: '/data/missed/1' }, rule],
      [{ pointer: '/data/missed/3' }, rule],
    ]);
    expect((await getClock(partner, clock.test_clock_id)).status).toBe('ready');
    // A repayment day is taken.
    const taken = await advance({ to, missed: [dates[1]] });
    expect(taken.statusCode, taken.body).toBe(202);
  });

  it('says to select the offer with entity_to_contact customer when the introducer is the contact', async () => {
    const intro = await t.admin('POST', `/partners/${partner.partnerId}/introducers`, {
      name: 'Broker Ltd',
      email: 'broker@example.com',
      environment: 'sandbox',
    });
    expect(intro.statusCode, intro.body).toBe(201);
    const viaIntroducer = await createCustomer(partner);
    await apply(partner, viaIntroducer, { amount: 20000, introducer: { entity_to_contact: 'introducer', introducer_id: intro.json().data.introducer_id } });
    const [refusal] = expectError(await partner.get(`/customers/${viaIntroducer}/login_link/`), 400, 'LoginLinkUnavailable');
    expect(refusal.detail).toBe(
      'the introducer is the contact for the latest application, not the customer: select the offer with entity_to_contact customer ' +
        '(POST /offers/{offer_id}/select/ with {"data": {"entity_to_contact": "customer"}}), which also answers a login link',
    );
    expect(refusal.meta).toMatchObject({ entity_to_contact: 'introducer' });

    // Doing as it says works: selecting for the customer answers a login link, and GET login_link works again.
    const made = await offeredBySandbox(partner, [TERMS]);
    await selectOffer(partner, made.offers[0].offer_id, 'introducer');
    expectError(await partner.get(`/customers/${made.customerId}/login_link/`), 400, 'LoginLinkUnavailable');
    const selected = await partner.post(`/offers/${made.offers[0].offer_id}/select`, { data: { entity_to_contact: 'customer' } });
    expect(selected.statusCode, selected.body).toBe(200);
    expect(selected.json().data.login_link).toMatch(/\/portal\/login\?token=/);
    expect((await partner.get(`/customers/${made.customerId}/login_link/`)).statusCode).toBe(200);
  });
});
