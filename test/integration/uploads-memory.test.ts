/**
 * docs/behaviour.md, section 11: "Files are streamed, never held whole in memory". The server runs as a child
 * process (the real `src/main.ts`: API and worker) on a fresh PostgreSQL database; 60 MiB are
 * uploaded over HTTP as 3 distinct 20 MiB PDFs, one after another, while the child's resident
 * memory (VmRSS) is sampled every 25 ms, through the uploads and the background processing that
 * reads every file back. The peak growth over the baseline must stay below the size of one file:
 * a server that held a whole upload would grow by at least that much.
 *
 * What the measurement needs, each found by measuring:
 * - PostgreSQL, not PGlite: embedded PGlite lives in the server's own memory and by itself swells by
 *   ~47 MiB while it writes one 10 MiB transaction (its WAL and buffers), which no streaming in our
 *   code can avoid. So the test runs only when TEST_DATABASE_URL is set.
 * - test/helpers/gc-pressure.ts preloaded (`--expose-gc --import`) and a fixed small young
 *   generation (`--max-semi-space-size=1`): with V8's defaults the resident size mostly measures
 *   garbage not yet collected (tens of MiB, even for a server that only drains the request) and
 *   the young generation growing and shrinking (see gc-pressure.ts). These change when memory is
 *   collected, never what the server keeps alive.
 * - 20 MiB files rather than 10 MiB: even so the resident size of a streaming server wanders by up
 *   to ~15 MiB (allocator and heap page reuse), independently of the file size (10 MiB files: 4 to
 *   18 MiB; 20 MiB files: 5 to 15 MiB), so only the largest files the API accepts separate it
 *   reliably from a buffering one. Checked both ways: streaming peaks at 5 to 15 MiB of growth; the
 *   same server changed to read the file part whole (`await part.toBuffer()`) peaks at 35 to 38 MiB.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { customerBody } from '../helpers/app.ts';
import { multipartBody, pdfOfSize, sha256 } from '../helpers/files.ts';

const MIB = 1024 * 1024;
/** Files of the largest size the API accepts (see the header for why not 10 MiB). */
const FILE_BYTES = 20 * MIB;
const FILES = 3;
const ADMIN = `admin-${randomBytes(12).toString('hex')}`;
const POSTGRES = process.env.TEST_DATABASE_URL;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error('no VmRSS');
  return Number(match[1]) * 1024;
}

