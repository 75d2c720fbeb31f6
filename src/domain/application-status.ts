/**
 * The application state machine (docs/behaviour.md, section 6), as one table. A move the table does not
 * list is refused; callers turn a refusal into 409 InvalidTransition (operator and sandbox routes)
 * or into their own domain answer.
 */

export const OPEN_STATUSES = ['open', 'action_required', 'awaiting_underwriter', 'in_underwriting'] as const;
export const CLOSED_STATUSES = ['offered', 'declined', 'deferred', 'expired', 'offer_revoked', 'funded'] as const;
export const APPLICATION_STATUSES = [...OPEN_STATUSES, ...CLOSED_STATUSES] as const;

export type OpenStatus = (typeof OPEN_STATUSES)[number];
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** What moved the application: each is a row's event in the documented table. */
export type StatusTrigger =
  | 'decision_action_required'
  | 'customer_data_changed'
  | 'decision_needs_underwriter'
  | 'review_started'
  | 'decision_approve'
  | 'decision_decline'
  | 'closed_without_decision'
  | 'inactivity'
  | 'offers_expired'
  | 'offers_revoked'
  | 'first_funding';

interface Transition {
  from: readonly ApplicationStatus[];
  trigger: StatusTrigger;
  to: ApplicationStatus;
}

export const TRANSITIONS: readonly Transition[] = [
  { from: ['open', 'action_required'], trigger: 'decision_action_required', to: 'action_required' },
  { from: ['action_required'], trigger: 'customer_data_changed', to: 'open' },
  { from: ['open'], trigger: 'decision_needs_underwriter', to: 'awaiting_underwriter' },
  { from: ['awaiting_underwriter'], trigger: 'review_started', to: 'in_underwriting' },
  { from: ['open', 'in_underwriting'], trigger: 'decision_approve', to: 'offered' },
  { from: ['open', 'in_underwriting'], trigger: 'decision_decline', to: 'declined' },
  { from: OPEN_STATUSES, trigger: 'closed_without_decision', to: 'deferred' },
  { from: OPEN_STATUSES, trigger: 'inactivity', to: 'deferred' },
  { from: ['offered'], trigger: 'offers_expired', to: 'expired' },
  { from: ['offered'], trigger: 'offers_revoked', to: 'offer_revoked' },
  { from: ['offered'], trigger: 'first_funding', to: 'funded' },
];

export function isOpenStatus(status: string): status is OpenStatus {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

/** The status `trigger` moves `from` to, or null when the table does not list that move. */
export function nextStatus(from: ApplicationStatus, trigger: StatusTrigger): ApplicationStatus | null {
  const row = TRANSITIONS.find((t) => t.trigger === trigger && t.from.includes(from));
  return row ? row.to : null;
}

/** Events emitted when an application enters `to` (besides application_status_changed). */
export function outcomeEventFor(to: ApplicationStatus): 'application_offered' | 'application_declined' | 'application_deferred' | null {
  switch (to) {
    case 'offered':
      return 'application_offered';
    case 'declined':
      return 'application_declined';
    case 'deferred':
      return 'application_deferred';
    default:
      return null;
  }
}
