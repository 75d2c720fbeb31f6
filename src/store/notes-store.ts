import type { Queryable } from './db.ts';

/** An operator's note on an application, with who wrote it. */
export interface NoteRow {
  id: string;
  body: string;
  created_at: Date;
  operator_name: string;
  operator_email: string;
}

export async function insertNote(tx: Queryable, note: { id: string; applicationId: string; operatorId: string; body: string; now: Date }): Promise<void> {
  await tx.query('INSERT INTO application_notes (id, application_id, operator_id, body, created_at) VALUES ($1, $2, $3, $4, $5)', [
    note.id,
    note.applicationId,
    note.operatorId,
    note.body,
    note.now,
  ]);
}

/** Oldest first. */
export async function listApplicationNotes(db: Queryable, applicationId: string): Promise<NoteRow[]> {
  const { rows } = await db.query<NoteRow>(
    `SELECT n.id, n.body, n.created_at, o.name AS operator_name, o.email AS operator_email
       FROM application_notes n JOIN operators o ON o.id = n.operator_id WHERE n.application_id = $1 ORDER BY n.created_at, n.id`,
    [applicationId],
  );
  return rows;
}
