import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, customerBody, usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { countRows, expectError, expectPointers, expectValidation, UNKNOWN_UUID, UUID } from '../helpers/foundation.ts';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const ROLES_OK = ['applicant', 'director', 'guarantor'];

type Json = Record<string, any>;
type Body = { data: Json };

/** A deep copy of the default valid body, changed by `edit`. */
function body(edit: (data: Json) => void = () => {}): Body {
  const b = structuredClone(customerBody()) as Body;
  edit(b.data as Json);
  return b;
}

/** An email address of exactly `length` characters that is otherwise valid. */
function emailOfLength(length: number): string {
  const local = 'a'.repeat(64);
  let rest = length - local.length - 1;
  const labels: string[] = [];
  while (rest > 0) {
    const size = Math.min(63, rest);
    // A label followed by a dot uses size + 1 characters; the last label none extra.
    if (rest === size) {
      labels.push('d'.repeat(size));
      rest = 0;
    } else {
      const take = Math.min(63, rest - 2);
      labels.push('c'.repeat(take));
      rest -= take + 1;
    }
  }
  const email = `${local}@${labels.join('.')}`;
  if (email.length !== length) throw new Error(`email length ${email.length} != ${length}`);
  return email;
}

/** A fully filled body: every documented field, each string at its maximum length. */
function fullBody(external?: string): Body {
  const address = (ch: string) => ({
    building_number: ch.repeat(250),
    street_line_1: ch.repeat(250),
    street_line_2: ch.repeat(250),
    town: ch.repeat(250),
    postcode: ch.repeat(250),
    country: 'GB',
  });
  return {
    data: {
      ...(external ? { external_customer_id: external } : {}),
      correlation_id: '6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b',
      company: {
        company_number: '9'.repeat(50),
        registered_company_name: 'R'.repeat(200),
        trading_name: 'T'.repeat(200),
        type: 'limited_liability_partnership',
        trading_from_date: '2016-02-29',
        industry: 'Construction',
        website: 'w'.repeat(200),
        number_of_employees: 12,
        online_sales_percentage: 100,
        has_card_based_transactions: true,
        last_12_months_turnover: { amount: 1234567.89, valid_from: '2026-01-31T09:30:00.123Z' },
        last_12_months_profit: { amount: -1500.5, valid_from: '2026-01-31T09:30:00+01:00' },
        overdraft_status: { has_overdraft: true, total_overdraft_limit: 5000.01 },
        vat_status: { is_vat_registered: true, registered_over_3_months: false, vat_number: 'GB123456789' },
        registered_address: address('a'),
        trading_address: { ...address('b'), country: 'OTHER' },
        third_party_providers: [
          { name: 'P'.repeat(200), type: 'ecommerce' },
          { name: 'Xero', type: 'software' },
          { name: 'Bank', type: 'bank' },
        ],
      },
      people: [
        {
          title: 'mr',
          uid: 'a3bb189e-8bf9-3888-9912-ace4e6543002',
          first_name: 'F'.repeat(100),
          last_name: 'L'.repeat(100),
          date_of_birth: '1980-12-10',
          roles: ['applicant', 'director', 'guarantor', 'shareholder'],
          emails: [
            { email: emailOfLength(254), type: 'primary', marketing_opt_in: { agreed: true, valid_from: '2026-01-01T00:00:00Z' } },
            { email: 'second@example.co.uk', type: 'secondary' },
          ],
          phones: [{ number: '+44 20 7946 0000', type: 'mobile' }],
          privacy_policy: { agreed: true, valid_from: '2026-01-01T00:00:00Z' },
          how_did_you_find_us: { answer: 'train_or_bus_ad', details: 'd'.repeat(50) },
          monthly_business_income: { amount: 4000, valid_from: '2026-01-01T00:00:00Z' },
          monthly_non_business_income: { amount: 0.99, valid_from: '2026-01-01T00:00:00Z' },
          residential_addresses: [
            {
              country: 'DE',
              date_from: '2010-01-01',
              house_number: '12a',
              postcode: 'SW1A 1AA',
              residential_status: 'owner_with_mortgage',
              street_line_1: 'High Street',
              street_line_2: 'Flat 2',
              town: 'London',
            },
          ],
        },
        { first_name: 'Second', last_name: 'Director', roles: ['director', 'shareholder'] },
        { first_name: 'Third', roles: ['guarantor'] },
        { first_name: 'Nobody' },
      ],
    },
  };
}