interface Server {
  child: ChildProcess;
  base: string;
  output: string[];
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(
    join(process.cwd(), 'node_modules/.bin/node'),
    ['--expose-gc', '--max-semi-space-size=1', '--import=./test/helpers/gc-pressure.ts', 'src/main.ts'],
    {
      cwd: process.cwd(),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_TOKEN: ADMIN,
        LOG_LEVEL: 'warn',
        UPLOAD_RATE_LIMIT_PER_MINUTE: '1000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const server = { child, base: `http://127.0.0.1:${port}`, output };
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output.join('')}`);
      try {
        const res = await fetch(`${server.base}/api/lending/v2.2/openapi.json`);
        if (res.status === 200) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not start: ${output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stopServer(server);
    throw error;
  }
  return server;
}

async function stopServer(server: Server | undefined): Promise<void> {
  const child = server?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function json(res: Response, status: number): Promise<{ data: Record<string, unknown> }> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text);
}

/** Polls the document list until every one of `ids` is accepted or rejected (or 30 s pass). */
async function settledStatuses(listUrl: string, headers: Record<string, string>, ids: string[]): Promise<string[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const list = await json(await fetch(listUrl, { headers }), 200);
    const documents = list.data as unknown as { id: string; attributes: { status: string } }[];
    const statuses = ids.map((id) => documents.find((d) => d.id === id)?.attributes.status ?? 'missing');
    if (statuses.every((status) => status === 'accepted' || status === 'rejected') || Date.now() > deadline) return statuses;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Uploads FILES distinct 10 MiB PDFs one after another while sampling the child's RSS, through
 * their background processing; returns the baseline and the peak. The baseline is taken after one
 * warm-up upload of the same size has been stored and processed: the first large upload grows the
 * process once for good (V8 keeps freed heap pages pooled, buffers and JIT code size up for large
 * data), whatever the server does with files; what the test bounds is what 50 MiB more cost.
 */
async function measureUploads(server: Server): Promise<{ baseline: number; peak: number; ids: string[]; hashes: string[] }> {
  const admin = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };
  const partner = await json(
    await fetch(`${server.base}/admin/v1/partners`, { method: 'POST', headers: admin, body: JSON.stringify({ name: 'Memory' }) }),
    201,
  );
  const token = await json(
    await fetch(`${server.base}/admin/v1/partners/${partner.data.partner_id}/tokens`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ environment: 'sandbox' }),
    }),
    201,
  );
  const auth = { authorization: `Bearer ${token.data.token}`, accept: 'application/json' };
  const customer = await json(
    await fetch(`${server.base}/api/lending/v2.2/customers/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(customerBody()),
    }),
    201,
  );
  const uploadUrl = `${server.base}/api/lending/v2.2/document_upload/${customer.data.customer_id}/`;
  const send = async (content: Buffer, name: string) => {
    const { payload, contentType } = await multipartBody([
      ['document_type', 'bank statement'],
      ['document', { filename: name, content, type: 'application/pdf' }],
    ]);
    return json(await fetch(uploadUrl, { method: 'POST', headers: { ...auth, 'content-type': contentType }, body: new Uint8Array(payload) }), 201);
  };

  const warmUp = await send(pdfOfSize(FILE_BYTES, 'warm-up'), 'warm-up.pdf');
  expect(await settledStatuses(uploadUrl, auth, [warmUp.data.document_id as string])).toEqual(['accepted']);
  const files = Array.from({ length: FILES }, (_, i) => pdfOfSize(FILE_BYTES, `file-${i}`));
  const hashes = files.map((f) => sha256(f));
  expect(new Set(hashes).size).toBe(FILES);
  // The baseline: the median of a second of samples once the warm-up has settled (a single sample
  // can land on a short-lived high or low).
  const pid = server.child.pid as number;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const quiet: number[] = [];
  for (let i = 0; i < 40; i++) {
    quiet.push(await rssBytes(pid));
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const baseline = quiet.sort((a, b) => a - b)[Math.floor(quiet.length / 2)];
  let peak = baseline;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssBytes(pid));
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const ids: string[] = [];
  let settled: string[];
  try {
    for (let i = 0; i < FILES; i++) ids.push((await send(files[i], `big-${i}.pdf`)).data.document_id as string);
    // Background processing reads every file back: memory must stay flat through it too.
    settled = await settledStatuses(uploadUrl, auth, ids);
  } finally {
    sampling = false;
    await sampler;
  }
  expect(settled).toEqual(Array(FILES).fill('accepted'));
  return { baseline, peak, ids, hashes };
}

function report(label: string, r: { baseline: number; peak: number }): void {
  // One line in the test output, to see the margin.
  process.stdout.write(
    `${label}: baseline ${(r.baseline / MIB).toFixed(1)} MiB, peak ${(r.peak / MIB).toFixed(1)} MiB, growth ${((r.peak - r.baseline) / MIB).toFixed(1)} MiB\n`,
  );
}

describe.skipIf(process.platform !== 'linux' || !POSTGRES)('upload memory bound (server as a child process on PostgreSQL)', () => {
  describe('3 × 20 MiB', () => {
    let server: Server | undefined;
    let database: string;
    let databaseUrl: string;

    beforeAll(async () => {
      database = `memory_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: POSTGRES });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      await admin.end();
      const url = new URL(POSTGRES as string);
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
      server = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: join(tmpdir(), 'lending-memory-unused') });
    });
    afterAll(async () => {
      await stopServer(server);
      if (database) {
        const admin = new pg.Client({ connectionString: POSTGRES });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await admin.end();
      }
    });

    it('uploads 60 MiB in 20 MiB files with the server growing by less than one file', async () => {
      const result = await measureUploads(server as Server);
      report('PostgreSQL', result);
      expect(result.peak - result.baseline).toBeLessThan(FILE_BYTES);
      // And what was stored is each file, byte for byte.
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        const { rows } = await db.query<{ id: string; sha: string; size: string }>(
          `SELECT d.id, encode(sha256(string_agg(c.data, ''::bytea ORDER BY c.seq)), 'hex') AS sha, d.size_bytes::text AS size
             FROM documents d JOIN document_chunks c ON c.document_id = d.id
            WHERE d.id = ANY($1::uuid[]) GROUP BY d.id, d.size_bytes`,
          [result.ids],
        );
        const byId = new Map(rows.map((r) => [r.id, r]));
        result.ids.forEach((id, i) => {
          expect(byId.get(id)?.sha).toBe(result.hashes[i]);
          expect(Number(byId.get(id)?.size)).toBe(FILE_BYTES);
        });
      } finally {
        await db.end();
      }
    }, 120_000);
  });
});
