/**
 * What openapi.admin.json says of each admin route (docs/behaviour.md, section 26): its operationId,
 * tag, summary and success answer (schemas/admin.ts), keyed by `METHOD path` below /admin/v1 with
 * Fastify's `:param` placeholders. A route's own schema wins where it says the same (a route may
 * declare operationId, tags, summary and response itself). Every admin route can also answer the
 * error statuses of commonAdminErrors, in the error envelope.
 */
import type { TSchema } from 'typebox';
import { LoanResponse } from '../schemas/loans.ts';
import { CustomerSearchAnswer, PartnerDeliveriesAnswer, PartnerListAnswer, TokenListAnswer } from '../schemas/admin-lists.ts';
import {
  AdminApplicationAnswer,
  AdminFunding,
  ApplicationRecord,
  AuditPage,
  DocumentReviewed,
  IntroducerCreated,
  OperatorAnswer,
  OperatorCreated,
  OperatorList,
  PartnerCreated,
  PartnerStatus,
  PendingApprovalAnswer,
  ReviewQueue,
  AdminPreApproval,
  TokenCreated,
} from '../schemas/admin.ts';

type Schema = Record<string, unknown>;

/** The admin API's tags, in reading order. */
export const ADMIN_TAGS = [
  {
    name: 'Customers',
    description:
      'Finding a customer across every partner: by any part of its company name or number, an email or phone number of its people, an external_customer_id, or a whole id of one of its records.',
  },
  {
    name: 'Partners',
    description:
      'Partner accounts, their API tokens (shown once) and their introducers, and their webhook delivery logs; suspending a partner stops its tokens.',
  },
  { name: 'Applications', description: 'The review queue, one application with its decisions and history, starting a review and deciding.' },
  { name: 'Offers', description: 'Revoking an offer and drawing funds from a selected one.' },
  { name: 'Documents', description: "Overriding a document's processing outcome." },
  { name: 'Operators', description: "Console accounts of the lender's staff and their roles." },
  { name: 'Loans', description: "Recording a loan's collection outcomes (collected or missed) as the bank reports them." },
  { name: 'Audit', description: 'Every operator and admin action, newest first.' },
];

interface AdminRouteDoc {
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  /** The success status and its body (null: no body). */
  success: [number, TSchema | null];
  /** Other success answers (status, body, description). */
  also?: [number, TSchema, string][];
}

/** How every list pages, said once in each list's description. */
const PAGED =
  ' One page at a time: `limit` rows (50 by default, at most 200; more is a 400), the next page with `cursor` set to `meta.next_cursor` (null on the last page), the one before with `meta.previous_cursor`. A cursor of another list, of other filters or another partner is a 400 naming `cursor`.';

