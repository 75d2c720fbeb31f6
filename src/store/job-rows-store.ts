import type { Queryable } from './db.ts';

/**
 * The tables whose rows start background jobs (a document to process, a prequalification file to
 * quote, a test clock to advance), each with the column that orders its rows oldest first. The API
 * writes a row unqueued in its transaction; the dispatcher claims it for the queue once.
 */
const JOB_ROW_ORDER = { documents: 'uploaded_at', prequalification_files: 'created_at', test_clocks: 'created_at' } as const;

export type JobRowTable = keyof typeof JOB_ROW_ORDER;

/** Claims up to `batch` unqueued rows of `table`, oldest first, skipping rows another worker holds. */
export async function claimUnqueuedRows(tx: Queryable, table: JobRowTable, batch: number): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE queued_at IS NULL ORDER BY ${JOB_ROW_ORDER[table]} LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [batch],
  );
  return rows.map((r) => r.id);
}

export async function markRowsQueued(tx: Queryable, table: JobRowTable, ids: string[]): Promise<void> {
  await tx.query(`UPDATE ${table} SET queued_at = now() WHERE id = ANY($1)`, [ids]);
}
