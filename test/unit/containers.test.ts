/**
 * The container files (docs/behaviour.md, section 25). No container engine runs here, so this reads
 * them and checks what it can: the stages, the user, the init, production dependencies only, the
 * health checks, and the roles of compose.yaml behind the load balancer.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFile(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(text: string): { op: string; args: string }[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [op, ...rest] = line.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(' ') };
    });
}

/** The top-level services of compose.yaml, each with its block of text. */
function services(text: string): Map<string, string> {
  const block = text.split(/^services:\n/m)[1].split(/^\S/m)[0];
  const found = new Map<string, string>();
  for (const part of block.split(/^ {2}(?=[a-z][\w-]*:\s*$)/m).slice(1)) {
    const name = part.slice(0, part.indexOf(':'));
    found.set(name, part);
  }
  return found;
}

describe('Dockerfile', () => {
  it('has a build stage and a runtime stage; the runtime takes only the pruned production dependencies', async () => {
    const steps = instructions(await read('Dockerfile'));
    const froms = steps.filter((s) => s.op === 'FROM');
    expect(froms.map((s) => s.args)).toEqual(['node:24-bookworm-slim AS build', 'node:24-bookworm-slim AS runtime']);
    const build = steps.slice(0, steps.indexOf(froms[1]));
    const runtime = steps.slice(steps.indexOf(froms[1]));
    expect(build.find((s) => s.op === 'RUN')?.args).toMatch(/npm ci .*&& npm prune --omit=dev/);
    // The runtime installs nothing from npm, and copies node_modules from the build stage.
    expect(runtime.filter((s) => s.op === 'RUN' && /\bnpm\b/.test(s.args))).toEqual([]);
    expect(runtime.some((s) => s.op === 'COPY' && /--from=build .*\/app\/node_modules node_modules/.test(s.args))).toBe(true);
    expect(runtime.some((s) => s.op === 'ENV' && /NODE_ENV=production/.test(s.args))).toBe(true);
  });

  it('runs as the unprivileged user, node behind tini as PID 1, with a readiness health check', async () => {
    const steps = instructions(await read('Dockerfile'));
    const users = steps.filter((s) => s.op === 'USER');
    expect(users.at(-1)?.args).toBe('node');
    const last = (op: string) => steps.filter((s) => s.op === op).at(-1)?.args;
    expect(JSON.parse(last('ENTRYPOINT') as string)).toEqual(['/usr/bin/tini', '--']);
    expect(JSON.parse(last('CMD') as string)).toEqual(['node', 'src/main.ts']);
    expect(steps.some((s) => s.op === 'RUN' && /apt-get install .*\btini\b/.test(s.args))).toBe(true);
    expect(last('HEALTHCHECK')).toMatch(/CMD .*\/health\/ready/);
    // USER comes after the last RUN: nothing the image runs at build time is left to do as root afterwards.
    const lastRun = steps.findLastIndex((s) => s.op === 'RUN');
    expect(steps.findLastIndex((s) => s.op === 'USER')).toBeGreaterThan(lastRun);
  });

  it('copies what exists, and leaves development files out of the build context', async () => {
    const steps = instructions(await read('Dockerfile'));
    const { access } = await import('node:fs/promises');
    for (const copy of steps.filter((s) => s.op === 'COPY' && !s.args.includes('--from'))) {
      const sources = copy.args
        .split(' ')
        .filter((a) => !a.startsWith('--'))
        .slice(0, -1);
      for (const source of sources) await expect(access(new URL(`../../${source}`, import.meta.url))).resolves.toBeUndefined();
    }
    const ignored = (await read('.dockerignore')).split('\n');
    for (const path of ['node_modules', '.git', 'data', 'test']) expect(ignored).toContain(path);
  });
});

describe('compose.yaml', () => {
  it('runs PostgreSQL, Redis, two api processes, one worker, and Caddy in front of the two', async () => {
    const text = await read('compose.yaml');
    const all = services(text);
    expect([...all.keys()].sort()).toEqual(['api-1', 'api-2', 'caddy', 'postgres', 'redis', 'worker']);
    expect(all.get('api-1')).toMatch(/ROLE: api\b/);
    expect(all.get('api-2')).toMatch(/ROLE: api\b/);
    expect(all.get('worker')).toMatch(/ROLE: worker\b/);
    expect(all.get('postgres')).toMatch(/image: postgres:/);
    expect(all.get('redis')).toMatch(/image: redis:/);
    expect(all.get('caddy')).toMatch(/image: caddy:/);
    // Every node shares the database and the rate-limit counters.
    expect(text).toMatch(/DATABASE_URL: postgres:\/\/[^\n]*@postgres:5432\//);
    expect(text).toMatch(/REDIS_URL: redis:\/\/redis:6379/);
  });

  it('has health checks: the database and Redis, the app on /health/ready, and waits on them', async () => {
    const text = await read('compose.yaml');
    const all = services(text);
    expect(all.get('postgres')).toMatch(/healthcheck:[\s\S]*pg_isready/);
    expect(all.get('redis')).toMatch(/healthcheck:[\s\S]*redis-cli['"], ['"]ping/);
    // The app anchor every api and the worker take.
    const app = text.split(/^x-app: &app\n/m)[1].split(/^\S/m)[0];
    expect(app).toMatch(/healthcheck:[\s\S]*\/health\/ready/);
    expect(app).toMatch(/postgres: \{ condition: service_healthy \}/);
    expect(app).toMatch(/SHUTDOWN_DELAY_MS: ['"]\d+['"]/);
    for (const name of ['api-1', 'api-2', 'worker']) expect(all.get(name)).toContain('<<: *app');
    expect(all.get('caddy')).toMatch(/api-1: \{ condition: service_healthy \}[\s\S]*api-2: \{ condition: service_healthy \}/);
  });

  it('Caddy balances the two api processes and takes out one that is not ready', async () => {
    const caddyfile = await read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy api-1:8080 api-2:8080/);
    expect(caddyfile).toMatch(/health_uri \/health\/ready/);
    expect((await read('compose.yaml')).includes('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro')).toBe(true);
  });
});
