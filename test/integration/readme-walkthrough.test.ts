/**
 * The README's walk-through runs as written (issue 12, item 12): every `sh` block of the section,
 * after the first (which starts the server and sets the admin token), is run in bash against a
 * real server, with curl failing on any answer that is not 2xx. It runs from a copy of examples/,
 * as a partner who cloned the repository would.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { CHILD_ADMIN_TOKEN, startChildServer, type ChildServer } from '../helpers/child-server.ts';

const run = promisify(execFile);

/** The `sh` blocks of the README section `heading`, in order. */
function shellBlocks(readme: string, heading: string): string[] {
  const start = readme.indexOf(`\n${heading}\n`);
  const end = readme.indexOf('\n## ', start + heading.length + 2);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
}

describe('the README walk-through', () => {
  let server: ChildServer | undefined;
  const dirs: string[] = [];
  afterAll(async () => {
    server?.kill();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('runs top to bottom as written, with the sample files of examples/', { timeout: 300_000 }, async () => {
    const readme = await readFile('README.md', 'utf8');
    const blocks = shellBlocks(readme, '## Walk-through with curl');
    expect(blocks.length).toBeGreaterThan(5);
    expect(blocks[0]).toContain('export ADMIN=');
    const work = await mkdtemp(join(tmpdir(), 'lending-walkthrough-'));
    dirs.push(work);
    await cp('examples', join(work, 'examples'), { recursive: true });
    server = await startChildServer({ DATA_DIR: join(work, 'data'), ALLOW_PRIVATE_WEBHOOK_URLS: 'true' });

    const script = ['set -euo pipefail', 'curl() { command curl --fail-with-body "$@"; echo; }', ...blocks.slice(1)].join('\n');
    const { stdout } = await run('bash', ['-c', script], {
      cwd: work,
      env: { ...process.env, BASE: server.base, ADMIN: CHILD_ADMIN_TOKEN },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`the walk-through failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
    });
    expect(stdout).toContain('"offer_creation_status":"offers_available"');
    expect(stdout).toContain('"status":"funded"');
    expect(stdout).toContain('"funding_amount":5000');
    expect(stdout).toContain('"prequalification_data_id"');
    expect(stdout).toContain('"document_type":"bank statement"');
    expect(stdout).toMatch(/"status":"declined"|"outcome":"declined"/);
    expect(stdout).toMatch(/"status":"in_arrears".*"days_past_due":\d+/);
  });
});
