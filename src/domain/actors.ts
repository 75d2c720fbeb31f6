/** Who acts on the lender's side: an operator's role, and who a change is made by. */

export type OperatorRole = 'viewer' | 'underwriter' | 'admin';

/**
 * Who makes a change: an operator signed in to the console, the admin token, or the service
 * itself from the command line (`npm run operator`) or at its first start.
 */
export type Actor =
  | { kind: 'admin_token' }
  | { kind: 'operator'; operatorId: string; email: string; role: OperatorRole }
  | { kind: 'system'; label: 'command line' | 'first start' };