/** Every length limit of the spec: where it is, and how to set a string of a given length there. */
const LIMITS: [string, number, (d: Json, s: string) => void][] = [
  ['/data/company/company_number', 50, (d, s) => (d.company.company_number = s)],
  ['/data/company/registered_company_name', 200, (d, s) => (d.company.registered_company_name = s)],
  ['/data/company/trading_name', 200, (d, s) => (d.company.trading_name = s)],
  ['/data/company/website', 200, (d, s) => (d.company.website = s)],
  ['/data/company/third_party_providers/0/name', 200, (d, s) => (d.company.third_party_providers = [{ name: s, type: 'bank' }])],
  ...(['building_number', 'street_line_1', 'street_line_2', 'town', 'postcode'] as const).flatMap((part): [string, number, (d: Json, s: string) => void][] => [
    [`/data/company/registered_address/${part}`, 250, (d, s) => (d.company.registered_address = { [part]: s })],
    [`/data/company/trading_address/${part}`, 250, (d, s) => (d.company.trading_address = { [part]: s })],
  ]),
  ['/data/people/0/first_name', 100, (d, s) => (d.people[0].first_name = s)],
  ['/data/people/0/last_name', 100, (d, s) => (d.people[0].last_name = s)],
  ['/data/people/0/how_did_you_find_us/details', 50, (d, s) => (d.people[0].how_did_you_find_us = { answer: 'advisor', details: s })],
];

