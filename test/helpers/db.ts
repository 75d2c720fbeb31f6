import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import type { Db } from '../../src/store/db.ts';
import { migrate } from '../../src/store/migrate.ts';
import { openPglite } from '../../src/store/pglite-db.ts';
import { openPostgres } from '../../src/store/postgres-db.ts';
import type { QueueBackend } from '../../src/worker/queue.ts';
import { useResource } from './hooks.ts';

export type BackendName = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const BACKENDS: BackendName[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A describe block for PostgreSQL alone: it runs whenever TEST_DATABASE_URL is set (and, with
 * `needs.redis`, TEST_REDIS_URL too), and is skipped otherwise with the reason in its title and on
 * stderr, so a run without PostgreSQL says what it left out.
 */
export function describeOnPostgres(title: string, body: (connectionString: string, redisUrl: string) => void, needs: { redis?: boolean } = {}): void {
  const connectionString = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (connectionString && (redisUrl || !needs.redis)) {
    describe(title, () => body(connectionString, redisUrl ?? ''));
    return;
  }
  const reason = connectionString ? 'TEST_REDIS_URL is not set' : 'TEST_DATABASE_URL is not set';
  // Straight to stderr: vitest's default reporter does not show the console output of a skipped file.
  process.stderr.write(`skipped "${title}": ${reason}\n`);
  describe.skip(`${title} (skipped: ${reason})`, () => body('', ''));
}

/** A fresh database (openTestDb) for the enclosing describe block: opened in beforeAll, dropped in afterAll. */
export function useTestDb(backend: BackendName): TestDb {
  return useResource(
    'the test database',
    () => openTestDb(backend),
    (testDb) => testDb.drop(),
  );
}

export interface TestDb {
  db: Db;
  /** The PostgreSQL schema of this test database (postgres only). */
  schema?: string;
  /** Where this test database's durable queue lives (pg-boss gets a schema of its own). */
  queue: QueueBackend;
  drop(): Promise<void>;
}

/**
 * A migrated PGlite data directory, dumped once and kept in the system's temporary directory under
 * a name that changes with the migrations and the PGlite version: a fresh in-memory PGlite costs
 * seconds of CPU (its initdb) and the migrations more, while loading this copy costs a fraction of
 * that. Every test process of a run (and of later runs) shares it.
 */
let template: Promise<Blob> | null = null;
const TEST_SHARED_BUFFERS = '16MB';

async function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const hash = createHash('sha256');
    hash.update(await readFile(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url))).update(TEST_SHARED_BUFFERS);
    const dir = new URL('../../src/store/migrations/', import.meta.url);
    for (const file of (await readdir(dir)).sort()) hash.update(file).update(await readFile(new URL(file, dir)));
    const path = join(tmpdir(), `lending-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
    try {
      return new Blob([await readFile(path)]);
    } catch {
      // Not made yet: make it, and write it under a name of its own first, so a process that
      // reads it meanwhile never sees half a file.
    }
    const db = await openPglite();
    await migrate(db);
    // Test databases are small: a 16 MB buffer pool instead of the default 128 MB makes every copy
    // start with a third less CPU (docs/operations.md, "Test time"). The application's own PGlite
    // keeps its defaults.
    await db.query(`ALTER SYSTEM SET shared_buffers = '${TEST_SHARED_BUFFERS}'`);
    const dump = await db.pglite.dumpDataDir('none');
    await db.close();
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, path);
    return dump;
  })();
  return template;
}

/** A fresh, migrated database: an in-memory PGlite, or a new PostgreSQL schema dropped afterwards. */
export async function openTestDb(backend: BackendName): Promise<TestDb> {
  if (backend === 'pglite') {
    const db = await openPglite(undefined, { loadDataDir: await migratedTemplate() });
    // Applies nothing when the copy is current; a migration the copy lacks would be applied here.
    await migrate(db);
    return { db, queue: { kind: 'pglite', pglite: db.pglite }, drop: () => db.close() };
  }
  const connectionString = process.env.TEST_DATABASE_URL as string;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres({ connectionString, max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.close();
  const db = openPostgres({ connectionString, schema, max: 10 });
  await migrate(db);
  return {
    db,
    schema,
    queue: { kind: 'postgres', connectionString, schema: `${schema}_boss` },
    async drop() {
      await db.close();
      const cleanup = openPostgres({ connectionString, max: 1 });
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.query(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`);
      await cleanup.close();
    },
  };
}