export const ADMIN_ROUTE_DOCS: Record<string, AdminRouteDoc> = {
  'GET /customers': {
    operationId: 'searchCustomers',
    description:
      'Finds customers across every partner, newest first: `q` is any part of a company name or a company number (case and punctuation ignored, at least 3 letters or digits), an email or phone number of one of its people (a UK number matches with or without +44), an external_customer_id, or a whole id. A whole id of a customer, application, offer, loan, funding or document names that record: the answer is its customer, and `meta.record` says which record it is. Each customer says its partner and environment (a sandbox customer is test data, never a real one), its latest application, its loans, and what the search matched (`matched_by`). An empty `q` lists every customer; `q` is at most 200 characters.' +
      PAGED,
    tag: 'Customers',
    summary: 'Find customers (search), newest first',
    success: [200, CustomerSearchAnswer],
  },
  'GET /partners': {
    operationId: 'listPartners',
    description: 'Every partner, newest first, with its status and whether it has production access.' + PAGED,
    tag: 'Partners',
    summary: 'List partners, newest first',
    success: [200, PartnerListAnswer],
  },
  'GET /partners/:id/tokens': {
    operationId: 'listTokens',
    description:
      "A partner's API tokens (revoked ones too; never the tokens themselves), newest first, of one environment when `environment` is given." + PAGED,
    tag: 'Partners',
    summary: "List a partner's tokens, newest first",
    success: [200, TokenListAnswer],
  },
  'GET /partners/:id/deliveries': {
    operationId: 'listPartnerDeliveries',
    description:
      "A partner's webhook delivery log in one environment, newest attempt first, filtered by `status` or `event_id`: what the partner reads at GET /webhooks/deliveries/." +
      PAGED,
    tag: 'Partners',
    summary: "A partner's webhook delivery log, newest first",
    success: [200, PartnerDeliveriesAnswer],
  },
  'POST /partners': {
    operationId: 'createPartner',
    description: 'Creates a partner account; give it tokens next. Audited.',
    tag: 'Partners',
    summary: 'Create a partner',
    success: [201, PartnerCreated],
  },
  'POST /partners/:id/tokens': {
    operationId: 'createToken',
    description:
      'Makes an API token for one environment (sandbox or production) with its scopes (read and write by default). The token is in this answer only: store it now. Audited.',
    tag: 'Partners',
    summary: 'Create an API token for a partner (shown once)',
    success: [201, TokenCreated],
  },
  'DELETE /tokens/:id': {
    operationId: 'revokeToken',
    description: 'Revokes a token at once: its next request answers 401. Audited.',
    tag: 'Partners',
    summary: 'Revoke an API token',
    success: [204, null],
  },
  'POST /partners/:id/suspend': {
    operationId: 'suspendPartner',
    description: 'Suspends a partner: every one of its tokens answers 403 until it is reinstated. Audited.',
    tag: 'Partners',
    summary: 'Suspend a partner (its tokens answer 403)',
    success: [200, PartnerStatus],
  },
  'POST /partners/:id/reinstate': {
    operationId: 'reinstatePartner',
    description: "Lifts a partner's suspension. Audited.",
    tag: 'Partners',
    summary: 'Reinstate a suspended partner',
    success: [200, PartnerStatus],
  },
  'POST /partners/:id/introducers': {
    operationId: 'createIntroducer',
    description: 'Adds an introducer (a broker the partner works with) in one environment, to be named on applications. Audited.',
    tag: 'Partners',
    summary: 'Add an introducer to a partner',
    success: [201, IntroducerCreated],
  },
  'GET /applications': {
    operationId: 'listApplications',
    description:
      'The review queue: the applications of one status (`status`), or of every status, of one partner (`partner_id`) or all, the longest waiting in its status first.' +
      PAGED,
    tag: 'Applications',
    summary: 'The review queue (filter by status)',
    success: [200, ReviewQueue],
  },
  'GET /applications/:id': {
    operationId: 'getApplication',
    description: 'One application of any partner with its decisions (policy or operator, inputs and outcome), its status history and its offers.',
    tag: 'Applications',
    summary: 'One application with its decisions, status history and offers',
    success: [200, ApplicationRecord],
  },
  'POST /applications/:id/start_review': {
    operationId: 'startReview',
    description: 'Takes an application awaiting an underwriter into underwriting. Audited.',
    tag: 'Applications',
    summary: 'Take an application into underwriting',
    success: [200, AdminApplicationAnswer],
  },
  'POST /applications/:id/decision': {
    operationId: 'decideApplication',
    description:
      'Decides an application under review: offered (with one to ten offers), declined or deferred. Emits the same events as an automated decision. Audited.',
    tag: 'Applications',
    summary: 'Decide an application: offered (with offers), declined or deferred',
    success: [200, AdminApplicationAnswer],
    also: [[202, PendingApprovalAnswer, 'Accepted: an offered decision above the four-eyes threshold waits for another operator to confirm it in the console']],
  },
  'POST /offers/:id/revoke': {
    operationId: 'revokeOffer',
    description: "Revokes an offer that has not been funded; the application's other offers stay. Audited.",
    tag: 'Offers',
    summary: 'Revoke an offer',
    success: [200, AdminApplicationAnswer],
  },
  'POST /offers/:id/fundings': {
    operationId: 'fundOffer',
    description: 'Draws funds from a selected offer, moving the application to funded and emitting customer_funded and funding_created_202607. Audited.',
    tag: 'Offers',
    summary: 'Draw funds from a selected offer',
    success: [201, AdminFunding],
  },
  'POST /documents/:id/review': {
    operationId: 'reviewDocument',
    description: "Overrides a document's processing outcome: accepted, or rejected with a reason the partner sees. Audited.",
    tag: 'Documents',
    summary: 'Accept or reject a document',
    success: [200, DocumentReviewed],
  },
  'POST /operators': {
    operationId: 'createOperator',
    description: 'Creates a console account with a role (viewer, underwriter, admin); its first password is in this answer only. Audited.',
    tag: 'Operators',
    summary: 'Create a console account',
    success: [201, OperatorCreated],
  },
  'GET /operators': {
    operationId: 'listOperators',
    description: 'Every console account with its role and whether it is active.',
    tag: 'Operators',
    summary: 'List console accounts',
    success: [200, OperatorList],
  },
  'POST /operators/:id/role': {
    operationId: 'changeOperatorRole',
    description: "Changes an operator's role. Audited.",
    tag: 'Operators',
    summary: "Change an operator's role",
    success: [200, OperatorAnswer],
  },
  'POST /operators/:id/deactivate': {
    operationId: 'deactivateOperator',
    description: 'Deactivates a console account: it can no longer sign in. Audited.',
    tag: 'Operators',
    summary: 'Deactivate a console account',
    success: [200, OperatorAnswer],
  },
  'POST /partners/:id/users': {
    operationId: 'invitePartnerUser',
    tag: 'Partners',
    summary: 'Invite a user to the partner dashboard',
    description: 'Invites a person to the partner dashboard with a role; the invitation link is in this answer only. Audited.',
    success: [201, null],
  },
  'POST /partners/:id/production_access': {
    operationId: 'decideProductionAccess',
    tag: 'Partners',
    summary: "Decide a partner's request for production access",
    description: "Grants or refuses a partner's request to go live (production tokens). Audited.",
    success: [200, null],
  },
  'POST /customers/:id/pre_approvals': {
    operationId: 'createPreApproval',
    tag: 'Offers',
    summary: 'Pre-approve a customer',
    description:
      'Gives a customer in no application a confirmed flexi_loan limit, drawn by the funding routes without selection; a new one revokes the old. Audited.',
    success: [201, AdminPreApproval],
  },
  'POST /loans/:id/collections': {
    operationId: 'recordCollection',
    tag: 'Loans',
    summary: "Record a repayment's collection outcome",
    description:
      'Records that the repayment due on `due_date` was collected (on `collected_on`, late or on time) or missed; the same outcome twice changes nothing. Answers the loan as it stands. Refused once notice of withdrawal is given (409 WithdrawalNoticeGiven: the Direct Debits stop) and on a withdrawn loan (400 LoanWithdrawn). Audited.',
    success: [200, LoanResponse],
  },
  'GET /audit': {
    operationId: 'listAudit',
    description:
      'The audit log, newest first, filtered by operator or target. `before` (a seq: `data.next_cursor`) reads the entries before it, as `cursor` does.' +
      PAGED,
    tag: 'Audit',
    summary: 'The audit log, newest first (page with before)',
    success: [200, AuditPage],
  },
};

