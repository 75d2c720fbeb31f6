/** Who acts on the lender's side: an operator's role, and who a change is made by. */

export type OperatorRole = 'viewer' | 'underwriter' | 'admin';

/**
 * Who makes a change: an operator signed in to the console, the admin token, or the service
 * itself from the command line (`npm run operator`) or at its first start.
 */
export type Actor =
  | { kind: 'admin_token' }
  | { kind: 'operator'; operatorId: string; email: string; role: OperatorRole }
  | { kind: 'system'; label: 'command line' | 'first start' | 'partner API' | 'customer portal' };

const RANK: Record<OperatorRole, number> = { viewer: 0, underwriter: 1, admin: 2 };

/** The one ranking of roles: each may do what the roles below it may. */
export function roleAtLeast(role: OperatorRole, needed: OperatorRole): boolean {
  return RANK[role] >= RANK[needed];
}

export function roleOf(actor: Actor): OperatorRole {
  return actor.kind === 'operator' ? actor.role : 'admin';
}

export function may(actor: Actor, needed: OperatorRole): boolean {
  return roleAtLeast(roleOf(actor), needed);
}
