import { Type } from 'typebox';
import { MAX_PREQUALIFICATION_ROWS } from '../domain/prequalification-rows.ts';
import { Closed, Data, IsoDateTime, StringEnum, Uuid } from './common.ts';

const ROW_DESCRIPTION =
  'One prospective customer. external_customer_id (required; string or integer), company_name, company_number, ' +
  'trading_from_date (YYYY-MM-DD), last_12_months_turnover (GBP number, or {amount}), requested_amount (GBP number). ' +
  'Unknown fields are ignored. A row with an unusable value is answered with prequalified: false and the problem as reason.';

const CustomerRow = Type.Object({}, { additionalProperties: true, description: ROW_DESCRIPTION });

/** The JSON body form: `{"data": {"customers": [...]}}`. Rows are judged one by one by the worker. */
export const PrequalificationJsonBody = Data(
  Closed({
    customers: Type.Array(CustomerRow, {
      minItems: 1,
      maxItems: MAX_PREQUALIFICATION_ROWS,
      examples: [
        [
          {
            external_customer_id: 'C-1001',
            company_name: 'Acme Widgets Ltd',
            company_number: '01234567',
            trading_from_date: '2019-03-01',
            last_12_months_turnover: 250000,
            requested_amount: 25000,
          },
        ],
      ],
    }),
  }),
);

/**
 * The multipart form: one file part `file`. Only documented (the parts are streamed, never
 * parsed into the body), so the schema also admits the empty body the multipart parser leaves.
 */
export const PrequalificationMultipartBody = Type.Unsafe<null | Record<string, unknown>>({
  type: ['object', 'null'],
  required: ['file'],
  properties: {
    file: {
      type: 'string',
      contentMediaType: 'application/octet-stream',
      description:
        'CSV with a header row (comma, semicolon or tab separated) or JSON ({"data": {"customers": [...]}}, {"customers": [...]} or an array); at most 20 MiB',
    },
  },
});

export const PrequalificationAccepted = Data(Type.Object({ prequalification_data_id: Uuid, status: Type.Literal('processing') }));

export const PrequalificationQuery = Type.Object({
  prequalification_data_id: Type.String({ minLength: 1, description: 'The id answered by POST /prequalification_data' }),
});

const Nullable = <T extends ReturnType<typeof Type.Number>>(schema: T) => Type.Union([schema, Type.Null()]);

export const QuoteSchema = Closed({
  external_customer_id: Type.String(),
  correlation_id: Uuid,
  prequalified: Type.Boolean(),
  max_amount: Nullable(Type.Number()),
  monthly_interest_percentage: Nullable(Type.Number()),
  fee_percentage: Nullable(Type.Number()),
  duration_in_days: Type.Union([Type.Integer(), Type.Null()]),
  expires_at: Type.Union([IsoDateTime, Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'Why the customer is not prequalified; null when prequalified' }),
});

export const PrequalificationResponse = Data(
  Type.Object({
    prequalification_data_id: Uuid,
    status: StringEnum(['processing', 'processed', 'failed'] as const),
    processed_at: Type.Union([IsoDateTime, Type.Null()]),
    reason: Type.Union([Type.String(), Type.Null()], { description: 'Why the file failed (our addition); null otherwise' }),
    quotes: Type.Array(QuoteSchema),
  }),
);
