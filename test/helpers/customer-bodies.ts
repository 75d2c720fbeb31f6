/**
 * Customer bodies for the customer tests (customers.test.ts, customers-validation.test.ts): the
 * default valid body changed by an edit, a body with every documented field at its maximum length,
 * and every length limit of the specification; and the customer the search tests look for.
 */
import { customerBody } from './app.ts';

export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
export const ROLES_OK = ['applicant', 'director', 'guarantor'];

/**
 * The customer the search tests find (the admin API's and the console's): a company with a trading
 * name and a number, and a person with an email and a phone, written as a partner might.
 */
export const HARTLEY = {
  company: { registered_company_name: 'Hartley-Joinery Ltd.', trading_name: 'Hartley Doors', company_number: '09876543' },
  person: {
    first_name: 'Harriet',
    last_name: 'Hartley',
    date_of_birth: '1979-04-02',
    roles: ['applicant', 'director', 'guarantor'],
    emails: [{ email: 'Ops@Hartley.example', type: 'primary' }],
    phones: [{ number: '+44 7700 900123', type: 'mobile' }],
  },
};

export type Json = Record<string, any>;
export type Body = { data: Json };

/** A deep copy of the default valid body, changed by `edit`. */
export function body(edit: (data: Json) => void = () => {}): Body {
  const b = structuredClone(customerBody()) as Body;
  edit(b.data as Json);
  return b;
}

/** An email address of exactly `length` characters that is otherwise valid. */
export function emailOfLength(length: number): string {
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
export function fullBody(external?: string): Body {
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
export const LIMITS: [string, number, (d: Json, s: string) => void][] = [
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