const ADMIN_ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request: validation or domain error (source points at the problem)',
  401: 'AuthenticationFailed: missing or wrong admin token',
  404: 'NotFound: no such resource',
  406: 'NotAcceptable: Accept does not admit application/json',
  409: 'Conflict: the code says which',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'Throttled: too many failed authentications',
  500: 'ServerError: an unexpected failure; meta.request_id names it in the logs',
};

/** The error statuses every admin route can answer. */
function commonAdminErrors(method: string, path: string): number[] {
  const statuses = [400, 401, 406, 429, 500];
  if (path.includes(':')) statuses.push(404);
  if (method !== 'GET' && method !== 'HEAD') statuses.push(409, 413, 415);
  return statuses;
}

/** The admin route's schema as the document shows it. */
export function documentAdminRoute(schema: Schema, method: string, path: string): Schema {
  const doc = ADMIN_ROUTE_DOCS[`${method} ${path}`];
  const out: Schema = { ...schema };
  if (doc) {
    out.operationId ??= doc.operationId;
    out.tags ??= [doc.tag];
    out.summary ??= doc.summary;
    out.description ??= doc.description;
  }
  const given = (schema.response as Record<string, Schema> | undefined) ?? {};
  const responses: Record<string, Schema> = {};
  if (doc) {
    const [status, body] = doc.success;
    for (const [other, schema, description] of doc.also ?? []) responses[String(other)] = { description, ...schema };
    responses[String(status)] = body === null ? { description: 'No content', type: 'null' } : { description: status === 201 ? 'Created' : 'Success', ...body };
  }
  for (const [status, response] of Object.entries(given)) {
    responses[status] = Number(status) >= 400 ? { description: String(response.description ?? 'Error'), $ref: 'ErrorEnvelope#' } : response;
  }
  for (const code of commonAdminErrors(method, path)) {
    responses[String(code)] ??= { description: ADMIN_ERROR_DESCRIPTIONS[code] ?? 'Error', $ref: 'ErrorEnvelope#' };
  }
  out.response = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
  return out;
}
