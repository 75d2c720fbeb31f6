/**
 * The README's walk-throughs run as written (issue 12, item 12; issue 42, item 6): every `sh` block
 * of "Walk-through with the CLI" and then of "Walk-through with curl", after the first of each
 * (which starts the server and sets the tokens), is run in bash against a real server, on the demo
 * partner whose sandbox token the server printed, with any failing command (curl on an answer that
 * is not 2xx, `lending` on an error) failing the test. It runs from a copy of examples/, as a
 * partner who cloned the repository would.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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

/** Runs `blocks` in bash (failing on the first command that fails), in `cwd`, with `env` added. */
async function runBlocks(blocks: string[], cwd: string, env: Record<string, string>): Promise<string> {
  const script = ['set -euo pipefail', 'curl() { command curl --fail-with-body "$@"; echo; }', ...blocks].join('\n');
  const { stdout } = await run('bash', ['-c', script], { cwd, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`the walk-through failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
    },
  );
  return stdout;
}

describe('the README walk-throughs', () => {
  let server: ChildServer | undefined;
  const dirs: string[] = [];
  afterAll(async () => {
    server?.kill();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it(
    'run top to bottom as written on the demo partner, with the CLI and then with curl, with the sample files of examples/',
    { timeout: 900_000 },
    async () => {
      const readme = await readFile('README.md', 'utf8');
      const cli = shellBlocks(readme, '## Walk-through with the CLI');
      const curl = shellBlocks(readme, '## Walk-through with curl');
      expect(cli.length).toBeGreaterThan(4);
      expect(cli[0]).toContain('export LENDING_API_TOKEN=');
      expect(curl.length).toBeGreaterThan(5);
      expect(curl[0]).toContain('export ADMIN=');
      expect(curl[0]).toContain('export TOKEN=');
      // A folder of its own with examples/, where `npx lending` finds the project's command as it does in the project.
      const work = await mkdtemp(join(tmpdir(), 'lending-walkthrough-'));
      dirs.push(work);
      await cp('examples', join(work, 'examples'), { recursive: true });
      await symlink(resolve('node_modules'), join(work, 'node_modules'), 'dir');
      server = await startChildServer({ DATA_DIR: join(work, 'data'), ALLOW_PRIVATE_WEBHOOK_URLS: 'true' }, /listening/i, 180_000);
      // The demo partner's sandbox token, as `npm start` printed it.
      const printed = server.output();
      const token = /Demo partner ([0-9a-f-]{36}), sandbox token \(shown once\): (sk_sandbox_\S+)/.exec(printed);
      expect(token, printed).not.toBeNull();
      const [, demoPartnerId, demoToken] = token as RegExpExecArray;

      const byCli = await runBlocks(cli.slice(1), work, { LENDING_API_TOKEN: demoToken, LENDING_BASE_URL: server.base });
      expect(byCli).toContain(`Authenticated: partner ${demoPartnerId}, sandbox environment`);
      expect(byCli).toMatch(
        /^Selected offer \S+; the customer is the contact\nLogin link for the customer \(single use, 24 hours\): \S+\/portal\/login\?token=/m,
      );
      expect(byCli).toMatch(/^Funded 5000\.00/m);
      expect(byCli).toMatch(/^Clock \S+ \(walk-through\): ready at \d{4}-\d{2}-\d{2}, 1 customer$/m);
      expect(byCli).toMatch(/^Loan \S+: 6000\.00 funded on \S+, in_arrears$/m);
      expect(byCli).toContain('loan_repayment_missed_202611');

      const byCurl = await runBlocks(curl.slice(1), work, { BASE: server.base, ADMIN: CHILD_ADMIN_TOKEN, TOKEN: demoToken });
      expect(byCurl).toContain('"introducer_id"');
      expect(byCurl).toContain('"offer_creation_status":"offers_available"');
      expect(byCurl).toContain('"status":"funded"');
      expect(byCurl).toContain('"funding_amount":5000');
      expect(byCurl).toContain('"prequalification_data_id"');
      expect(byCurl).toContain('"document_type":"bank statement"');
      expect(byCurl).toMatch(/"status":"declined"|"outcome":"declined"/);
      expect(byCurl).toMatch(/"status":"in_arrears".*"days_past_due":\d+/);

      // All of it is the demo partner's: what its dashboard shows.
      for (const externalId of ['crm-1001', 'crm-1002', 'crm-0001', 'crm-0002']) {
        const res = await fetch(`${server.base}/admin/v1/customers?q=${externalId}`, { headers: { authorization: `Bearer ${CHILD_ADMIN_TOKEN}` } });
        const found = (await res.json()) as { data: { customers: { partner: { partner_id: string } }[] } };
        expect(
          found.data.customers.map((c) => c.partner.partner_id),
          externalId,
        ).toEqual([demoPartnerId]);
      }
    },
  );
});
