/**
 * A description and examples for every partner route, and the events API's items typed by event
 * type (the webhook payloads themselves are in openapi-events.ts; the loan routes' in
 * openapi-loan-docs.ts). openapi-docs.ts applies them in the document's transform, so the route
 * files keep only what validates.
 */
import { EVENT_TYPES } from '../domain/event-types.ts';
import { fixedSample, typedEventAnswers } from './openapi-events.ts';
import { LOAN_ROUTE_DOCS } from './openapi-loan-docs.ts';
import { TEST_CLOCK_ROUTE_DOCS } from './openapi-test-clock-docs.ts';

const CUSTOMER_ID = '3ada20af-1217-4192-883b-39fdda4b9110';
const APPLICATION_ID = '3a918145-5048-48f1-aaa0-586edeedc09f';
const OFFER_ID = 'ee96144e-ab9b-4ea6-aa9d-78e722fcb400';
const OFFER_2_ID = '9efb28fb-610d-4274-8266-b80606f9d359';
const EVENT_ID = 'e2016269-0937-4383-9d87-5624750272e9';
const PARTNER_ID = '33e73c7e-93d2-49af-aa46-d1abde6f05f1';
const AT = '2026-07-01T09:30:00.000Z';
/** A cursor as the lists give them: opaque. */
const PAGE_CURSOR = 'eyJzIjoiX0ZyVmRnV0NpRmRuMnRhSyIsImQiOiJhIiwiayI6WyIyMDI2LTA3LTAxVDA5OjMwOjAwLjAwMDAwMFoiLCIxMjM0NSJdfQ';

const COMPANY = {
  registered_company_name: 'Acme Widgets Ltd',
  company_number: '01234567',
  type: 'limited_liability_company',
  trading_from_date: '2019-03-01',
  last_12_months_turnover: { amount: 250000, valid_from: '2026-01-01T00:00:00Z' },
};
const PEOPLE = [
  {
    first_name: 'Ada',
    last_name: 'Lovelace',
    date_of_birth: '1980-12-10',
    roles: ['applicant', 'director', 'guarantor'],
    emails: [{ email: 'ada@example.com', type: 'primary' }],
  },
];
const CUSTOMER_BODY = { data: { external_customer_id: 'crm-1042', company: COMPANY, people: PEOPLE } };
const CUSTOMER_VIEW = {
  data: {
    customer_id: CUSTOMER_ID,
    external_customer_id: 'crm-1042',
    correlation_id: null,
    company: COMPANY,
    people: PEOPLE,
    test_clock_id: null,
    created_at: AT,
    updated_at: AT,
  },
};
const APPLICATION = {
  data: {
    application_id: APPLICATION_ID,
    customer_id: CUSTOMER_ID,
    status: 'open',
    is_closed: false,
    is_topup: false,
    amount: 25000,
    requests: [{ amount: 25000, duration: { amount: 12, unit: 'months' }, purpose: 'stock', urgency: 'weeks' }],
    introducer: { entity_to_contact: 'customer', introducer_id: null },
    created_at: AT,
    updated_at: AT,
  },
};
const OFFER = {
  offer_id: OFFER_ID,
  offer_type: 'confirmed',
  product_type: 'flexi_loan',
  max_amount: 50000,
  monthly_interest_percentage: 3,
  fee_percentage: 0,
  duration: { amount: 365, unit: 'days' },
  duration_in_days: 365,
  is_suggested: true,
  status: 'available',
  expires_at: '2026-07-31T09:30:00.000Z',
  data_requirements: [],
  apr: 42.6,
};
const OFFERS = {
  data: {
    offer_creation_status: 'offers_available',
    offers: [
      OFFER,
      {
        ...OFFER,
        offer_id: OFFER_2_ID,
        product_type: 'business_loan',
        monthly_interest_percentage: 2.5,
        fee_percentage: 2.5,
        duration: { amount: 730, unit: 'days' },
        duration_in_days: 730,
        is_suggested: false,
        apr: 38.4,
      },
    ],
    data_requirements: [],
  },
};
const repayment = (amount: number, date: string, interest: number, principal: number) => ({ amount, date, breakdown: { fees: 0, interest, principal } });
const SCHEDULE = {
  data: {
    amount_borrowed: 3000,
    amount_saved_by_repaying_early: 0,
    apr: 42.6,
    fee_percentage: 0,
    monthly_interest_percentage: 3,
    repayments: [repayment(1090, '2026-08-01', 90, 1000), repayment(1060, '2026-09-01', 60, 1000), repayment(1030, '2026-10-01', 30, 1000)],
    total_payable: 3180,
    total_payable_breakdown: { total_fees: 0, total_interest: 180, total_principal: 3000 },
  },
};
const SUBSCRIPTIONS = {
  data: {
    subscriptions: EVENT_TYPES.map((e) => ({
      webhook_event_type: e.webhook_event_type,
      url: 'https://partner.example.com/hooks',
      subscribed: e.webhook_event_type === 'application_offered',
    })),
  },
};
const FUNDING_ACCOUNT = {
  funding_account_id: '5f0c3c8e-2b7d-4a51-9a43-6c1d2e3f4a5b',
  account_holder_name: 'Acme Widgets Ltd',
  sort_code: '08-99-99',
  account_number_ending: '4958',
  name_check: 'match',
  status: 'verified',
  created_at: AT,
};
const PRE_APPROVAL = {
  offer_id: OFFER_ID,
  max_amount: 20000,
  available_amount: 15000,
  monthly_interest_percentage: 2.5,
  fee_percentage: 0,
  duration_in_days: 365,
  expires_at: '2026-09-29T09:30:00.000Z',
  status: 'funded',
};
const EVENT_ITEM = { event_id: EVENT_ID, webhook_event_type: 'application_attributed', created_at: AT, data: fixedSample('application_attributed') };

