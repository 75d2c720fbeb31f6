import { mkdir } from 'node:fs/promises';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite-db.ts';
import { openPostgres } from './postgres-db.ts';

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR; migrated either way. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  let db: Db;
  if (config.databaseUrl) {
    db = openPostgres({ connectionString: config.databaseUrl, max: 20 });
  } else {
    await mkdir(config.dataDir, { recursive: true });
    db = await openPglite(config.dataDir);
  }
  await migrate(db);
  return db;
}
