/**
 * The admin API's lists (docs/behaviour.md, sections 14 and 27): their queries and answers, as
 * openapi.admin.json declares them. Each answers one page in `data` and its cursors in `meta`.
 */
import { Type } from 'typebox';
import { APPLICATION_STATUSES } from '../domain/application-status.ts';
import { ENVIRONMENTS } from '../domain/tenant.ts';
import { Closed, IsoDateTime, StringEnum, Uuid } from './common.ts';
import { PageMeta, PageQueryFields } from './paging.ts';
import { DeliveryView } from './webhooks.ts';

const RECORD_TYPES = ['customer', 'application', 'loan', 'funding', 'offer', 'document'] as const;
const MATCHES = [...RECORD_TYPES.map((t) => `${t}_id` as const), 'company_name', 'company_number', 'email', 'phone', 'external_customer_id'] as const;

export const CustomerSearchQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'Any part of a company name or a company number (case and punctuation ignored; 3 letters or digits at least), an email or phone number of one of its people, an external_customer_id, or a whole id of a customer, application, offer, loan, funding or document. Empty or absent: every customer',
    }),
  ),
  partner_id: Type.Optional(Type.String({ format: 'uuid', description: "Only this partner's customers" })),
  environment: Type.Optional(StringEnum(ENVIRONMENTS, { description: 'Only customers of this environment' })),
  ...PageQueryFields,
});

export const CustomerFound = Type.Object({
  customer_id: Uuid,
  partner: Type.Object({ partner_id: Uuid, name: Type.String() }),
  environment: StringEnum(ENVIRONMENTS, { description: 'sandbox customers are test data: never one of the lender’s real customers' }),
  external_customer_id: Type.Union([Type.String(), Type.Null()]),
  company: Type.Object({
    registered_company_name: Type.Union([Type.String(), Type.Null()]),
    trading_name: Type.Union([Type.String(), Type.Null()]),
    company_number: Type.Union([Type.String(), Type.Null()]),
  }),
  latest_application: Type.Union([Type.Object({ application_id: Uuid, status: StringEnum(APPLICATION_STATUSES) }), Type.Null()]),
  loans: Type.Object({ count: Type.Integer(), in_arrears: Type.Integer({ description: 'Loans with a missed repayment' }) }),
  created_at: IsoDateTime,
  matched_by: Type.Array(StringEnum(MATCHES), { description: 'What the search matched on this customer (empty when listing every customer)' }),
});

export const CustomerSearchAnswer = Closed({
  data: Type.Object({ customers: Type.Array(CustomerFound) }),
  meta: Type.Object({
    ...PageMeta.properties,
    record: Type.Union([Type.Object({ type: StringEnum(RECORD_TYPES), id: Uuid }), Type.Null()], {
      description: 'When q is a whole id: the record it names (its customer is the one customer answered); null otherwise',
    }),
  }),
});

export const PartnerListItem = Type.Object({
  partner_id: Uuid,
  name: Type.String(),
  status: StringEnum(['active', 'suspended'] as const),
  production_access: Type.Boolean({ description: 'Whether the partner may have production tokens' }),
  created_at: IsoDateTime,
});
export const PartnerListAnswer = Closed({ data: Type.Object({ partners: Type.Array(PartnerListItem) }), meta: PageMeta });

export const TokenListQuery = Type.Object({ environment: Type.Optional(StringEnum(ENVIRONMENTS)), ...PageQueryFields });
export const TokenListItem = Type.Object({
  token_id: Uuid,
  name: Type.Union([Type.String(), Type.Null()]),
  environment: StringEnum(ENVIRONMENTS),
  scopes: Type.Array(Type.String()),
  created_at: IsoDateTime,
  revoked_at: Type.Union([IsoDateTime, Type.Null()]),
  last_used_at: Type.Union([IsoDateTime, Type.Null()]),
});
export const TokenListAnswer = Closed({ data: Type.Object({ tokens: Type.Array(TokenListItem) }), meta: PageMeta });

export const PartnerDeliveriesQuery = Type.Object({
  environment: StringEnum(ENVIRONMENTS),
  status: Type.Optional(StringEnum(['succeeded', 'failed'] as const)),
  event_id: Type.Optional(Type.String({ format: 'uuid' })),
  ...PageQueryFields,
});
export const PartnerDeliveriesAnswer = Closed({ data: Type.Object({ deliveries: Type.Array(DeliveryView) }), meta: PageMeta });

export const AdminPageQuery = Type.Object(PageQueryFields);
