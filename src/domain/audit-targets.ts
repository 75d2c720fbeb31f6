/**
 * What an audit row is about: a closed list, so the console's "Target type" filter offers every
 * type there is (docs/behaviour.md, section 19: the contract's order, then the rest); the target
 * id is the id of that thing (for a webhook configuration, the partner's id, with the environment
 * in the summary).
 */
export const AUDIT_TARGET_TYPES = [
  'application',
  'offer',
  'document',
  'partner',
  'token',
  'operator',
  'webhook_configuration',
  'partner_user',
  'customer',
  'loan',
  'test_clock',
] as const;

export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export function isAuditTargetType(value: string): value is AuditTargetType {
  return (AUDIT_TARGET_TYPES as readonly string[]).includes(value);
}

/** The type as the console shows it. */
export function auditTargetLabel(type: string): string {
  return type.replaceAll('_', ' ');
}
