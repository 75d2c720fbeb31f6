import { readdir, readFile } from 'node:fs/promises';
import type { Db, Queryable } from './db.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
/** Any fixed number: it serialises migration runs of several nodes starting at once. */
const MIGRATION_LOCK = 7_220_001;

/** The numbered migration files this code knows, in order. */
export async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
}

/**
 * Whether the ledger records `name` as applied (a query that also shows the database answers);
 * with no migration to look for, whether the database answers.
 */
export async function isMigrationApplied(db: Queryable, name: string | null): Promise<boolean> {
  if (name === null) return (await db.query('SELECT 1')).rowCount > 0;
  const done = await db.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
  return done.rowCount > 0;
}

/** Applies every numbered migration not yet applied, each in its own transaction, in order. */
export async function migrate(db: Db): Promise<string[]> {
  const files = await migrationFiles();
  const applied: string[] = [];
  // Under the lock too: two nodes creating the ledger at once would otherwise collide.
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  });
  for (const file of files) {
    const sql = await readFile(new URL(file, MIGRATIONS_DIR), 'utf8');
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (done.rowCount > 0) return;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    });
  }
  return applied;
}

/** Migrations are plain statements separated by semicolons at line ends (no functions with bodies). */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/^\s*--.*$/gm, '')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
