/**
 * The real server as child processes (`node src/main.ts`) on 127.0.0.1, for the tests that start
 * several nodes, kill them and start them again: every process and every database or directory
 * made for them is tracked and removed when the describe block ends, whatever happened.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';
import { writePristineDataDir } from './db.ts';
import { BASE } from './app.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const NODE = join(ROOT, 'node_modules/.bin/node');

export interface NodeProcess {
  name: string;
  proc: ChildProcess;
  output: string[];
  exited: Promise<void>;
}

export class NodeProcesses {
  readonly #children = new Set<NodeProcess>();
  readonly #cleanups: (() => Promise<void>)[] = [];

  /** Starts `node src/main.ts` with `env` (over a minimal environment and generous rate limits). */
  spawn(name: string, env: Record<string, string>): NodeProcess {
    const proc = spawn(NODE, ['src/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        RATE_LIMIT_PER_MINUTE: '100000',
        // A small pool (at most 4 connections an api, 8 a worker; 28 was the most a whole file used):
        // test files run three at a time on one PostgreSQL and its default 100 connections.
        DATABASE_POOL_SIZE: '3',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    proc.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    proc.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<void>((done) => proc.once('exit', () => done()));
    const child = { name, proc, output, exited };
    this.#children.add(child);
    return child;
  }

  /** Runs `cleanup` when everything stops (after the processes are gone), last registered first. */
  onStop(cleanup: () => Promise<void>): void {
    this.#cleanups.push(cleanup);
  }

  /** Kills every process still running, waits for each to end, then runs the clean-ups. */
  async stopAll(): Promise<void> {
    for (const child of this.#children) {
      if (child.proc.exitCode === null && child.proc.signalCode === null) child.proc.kill('SIGKILL');
    }
    await Promise.all([...this.#children].map((c) => c.exited));
    for (const cleanup of this.#cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  }

  /** A fresh PostgreSQL database beside `connectionString`'s, dropped when everything stops. */
  async freshDatabase(connectionString: string, prefix = 'nodes'): Promise<string> {
    const name = `${prefix}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    this.onStop(async () => {
      const dropper = new pg.Client({ connectionString });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    });
    const url = new URL(connectionString);
    url.pathname = `/${name}`;
    return url.toString();
  }

  /** A fresh temporary directory, removed when everything stops. */
  async freshDir(prefix: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), prefix));
    this.onStop(() => rm(dir, { recursive: true, force: true }));
    return dir;
  }

  /** A fresh DATA_DIR holding an empty PGlite cluster (writePristineDataDir), removed when everything stops. */
  async freshDataDir(prefix: string): Promise<string> {
    const dir = await this.freshDir(prefix);
    await writePristineDataDir(dir);
    return dir;
  }
}

/** Processes for the enclosing describe block, all stopped in afterAll. */
export function useNodeProcesses(): NodeProcesses {
  const processes = new NodeProcesses();
  afterAll(() => processes.stopAll(), 60_000);
  return processes;
}

export async function killHard(child: NodeProcess): Promise<void> {
  child.proc.kill('SIGKILL');
  await child.exited;
}

/** The process's name, how it ended and the end of its output (tokens shortened). */
export function describeChild(child: NodeProcess): string {
  const text = child.output.join('').replace(/(sk_[a-z]+_|adm_)[A-Za-z0-9_-]+/g, '$1…');
  return `${child.name} (exit ${child.proc.exitCode ?? child.proc.signalCode ?? 'running'}):\n${text.slice(-3000)}`;
}

/** Polls until `path` on the child's port answers `accept`ed status, or throws with its output. */
async function waitForAnswer(child: NodeProcess, url: string, accept: (status: number) => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.proc.exitCode !== null) throw new Error(`server exited early: ${describeChild(child)}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (accept(res.status)) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in ${timeoutMs} ms: ${describeChild(child)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * How long a start may take: one costs 3 to 4 s of CPU, and these tests start several at once on
 * two cores that other work may share.
 */
const START_TIMEOUT_MS = 90_000;

/** Waits until the child answers HTTP on `port` (any answer: the unauthenticated check is a 401). */
export function waitForHttp(child: NodeProcess, port: number, timeoutMs = START_TIMEOUT_MS): Promise<void> {
  return waitForAnswer(child, `http://127.0.0.1:${port}${BASE}/authentication_check/`, () => true, timeoutMs);
}

/** Waits until the child's readiness (docs/behaviour.md, section 25) answers 200: an api or a worker. */
export function waitForReady(child: NodeProcess, port: number, timeoutMs = START_TIMEOUT_MS): Promise<void> {
  return waitForAnswer(child, `http://127.0.0.1:${port}/health/ready`, (status) => status === 200, timeoutMs);
}

/**
 * Local ports of the process's TCP connections to `remotePort` (a receiver), from Linux's /proc, or
 * null where that cannot be read. Only those: an ephemeral port can be in use by two processes at
 * once towards different peers (one towards PostgreSQL, one towards the receiver), so ports of all
 * sockets would attribute deliveries twice.
 */
export async function localPortsOf(pid: number, remotePort: number): Promise<Set<number> | null> {
  try {
    const inodes = new Set<string>();
    for (const fd of await readdir(`/proc/${pid}/fd`)) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      const match = /^socket:\[(\d+)\]$/.exec(target);
      if (match) inodes.add(match[1]);
    }
    const ports = new Set<number>();
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      const text = await readFile(table, 'utf8').catch(() => '');
      for (const line of text.split('\n').slice(1)) {
        const cols = line.trim().split(/\s+/);
        const peerPort = cols.length > 9 ? parseInt(cols[2].split(':').pop() as string, 16) : -1;
        if (cols.length > 9 && inodes.has(cols[9]) && peerPort === remotePort) ports.add(parseInt(cols[1].split(':').pop() as string, 16));
      }
    }
    return ports.size > 0 ? ports : null;
  } catch {
    return null;
  }
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/** One request over real HTTP: partner paths under the API prefix, `/admin…` as they are. */
export async function call(
  port: number,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  const url = path.startsWith('/admin') ? `http://127.0.0.1:${port}${path}` : `http://127.0.0.1:${port}${BASE}${path}`;
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** Runs `work` over `items` with at most `limit` at once. */
export async function inParallel<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i], i);
      }
    }),
  );
  return results;
}
