import { statementTurnoverPence, type ParsedStatement } from '../domain/bank-statement.ts';
import type { Queryable } from '../store/db.ts';
import { acceptedStatements } from '../store/documents-store.ts';

export interface DocumentFacts {
  hasAcceptedBankStatement: boolean;
  /**
   * Credits of the last 12 months in accepted GBP JSON bank statements, or null when there are
   * none. Statements in another currency give no GBP turnover (statementTurnoverPence skips them),
   * so with only those the turnover is unknown (the policy asks for it) rather than 0 (which
   * would decline the customer for months).
   */
  statementTurnoverPence: number | null;
}

/** What the customer's accepted documents tell the decision policy (docs/behaviour.md, section 7). */
export async function documentFacts(tx: Queryable, customerId: string, today: string): Promise<DocumentFacts> {
  const { anyAccepted, statements } = await acceptedStatements(tx, customerId);
  const gbp = (statements as ParsedStatement[]).filter((s) => s.currency === 'GBP');
  return {
    hasAcceptedBankStatement: anyAccepted,
    statementTurnoverPence: gbp.length > 0 ? statementTurnoverPence(gbp, today) : null,
  };
}
