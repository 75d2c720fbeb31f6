/**
 * The secrets a first start prints once (docs/behaviour.md, section 31): they are the last lines
 * printed before requests are logged, and `npm run operator -- demo` prints new ones, each replacing
 * the one printed before (only hashes are stored, so the old ones cannot be shown again). Demo
 * data is made only on an embedded data directory, so this runs on PGlite alone.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../helpers/child-server.ts';

const run = promisify(execFile);

const grab = (text: string, pattern: RegExp) => pattern.exec(text)?.[1] as string;

describe('the demo secrets', () => {
  const servers: ChildServer[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const server of servers) server.kill();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  async function start(dataDir: string, env: Record<string, string> = {}): Promise<ChildServer> {
    const server = await startChildServer({ DATA_DIR: dataDir, ADMIN_TOKEN: '', LOG_LEVEL: 'info', ...env }, /Shown once|Partner dashboard: /, 180_000);
    servers.push(server);
    return server;
  }

  async function stop(server: ChildServer): Promise<void> {
    server.kill('SIGTERM');
    await server.exited;
  }

  const check = (base: string, token: string) =>
    fetch(`${base}/api/lending/v2.2/authentication_check/`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
  const admin = (base: string, token: string) => fetch(`${base}/admin/v1/partners`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

  it('prints them last before the request log, and `operator -- demo` issues new ones in their place', { timeout: 600_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lending-demo-'));
    dirs.push(dir);
    const dataDir = join(dir, 'data');
    const first = await start(dataDir);
    const token = grab(first.output(), /sandbox token \(shown once\): (sk_sandbox_\S+)/);
    const adminToken = grab(first.output(), /Admin token \(shown once, keep it\): (adm_\S+)/);
    expect(await check(first.base, token)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));

    // Everything up to the first request's log line: the secrets come last, nothing logged between.
    const lines = first.output().split('\n');
    const firstRequest = lines.findIndex((line) => line.includes('"incoming request"'));
    expect(firstRequest).toBeGreaterThan(0);
    const before = lines.slice(0, firstRequest).filter((line) => line.trim() !== '');
    const header = before.findIndex((line) => line.startsWith('Shown once, stored only as hashes'));
    expect(header).toBeGreaterThan(0);
    expect(before.slice(header + 1).map((line) => line.replace(/: \S+$/, ': …'))).toEqual([
      'Admin token (shown once, keep it): …',
      expect.stringMatching(/^Demo partner [0-9a-f-]{36}, sandbox token \(shown once\): …$/),
      expect.stringMatching(/^ {2}Try: curl -H "Authorization: Bearer sk_sandbox_\S+" http:\/\/localhost:\d+\/api\/lending\/v2\.2\/authentication_check\/$/),
      'Partner dashboard invitation: …',
      "  (the demo partner's owner owner@example.com: open it once within 72 hours to choose a password and set up two-factor)",
      'Demo operator (admin) operator@example.com, password (shown once): …',
      '  Two-factor set-up (single use, within 72 hours): …',
    ]);
    expect(before.slice(header + 1).some((line) => line.startsWith('{'))).toBe(false);
    await stop(first);

    // Again: new secrets, the earlier demo token and admin token revoked.
    const again = await run(process.execPath, ['src/cli/operator.ts', 'demo'], {
      env: { ...process.env, DATA_DIR: dataDir, ADMIN_TOKEN: '', LOG_LEVEL: 'silent' },
    });
    const newToken = grab(again.stdout, /sandbox token \(shown once\): (sk_sandbox_\S+)/);
    const newAdmin = grab(again.stdout, /Admin token \(shown once, keep it\): (adm_\S+)/);
    expect(again.stdout).toMatch(/^New demo secrets, shown once/);
    expect(again.stdout).toMatch(/Partner dashboard invitation: http:\/\/localhost:8080\/dashboard\/invite\?token=\S+/);
    expect(again.stdout).toMatch(/Two-factor set-up \(single use, within 72 hours\): http:\/\/localhost:8080\/console\/two-factor\/setup\?token=\S+/);
    expect(newToken).not.toBe(token);

    const second = await start(dataDir);
    expect(second.output()).not.toContain('Shown once');
    expect(await check(second.base, token)).toBe(401);
    expect(await check(second.base, newToken)).toBe(200);
    expect(await admin(second.base, adminToken)).toBe(401);
    expect(await admin(second.base, newAdmin)).toBe(200);
    await stop(second);

    // With ADMIN_TOKEN set, that is the admin token: it is not replaced.
    const withAdmin = await run(process.execPath, ['src/cli/operator.ts', 'demo'], {
      env: { ...process.env, DATA_DIR: dataDir, ADMIN_TOKEN: 'my-own-admin-token-0123', LOG_LEVEL: 'silent' },
    });
    expect(withAdmin.stdout).toContain('Admin token: the ADMIN_TOKEN you set (unchanged).');
    expect(withAdmin.stdout).not.toContain('adm_');
  });
});
