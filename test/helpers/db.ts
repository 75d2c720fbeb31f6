import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from '../../src/store/db.ts';
import { migrate } from '../../src/store/migrate.ts';
import { openPglite } from '../../src/store/pglite-db.ts';
import { openPostgres } from '../../src/store/postgres-db.ts';
import type { QueueBackend } from '../../src/worker/queue.ts';
import { useResource } from './hooks.ts';

export type BackendName = 'pglite' | 'postgres';

const execFileAsync = promisify(execFile);

/**
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). TEST_BACKENDS=postgres
 * keeps only the PostgreSQL variants: CI's second pass, after a first pass on PGlite alone
 * (docs/operations.md, "Test time").
 */
export const BACKENDS: BackendName[] = chosenBackends(process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'], process.env.TEST_BACKENDS);

function chosenBackends(available: BackendName[], only: string | undefined): BackendName[] {
  if (only === undefined || only.trim() === '') return available;
  const chosen = only.split(',').map((name) => name.trim());
  const unknown = chosen.filter((name) => !available.includes(name as BackendName));
  if (unknown.length > 0) throw new Error(`TEST_BACKENDS names ${unknown.join(', ')}, not among ${available.join(', ')} (postgres needs TEST_DATABASE_URL)`);
  return chosen as BackendName[];
}

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
 * PGlite data directories made once and kept in the system's temporary directory, under names that
 * change with what made them (the PGlite version, the migrations): a fresh PGlite costs seconds of
 * CPU (its initdb) and the migrations more, while loading a copy costs a fraction of that. Every
 * test process of a run (and of later runs) shares them.
 * - migrated: the migrations applied, the start of every PGlite test database;
 * - pristine: initialised and empty, no migration applied, for what tests as a first start.
 */
interface Template {
  /** The dump (PGlite's dumpDataDir, an uncompressed tar). */
  blob: Blob;
  path: string;
}
const templates = new Map<string, Promise<Template>>();
const TEST_SHARED_BUFFERS = '16MB';

function cachedTemplate(kind: 'migrated' | 'pristine'): Promise<Template> {
  let template = templates.get(kind);
  if (!template) templates.set(kind, (template = loadOrMakeTemplate(kind)));
  return template;
}

async function loadOrMakeTemplate(kind: 'migrated' | 'pristine'): Promise<Template> {
  const hash = createHash('sha256').update(kind).update(TEST_SHARED_BUFFERS);
  hash.update(await readFile(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url)));
  if (kind === 'migrated') {
    const dir = new URL('../../src/store/migrations/', import.meta.url);
    for (const file of (await readdir(dir)).sort()) hash.update(file).update(await readFile(new URL(file, dir)));
  }
  const path = join(tmpdir(), `lending-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return { blob: new Blob([await readFile(path)]), path };
  } catch {
    // Not made yet: make it, and write it under a name of its own first, so a process that
    // reads it meanwhile never sees half a file.
  }
  const db = await openPglite();
  if (kind === 'migrated') {
    await migrate(db);
    // Test databases are small: a 16 MB buffer pool instead of the default 128 MB makes every copy
    // start with a third less CPU (docs/operations.md, "Test time"). The application's own PGlite
    // keeps its defaults, and so does the pristine copy, which stands for a first start.
    await db.query(`ALTER SYSTEM SET shared_buffers = '${TEST_SHARED_BUFFERS}'`);
  }
  let blob = await db.pglite.dumpDataDir('none');
  await db.close();
  // Test databases are opened as `postgres` and never copied with CREATE DATABASE: the copy leaves
  // out template0 and template1 (base/4 and base/1), a third of its bytes and of what every open
  // unpacks. The pristine copy keeps them, as a first start has them.
  if (kind === 'migrated') blob = new Blob([withoutTarEntries(new Uint8Array(await blob.arrayBuffer()), /^\/?base\/(1|4)\//)]);
  const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, new Uint8Array(await blob.arrayBuffer()));
  await rename(partial, path);
  return { blob, path };
}

/** The tar `tar` (ustar, as PGlite dumps it) without the entries whose path matches `drop`. */
function withoutTarEntries(tar: Uint8Array, drop: RegExp): Uint8Array<ArrayBuffer> {
  const kept: Uint8Array[] = [];
  const text = (from: number, length: number) => new TextDecoder().decode(tar.subarray(from, from + length)).replace(/\0.*$/s, '');
  let at = 0;
  while (at + 512 <= tar.length && tar[at] !== 0) {
    const prefix = text(at + 345, 155);
    const name = prefix ? `${prefix}/${text(at, 100)}` : text(at, 100);
    const size = parseInt(text(at + 124, 12).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    if (!drop.test(name)) kept.push(tar.subarray(at, end));
    at = end;
  }
  kept.push(new Uint8Array(1024));
  const out = new Uint8Array(kept.reduce((n, part) => n + part.length, 0));
  kept.reduce((offset, part) => (out.set(part, offset), offset + part.length), 0);
  return out;
}

/**
 * A new in-memory PGlite with nothing in it, as a first start has (no migration applied): from
 * the pristine copy, so without initdb's seconds of CPU.
 */
export async function openPristinePglite(): Promise<Db & { pglite: PGlite }> {
  return openPglite(undefined, { loadDataDir: (await cachedTemplate('pristine')).blob });
}

/**
 * Fills the empty directory `dir` with the pristine cluster: the DATA_DIR of a first start, for a
 * child server or command, which then migrates and bootstraps it as it would a directory of its
 * own initdb (PGlite finds the cluster and skips initdb, seconds of CPU per process). The copy is
 * unpacked with tar (PGlite's dumps are tar files).
 */
export async function writePristineDataDir(dir: string): Promise<void> {
  await execFileAsync('tar', ['-xf', (await cachedTemplate('pristine')).path, '-C', dir]);
}

/** A fresh, migrated database: an in-memory PGlite, or a new PostgreSQL schema dropped afterwards. */
export async function openTestDb(backend: BackendName): Promise<TestDb> {
  if (backend === 'pglite') {
    const db = await openPglite(undefined, { loadDataDir: (await cachedTemplate('migrated')).blob });
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
