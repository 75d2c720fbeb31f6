/** Who acts on the lender's side: an operator's role, and who a change is made by. */
import type { PartnerRole } from './partner-users.ts';

export type OperatorRole = 'viewer' | 'underwriter' | 'admin';

/**
 * Who makes a change: an operator signed in to the console, the admin token, or the service
 * itself from the command line (`npm run operator`) or at its first start.
 */
export type Actor =
  | { kind: 'admin_token' }
  | { kind: 'operator'; operatorId: string; email: string; role: OperatorRole }
  | { kind: 'system'; label: 'command line' | 'first start' | 'partner API' | 'customer portal' | 'single sign-on' }
  /** A user of the partner dashboard: acts on their own partner only, never with an operator's role. */
  | { kind: 'partner_user'; partnerUserId: string; partnerId: string; email: string; role: PartnerRole };

const RANK: Record<OperatorRole, number> = { viewer: 0, underwriter: 1, admin: 2 };

/** The one ranking of roles: each may do what the roles below it may. */
export function roleAtLeast(role: OperatorRole, needed: OperatorRole): boolean {
  return RANK[role] >= RANK[needed];
}

export function roleOf(actor: Actor): OperatorRole | null {
  return actor.kind === 'operator' ? actor.role : actor.kind === 'partner_user' ? null : 'admin';
}

/** Whether the actor holds the operator role (a partner user holds none). */
export function may(actor: Actor, needed: OperatorRole): boolean {
  const role = roleOf(actor);
  return role !== null && roleAtLeast(role, needed);
}
