import { randomUUID } from 'node:crypto';
import type { Queryable } from './db.ts';

export interface DecisionRow {
  id: string;
  application_id: string;
  decided_by: 'policy' | 'operator' | 'sandbox';
  policy: string | null;
  inputs: Record<string, unknown> | null;
  outcome: Record<string, unknown>;
  created_at: Date;
}

/** Every decision keeps what it used and what it decided, so an operator can see why. */
export async function insertDecision(
  db: Queryable,
  d: { applicationId: string; decidedBy: DecisionRow['decided_by']; policy: string | null; inputs: unknown; outcome: unknown; now: Date },
): Promise<string> {
  const id = randomUUID();
  await db.query('INSERT INTO decisions (id, application_id, decided_by, policy, inputs, outcome, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    id,
    d.applicationId,
    d.decidedBy,
    d.policy,
    d.inputs === null ? null : JSON.stringify(d.inputs),
    JSON.stringify(d.outcome),
    d.now,
  ]);
  return id;
}

export async function latestDecision(db: Queryable, applicationId: string): Promise<DecisionRow | null> {
  const { rows } = await db.query<DecisionRow>('SELECT * FROM decisions WHERE application_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1', [applicationId]);
  return rows[0] ?? null;
}

export async function listDecisions(db: Queryable, applicationId: string): Promise<DecisionRow[]> {
  const { rows } = await db.query<DecisionRow>('SELECT * FROM decisions WHERE application_id = $1 ORDER BY created_at, id', [applicationId]);
  return rows;
}
