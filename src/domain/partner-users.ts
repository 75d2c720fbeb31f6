/** The partner's own dashboard users (docs/behaviour.md, section 24): their roles and what each may do. */

export const PARTNER_ROLES = ['viewer', 'developer', 'owner'] as const;
export type PartnerRole = (typeof PARTNER_ROLES)[number];

const RANK: Record<PartnerRole, number> = { viewer: 0, developer: 1, owner: 2 };

/** viewer reads; developer adds sandbox tokens, webhooks, test events, redelivery; owner does everything. */
export function partnerRoleAtLeast(role: PartnerRole, needed: PartnerRole): boolean {
  return RANK[role] >= RANK[needed];
}

export function isPartnerRole(value: string): value is PartnerRole {
  return (PARTNER_ROLES as readonly string[]).includes(value);
}

/** An invitation link is valid this long, once. */
export const INVITATION_HOURS = 72;

/** How many single-use recovery codes a user gets when two-factor authentication is turned on. */
export const RECOVERY_CODE_COUNT = 10;
