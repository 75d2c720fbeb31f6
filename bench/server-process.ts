/**
 * Child processes for the benchmark: the real API server (`node src/main.ts`) and the bare
 * `node:http` ceiling (bench/bare-server.ts). Both listen on 127.0.0.1 only, on a free port picked
 * here; each is stopped with SIGTERM (SIGKILL after a grace period), and anything still alive when
 * the benchmark process exits is killed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const HOST = '127.0.0.1';
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;
const OUTPUT_TAIL_CHARS = 16_000;

export interface ChildServer {
  name: string;
  pid: number;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  /** SIGTERM, then SIGKILL after a grace period; resolves once the process has exited. */
  stop(): Promise<StopResult>;
  /** The last lines the child wrote (stdout and stderr interleaved). */
  output(): string;
}

export interface StopResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when SIGTERM was not enough. */
  killed: boolean;
}

const live = new Set<ChildProcess>();

// Last resort: nothing we started outlives us, whatever path the process takes out.
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** Every child still running, stopped (used on failure and on Ctrl-C). */
export async function stopAllChildren(): Promise<void> {
  await Promise.all([...live].map((child) => stopProcess(child)));
}

/** A port free on 127.0.0.1 right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, HOST);
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('could not pick a free port');
  return address.port;
}

/** A clean environment for children: nothing from the caller's shell leaks into the server config. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stopProcess(child: ChildProcess): Promise<StopResult> {
  if (child.pid !== undefined && !exited(child)) {
    const done = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await done;
    clearTimeout(timer);
  }
  live.delete(child);
  return { code: child.exitCode, signal: child.signalCode, killed: child.signalCode === 'SIGKILL' };
}

/**
 * Whether the child answers HTTP on the port (any status). A connection alone is not enough: the API
 * server takes its port before it opens the database, and closes connections made meanwhile.
 */
async function answersHttp(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://${HOST}:${port}/`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

export interface StartOptions {
  name: string;
  /** Script path relative to the repository root, run with this same `node` binary. */
  script: string;
  env: Record<string, string>;
}

/**
 * Starts `node <script>` with PORT/HOST set, and resolves once it answers HTTP on it.
 * Retries on a fresh port if the child dies before listening (the port may have been taken).
 */
export async function startChild(options: StartOptions): Promise<ChildServer> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      return await startOnce(options, await freePort());
    } catch (error) {
      lastError = error;
      if (!(error instanceof EarlyExit)) break;
    }
  }
  throw lastError;
}

class EarlyExit extends Error {}

/** `node <script>` with a clean environment plus `env`, tracked so it is stopped whatever happens. */
function spawnTracked(script: string, env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [script], {
    cwd: REPO_ROOT,
    env: { ...baseEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', () => live.delete(child));
  return { child, output: () => tail };
}

async function startOnce(options: StartOptions, port: number): Promise<ChildServer> {
  const { child, output } = spawnTracked(options.script, { ...options.env, HOST, PORT: String(port) });

  const spawnFailed = once(child, 'error').then(([error]) => {
    throw error;
  });
  spawnFailed.catch(() => {});

  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    for (;;) {
      if (exited(child)) {
        throw new EarlyExit(`${options.name} exited before listening (code ${child.exitCode}, signal ${child.signalCode}):\n${output().trim()}`);
      }
      if (await Promise.race([answersHttp(port), spawnFailed])) break;
      if (Date.now() > deadline) throw new Error(`${options.name} did not listen on ${HOST}:${port} within ${READY_TIMEOUT_MS / 1000} s:\n${output().trim()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stopProcess(child);
    throw error;
  }

  return {
    name: options.name,
    pid: child.pid as number,
    port,
    url: `http://${HOST}:${port}`,
    stop: () => stopProcess(child),
    output,
  };
}

export interface ApiServerOptions {
  /** PostgreSQL; when absent, PGlite in dataDir. */
  databaseUrl?: string;
  dataDir?: string;
  adminToken: string;
  logLevel: string;
  /** Extra environment for the server (later scenarios may need feature switches). */
  env?: Record<string, string>;
}

/** Rate limits are lifted: the benchmark measures the handlers, not the limiter's 429s. */
export const LIFTED_RATE_LIMIT = '1000000';

/** BENCH_SERVER_ENV, "NAME=value,NAME=value": extra environment for the API server. */
function serverEnvFromCaller(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of (process.env.BENCH_SERVER_ENV ?? '').split(',')) {
    if (pair.trim() === '') continue;
    const at = pair.indexOf('=');
    if (at <= 0) throw new Error(`BENCH_SERVER_ENV: "${pair}" is not NAME=value`);
    env[pair.slice(0, at).trim()] = pair.slice(at + 1);
  }
  return env;
}

export function startApiServer(options: ApiServerOptions): Promise<ChildServer> {
  const env: Record<string, string> = {
    ADMIN_TOKEN: options.adminToken,
    LOG_LEVEL: options.logLevel,
    RATE_LIMIT_PER_MINUTE: LIFTED_RATE_LIMIT,
    UPLOAD_RATE_LIMIT_PER_MINUTE: LIFTED_RATE_LIMIT,
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.dataDir) env.DATA_DIR = options.dataDir;
  // Extra environment from the caller, e.g. tracing on: BENCH_SERVER_ENV="OTEL_EXPORTER_OTLP_ENDPOINT=…".
  Object.assign(env, serverEnvFromCaller());
  // For profiling the server under load, e.g. "--cpu-prof --cpu-prof-dir=profiles".
  const nodeOptions = process.env.BENCH_SERVER_NODE_OPTIONS;
  if (nodeOptions) env.NODE_OPTIONS = nodeOptions;
  return startChild({ name: 'API server (src/main.ts)', script: 'src/main.ts', env });
}

export function startBareServer(): Promise<ChildServer> {
  return startChild({ name: 'bare node:http server', script: 'bench/bare-server.ts', env: {} });
}

/** A child that listens on no port (a ROLE=worker server): running from spawn until stopped. */
export interface ChildProcessHandle {
  name: string;
  pid: number;
  /** Why it is no longer running (exit code/signal, or the spawn error), or null while it runs. */
  ended(): string | null;
  stop(): Promise<StopResult>;
  output(): string;
}

/**
 * `node src/main.ts` with ROLE=worker on an existing PostgreSQL database: no HTTP, so nothing to
 * wait for here (at LOG_LEVEL=warn it does not even log "worker started"); callers watch its work.
 */
export function startWorkerProcess(options: { databaseUrl: string; logLevel: string; env?: Record<string, string> }): ChildProcessHandle {
  const name = 'worker (src/main.ts, ROLE=worker)';
  const { child, output } = spawnTracked('src/main.ts', {
    LOG_LEVEL: options.logLevel,
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    ROLE: 'worker',
  });
  let spawnError: Error | null = null;
  child.once('error', (error) => {
    spawnError = error;
    live.delete(child);
  });
  return {
    name,
    pid: child.pid ?? -1,
    ended: () => {
      if (spawnError) return `could not start: ${(spawnError as Error).message}`;
      return exited(child) ? `exited (code ${child.exitCode}, signal ${child.signalCode})` : null;
    },
    stop: () => stopProcess(child),
    output,
  };
}
