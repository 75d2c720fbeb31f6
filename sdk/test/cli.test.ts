/**
 * The package as a partner gets it: built with tsc, packed with `npm pack`, installed from the
 * tarball in a fresh folder; and the real `lending` binary (spawned) against a real server and a
 * local webhook receiver, on both databases.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useWebServer } from '../../test/helpers/browser.ts';
import { freePort } from '../../test/helpers/child-server.ts';
import { customerBody, usePartner } from '../../test/helpers/app.ts';
import { BACKENDS } from '../../test/helpers/db.ts';
import { pdf } from '../../test/helpers/files.ts';
import { eventually, Receiver } from '../../test/helpers/receiver.ts';
import { LendingClient, verifyWebhook } from '../src/index.ts';
import { UUID_TEXT } from '../../test/helpers/foundation.ts';
import { BIN, lending, NODE_ARGS, run, SDK, type CliResult } from './lending-bin.ts';

const ROOT = resolve(SDK, '..');

let scratch: string;
beforeAll(async () => {
  // The package was compiled with tsc before any test file ran (test/setup/build-sdk.ts).
  scratch = await mkdtemp(join(tmpdir(), 'lending-sdk-'));
}, 120_000);
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('packs JavaScript and declarations only, installs from the tarball in a fresh folder, and works there', async () => {
    const packed = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], { cwd: SDK });
    const [info] = JSON.parse(packed.stdout) as [{ filename: string; files: { path: string }[] }];
    const files = info.files.map((f) => f.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'bin/lending.js',
        'dist/src/index.js',
        'dist/src/index.d.ts',
        'dist/src/cli.js',
        'dist/verify-webhook.js',
      ]),
    );
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);

    const app = join(scratch, 'app');
    await run('mkdir', ['-p', app]);
    await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'partner-app', private: true, type: 'module' }));
    // Only the tarball and its own dependencies (from the npm cache when offline).
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(scratch, info.filename)], { cwd: app });
    await writeFile(
      join(app, 'check.js'),
      `import { LendingClient, verifyWebhook, signWebhook, LendingApiError, deliveryHeaders } from '@harbour/lending-sdk';
import { verifyWebhook as standalone } from '@harbour/lending-sdk/verify-webhook';
const body = '{"data":{}}';
const headers = deliveryHeaders('whsec_x', { event_id: 'e', webhook_event_type: 'application_offered' }, body);
console.log(JSON.stringify({
  client: typeof new LendingClient({ token: 't' }).createCustomer,
  verified: verifyWebhook('whsec_x', headers, body).eventId,
  same: standalone === verifyWebhook,
  error: typeof LendingApiError,
  sign: typeof signWebhook,
}));`,
    );
    const checked = await run(process.execPath, [...NODE_ARGS, 'check.js'], { cwd: app });
    expect(JSON.parse(checked.stdout)).toEqual({ client: 'function', verified: 'e', same: true, error: 'function', sign: 'function' });
    const version = await run(process.execPath, [...NODE_ARGS, join(app, 'node_modules', '.bin', 'lending'), '--version'], { cwd: app });
    expect(version.stdout.trim()).toBe('2.2.0');
  }, 120_000);

  it('is what `npx lending` runs inside the project', async () => {
    const { stdout } = await run('npx', ['--no-install', 'lending', '--version'], { cwd: ROOT });
    expect(stdout.trim()).toBe('2.2.0');
  }, 60_000);
});

describe.each(BACKENDS)('the lending CLI on %s', (backend) => {
  const server = useWebServer(backend);
  const partner = usePartner(server);
  let sdk: LendingClient;
  let env: Record<string, string>;
  let customerId: string;
  let applicationId: string;
  let offerId: string;

  beforeAll(async () => {
    sdk = new LendingClient({ token: partner.token, baseUrl: server.base });
    env = { LENDING_API_TOKEN: partner.token, LENDING_BASE_URL: server.base };
  });

  it('auth check', async () => {
    const human = await lending(env, 'auth', 'check');
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain(`partner ${partner.partnerId}, sandbox environment`);
    const raw = await lending(env, '--json', 'auth', 'check');
    expect(JSON.parse(raw.stdout).data).toMatchObject({ partner_id: partner.partnerId, environment: 'sandbox' });

    const denied = await lending({ ...env, LENDING_API_TOKEN: 'sk_sandbox_wrong' }, 'auth', 'check');
    expect(denied.code).toBe(1);
    expect(denied.stderr).toContain('Error: AuthenticationFailed:');
    const missing = await lending({ ...env, LENDING_API_TOKEN: '' }, 'auth', 'check');
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('LENDING_API_TOKEN');
  });

  it('customers create --file, with the envelope of a refusal', async () => {
    const file = join(scratch, `customer-${backend}.json`);
    await writeFile(
      file,
      JSON.stringify(customerBody({ external_customer_id: `cli-${backend}` }, { company_number: backend === 'pglite' ? '30000001' : '30000002' })),
    );
    const created = await lending(env, 'customers', 'create', '--file', file);
    expect(created.code, created.stderr).toBe(0);
    customerId = new RegExp(`Created customer (${UUID_TEXT})`).exec(created.stdout)?.[1] as string;
    expect((await sdk.getCustomer(customerId)).data.customer_id).toBe(customerId);

    await writeFile(file, JSON.stringify({ data: { company: { company_number: 'x'.repeat(60) }, people: [] } }));
    const refused = await lending(env, '--json', 'customers', 'create', '--file', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Error: ValidationError: .*\(\/data\/company\/company_number\)/);
    expect(JSON.parse(refused.stdout).errors.length).toBeGreaterThan(1);
  });

  it('applications create and latest, offers, schedule (table, early repayment, PDF)', async () => {
    const created = await lending(env, 'applications', 'create', customerId, '--amount', '10000');
    expect(created.code, created.stderr).toBe(0);
    applicationId = new RegExp(`Created application (${UUID_TEXT})`).exec(created.stdout)?.[1] as string;
    const latest = await lending(env, 'applications', 'latest', customerId);
    expect(latest.stdout).toMatch(new RegExp(`application\\s+${applicationId}`));
    expect(latest.stdout).toMatch(/amount\s+10000/);

    const bad = await lending(env, 'applications', 'create', customerId, '--amount', '10.005');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('two decimals');

    await sdk.sandboxDecideApplication(applicationId, {
      data: {
        outcome: 'offered',
        offers: [{ product_type: 'business_loan', max_amount: 10000, monthly_interest_percentage: 3, fee_percentage: 2.5, duration_in_days: 365 }],
      },
    });
    const offers = await lending(env, 'offers', applicationId);
    expect(offers.code, offers.stderr).toBe(0);
    expect(offers.stdout).toContain('offers_available');
    offerId = new RegExp(`^(${UUID_TEXT})\\s+business_loan\\s+10000\\.00`, 'm').exec(offers.stdout)?.[1] as string;
    expect(offerId).toBeDefined();

    const schedule = await lending(env, 'schedule', offerId, '--amount', '5000');
    expect(schedule.code, schedule.stderr).toBe(0);
    expect(schedule.stdout).toMatch(/^DATE\s+AMOUNT\s+PRINCIPAL\s+INTEREST\s+FEES/m);
    expect(schedule.stdout).toContain('Borrowed 5000.00');
    const api = await sdk.getRepaymentSchedule(offerId, { amount: '5000.00' });
    expect(schedule.stdout).toContain(`total payable ${api.data.total_payable.toFixed(2)}`);

    const early = api.data.repayments[1].date;
    const earlyJson = await lending(env, '--json', 'schedule', offerId, '--amount', '5000', '--pay-off-early-on', early);
    expect(JSON.parse(earlyJson.stdout)).toEqual(await sdk.getRepaymentSchedule(offerId, { amount: '5000.00', pay_off_early_on: early }));

    const file = join(scratch, `schedule-${backend}.pdf`);
    const written = await lending(env, 'schedule', offerId, '--pdf', file);
    expect(written.code, written.stderr).toBe(0);
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('loans CUSTOMER and loan ID [--settle-on D] [--statement FILE]', async () => {
    await sdk.selectOffer(offerId, { data: { entity_to_contact: 'introducer' } });
    const funded = await sdk.sandboxFundOffer(offerId, { data: { amount: 4000 } });
    const loanId = funded.data.funding_id;
    const loans = await lending(env, 'loans', customerId);
    expect(loans.code, loans.stderr).toBe(0);
    expect(loans.stdout).toMatch(/^LOAN\s+FUNDED ON\s+AMOUNT\s+STATUS\s+BALANCE/m);
    expect(loans.stdout).toMatch(new RegExp(`^${loanId}\\s+\\S+\\s+4000\\.00\\s+active`, 'm'));

    const loan = await sdk.getLoan(loanId);
    const on = new Date(Date.parse(`${loan.data.funded_on}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    const shown = await lending(env, 'loan', loanId, '--settle-on', on);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^DATE\s+AMOUNT\s+PRINCIPAL\s+INTEREST\s+FEES\s+STATUS/m);
    const quote = await sdk.getSettlementQuote(loanId, { on });
    expect(shown.stdout).toContain(`Settlement on ${on}: ${quote.data.amount.toFixed(2)}`);
    const asJson = await lending(env, '--json', 'loan', loanId);
    expect(JSON.parse(asJson.stdout)).toEqual(loan);

    const file = join(scratch, `statement-${backend}.pdf`);
    const written = await lending(env, 'loan', loanId, '--statement', file);
    expect(written.code, written.stderr).toBe(0);
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('documents upload with a progress bar', async () => {
    const file = join(scratch, `accounts-${backend}.pdf`);
    await writeFile(file, pdf({ padding: 400_000 }));
    const uploaded = await lending(env, 'documents', 'upload', customerId, '--type', 'business accounts', file);
    expect(uploaded.code, uploaded.stderr).toBe(0);
    const documentId = new RegExp(`Uploaded document (${UUID_TEXT})`).exec(uploaded.stdout)?.[1] as string;
    expect(JSON.stringify(await sdk.listDocuments(customerId))).toContain(documentId);
    expect(uploaded.stderr).toContain(`Uploading accounts-${backend}.pdf`);
    expect(uploaded.stderr).toMatch(/100% \d+\/\d+ bytes/);

    const refused = await lending(env, 'documents', 'upload', customerId, '--type', 'not a type', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Error: ValidationError:');
  });

  it('events list, and errors print code and detail with a non-zero exit', async () => {
    // Events are listed once no older transaction still runs: on a shared PostgreSQL, read until it shows.
    const listed = await eventually(
      async () => {
        const run = await lending(env, 'events', 'list', '--types', 'application_offered');
        return (run.code !== 0 || run.stdout.includes('application_offered')) && run;
      },
      15_000,
      'the offered event in the list',
    );
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^CREATED\s+TYPE\s+EVENT/m);
    expect(listed.stdout).toContain('application_offered');
    expect(listed.stdout).not.toContain('application_status_changed');
    const types = await eventually(
      async () => {
        const raw = JSON.parse((await lending(env, '--json', 'events', 'list')).stdout) as { data: { webhook_event_type: string }[] };
        const seen = raw.data.map((e) => e.webhook_event_type);
        return seen.includes('application_status_changed') && seen;
      },
      15_000,
      'a status change in the list',
    );
    expect(types).toContain('application_offered');

    const missing = await lending(env, 'offers', '7d9b3c52-5f38-4a3e-9d6b-1a2b3c4d5e6f');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^Error: NotFound: /m);
  });

  it("the README's five minutes: with no webhook URL configured, the example receiver verifies what listen forwards to localhost", async () => {
    const port = await freePort();
    const children: ChildProcess[] = [];
    const start = (args: string[], extra: Record<string, string> = {}) => {
      const child = spawn(process.execPath, [...NODE_ARGS, ...args], {
        cwd: ROOT,
        env: { ...process.env, ...env, ...extra },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      const output = { text: '' };
      child.stdout?.on('data', (c: Buffer) => (output.text += c.toString()));
      child.stderr?.on('data', (c: Buffer) => (output.text += c.toString()));
      return output;
    };
    expect((await sdk.getWebhookConfiguration()).data.url).toBeNull();
    try {
      const receiver = start([join(SDK, 'examples', 'receiver.js')], { PORT: String(port) });
      await until(
        () => receiver.text.includes('Receiving webhooks'),
        () => `receiver: ${receiver.text}`,
      );
      const listen = start([BIN, 'listen', '--forward-to', `http://localhost:${port}/hooks`]);
      await until(
        () => listen.text.includes('Ready!'),
        () => `listen: ${listen.text}`,
      );
      const triggered = await lending(env, 'trigger', 'application_offered');
      const eventId = new RegExp(`event (${UUID_TEXT})`).exec(triggered.stdout)?.[1] as string;
      expect(eventId, triggered.stderr).toBeDefined();
      await until(
        () => receiver.text.includes(`verified application_offered ${eventId}`),
        () => `receiver: ${receiver.text}\nlisten: ${listen.text}`,
      );
      await until(
        () => listen.text.includes(`${eventId}  -> 204`),
        () => `listen: ${listen.text}`,
      );
    } finally {
      for (const child of children) child.kill('SIGKILL');
    }
  });

  it('listen --forward-to delivers signed events the SDK verifier accepts; trigger sends a sandbox event', async () => {
    const local = await Receiver.start();
    const configured = await Receiver.start(); // the webhook URL the service itself delivers to
    let listener: ChildProcess | undefined;
    try {
      await sdk.setWebhookConfiguration({ data: { url: configured.url } });
      const secret = (await sdk.getSigningSecret()).data.signing_secret;

      listener = spawn(process.execPath, [...NODE_ARGS, BIN, 'listen', '--forward-to', local.url, '--events', 'application_offered,customer_funded'], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      listener.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
      listener.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
      const exited = new Promise<number | null>((done) => listener?.on('exit', (code) => done(code)));
      await until(
        () => stdout.includes('Ready!'),
        () => `listen never got ready: ${stdout} ${stderr}`,
      );
      expect(stdout).toContain(`Forwarding application_offered, customer_funded to ${local.url}`);

      // An event of another type is not forwarded; the earlier application_offered is not replayed.
      const skipped = await lending(env, 'trigger', 'application_declined');
      expect(skipped.code, skipped.stderr).toBe(0);
      const triggered = await lending(env, 'trigger', 'application_offered');
      expect(triggered.code, triggered.stderr).toBe(0);
      const eventId = new RegExp(`event (${UUID_TEXT})`).exec(triggered.stdout)?.[1] as string;
      expect(triggered.stdout).toContain('Triggered application_offered');

      const [delivery] = await local.waitForEvent(eventId);
      expect(local.received.map((d) => d.eventType)).toEqual(['application_offered']);
      expect(delivery.method).toBe('POST');
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(verifyWebhook(secret, delivery.headers, delivery.rawBody)).toMatchObject({ eventId, eventType: 'application_offered' });
      // The body is the webhook's: the same payload the service delivered to the configured URL.
      const [direct] = await configured.waitForEvent(eventId);
      expect(delivery.body).toEqual(direct.body);
      expect(
        Object.keys(delivery.headers)
          .filter((h) => h.startsWith('x-svc-'))
          .sort(),
      ).toEqual(
        Object.keys(direct.headers)
          .filter((h) => h.startsWith('x-svc-'))
          .sort(),
      );
      await until(
        () => stdout.includes(`${eventId}  -> 200`),
        () => `no line for the event: ${stdout}`,
      );

      listener.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      if (listener && listener.exitCode === null) listener.kill('SIGKILL');
      await local.close();
      await configured.close();
    }
  });

  it('logs [--failed] lists the request log', async () => {
    // The log is written in batches off the request's path: wait until the earlier requests are in.
    let all: CliResult = { code: -1, stdout: '', stderr: '' };
    await eventually(
      async () => {
        all = await lending(env, 'logs', '--limit', '100');
        return all.code === 0 && /400\s+POST\s+\/api\/lending\/v2\.2\/document_upload\//.test(all.stdout);
      },
      20_000,
      'the request log',
    );
    expect(all.stdout).toMatch(/^TIME\s+STATUS\s+METHOD\s+PATH/m);
    expect(all.stdout).toMatch(/201\s+POST\s+\/api\/lending\/v2\.2\/customers\//);
    expect(all.stdout).toMatch(/200\s+GET\s+\/api\/lending\/v2\.2\/authentication_check\//);
    const failed = await lending(env, 'logs', '--failed', '--limit', '100');
    expect(failed.code, failed.stderr).toBe(0);
    expect(failed.stdout).toMatch(/400\s+POST\s+\/api\/lending\/v2\.2\/customers\/\s+ValidationError/);
    expect(failed.stdout).toMatch(new RegExp(`404\\s+GET\\s+/api/lending/v2\\.2/applications/${UUID_TEXT}/offers/\\s+NotFound`));
    expect(failed.stdout).not.toMatch(/\s20[0-9]\s+(GET|POST)/);
    const raw = JSON.parse((await lending(env, '--json', 'logs', '--failed', '--limit', '100')).stdout);
    expect(raw.data.length).toBeGreaterThan(2);
    expect(raw.data.every((r: { status: number }) => r.status >= 400)).toBe(true);
  });
});

async function until(check: () => boolean, message: () => string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(message());
    await new Promise((r) => setTimeout(r, 25));
  }
}
