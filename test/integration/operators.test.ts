import { describe, expect, it } from 'vitest';
import { banner, bootstrap, DEMO_OPERATOR } from '../../src/bootstrap.ts';
import { loadConfig } from '../../src/config.ts';
import { createOperator, login, LOCKOUT, changeRole, deactivateOperator } from '../../src/services/operators.ts';
import { verifyPassword } from '../../src/services/passwords.ts';
import { startWebSession } from '../../src/services/web-sessions.ts';
import { checkSetupLink } from '../../src/services/operator-two-factor.ts';
import { migrate } from '../../src/store/migrate.ts';
import { openPglite } from '../../src/store/pglite-db.ts';
import { BACKENDS, openPristinePglite, writePristineDataDir } from '../helpers/db.ts';
import { customerWithApplication } from '../helpers/lending.ts';
import { useTestApp } from '../helpers/app.ts';

/** The client address the sign-ins here come from (the lock-out counts an email's failures per address). */
const FROM = '192.0.2.10';

describe.each(BACKENDS)('operators and the audit log on %s', (backend) => {
  const t = useTestApp(backend);

  const auditRows = async (filter = '') => {
    const res = await t.admin('GET', `/audit${filter}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.entries as {
      actor: { type: string; operator_id?: string };
      action: string;
      target: { type: string; id: string };
      summary: Record<string, unknown>;
    }[];
  };

  it('creates an operator over the admin API, showing the password once and storing only its scrypt hash', async () => {
    const res = await t.admin('POST', '/operators', { email: 'Uma@Lender.example', name: 'Uma Underwriter', role: 'underwriter' });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ email: 'Uma@Lender.example', name: 'Uma Underwriter', role: 'underwriter' });
    expect(data.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const { rows } = await t.testDb.db.query<{ password_hash: string }>('SELECT password_hash FROM operators WHERE id = $1', [data.operator_id]);
    // scrypt, its cost and salt stored with it (the servers' cost is checked on the command line's hash below).
    expect(rows[0].password_hash).toMatch(/^scrypt\$\d+\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(rows[0].password_hash).not.toContain(data.password);
    expect(await verifyPassword(data.password, rows[0].password_hash)).toBe(true);
    expect(await verifyPassword(`${data.password}x`, rows[0].password_hash)).toBe(false);
    // Listing never shows a password or its hash.
    const list = await t.admin('GET', '/operators');
    expect(list.body).not.toContain('scrypt');
    expect(list.body).not.toContain(data.password);

    const again = await t.admin('POST', '/operators', { email: 'uma@lender.example', name: 'Other', role: 'viewer' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('DuplicateOperator');
    const bad = await t.admin('POST', '/operators', { email: 'not-an-email', name: 'X', role: 'boss' });
    expect(bad.statusCode).toBe(400);

    const audit = await auditRows(`?target_type=operator&target_id=${data.operator_id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: { type: 'admin_token' },
      action: 'operator.created',
      summary: { email: 'Uma@Lender.example', role: 'underwriter' },
    });
    expect(JSON.stringify(audit)).not.toContain(data.password);
  });

  it('audits every change made through /admin/v1, without secrets, newest first', async () => {
    const partner = await t.partner();
    const token = await t.admin('POST', `/partners/${partner.partnerId}/tokens`, { environment: 'production' });
    const tokenData = token.json().data;
    expect((await t.admin('DELETE', `/tokens/${tokenData.token_id}`)).statusCode).toBe(204);
    expect((await t.admin('POST', `/partners/${partner.partnerId}/suspend`)).statusCode).toBe(200);
    expect((await t.admin('POST', `/partners/${partner.partnerId}/reinstate`)).statusCode).toBe(200);
    const rows = await auditRows(`?target_type=partner&target_id=${partner.partnerId}`);
    expect(rows.map((r) => r.action)).toEqual(['partner.reinstated', 'partner.suspended', 'partner.created']);
    expect(rows.every((r) => r.actor.type === 'admin_token')).toBe(true);
    // A token's creation and revocation are about the token (target type token, its id), with its partner in the summary.
    const tokenRows = await auditRows(`?target_type=token&target_id=${tokenData.token_id}`);
    expect(tokenRows.map((r) => [r.action, r.target, r.summary])).toEqual([
      ['token.revoked', { type: 'token', id: tokenData.token_id }, { partner_id: partner.partnerId }],
      ['token.created', { type: 'token', id: tokenData.token_id }, { partner_id: partner.partnerId, environment: 'production', scopes: ['read', 'write'] }],
    ]);
    expect((await auditRows(`?target_type=token&target_id=${partner.tokenId}`)).map((r) => r.action)).toEqual(['token.created']);
    expect(JSON.stringify([...rows, ...tokenRows])).not.toContain(tokenData.token);
    expect(JSON.stringify([...rows, ...tokenRows])).not.toContain(partner.token);

    // An offer's revocation: one row per offer revoked (target type offer), the application in the summary.
    const offered = await customerWithApplication(partner, { application: { amount: 400000 } });
    await partner.get(`/applications/${offered.applicationId}/offers/`);
    expect((await t.admin('POST', `/applications/${offered.applicationId}/start_review`)).statusCode).toBe(200);
    const terms = { product_type: 'flexi_loan', max_amount: 20000, monthly_interest_percentage: 2, fee_percentage: 1 };
    const decided = await t.admin('POST', `/applications/${offered.applicationId}/decision`, {
      outcome: 'offered',
      offers: [
        { ...terms, duration_in_days: 180 },
        { ...terms, duration_in_days: 365 },
      ],
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const offers = (await partner.get(`/applications/${offered.applicationId}/offers/`)).json().data.offers as { offer_id: string; duration_in_days: number }[];
    expect(offers).toHaveLength(2);
    expect((await t.admin('POST', `/offers/${offers[1].offer_id}/revoke`)).statusCode).toBe(200);
    const offerRows = await auditRows('?target_type=offer');
    expect(offerRows.map((r) => [r.action, r.target.id, r.summary]).sort()).toEqual(
      offers.map((o) => ['offer.revoked', o.offer_id, { application_id: offered.applicationId }]).sort(),
    );

    // A refused change writes no row.
    const { applicationId } = await customerWithApplication(partner, { application: { amount: 25000 } });
    const before = (await auditRows(`?target_type=application&target_id=${applicationId}`)).length;
    expect((await t.admin('POST', `/applications/${applicationId}/start_review`)).statusCode).toBe(409);
    expect((await auditRows(`?target_type=application&target_id=${applicationId}`)).length).toBe(before);
  });

  it('keeps the audit log append-only: the database refuses updates and deletes', async () => {
    await expect(t.testDb.db.query(`UPDATE audit_log SET action = 'x'`)).rejects.toThrow(/append-only/);
    await expect(t.testDb.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(t.testDb.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
  });

  it('answers a wrong email and a wrong password alike, and locks an email at an address after 5 failures from it in 15 minutes', async () => {
    const { operator, password } = await createOperator(t.app.ctx, { kind: 'admin_token' }, { email: 'lock@lender.example', name: 'Lock', role: 'viewer' });
    expect(await login(t.app.ctx, 'nobody@lender.example', password, FROM)).toEqual({ ok: false, reason: 'invalid' });
    expect(await login(t.app.ctx, 'LOCK@lender.example', 'wrong password', FROM)).toEqual({ ok: false, reason: 'invalid' });
    const ok = await login(t.app.ctx, ' lock@lender.example ', password, FROM);
    expect(ok.ok && ok.operator.id).toBe(operator.id);

    // A success clears the count; then 4 failures leave the account usable, the 5th locks it.
    for (let i = 0; i < LOCKOUT.maxFailures - 1; i++) expect((await login(t.app.ctx, 'lock@lender.example', 'nope', FROM)).ok).toBe(false);
    const fifth = await login(t.app.ctx, 'lock@lender.example', 'nope', FROM);
    expect(fifth).toMatchObject({ ok: false, reason: 'locked' });
    expect((await login(t.app.ctx, 'lock@lender.example', password, FROM)).ok).toBe(false);
    // Locked at that address only: from another, the right password signs in (and lifts nothing at the first).
    expect((await login(t.app.ctx, 'lock@lender.example', password, '198.51.100.20')).ok).toBe(true);
    t.clock.set(new Date(t.clock.now().getTime() + 14 * 60_000));
    expect(await login(t.app.ctx, 'lock@lender.example', password, FROM)).toMatchObject({ ok: false, reason: 'locked' });
    t.clock.set(new Date(t.clock.now().getTime() + 2 * 60_000));
    expect((await login(t.app.ctx, 'lock@lender.example', password, FROM)).ok).toBe(true);

    // Unknown emails lock the same way, so the lock says nothing about who has an account.
    for (let i = 0; i < LOCKOUT.maxFailures - 1; i++) await login(t.app.ctx, 'ghost@lender.example', 'x', FROM);
    expect(await login(t.app.ctx, 'ghost@lender.example', 'x', FROM)).toMatchObject({ ok: false, reason: 'locked' });
  });

  it('counts guesses sent at once one by one: of 12 parallel wrong passwords, 4 are wrong and 8 find the email locked', async () => {
    const { password } = await createOperator(t.app.ctx, { kind: 'admin_token' }, { email: 'race@lender.example', name: 'Race', role: 'viewer' });
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(t.app.ctx, 'race@lender.example', 'wrong guess', FROM)));
    // Unserialised, every guess would pass the lock check before any failure was counted.
    expect(answers.filter((a) => !a.ok && a.reason === 'invalid')).toHaveLength(LOCKOUT.maxFailures - 1);
    expect(answers.filter((a) => !a.ok && a.reason === 'locked')).toHaveLength(12 - (LOCKOUT.maxFailures - 1));
    expect(await login(t.app.ctx, 'race@lender.example', password, FROM)).toMatchObject({ ok: false, reason: 'locked' });
  });

  it('ends the sessions of an operator whose role changes or who is deactivated; a deactivated operator cannot log in', async () => {
    const { operator, password } = await createOperator(t.app.ctx, { kind: 'admin_token' }, { email: 'roles@lender.example', name: 'Roles', role: 'viewer' });
    const sessions = async () => (await t.testDb.db.query('SELECT 1 FROM web_sessions WHERE operator_id = $1', [operator.id])).rowCount;
    await startWebSession(t.testDb.db, 'console', { operatorId: operator.id }, t.clock.now());
    expect(await sessions()).toBe(1);
    const res = await t.admin('POST', `/operators/${operator.id}/role`, { role: 'underwriter' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sessions()).toBe(0);
    await startWebSession(t.testDb.db, 'console', { operatorId: operator.id }, t.clock.now());
    await deactivateOperator(t.app.ctx, { kind: 'admin_token' }, operator.id);
    expect(await sessions()).toBe(0);
    expect((await login(t.app.ctx, 'roles@lender.example', password, FROM)).ok).toBe(false);
    const actions = (await auditRows(`?operator_id=${operator.id}`)).length;
    expect(actions).toBe(0);
    const about = (await auditRows(`?target_type=operator&target_id=${operator.id}`)).map((r) => r.action);
    expect(about).toEqual(['operator.deactivated', 'operator.role_changed', 'operator.created']);
    // An operator cannot change their own role.
    await expect(changeRole(t.app.ctx, { kind: 'operator', operatorId: operator.id, email: 'x', role: 'admin' }, operator.id, 'viewer')).rejects.toThrow(
      /own role/,
    );
  });
});

describe('the demo operator of a fresh embedded start', () => {
  it('is created once, as an admin, and its password printed once', async () => {
    const db = await openPristinePglite();
    try {
      await migrate(db);
      const config = loadConfig({ LOG_LEVEL: 'silent' });
      const first = await bootstrap(config, db);
      const password = first.generated.demoOperatorPassword as string;
      expect(password).toBeTruthy();
      const text = banner(config, first);
      expect(text).toContain(DEMO_OPERATOR.email);
      expect(text).toContain(password);
      expect(text).toContain('/console/login');
      // With the link that sets up its second factor (section 29): single use, like an invitation.
      const link = /Two-factor set-up \(single use, within 72 hours\): (\S+)/.exec(text)?.[1] as string;
      expect(link).toMatch(/^http:\/\/localhost:8080\/console\/two-factor\/setup\?token=[\w-]{43}$/);
      expect(await checkSetupLink({ db, now: () => new Date() }, new URL(link).searchParams.get('token') as string)).toMatchObject({
        ok: true,
        operator: { email: DEMO_OPERATOR.email },
      });
      const ok = await login({ db, now: () => new Date() }, DEMO_OPERATOR.email, password, FROM);
      expect(ok.ok && ok.operator.role).toBe('admin');
      const second = await bootstrap(config, db);
      expect(second.generated.demoOperatorPassword).toBeUndefined();
      expect(banner(config, second)).not.toContain(password);
      expect((await db.query('SELECT 1 FROM operators')).rowCount).toBe(1);
    } finally {
      await db.close();
    }
  });
});

describe('npm run operator -- create', () => {
  it('creates an operator in the data directory and prints its password once', async () => {
    const { execFile } = await import('node:child_process');
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'operator-cli-'));
    // An empty cluster, as a first start leaves it: the command migrates it.
    await writePristineDataDir(dir);
    const run = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, ['src/cli/operator.ts', ...args], { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' } }, (error, stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
    try {
      const created = await run(['create', '--email', 'cli@lender.example', '--name', 'Cli Admin', '--role', 'admin']);
      expect(created.code, created.stderr).toBe(0);
      const password = /Password \(shown once, keep it\): (\S+)/.exec(created.stdout)?.[1] as string;
      expect(password).toHaveLength(20);
      const link = /Two-factor set-up link \(single use, within 72 hours; the password is asked there\): (\S+)/.exec(created.stdout)?.[1] as string;
      expect(link).toMatch(/\/console\/two-factor\/setup\?token=[\w-]{43}$/);
      const again = await run(['create', '--email', 'CLI@lender.example', '--name', 'Again', '--role', 'viewer']);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already exists');
      expect((await run(['create', '--email', 'x@y.example'])).code).toBe(2);
      const db = await openPglite(dir);
      try {
        const ok = await login({ db, now: () => new Date() }, 'cli@lender.example', password, FROM);
        expect(ok.ok && ok.operator.role).toBe('admin');
        expect(await checkSetupLink({ db, now: () => new Date() }, new URL(link).searchParams.get('token') as string)).toMatchObject({ ok: true });
        const { rows } = await db.query<{ actor: string; action: string }>('SELECT actor, action FROM audit_log');
        expect(rows).toEqual([{ actor: 'command line', action: 'operator.created' }]);
        // A real process hashes at the servers' cost: scrypt N = 2^15, r = 8, p = 1.
        const stored = await db.query<{ password_hash: string }>('SELECT password_hash FROM operators');
        expect(stored.rows[0].password_hash).toMatch(/^scrypt\$15\$8\$1\$/);
      } finally {
        await db.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
