/**
 * Starting and stopping as a first-time user does (issue 12, items 10 and 11): a start that
 * cannot listen creates nothing (so the tokens of the first real start are printed), and a SIGTERM
 * to `npm start` stops the whole process tree. Both run the real `src/main.ts` on the embedded
 * database (the bootstrap's demo partner exists only there).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHILD_ADMIN_TOKEN, freePort, startChildServer, type ChildServer } from '../helpers/child-server.ts';

/** Every process below `pid` (children first found, then theirs). */
function descendants(pid: number): number[] {
  let out: string;
  try {
    out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when there is none
  }
  const children = out
    .split('\n')
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean, what: string, limitMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > limitMs) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('starting and stopping', () => {
  const dirs: string[] = [];
  const children: ChildServer[] = [];
  const leftovers: number[] = [];
  afterAll(async () => {
    for (const child of children) child.kill();
    for (const pid of leftovers) if (alive(pid)) process.kill(pid, 'SIGKILL');
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('item 10: a start whose port is taken creates nothing, so the next start prints the tokens', { timeout: 150_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lending-start-'));
    dirs.push(dir);
    const dataDir = join(dir, 'data');
    const blocker = createServer();
    blocker.listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const port = (blocker.address() as { port: number }).port;
    const env = { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ADMIN_TOKEN: '', LOG_LEVEL: 'warn' };

    const failed = spawn(process.execPath, ['src/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    failed.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    failed.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    const [code] = (await once(failed, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(output).toContain(`port ${port} on 127.0.0.1 is already in use`);
    expect(output).toContain('PORT');
    expect(existsSync(dataDir)).toBe(false);
    blocker.close();
    await once(blocker, 'close');

    const server = await startChildServer({ PORT: String(port), DATA_DIR: dataDir, ADMIN_TOKEN: '' });
    children.push(server);
    const printed = server.output();
    const adminToken = /Admin token \(shown once, keep it\): (adm_\S+)/.exec(printed)?.[1];
    const sandboxToken = /sandbox token \(shown once\): (sk_sandbox_\S+)/.exec(printed)?.[1];
    expect(adminToken).toBeDefined();
    expect(sandboxToken).toBeDefined();
    const check = await fetch(`${server.base}/api/lending/v2.2/authentication_check/`, { headers: { authorization: `Bearer ${sandboxToken}` } });
    expect(check.status).toBe(200);
    const admin = await fetch(`${server.base}/admin/v1/applications`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(admin.status).toBe(200);
  });

  it('item 11: SIGTERM to `npm start` stops the server too', { timeout: 150_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lending-npm-start-'));
    dirs.push(dir);
    const port = await freePort();
    const npm: ChildProcess = spawn('npm', ['start'], {
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: join(dir, 'data'), ADMIN_TOKEN: CHILD_ADMIN_TOKEN, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    npm.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    const npmExited = once(npm, 'exit');
    await waitUntil(() => /listening/i.test(output) || npm.exitCode !== null, 'the server to listen', 60_000);
    expect(output).toMatch(/listening/i);
    const tree = descendants(npm.pid as number);
    leftovers.push(...tree);
    expect(tree.length).toBeGreaterThan(0);

    npm.kill('SIGTERM');
    await npmExited;
    await waitUntil(() => tree.every((pid) => !alive(pid)), 'every process of the tree to end').catch(() => undefined);
    expect(tree.filter(alive)).toEqual([]);
    const refused = await fetch(`http://127.0.0.1:${port}/api/lending/v2.2/authentication_check/`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);
  });
});
