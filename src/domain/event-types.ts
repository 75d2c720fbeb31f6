/**
 * The ten webhook event types of the spec (Events part), then ours (loans, docs/behaviour.md sections 22 and 23; sandbox test clocks, section 28). The names are the exact values of the
 * X-SVC-Event-Type header and of webhook_event_type in GET /webhooks/event_types/, including the
 * date suffixes of the versioned ones. Each has its payload schema in schemas/events.ts (one
 * missing there is a compile error).
 */
export const EVENT_TYPES = [
  {
    webhook_event_type: 'application_attributed',
    description: 'An application is created for a customer and attributed to you.',
  },
  {
    webhook_event_type: 'application_offered',
    description: 'The customer receives a confirmed offer for an application.',
  },
  {
    webhook_event_type: 'application_declined',
    description: 'An application is declined.',
  },
  {
    webhook_event_type: 'application_deferred',
    description: 'An application is closed without an approve or decline decision.',
  },
  {
    webhook_event_type: 'application_status_changed',
    description: 'The status of an application changes.',
  },
  {
    webhook_event_type: 'indicative_offer_created',
    description: 'An indicative offer is created for a customer.',
  },
  {
    webhook_event_type: 'customer_funded',
    description: 'A customer draws funds from an offer that originated from one of your applications.',
  },
  {
    webhook_event_type: 'funding_created_202607',
    description: 'Funds are sent to a customer; carries the funding and the offer it was drawn from.',
  },
  {
    webhook_event_type: 'prequalification_202505',
    description: 'A prequalification data file has been processed; holds a quote for each unique external_customer_id in the file.',
  },
  {
    webhook_event_type: 'prequalification_data_file_processed_202510',
    description: 'A prequalification data file has been processed; holds only prequalification_data_id, to pass to GET /prequalification_data.',
  },
  {
    webhook_event_type: 'loan_repayment_collected_202611',
    description: "A loan's repayment is collected (on its date, or late after a missed collection).",
  },
  {
    webhook_event_type: 'loan_repayment_missed_202611',
    description: "A loan's repayment could not be collected on its date: the loan is in arrears.",
  },
  {
    webhook_event_type: 'loan_settled_202611',
    description: 'A loan is repaid in full: its last repayment collected, or settled early for the settlement figure.',
  },
  {
    webhook_event_type: 'loan_withdrawn_202611',
    description:
      'The customer gives notice of withdrawal from a regulated loan (Consumer Credit Act s.66A): they repay what they drew plus daily interest by repay_by.',
  },
  {
    webhook_event_type: 'test_clock_ready_202611',
    description: 'Sandbox only: a test clock has played every day of its advance and is ready at frozen_on.',
  },
] as const satisfies readonly { webhook_event_type: string; description: string }[];

export type EventType = (typeof EVENT_TYPES)[number]['webhook_event_type'];

const NAMES: ReadonlySet<string> = new Set(EVENT_TYPES.map((e) => e.webhook_event_type));

export function isEventType(s: unknown): s is EventType {
  return typeof s === 'string' && NAMES.has(s);
}
