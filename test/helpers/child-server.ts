import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

export const CHILD_ADMIN_TOKEN = 'child-admin-token-0123456789';

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  server.close();
  await once(server, 'close');
  return port;
}

export interface ChildServer {
  process: ChildProcess;
  port: number;
  base: string;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): void;
}

/** Starts `node src/main.ts` as a child on 127.0.0.1 and waits until it listens (or its worker starts), for at most `timeoutMs`. */
export async function startChildServer(env: Record<string, string>, readyPattern = /listening/i, timeoutMs = 60_000): Promise<ChildServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['src/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ADMIN_TOKEN: CHILD_ADMIN_TOKEN, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const started = Date.now();
  while (!readyPattern.test(output)) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up: ${output}`);
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within ${timeoutMs / 1000} s: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    process: child,
    port,
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    kill: (signal: NodeJS.Signals = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}