export interface RouteDoc {
  description: string;
  /** Example request body (JSON routes). */
  request?: unknown;
  /** Example of the success answer. */
  response?: unknown;
  /** The success answer's schema in the document, where it says more than the one that serialises it. */
  responseSchema?: Record<string, unknown>;
}

/** Keyed by `METHOD path` with Fastify's `:param` placeholders, below the API prefix. */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /authentication_check/': {
    description: 'Checks your token and headers: answers the API version, the environment of the token and your partner id. Call it first when you set up.',
    response: { version: 'v2.2', data: { api_version: '2.2.0', environment: 'sandbox', partner_id: PARTNER_ID } },
  },
  'POST /customers/': {
    description:
      'Creates a customer: the company and its people (one applicant at least). `external_customer_id` is your own id for the customer; a second customer with the same one is 409 DuplicateCustomer. Send an `Idempotency-Key` to retry safely.',
    request: CUSTOMER_BODY,
    response: { data: { customer_id: CUSTOMER_ID } },
  },
  'GET /customers/:customer_id/': { description: 'The customer as stored, with its company and people.', response: CUSTOMER_VIEW },
  'PUT /customers/:customer_id/': {
    description: "Replaces the customer's details (the whole company and people). The same rules as creation apply.",
    request: CUSTOMER_BODY,
    response: CUSTOMER_VIEW,
  },
  'PUT /customers/:customer_id/funding_account/': {
    description:
      "Sets the customer's funding account: the business bank account drawdowns are paid into. Format problems are 400 ValidationError, all at once; details that fail the UK modulus check are 400 BankDetailsInvalid. The payee name check (Confirmation of Payee) gives the status: match is verified, no_match rejected, close_match or unavailable needs_review until the lender reviews it. A new PUT replaces the account (the old one is kept in the lender's history). The answer never holds the whole account number, only its last four digits. In production a drawdown needs a verified account (400 FundingAccountRequired).",
    request: { data: { account_holder_name: 'Acme Widgets Ltd', sort_code: '08-99-99', account_number: '66374958' } },
    response: { data: FUNDING_ACCOUNT },
  },
  'GET /customers/:customer_id/funding_account/': {
    description: "The customer's current funding account (404 when none was set), with its status.",
    response: { data: FUNDING_ACCOUNT },
  },
  'GET /customers/:customer_id/pre_approval/': {
    description:
      "The customer's latest pre-approval: a confirmed flexi_loan limit that belongs to the customer, not to an application, drawn without a new application (the portal's /portal/pre-approval, the operator, or the sandbox funding route) under the usual funding rules. 404 when the customer never had one. Its offer_id works with the repayment schedule route.",
    response: { data: PRE_APPROVAL },
  },
  'POST /customers/:customer_id/applications/': {
    description:
      'Opens an application for the customer with the amount wanted (GBP). One open application per customer (409 ApplicationAlreadyOpen). Emits application_attributed.',
    request: { data: { amount: 25000, requests: [{ amount: 25000, duration: { amount: 12, unit: 'months' }, purpose: 'stock', urgency: 'weeks' }] } },
    response: APPLICATION,
  },
  'GET /customers/:customer_id/applications/latest/': { description: "The customer's most recent application and its status.", response: APPLICATION },
  'PATCH /customers/:customer_id/applications/latest/': {
    description:
      'Changes the loan requests or the introducer of the latest application while it is open. Answers 202 with no body: read the application back with GET.',
    request: { data: { requests: [{ amount: 30000, duration: { amount: 18, unit: 'months' } }] } },
  },
  'GET /customers/:customer_id/login_link/': {
    description: 'A single-use link that signs the customer in to the portal (valid 24 hours). Only when the application names the customer as the contact.',
    response: { data: { login_link: 'https://lender.example.com/portal/login/ll_8Qm2x4YvN0s' } },
  },
  'GET /introducers/': { description: 'The introducers of your account, to name one on an application.', response: { data: { introducers: [] } } },
  'GET /applications/:application_id/offers/': {
    description:
      "The offers of the application. The first call decides the application under the lender's policy; then the answer is stable. `offer_creation_status` says whether offers are available, pending or declined.",
    response: OFFERS,
  },
  'POST /offers/:offer_id/select/': {
    description:
      'Selects an offer for the customer and says who the lender contacts next (customer or introducer). Other offers stay available until one is funded.',
    request: { data: { entity_to_contact: 'customer' } },
    response: { data: { login_link: 'https://lender.example.com/portal/login/ll_8Qm2x4YvN0s' } },
  },
  'GET /offers/:offer_id/repayment_schedule/': {
    description:
      'The repayment schedule of an offer for an amount (default its maximum), optionally paid off early on a date. Exact pence. Accept application/pdf for a printable PDF.',
    response: SCHEDULE,
  },
  'POST /sandbox/applications/:application_id/decision': {
    description:
      'Sandbox only: decides an open application now (offered with the terms you give, declined, deferred…), emitting the same events as a real decision.',
    request: {
      data: {
        outcome: 'offered',
        offers: [{ product_type: 'flexi_loan', max_amount: 50000, monthly_interest_percentage: 3, fee_percentage: 0, duration_in_days: 365 }],
      },
    },
    response: APPLICATION,
  },
  'POST /sandbox/offers/:offer_id/fundings': {
    description:
      'Sandbox only: draws funds from a selected offer (or a pre-approval), moving the application to funded and emitting customer_funded and funding_created_202607. Paid into the customer’s verified funding account (`paid_to`); a customer without one is paid into a simulated account; one whose account is not verified is refused with 400 FundingAccountRequired, as in production.',
    request: { data: { amount: 10000 } },
    response: {
      data: {
        funding_id: '54a8853b-8740-400e-a61e-147028d873e2',
        offer_id: OFFER_ID,
        application_id: APPLICATION_ID,
        customer_id: CUSTOMER_ID,
        funding_amount: 10000,
        funding_fee_amount: 0,
        funding_created_at: AT,
        offer_max_amount: 50000,
        paid_to: { funding_account_id: null, sort_code: '00-00-00', account_number_ending: '0000', simulated: true },
      },
    },
  },
  'POST /sandbox/customers/:customer_id/pre_approvals': {
    description: 'Sandbox only: pre-approves the customer with these terms (what an operator does in production). A new pre-approval revokes the previous one.',
    request: { data: { max_amount: 20000, monthly_interest_percentage: 2.5, fee_percentage: 0, duration_in_days: 365, valid_for_days: 90 } },
    response: { data: PRE_APPROVAL },
  },
  'PUT /webhooks/configuration/': {
    description: 'Sets where webhooks go (https in production) and an optional bearer token the lender sends with them.',
    request: { data: { url: 'https://partner.example.com/hooks', token: 'partner-shared-token' } },
    response: { data: { url: 'https://partner.example.com/hooks', has_token: true } },
  },
  'GET /webhooks/configuration/': {
    description: 'The webhook URL; the token is never shown again.',
    response: { data: { url: 'https://partner.example.com/hooks', has_token: true } },
  },
  'GET /webhooks/signing_secret/': {
    description: "The secret that signs every webhook (X-SVC-Signature, HMAC-SHA256 of the timestamp and the body). The SDK's verifier checks it.",
    response: { data: { signing_secret: 'whsec_rGMCoc8pdGgvf1HH0Q7Y0p9f_m-4ak_C84we-zopf9w' } },
  },
  'POST /webhooks/signing_secret/rotate/': {
    description: 'Replaces the signing secret at once; webhooks sent from now on are signed with the new one.',
    response: { data: { signing_secret: 'whsec_N3wS3cr3tN3wS3cr3tN3wS3cr3tN3wS3cr3tN3w' } },
  },
  'GET /webhooks/event_types/': {
    description: 'The event types you can subscribe to, with what each means.',
    response: { data: { webhook_event_types: EVENT_TYPES.map((e) => ({ ...e })) } },
  },
  'GET /webhooks/subscriptions/': { description: 'Every event type with whether you subscribe to it.', response: SUBSCRIPTIONS },
  'POST /webhooks/subscriptions/': {
    description: 'Subscribes to event types (subscribing twice changes nothing).',
    request: { data: { webhook_event_types: ['application_offered'] } },
    response: SUBSCRIPTIONS,
  },
  'DELETE /webhooks/subscriptions/': {
    description: 'Unsubscribes from event types.',
    request: { data: { webhook_event_types: ['application_offered'] } },
    response: SUBSCRIPTIONS,
  },
  'GET /webhooks/deliveries/': {
    description:
      'Every delivery attempt, newest first: status, response status, duration, error and the next retry. One page at a time: `limit` (50 by default, at most 200), the next page with `cursor` set to `meta.next_cursor` (also in `data.next_cursor`, where earlier versions put it).',
    response: {
      data: {
        deliveries: [
          {
            delivery_id: '7d0f6a4e-1c55-4d2f-9f0e-3a1b2c3d4e5f',
            event_id: EVENT_ID,
            webhook_event_type: 'application_attributed',
            attempt: 1,
            attempted_at: AT,
            url: 'https://partner.example.com/hooks',
            status: 'succeeded',
            response_status: 200,
            duration_ms: 84,
            error: null,
            next_attempt_at: null,
          },
        ],
        next_cursor: PAGE_CURSOR,
      },
      meta: { next_cursor: PAGE_CURSOR, previous_cursor: null },
    },
  },
  'POST /webhooks/events/:event_id/redeliver/': {
    description: 'Sends an event again now, whatever the subscriptions say.',
    response: { data: { event_id: EVENT_ID, status: 'queued' } },
  },
  'POST /sandbox/webhooks/test': {
    description: 'Sandbox only: sends a realistic sample event of any type to your webhook URL (and to the events API).',
    request: { data: { webhook_event_type: 'application_offered' } },
    response: { data: { event_id: EVENT_ID, webhook_event_type: 'application_offered', status: 'queued' } },
  },
  'GET /document_upload/:customer_id/': {
    description:
      "The customer's documents, newest first, with their processing status, and the bank accounts read from statements. One page at a time: `limit` (50 by default, at most 200), the next page with `cursor` set to `meta.next_cursor`.",
    response: { data: [], included: [], meta: { next_cursor: null, previous_cursor: null } },
  },
  'POST /document_upload/:customer_id/': {
    description:
      'Uploads one document as multipart/form-data: a text part `document_type` first, then the file part `document` (PDF, image, CSV, spreadsheet; 20 MiB at most). Uploads have their own rate limit.',
    response: {
      data: { document_id: 'c1d2e3f4-5a6b-4c7d-8e9f-0a1b2c3d4e5f', document_name: 'accounts-2025.pdf', document_type: 'business accounts', upload_date: AT },
    },
  },
  'POST /bank_statements/:customer_id/': {
    description: 'Uploads an open-banking bank statement as a JSON body; it is read into transactions and bank accounts.',
    response: {
      data: { document_id: 'c1d2e3f4-5a6b-4c7d-8e9f-0a1b2c3d4e5f', document_name: 'bank-statement.json', document_type: 'bank statement', upload_date: AT },
    },
  },
  'POST /prequalification_data': {
    description: 'Sends prospective customers to prequalify; quotes come back by GET and by the prequalification webhooks.',
    response: { data: { prequalification_data_id: 'b7c8d9e0-1f2a-4b3c-8d4e-5f6a7b8c9d0e', status: 'processing' } },
  },
  'GET /prequalification_data': {
    description: 'The processing status of a prequalification file and the quotes made.',
    response: {
      data: {
        prequalification_data_id: 'b7c8d9e0-1f2a-4b3c-8d4e-5f6a7b8c9d0e',
        status: 'processed',
        processed_at: AT,
        reason: null,
        quotes: [],
      },
    },
  },
  'GET /events/': {
    description:
      "Every event emitted for you in the last 30 days (subscribed or not), oldest first, strictly after the event `after`. Each item's `data` is exactly the webhook body's `data`. With `wait` (seconds), an empty answer waits for the next event: the long poll that `lending listen` uses.",
    response: { data: [EVENT_ITEM], has_more: false },
    responseSchema: typedEventAnswers().list,
  },
  'GET /events/:event_id/': {
    description: 'One event with where its webhook delivery stands: delivered, pending, failing (attempts failed so far) or not_subscribed.',
    response: { data: { ...EVENT_ITEM, delivery: { status: 'delivered', attempts: 1 } } },
    responseSchema: typedEventAnswers().one,
  },
  'GET /request_log/': {
    description:
      'Your requests of the last 7 days, newest first: method, path (never the query string), status, error code, duration, idempotency key. Never bodies, tokens or personal data. One page at a time: `limit` (50 by default, at most 200), the next page with `cursor` set to `meta.next_cursor` (null on the last page); a cursor of another list, of other filters or of another partner is a 400 naming `cursor`.',
    response: {
      data: [
        {
          request_id: 'req-3f1c',
          time: AT,
          method: 'POST',
          path: `/api/lending/v2.2/customers/${CUSTOMER_ID}/applications/`,
          status: 201,
          error_code: null,
          duration_ms: 42,
          idempotency_key: 'app-crm-1042-1',
          api_version: '2.2',
        },
      ],
      meta: { next_cursor: PAGE_CURSOR, previous_cursor: null },
    },
  },
  ...LOAN_ROUTE_DOCS,
  ...TEST_CLOCK_ROUTE_DOCS,
};
