/**
 * Every action the audit log records (docs/behaviour.md, section 19), with the words the console
 * shows for it. The action names stay as they are in the database and the admin API
 * (`GET /admin/v1/audit`); `AuditEntry.action` is typed by this list, so an action without words
 * does not compile. A row of an action no longer listed (an older release's) is still shown as
 * words.
 */
import { codeAsWords } from './decision-words.ts';

export const AUDIT_ACTION_WORDS = {
  'application.review_started': 'Started the review',
  'application.note_added': 'Added a note',
  'application.offered': 'Approved with offers',
  'application.declined': 'Declined the application',
  'application.deferred': 'Deferred the application',
  'application.action_required': 'Asked the customer for more information',
  'application.awaiting_underwriter': 'Sent the application to an underwriter',
  'application.approval_requested': 'Asked for a second operator to confirm an approval',
  'application.approval_confirmed': 'Confirmed an approval',
  'offer.revoked': 'Revoked an offer',
  'document.accepted': 'Accepted a document',
  'document.rejected': 'Rejected a document',
  'customer.pre_approved': 'Pre-approved the customer',
  'customer.pre_approval_requested': 'Asked for a second operator to confirm a pre-approval',
  'customer.pre_approval_confirmed': 'Confirmed a pre-approval',
  'funding.created': 'Drew funds',
  'funding_account.set': 'Set the bank account for funds',
  'funding_account.accepted': 'Accepted the bank account for funds',
  'funding_account.rejected': 'Rejected the bank account for funds',
  'loan.collection_recorded': 'Recorded a collection',
  'loan.settled': 'Recorded a settlement',
  'loan.withdrawal_notice_given': 'Recorded a notice of withdrawal',
  'loan.withdrawal_repaid': 'Recorded a withdrawal repayment',
  'partner.created': 'Created the partner',
  'partner.suspended': 'Suspended the partner',
  'partner.reinstated': 'Reinstated the partner',
  'introducer.created': 'Added an introducer',
  'token.created': 'Created an API token',
  'token.revoked': 'Revoked an API token',
  'webhook_configuration.updated': 'Changed the webhook settings',
  'webhook_configuration.signing_secret_revealed': 'Revealed the webhook signing secret',
  'webhook_configuration.signing_secret_rotated': 'Rotated the webhook signing secret',
  'webhook.redelivery_requested': 'Asked for a webhook to be sent again',
  'webhook.test_event_sent': 'Sent a test event',
  'production_access.requested': 'Asked for production access',
  'production_access.approved': 'Approved production access',
  'production_access.declined': 'Declined production access',
  'operator.created': 'Created an operator',
  'operator.role_changed': 'Changed an operator’s role',
  'operator.deactivated': 'Deactivated an operator',
  'operator.password_changed': 'Changed their password',
  'operator.password_removed': 'Removed a password (single sign-on)',
  'operator.sessions_ended': 'Ended an operator’s sessions',
  'operator.two_factor_enabled': 'Turned on two-step sign-in',
  'operator.two_factor_replaced': 'Replaced two-step sign-in',
  'partner_user.invited': 'Invited a dashboard user',
  'partner_user.invited_again': 'Invited a dashboard user again',
  'partner_user.invitation_accepted': 'Accepted a dashboard invitation',
  'partner_user.role_changed': 'Changed a dashboard user’s role',
  'partner_user.removed': 'Removed a dashboard user',
  'partner_user.two_factor_enabled': 'Turned on two-step sign-in',
  'partner_user.two_factor_replaced': 'Replaced two-step sign-in',
  'test_clock.created': 'Created a test clock',
  'test_clock.advanced': 'Advanced a test clock',
  'test_clock.deleted': 'Deleted a test clock',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_WORDS;

/** The action in words: "Turned on two-step sign-in"; an unlisted one as its name in words. */
export function auditActionWords(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_WORDS, action) ? AUDIT_ACTION_WORDS[action as AuditAction] : codeAsWords(action);
}
