/**
 * What an audit row is about: a closed list, so the console's "Target type" filter offers every
 * type there is. One per line; the target id is the id of that thing (for a webhook
 * configuration, the partner's id, with the environment in the summary).
 */
export const AUDIT_TARGET_TYPES = ['application', 'document', 'partner', 'operator', 'webhook_configuration', 'partner_user', 'customer', 'loan'] as const;

export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export function isAuditTargetType(value: string): value is AuditTargetType {
  return (AUDIT_TARGET_TYPES as readonly string[]).includes(value);
}

/** The type as the console shows it. */
export function auditTargetLabel(type: string): string {
  return type.replaceAll('_', ' ');
}
