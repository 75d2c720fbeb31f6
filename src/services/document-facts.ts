import { statementTurnoverPence, type ParsedStatement } from '../domain/bank-statement.ts';
import type { Queryable } from '../store/db.ts';
import { acceptedStatements } from '../store/documents-store.ts';

export interface DocumentFacts {
  hasAcceptedBankStatement: boolean;
  /** Credits of the last 12 months in accepted JSON bank statements, or null when there are none. */
  statementTurnoverPence: number | null;
}

/** What the customer's accepted documents tell the decision policy (contract section 7). */
export async function documentFacts(tx: Queryable, customerId: string, today: string): Promise<DocumentFacts> {
  const { anyAccepted, statements } = await acceptedStatements(tx, customerId);
  return {
    hasAcceptedBankStatement: anyAccepted,
    statementTurnoverPence: statements.length > 0 ? statementTurnoverPence(statements as ParsedStatement[], today) : null,
  };
}
