import type { Queryable } from '../store/db.ts';

export interface DocumentFacts {
  hasAcceptedBankStatement: boolean;
  /** Credits of the last 12 months in accepted JSON bank statements, or null when there are none. */
  statementTurnoverPence: number | null;
}

/**
 * What accepted documents tell the decision policy. Documents arrive with the documents issue;
 * until then no customer has an accepted bank statement.
 */
export async function documentFacts(_tx: Queryable, _customerId: string, _today: string): Promise<DocumentFacts> {
  return { hasAcceptedBankStatement: false, statementTurnoverPence: null };
}
