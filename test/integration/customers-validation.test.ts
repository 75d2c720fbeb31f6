/**
 * What a customer body may not hold (docs/behaviour.md, sections 4 and 5): unknown fields in any
 * object, missing required fields, wrong types, values outside an enum or a format, the people rule,
 * many problems at once (one entry each, at most 100), and text PostgreSQL cannot store. Each is a
 * 400 ValidationError with its pointer, and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { createCustomer, customerBody, usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { body, ROLES_OK, type Json } from '../helpers/customer-bodies.ts';
import { BACKENDS } from '../helpers/db.ts';
import { countRows, expectPointers, expectValidation } from '../helpers/foundation.ts';

describe.each(BACKENDS)('customer validation on %s', (backend) => {
  // Hundreds of calls with one token: the rate limit (tested on its own) must not interfere.
  const t = useTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: '100000' }, resetClock: true });
  const partner = usePartner(t);

  describe('POST /customers/', () => {
    describe('closed objects', () => {
      const unknowns: [string, (d: Json) => void][] = [
        ['/data/foo', (d) => (d.foo = 1)],
        ['/data/company/foo', (d) => (d.company.foo = 'bar')],
        ['/data/company/registered_address/flat', (d) => (d.company.registered_address = { town: 'X', flat: '1' })],
        ['/data/company/trading_address/county', (d) => (d.company.trading_address = { county: 'Kent' })],
        ['/data/company/last_12_months_turnover/currency', (d) => (d.company.last_12_months_turnover.currency = 'GBP')],
        ['/data/company/last_12_months_profit/x', (d) => (d.company.last_12_months_profit = { amount: 1, x: 1 })],
        ['/data/company/overdraft_status/bank', (d) => (d.company.overdraft_status = { bank: 'HSBC' })],
        ['/data/company/vat_status/rate', (d) => (d.company.vat_status = { rate: 20 })],
        ['/data/company/third_party_providers/0/url', (d) => (d.company.third_party_providers = [{ name: 'A', type: 'bank', url: 'x' }])],
        ['/data/people/0/foo', (d) => (d.people[0].foo = true)],
        ['/data/people/0/emails/0/bar', (d) => (d.people[0].emails[0].bar = 'baz')],
        ['/data/people/0/emails/0/marketing_opt_in/channel', (d) => (d.people[0].emails[0].marketing_opt_in = { agreed: true, channel: 'sms' })],
        ['/data/people/0/how_did_you_find_us/when', (d) => (d.people[0].how_did_you_find_us = { when: 'today' })],
        ['/data/people/0/monthly_business_income/currency', (d) => (d.people[0].monthly_business_income = { currency: 'GBP' })],
        ['/data/people/0/monthly_non_business_income/x', (d) => (d.people[0].monthly_non_business_income = { x: 1 })],
        ['/data/people/0/phones/0/extension', (d) => (d.people[0].phones = [{ number: '1', extension: '2' }])],
        ['/data/people/0/privacy_policy/version', (d) => (d.people[0].privacy_policy = { version: 2 })],
        ['/data/people/0/residential_addresses/0/county', (d) => (d.people[0].residential_addresses = [{ county: 'Kent' }])],
        ['/data/people/1/middle_name', (d) => d.people.push({ roles: ['director'], middle_name: 'Q' })],
        ['/data/company/a~1b', (d) => (d.company['a/b'] = 1)],
        ['/data/company/a~0b', (d) => (d.company['a~b'] = 1)],
      ];
      it.each(unknowns)('an unknown field at %s is a 400 with its pointer', async (pointer, edit) => {
        const res = await partner.post('/customers/', body(edit));
        const [error] = expectPointers(res, [pointer]);
        expect(error.detail).toContain('not an allowed field');
      });

      it('an unknown field at the top level is a 400 with its pointer', async () => {
        expectPointers(await partner.post('/customers/', { ...customerBody(), meta: {} }), ['/meta']);
      });
    });

    describe('required fields, types, enums and formats', () => {
      const invalid: [string, string, (d: Json) => void][] = [
        ['company missing', '/data/company', (d) => delete d.company],
        ['people missing', '/data/people', (d) => delete d.people],
        ['people empty', '/data/people', (d) => (d.people = [])],
        ['people not an array', '/data/people', (d) => (d.people = d.people[0])],
        ['company an array', '/data/company', (d) => (d.company = [])],
        ['company null', '/data/company', (d) => (d.company = null)],
        ['person null', '/data/people/0', (d) => (d.people[0] = null)],
        ['company_number a number', '/data/company/company_number', (d) => (d.company.company_number = 1234567)],
        ['company type unknown', '/data/company/type', (d) => (d.company.type = 'charity')],
        ['company type a number', '/data/company/type', (d) => (d.company.type = 5)],
        ['company type wrong case', '/data/company/type', (d) => (d.company.type = 'Sole_Trader')],
        ['trading_from_date not a date', '/data/company/trading_from_date', (d) => (d.company.trading_from_date = '01/03/2019')],
        ['trading_from_date 29 Feb of a common year', '/data/company/trading_from_date', (d) => (d.company.trading_from_date = '2019-02-29')],
        ['trading_from_date month 13', '/data/company/trading_from_date', (d) => (d.company.trading_from_date = '2019-13-01')],
        ['trading_from_date a date-time', '/data/company/trading_from_date', (d) => (d.company.trading_from_date = '2019-03-01T00:00:00Z')],
        [
          'valid_from without a time zone',
          '/data/company/last_12_months_turnover/valid_from',
          (d) => (d.company.last_12_months_turnover.valid_from = '2026-01-01T00:00:00'),
        ],
        ['valid_from a date', '/data/company/last_12_months_turnover/valid_from', (d) => (d.company.last_12_months_turnover.valid_from = '2026-01-01')],
        [
          'valid_from hour 25',
          '/data/company/last_12_months_turnover/valid_from',
          (d) => (d.company.last_12_months_turnover.valid_from = '2026-01-01T25:00:00Z'),
        ],
        ['turnover amount a string', '/data/company/last_12_months_turnover/amount', (d) => (d.company.last_12_months_turnover.amount = '250000')],
        ['turnover with three decimals', '/data/company/last_12_months_turnover/amount', (d) => (d.company.last_12_months_turnover.amount = 1.005)],
        ['turnover with a sub-penny exponent', '/data/company/last_12_months_turnover/amount', (d) => (d.company.last_12_months_turnover.amount = 1e-7)],
        ['turnover absurdly large', '/data/company/last_12_months_turnover/amount', (d) => (d.company.last_12_months_turnover.amount = 1e300)],
        ['profit with three decimals', '/data/company/last_12_months_profit/amount', (d) => (d.company.last_12_months_profit = { amount: -0.001 })],
        [
          'negative overdraft limit',
          '/data/company/overdraft_status/total_overdraft_limit',
          (d) => (d.company.overdraft_status = { total_overdraft_limit: -1 }),
        ],
        [
          'overdraft limit with three decimals',
          '/data/company/overdraft_status/total_overdraft_limit',
          (d) => (d.company.overdraft_status = { total_overdraft_limit: 10.123 }),
        ],
        ['income with three decimals', '/data/people/0/monthly_business_income/amount', (d) => (d.people[0].monthly_business_income = { amount: 99.999 })],
        ['has_card_based_transactions a string', '/data/company/has_card_based_transactions', (d) => (d.company.has_card_based_transactions = 'true')],
        ['number_of_employees a fraction', '/data/company/number_of_employees', (d) => (d.company.number_of_employees = 1.5)],
        ['number_of_employees a string', '/data/company/number_of_employees', (d) => (d.company.number_of_employees = '10')],
        ['online_sales_percentage a fraction', '/data/company/online_sales_percentage', (d) => (d.company.online_sales_percentage = 12.5)],
        ['is_vat_registered a number', '/data/company/vat_status/is_vat_registered', (d) => (d.company.vat_status = { is_vat_registered: 1 })],
        ['address country unknown', '/data/company/registered_address/country', (d) => (d.company.registered_address = { country: 'FR' })],
        ['address country lower case', '/data/company/trading_address/country', (d) => (d.company.trading_address = { country: 'gb' })],
        ['third-party type unknown', '/data/company/third_party_providers/0/type', (d) => (d.company.third_party_providers = [{ name: 'A', type: 'crm' }])],
        ['third-party name missing', '/data/company/third_party_providers/0/name', (d) => (d.company.third_party_providers = [{ type: 'bank' }])],
        ['third-party type missing', '/data/company/third_party_providers/0/type', (d) => (d.company.third_party_providers = [{ name: 'A' }])],
        ['third_party_providers an object', '/data/company/third_party_providers', (d) => (d.company.third_party_providers = { name: 'A', type: 'bank' })],
        ['first_name a number', '/data/people/0/first_name', (d) => (d.people[0].first_name = 7)],
        ['date_of_birth not a date', '/data/people/0/date_of_birth', (d) => (d.people[0].date_of_birth = '10/12/1980')],
        ['email missing', '/data/people/0/emails/0/email', (d) => (d.people[0].emails = [{ type: 'primary' }])],
        ['email not an email', '/data/people/0/emails/0/email', (d) => (d.people[0].emails[0].email = 'not-an-email')],
        ['email without domain', '/data/people/0/emails/0/email', (d) => (d.people[0].emails[0].email = 'ada@')],
        ['email type unknown', '/data/people/0/emails/0/type', (d) => (d.people[0].emails[0].type = 'work')],
        ['marketing agreed a string', '/data/people/0/emails/0/marketing_opt_in/agreed', (d) => (d.people[0].emails[0].marketing_opt_in = { agreed: 'yes' })],
        ['emails an object', '/data/people/0/emails', (d) => (d.people[0].emails = { email: 'a@b.co' })],
        ['how_did_you_find_us answer unknown', '/data/people/0/how_did_you_find_us/answer', (d) => (d.people[0].how_did_you_find_us = { answer: 'tv' })],
        [
          'privacy_policy valid_from not a date-time',
          '/data/people/0/privacy_policy/valid_from',
          (d) => (d.people[0].privacy_policy = { agreed: true, valid_from: 'yesterday' }),
        ],
        [
          'residential date_from not a date',
          '/data/people/0/residential_addresses/0/date_from',
          (d) => (d.people[0].residential_addresses = [{ date_from: '2010' }]),
        ],
        ['residential country unknown', '/data/people/0/residential_addresses/0/country', (d) => (d.people[0].residential_addresses = [{ country: 'US' }])],
        ['phone number missing', '/data/people/0/phones/0/number', (d) => (d.people[0].phones = [{ type: 'mobile' }])],
        ['role unknown', '/data/people/0/roles/3', (d) => (d.people[0].roles = [...ROLES_OK, 'owner'])],
        ['role repeated', '/data/people/0/roles', (d) => (d.people[0].roles = [...ROLES_OK, 'director'])],
        ['roles a string', '/data/people/0/roles', (d) => (d.people[0].roles = 'applicant')],
        ['uid not a uuid', '/data/people/0/uid', (d) => (d.people[0].uid = '1234')],
        ['correlation_id not a uuid', '/data/correlation_id', (d) => (d.correlation_id = 'prequal-42')],
        ['correlation_id with a urn prefix', '/data/correlation_id', (d) => (d.correlation_id = 'urn:uuid:6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b')],
        ['correlation_id in braces', '/data/correlation_id', (d) => (d.correlation_id = '{6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b}')],
        ['external_customer_id a number', '/data/external_customer_id', (d) => (d.external_customer_id = 42)],
        ['external_customer_id empty', '/data/external_customer_id', (d) => (d.external_customer_id = '')],
        ['external_customer_id null', '/data/external_customer_id', (d) => (d.external_customer_id = null)],
      ];

      it.each(invalid)('%s: 400 pointing at %s, nothing stored', async (_label, pointer, edit) => {
        const before = await countRows(t, 'customers');
        const res = await partner.post('/customers/', body(edit));
        const errors = expectPointers(res, [pointer]);
        expect(errors).toHaveLength(1);
        expect(errors[0].detail).not.toMatch(/undefined|\[object/);
        expect(await countRows(t, 'customers')).toBe(before);
      });

      it('a body without data is a 400 pointing at /data', async () => {
        expectPointers(await partner.post('/customers/', {}), ['/data']);
        expectPointers(await partner.post('/customers/', { data: {} }), ['/data/company', '/data/people']);
        expectPointers(await partner.post('/customers/', { data: null }), ['/data']);
      });

      it('the words of the details say what is wrong', async () => {
        const details = (res: Awaited<ReturnType<PartnerClient['post']>>) => res.json().errors.map((e: { detail: string }) => e.detail);
        expect(
          details(
            await partner.post(
              '/customers/',
              body((d) => (d.company.company_number = 'x'.repeat(51))),
            ),
          ),
        ).toEqual(['company_number must be at most 50 characters']);
        expect(
          details(
            await partner.post(
              '/customers/',
              body((d) => (d.company.type = 'x')),
            ),
          ).join(),
        ).toContain('must be one of: limited_liability_company');
        expect(
          details(
            await partner.post(
              '/customers/',
              body((d) => (d.company.last_12_months_turnover.amount = 1.001)),
            ),
          ).join(),
        ).toContain('two decimal places');
        expect(
          details(
            await partner.post(
              '/customers/',
              body((d) => (d.people[0].emails[0].email = 'x')),
            ),
          ).join(),
        ).toContain('email address');
        expect(
          details(
            await partner.post(
              '/customers/',
              body((d) => delete d.company),
            ),
          ).join(),
        ).toContain('company is required');
      });

      it('takes money with up to two decimals exactly, however large', async () => {
        for (const amount of [0, -0, 0.01, 0.1, 0.29, 1.15, 1234567.89, 8888888.88, 5000000.01, 999999999.99, 123456789012.34, -98765432.1]) {
          const res = await partner.post(
            '/customers/',
            body((d) => (d.company.last_12_months_turnover.amount = amount)),
          );
          expect(res.statusCode, `${amount}: ${res.body}`).toBe(201);
          const got = (await partner.get(`/customers/${res.json().data.customer_id}/`)).json().data.company.last_12_months_turnover.amount;
          expect(got).toBe(amount === 0 ? 0 : amount);
        }
      });
    });

    describe('the people rule', () => {
      const bad: [string, Json[]][] = [
        ['no applicant', [{ roles: ['director', 'guarantor'] }]],
        ['no roles at all', [{ first_name: 'A' }]],
        ['empty roles', [{ roles: [] }]],
        ['two applicants', [{ roles: ROLES_OK }, { roles: ROLES_OK }]],
        ['applicant not a director', [{ roles: ['applicant', 'guarantor'] }]],
        ['applicant not a guarantor', [{ roles: ['applicant', 'director'] }]],
        ['applicant only', [{ roles: ['applicant'] }, { roles: ['director', 'guarantor'] }]],
        ['director and guarantor spread over others', [{ roles: ['applicant', 'shareholder'] }, { roles: ['director'] }, { roles: ['guarantor'] }]],
      ];
      it.each(bad)('%s: 400 pointing at /data/people', async (_label, people) => {
        const before = await countRows(t, 'customers');
        const res = await partner.post(
          '/customers/',
          body((d) => (d.people = people)),
        );
        const [error] = expectPointers(res, ['/data/people']);
        expect(error.detail).toMatch(/applicant/);
        expect(await countRows(t, 'customers')).toBe(before);
      });

      it('takes other directors, shareholders and guarantors besides the one applicant, in any position', async () => {
        const res = await partner.post(
          '/customers/',
          body((d) => (d.people = [{ roles: ['director'] }, { roles: ['shareholder', 'guarantor'] }, { roles: ['guarantor', 'applicant', 'director'] }, {}])),
        );
        expect(res.statusCode).toBe(201);
      });

      it('is checked on PUT as well', async () => {
        const id = await createCustomer(partner);
        expectPointers(
          await partner.request(
            'PUT',
            `/customers/${id}/`,
            body((d) => (d.people = [{ roles: ['director'] }])),
          ),
          ['/data/people'],
        );
      });
    });

    it('reports many problems at once, one entry per problem, including the people rule', async () => {
      const res = await partner.post(
        '/customers/',
        body((d) => {
          d.company.company_number = 'x'.repeat(51);
          d.company.type = 5; // a number where an enum string belongs: one problem, one entry
          d.company.trading_from_date = 'soon';
          d.company.foo = 1;
          d.company.last_12_months_turnover.amount = 1.234;
          d.people[0].emails[0].bar = 'baz';
          d.people[0].emails[0].email = 'nope';
          d.people[0].roles = ['applicant'];
          d.people.push({ first_name: 'y'.repeat(101), roles: ['applicant', 'director', 'guarantor'] });
          d.correlation_id = 'x';
        }),
      );
      const errors = expectPointers(res, [
        '/data/company/company_number',
        '/data/company/type',
        '/data/company/trading_from_date',
        '/data/company/foo',
        '/data/company/last_12_months_turnover/amount',
        '/data/people/0/emails/0/bar',
        '/data/people/0/emails/0/email',
        '/data/people/1/first_name',
        '/data/correlation_id',
        '/data/people',
      ]);
      expect(new Set(errors.map((e) => e.detail)).size).toBe(errors.length);
    });

    it('caps a flood of problems at 100 entries', async () => {
      const res = await partner.post(
        '/customers/',
        body((d) => (d.people = Array.from({ length: 20 }, () => ({ x: 1, y: 2, z: 3, roles: 'r' })))),
      );
      const pointers = expectValidation(res);
      expect(pointers.length).toBeGreaterThanOrEqual(60);
      expect(pointers.length).toBeLessThanOrEqual(100);
      const flood = await partner.post('/customers/', JSON.stringify({ data: { company: {}, people: Array(30000).fill(1) } }));
      const many = expectValidation(flood);
      expect(many.length).toBeLessThanOrEqual(100);
    });

    it('refuses text PostgreSQL cannot store (NUL, unpaired surrogates) with a 400 and its pointer', async () => {
      const before = await countRows(t, 'customers');
      const nul = await partner.post(
        '/customers/',
        body((d) => (d.company.trading_name = 'Acme\u0000Ltd')),
      );
      expectPointers(nul, ['/data/company/trading_name']);
      const ext = await partner.post(
        '/customers/',
        body((d) => (d.external_customer_id = 'ext\u0000')),
      );
      expectPointers(ext, ['/data/external_customer_id']);
      const lone = JSON.stringify(body((d) => (d.people[0].first_name = 'LONE'))).replace('LONE', '\\ud800x');
      expectPointers(await partner.post('/customers/', lone), ['/data/people/0/first_name']);
      const loneExt = JSON.stringify(body((d) => (d.external_customer_id = 'LONE'))).replace('LONE', '\\udfff');
      expectPointers(await partner.post('/customers/', loneExt), ['/data/external_customer_id']);
      const key = JSON.stringify(body()).replace('"trading_from_date"', '"bad\\u0000key"');
      expectValidation(await partner.post('/customers/', key));
      expect(await countRows(t, 'customers')).toBe(before);
    });
  });
});
