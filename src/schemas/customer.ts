import { Type, type Static } from 'typebox';
import { Closed, Data, IsoDate, IsoDateTime, Money, StringEnum, Uuid } from './common.ts';

// Limits the spec leaves open (person extras, free text) are ours: generous, but bounded.
const Text = (maxLength: number) => Type.String({ maxLength });

export const COUNTRIES = ['GB', 'DE', 'OTHER'] as const;
export const COMPANY_TYPES = [
  'limited_liability_company',
  'sole_trader',
  'ordinary_partnership',
  'limited_liability_partnership',
  'public_limited_company',
  'other',
] as const;
export const PERSON_ROLES = ['applicant', 'director', 'guarantor', 'shareholder'] as const;
export const FOUND_US_ANSWERS = [
  'letter',
  'search_engine',
  'friend_or_press',
  'advisor',
  'email',
  'online_advert',
  'phone_call',
  'no_answer',
  'train_or_bus_ad',
  'radio',
] as const;

const Address = Closed({
  building_number: Type.Optional(Text(250)),
  street_line_1: Type.Optional(Text(250)),
  street_line_2: Type.Optional(Text(250)),
  town: Type.Optional(Text(250)),
  postcode: Type.Optional(Text(250)),
  country: Type.Optional(StringEnum(COUNTRIES, { maxLength: 5 })),
});

const DatedAmount = Closed({
  amount: Type.Optional(Money({ minimum: -1e12, maximum: 1e12 })),
  valid_from: Type.Optional(IsoDateTime),
});

const Agreement = Closed({
  agreed: Type.Optional(Type.Boolean()),
  valid_from: Type.Optional(IsoDateTime),
});

export const Company = Closed({
  company_number: Type.Optional(Text(50)),
  registered_company_name: Type.Optional(Text(200)),
  trading_name: Type.Optional(Text(200)),
  type: Type.Optional(StringEnum(COMPANY_TYPES)),
  trading_from_date: Type.Optional(IsoDate),
  industry: Type.Optional(Text(200)),
  website: Type.Optional(Text(200)),
  number_of_employees: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
  online_sales_percentage: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  has_card_based_transactions: Type.Optional(Type.Boolean()),
  last_12_months_turnover: Type.Optional(DatedAmount),
  last_12_months_profit: Type.Optional(DatedAmount),
  overdraft_status: Type.Optional(
    Closed({
      has_overdraft: Type.Optional(Type.Boolean()),
      total_overdraft_limit: Type.Optional(Money({ minimum: 0, maximum: 1e12 })),
    }),
  ),
  vat_status: Type.Optional(
    Closed({
      is_vat_registered: Type.Optional(Type.Boolean()),
      registered_over_3_months: Type.Optional(Type.Boolean()),
      vat_number: Type.Optional(Text(50)),
    }),
  ),
  registered_address: Type.Optional(Address),
  trading_address: Type.Optional(Address),
  third_party_providers: Type.Optional(Type.Array(Closed({ name: Text(200), type: StringEnum(['ecommerce', 'software', 'bank'] as const) }), { maxItems: 50 })),
});

export const Person = Closed({
  first_name: Type.Optional(Text(100)),
  last_name: Type.Optional(Text(100)),
  date_of_birth: Type.Optional(IsoDate),
  emails: Type.Optional(
    Type.Array(
      Closed({
        email: Type.String({ format: 'email', maxLength: 254 }),
        type: Type.Optional(StringEnum(['primary', 'secondary'] as const)),
        marketing_opt_in: Type.Optional(Agreement),
      }),
      { maxItems: 10 },
    ),
  ),
  how_did_you_find_us: Type.Optional(Closed({ answer: Type.Optional(StringEnum(FOUND_US_ANSWERS)), details: Type.Optional(Text(50)) })),
  monthly_business_income: Type.Optional(DatedAmount),
  monthly_non_business_income: Type.Optional(DatedAmount),
  phones: Type.Optional(Type.Array(Closed({ number: Text(50), type: Type.Optional(Text(50)) }), { maxItems: 10 })),
  privacy_policy: Type.Optional(Agreement),
  residential_addresses: Type.Optional(
    Type.Array(
      Closed({
        country: Type.Optional(StringEnum(COUNTRIES, { maxLength: 5 })),
        date_from: Type.Optional(IsoDate),
        house_number: Type.Optional(Text(250)),
        postcode: Type.Optional(Text(250)),
        residential_status: Type.Optional(Text(100)),
        street_line_1: Type.Optional(Text(250)),
        street_line_2: Type.Optional(Text(250)),
        town: Type.Optional(Text(250)),
      }),
      { maxItems: 20 },
    ),
  ),
  roles: Type.Optional(Type.Array(StringEnum(PERSON_ROLES), { maxItems: 4, uniqueItems: true })),
  title: Type.Optional(Text(50)),
  uid: Type.Optional(Uuid),
});

export const CustomerDetails = Closed({
  company: Company,
  people: Type.Array(Person, { minItems: 1, maxItems: 20 }),
  external_customer_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  correlation_id: Type.Optional(Uuid),
  test_clock_id: Type.Optional(
    Type.String({
      format: 'uuid',
      description: 'Sandbox only: the test clock the customer is put on at creation (docs/behaviour.md, section 28); a PUT may repeat it, never change it',
    }),
  ),
});

export const CustomerBody = Data(CustomerDetails, { $id: 'CustomerBody', title: 'Customer' });

export const CustomerCreated = Data(Type.Object({ customer_id: Uuid }));

export const CustomerRecord = Data(
  Type.Object({
    customer_id: Uuid,
    external_customer_id: Type.Union([Type.String(), Type.Null()]),
    correlation_id: Type.Union([Type.String(), Type.Null()]),
    company: Type.Object({}, { additionalProperties: true }),
    people: Type.Array(Type.Object({}, { additionalProperties: true })),
    test_clock_id: Type.Union([Uuid, Type.Null()], { description: 'The sandbox test clock the customer is on, or null' }),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  }),
);

export const CustomerIdParams = Type.Object({ customer_id: Type.String() });

export type CompanyData = Static<typeof Company>;
export type PersonData = Static<typeof Person>;
export type CustomerDetailsData = Static<typeof CustomerDetails>;
