/**
 * Contract section 11: "Files are streamed, never held whole in memory". The server runs as a child
 * process (the real `src/main.ts`, API and worker); 50 MiB are uploaded over HTTP as 5 files of
 * 10 MiB while the child's resident memory (VmRSS) is sampled every 25 ms. Its peak growth over the
 * baseline must stay below the size of one file: a server that buffered a whole upload would grow
 * by at least that much.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { customerBody } from '../helpers/app.ts';
import { multipartBody, pdfOfSize, sha256 } from '../helpers/files.ts';

const MIB = 1024 * 1024;
const FILE_BYTES = 10 * MIB;
const FILES = 5;
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
  const child = spawn(join(process.cwd(), 'node_modules/.bin/node'), ['src/main.ts'], {
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
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output.join('')}`);
    try {
      const res = await fetch(`${base}/api/lending/v2.2/openapi.json`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, base, output };
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

/**
 * Uploads FILES distinct 10 MiB PDFs one after another while sampling the child's RSS; returns the
 * peak growth over the baseline taken after a small warm-up upload (which loads the upload code).
 */
async function measureUploads(server: Server): Promise<{ baseline: number; peak: number; ids: string[]; hashes: string[] }> {
  const admin = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };
  const partner = await json(await fetch(`${server.base}/admin/v1/partners`, { method: 'POST', headers: admin, body: JSON.stringify({ name: 'Memory' }) }), 201);
  const token = await json(
    await fetch(`${server.base}/admin/v1/partners/${partner.data.partner_id}/tokens`, { method: 'POST', headers: admin, body: JSON.stringify({ environment: 'sandbox' }) }),
    201,
  );
  const auth = { authorization: `Bearer ${token.data.token}`, accept: 'application/json' };
  const customer = await json(
    await fetch(`${server.base}/api/lending/v2.2/customers/`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(customerBody()) }),
    201,
  );
  const uploadUrl = `${server.base}/api/lending/v2.2/document_upload/${customer.data.customer_id}/`;
  const send = async (content: Buffer, name: string) => {
    const { payload, contentType } = await multipartBody([['document_type', 'bank statement'], ['document', { filename: name, content, type: 'application/pdf' }]]);
    return json(await fetch(uploadUrl, { method: 'POST', headers: { ...auth, 'content-type': contentType }, body: payload }), 201);
  };

  await send(pdfOfSize(256 * 1024, 'warm-up'), 'warm-up.pdf');
  const files = Array.from({ length: FILES }, (_, i) => pdfOfSize(FILE_BYTES, `file-${i}`));
  const hashes = files.map((f) => sha256(f));
  expect(new Set(hashes).size).toBe(FILES);
  await new Promise((resolve) => setTimeout(resolve, 1500)); // let the warm-up's processing settle
  const pid = server.child.pid as number;
  const baseline = await rssBytes(pid);
  let peak = baseline;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssBytes(pid));
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const ids: string[] = [];
  try {
    for (let i = 0; i < FILES; i++) ids.push((await send(files[i], `big-${i}.pdf`)).data.document_id as string);
    // Background processing reads every file back: it must stay flat too.
    await new Promise((resolve) => setTimeout(resolve, 3000));
  } finally {
    sampling = false;
    await sampler;
  }
  const list = await json(await fetch(`${server.base}/api/lending/v2.2/document_upload/${customer.data.customer_id}/`, { headers: auth }), 200);
  const statuses = (list.data as unknown as { id: string; attributes: { status: string } }[]).filter((d) => ids.includes(d.id)).map((d) => d.attributes.status);
  expect(statuses).toHaveLength(FILES);
  return { baseline, peak, ids, hashes };
}

function report(label: string, r: { baseline: number; peak: number }): void {
  // One line in the test output, to see the margin.
  process.stdout.write(`${label}: baseline ${(r.baseline / MIB).toFixed(1)} MiB, peak ${(r.peak / MIB).toFixed(1)} MiB, growth ${((r.peak - r.baseline) / MIB).toFixed(1)} MiB\n`);
}

describe.skipIf(process.platform !== 'linux')('upload memory bound (server as a child process)', () => {
  describe('embedded PGlite', () => {
    let server: Server | undefined;
    let dataDir: string;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'lending-memory-'));
      server = await startServer({ DATA_DIR: dataDir });
    });
    afterAll(async () => {
      await stopServer(server);
      await rm(dataDir, { recursive: true, force: true });
    });

    it('uploads 50 MiB in 10 MiB files with the server growing by less than one file', async () => {
      const result = await measureUploads(server as Server);
      report('PGlite', result);
      expect(result.peak - result.baseline).toBeLessThan(FILE_BYTES);
    }, 120_000);
  });

  describe.skipIf(!POSTGRES)('PostgreSQL', () => {
    let server: Server | undefined;
    let database: string;

    beforeAll(async () => {
      database = `memory_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: POSTGRES });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      await admin.end();
      const url = new URL(POSTGRES as string);
      url.pathname = `/${database}`;
      server = await startServer({ DATABASE_URL: url.toString(), DATA_DIR: join(tmpdir(), 'unused') });
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

    it('uploads 50 MiB in 10 MiB files with the server growing by less than one file', async () => {
      const result = await measureUploads(server as Server);
      report('PostgreSQL', result);
      expect(result.peak - result.baseline).toBeLessThan(FILE_BYTES);
    }, 120_000);
  });
});