describe.each(BACKENDS)('customers on %s', (backend) => {
  // Hundreds of calls with one token: the rate limit (tested on its own) must not interfere.
  const t = useTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: '100000' }, resetClock: true });
  const partner = usePartner(t);

  describe('POST /customers/', () => {
    it('creates a customer: 201 {data: {customer_id}}', async () => {
      const res = await partner.post('/customers/', customerBody());
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ data: { customer_id: expect.stringMatching(UUID) } });
      expect(
        await countRows(t, 'customers', 'id = $1 AND partner_id = $2 AND environment = $3', [res.json().data.customer_id, partner.partnerId, 'sandbox']),
      ).toBe(1);
    });

    it('takes every documented field at its maximum length, and GET returns it unchanged', async () => {
      const full = fullBody('full-1');
      const res = await partner.post('/customers/', full);
      expect(res.statusCode, res.body).toBe(201);
      const got = (await partner.get(`/customers/${res.json().data.customer_id}/`)).json().data;
      expect(got.company).toEqual(full.data.company);
      expect(got.people).toEqual(full.data.people);
      expect(got.external_customer_id).toBe('full-1');
      expect(got.correlation_id).toBe('6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b');
    });

    it('takes the smallest body: an empty company and one applicant', async () => {
      const res = await partner.post('/customers/', { data: { company: {}, people: [{ roles: ROLES_OK }] } });
      expect(res.statusCode).toBe(201);
    });

    it.each(LIMITS)('%s: %i characters pass, one more is a 400 pointing at it', async (pointer, limit, set) => {
      expect(
        (
          await partner.post(
            '/customers/',
            body((d) => set(d, 'x'.repeat(limit))),
          )
        ).statusCode,
      ).toBe(201);
      const res = await partner.post(
        '/customers/',
        body((d) => set(d, 'x'.repeat(limit + 1))),
      );
      const [error] = expectPointers(res, [pointer]);
      expect(error.detail).toContain(`at most ${limit} characters`);
    });

    it('email: 254 characters pass, 255 are a 400', async () => {
      const ok = await partner.post(
        '/customers/',
        body((d) => (d.people[0].emails = [{ email: emailOfLength(254) }])),
      );
      expect(ok.statusCode, ok.body).toBe(201);
      const res = await partner.post(
        '/customers/',
        body((d) => (d.people[0].emails = [{ email: emailOfLength(255) }])),
      );
      const [error] = expectPointers(res, ['/data/people/0/emails/0/email']);
      expect(error.detail).toContain('at most 254 characters');
    });

    it('counts characters, not bytes: 100 multi-byte characters are a valid name', async () => {
      const res = await partner.post(
        '/customers/',
        body((d) => (d.people[0].first_name = 'É'.repeat(100))),
      );
      expect(res.statusCode).toBe(201);
      expectPointers(
        await partner.post(
          '/customers/',
          body((d) => (d.people[0].first_name = 'É'.repeat(101))),
        ),
        ['/data/people/0/first_name'],
      );
    });

    it('reports every over-long field of one body, one entry each', async () => {
      const res = await partner.post(
        '/customers/',
        body((d) => LIMITS.forEach(([, limit, set]) => set(d, 'y'.repeat(limit + 1)))),
      );
      // Setters that replace the same object keep only their last field; count the distinct pointers left.
      const expected = new Set<string>();
      const probe = body((d) => LIMITS.forEach(([, limit, set]) => set(d, 'y'.repeat(limit + 1))));
      for (const [pointer] of LIMITS) {
        const path = pointer.split('/').slice(1);
        let node: any = probe;
        for (const key of path) node = node?.[key];
        if (typeof node === 'string') expected.add(pointer);
      }
      expect(expected.size).toBeGreaterThan(8);
      expectPointers(res, [...expected]);
    });

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

    it('stores any other Unicode text exactly (emoji, accents, right-to-left)', async () => {
      const name = 'Café 🚀 شركة ﷽ \u{1F600}';
      const res = await partner.post(
        '/customers/',
        body((d) => {
          d.company.trading_name = name;
          d.external_customer_id = `ext-${name}`;
        }),
      );
      expect(res.statusCode).toBe(201);
      const got = (await partner.get(`/customers/${res.json().data.customer_id}/`)).json().data;
      expect(got.company.trading_name).toBe(name);
      expect(got.external_customer_id).toBe(`ext-${name}`);
    });
  });

  describe('duplicates', () => {
    it('a repeated external_customer_id is a 409 DuplicateCustomer naming the first customer', async () => {
      const first = await createCustomer(partner, { external_customer_id: 'dup-1' });
      const before = await countRows(t, 'customers');
      const res = await partner.post(
        '/customers/',
        body((d) => {
          d.external_customer_id = 'dup-1';
          d.company.trading_name = 'Different details';
        }),
      );
      const [error] = expectError(res, 409, 'DuplicateCustomer');
      expect(error.meta).toEqual({ customer_id: first });
      expect(await countRows(t, 'customers')).toBe(before);
    });

    it('external ids are compared exactly (case and spaces matter)', async () => {
      await createCustomer(partner, { external_customer_id: 'Case-1' });
      expect((await partner.post('/customers/', customerBody({ external_customer_id: 'case-1' }))).statusCode).toBe(201);
      expect((await partner.post('/customers/', customerBody({ external_customer_id: 'Case-1 ' }))).statusCode).toBe(201);
    });

    it('customers without an external id are never duplicates', async () => {
      expect((await partner.post('/customers/', customerBody())).statusCode).toBe(201);
      expect((await partner.post('/customers/', customerBody())).statusCode).toBe(201);
    });

    it('the same external id is fine for another partner and in the other environment', async () => {
      const first = await createCustomer(partner, { external_customer_id: 'shared-ext' });
      const other = await t.partner();
      const otherRes = await other.post('/customers/', customerBody({ external_customer_id: 'shared-ext' }));
      expect(otherRes.statusCode).toBe(201);
      const production = await t.token(partner.partnerId, 'production');
      const prodRes = await production.post('/customers/', customerBody({ external_customer_id: 'shared-ext' }));
      expect(prodRes.statusCode).toBe(201);
      expect(new Set([first, otherRes.json().data.customer_id, prodRes.json().data.customer_id]).size).toBe(3);
      // ...and each tenant's own duplicate still names its own customer.
      const again = await production.post('/customers/', customerBody({ external_customer_id: 'shared-ext' }));
      expect(expectError(again, 409, 'DuplicateCustomer')[0].meta).toEqual({ customer_id: prodRes.json().data.customer_id });
    });

    it('20 concurrent duplicates create exactly one customer: one 201, nineteen 409 naming it', async () => {
      const responses = await Promise.all(Array.from({ length: 20 }, () => partner.post('/customers/', customerBody({ external_customer_id: 'race-1' }))));
      const created = responses.filter((r) => r.statusCode === 201);
      const conflicts = responses.filter((r) => r.statusCode === 409);
      expect(created).toHaveLength(1);
      expect(conflicts).toHaveLength(19);
      const id = created[0].json().data.customer_id;
      for (const res of conflicts) {
        const [error] = expectError(res, 409, 'DuplicateCustomer');
        expect(error.meta).toEqual({ customer_id: id });
      }
      expect(await countRows(t, 'customers', "external_customer_id = 'race-1'")).toBe(1);
    });
  });

  describe('GET /customers/{id}/', () => {
    it('answers {data: {customer_id, external_customer_id, correlation_id, company, people, test_clock_id, created_at, updated_at}}', async () => {
      const sent = customerBody({ external_customer_id: 'get-1', correlation_id: 'd9428888-122b-11e1-b85c-61cd3cbb3210' });
      const id = (await partner.post('/customers/', sent)).json().data.customer_id;
      const res = await partner.get(`/customers/${id}/`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['data']);
      expect(Object.keys(body.data).sort()).toEqual([
        'company',
        'correlation_id',
        'created_at',
        'customer_id',
        'external_customer_id',
        'people',
        'test_clock_id',
        'updated_at',
      ]);
      expect(body.data).toEqual({
        customer_id: id,
        external_customer_id: 'get-1',
        correlation_id: 'd9428888-122b-11e1-b85c-61cd3cbb3210',
        company: sent.data.company,
        people: sent.data.people,
        test_clock_id: null,
        created_at: expect.stringMatching(ISO_UTC),
        updated_at: expect.stringMatching(ISO_UTC),
      });
      expect(body.data.updated_at).toBe(body.data.created_at);
    });

    it('answers null for the ids that were not sent', async () => {
      const id = await createCustomer(partner);
      const data = (await partner.get(`/customers/${id}/`)).json().data;
      expect(data.external_customer_id).toBeNull();
      expect(data.correlation_id).toBeNull();
    });

    it('uses the service clock for its timestamps', async () => {
      t.clock.set(new Date('2026-03-15T10:00:00.000Z'));
      const id = await createCustomer(partner);
      const data = (await partner.get(`/customers/${id}/`)).json().data;
      // The test clock keeps ticking from where it was set.
      expect(data.created_at).toMatch(/^2026-03-15T10:00:0\d\.\d{3}Z$/);
      expect(data.updated_at).toBe(data.created_at);
    });

    it('answers 404 NotFound for an unknown id', async () => {
      expectError(await partner.get(`/customers/${UNKNOWN_UUID}/`), 404, 'NotFound');
    });
  });

  describe('PUT /customers/{id}/', () => {
    it('replaces the details: 200 with the GET shape; created_at stays, updated_at moves', async () => {
      t.clock.set(new Date('2026-04-01T08:00:00.000Z'));
      const id = await createCustomer(partner, { external_customer_id: 'put-1' });
      t.clock.set(new Date('2026-04-02T09:30:00.000Z'));
      const replacement = fullBody('put-1-renamed');
      const res = await partner.request('PUT', `/customers/${id}/`, replacement);
      expect(res.statusCode, res.body).toBe(200);
      const expected = {
        customer_id: id,
        external_customer_id: 'put-1-renamed',
        correlation_id: replacement.data.correlation_id,
        company: replacement.data.company,
        people: replacement.data.people,
        test_clock_id: null,
        created_at: expect.stringMatching(/^2026-04-01T08:00:0\d\.\d{3}Z$/),
        updated_at: expect.stringMatching(/^2026-04-02T09:30:0\d\.\d{3}Z$/),
      };
      expect(res.json()).toEqual({ data: expected });
      expect((await partner.get(`/customers/${id}/`)).json()).toEqual({ data: expected });
    });

    it('replaces, not merges: fields left out are gone', async () => {
      const id = await createCustomer(partner, { external_customer_id: 'put-2', correlation_id: 'd9428888-122b-11e1-b85c-61cd3cbb3210' });
      const res = await partner.request('PUT', `/customers/${id}/`, { data: { company: { trading_name: 'Only' }, people: [{ roles: ROLES_OK }] } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        external_customer_id: null,
        correlation_id: null,
        company: { trading_name: 'Only' },
        people: [{ roles: ROLES_OK }],
      });
      // The freed external id can be used again.
      expect((await partner.post('/customers/', customerBody({ external_customer_id: 'put-2' }))).statusCode).toBe(201);
    });

    it('validates like POST and changes nothing when invalid', async () => {
      const id = await createCustomer(partner, { external_customer_id: 'put-3' });
      const before = (await partner.get(`/customers/${id}/`)).json();
      expectPointers(
        await partner.request(
          'PUT',
          `/customers/${id}/`,
          body((d) => (d.people[0].emails[0].bar = 1)),
        ),
        ['/data/people/0/emails/0/bar'],
      );
      expectPointers(
        await partner.request(
          'PUT',
          `/customers/${id}/`,
          body((d) => (d.company.company_number = '1'.repeat(51))),
        ),
        ['/data/company/company_number'],
      );
      expectPointers(
        await partner.request(
          'PUT',
          `/customers/${id}/`,
          body((d) => (d.company.last_12_months_turnover.amount = 0.001)),
        ),
        ['/data/company/last_12_months_turnover/amount'],
      );
      expectPointers(await partner.request('PUT', `/customers/${id}/`, { data: {} }), ['/data/company', '/data/people']);
      expectPointers(
        await partner.request(
          'PUT',
          `/customers/${id}/`,
          body((d) => (d.company.trading_name = 'x\u0000')),
        ),
        ['/data/company/trading_name'],
      );
      expect((await partner.get(`/customers/${id}/`)).json()).toEqual(before);
    });

    it('to an external id another customer holds: 409 DuplicateCustomer naming that customer', async () => {
      const holder = await createCustomer(partner, { external_customer_id: 'held' });
      const id = await createCustomer(partner, { external_customer_id: 'mine' });
      const res = await partner.request('PUT', `/customers/${id}/`, customerBody({ external_customer_id: 'held' }));
      const [error] = expectError(res, 409, 'DuplicateCustomer');
      expect(error.meta).toEqual({ customer_id: holder });
      expect((await partner.get(`/customers/${id}/`)).json().data.external_customer_id).toBe('mine');
      // Keeping its own external id is no conflict.
      expect((await partner.request('PUT', `/customers/${id}/`, customerBody({ external_customer_id: 'mine' }))).statusCode).toBe(200);
    });

    it('an external id held in another tenant is no conflict', async () => {
      const other = await t.partner();
      await createCustomer(other, { external_customer_id: 'theirs' });
      const id = await createCustomer(partner);
      expect((await partner.request('PUT', `/customers/${id}/`, customerBody({ external_customer_id: 'theirs' }))).statusCode).toBe(200);
    });

    it('answers 404 for an unknown id and for a non-UUID id, whatever the body', async () => {
      expectError(await partner.request('PUT', `/customers/${UNKNOWN_UUID}/`, customerBody()), 404, 'NotFound');
      expectError(await partner.request('PUT', '/customers/abc/', customerBody()), 404, 'NotFound');
      expectError(await partner.request('PUT', '/customers/abc/', { data: { wrong: true } }), 404, 'NotFound');
    });
  });
});
