import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, LogSink, usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { loadPayeeCheck, setPayeeCheck } from '../../src/services/payee-check.ts';

/** Pay.UK's worked example 1: a valid pair (sort code 08-99-99). */
const VALID = { sort_code: '08-99-99', account_number: '66374958' };
const ACCOUNT_KEYS = ['account_holder_name', 'account_number_ending', 'created_at', 'funding_account_id', 'name_check', 'sort_code', 'status'];

const putAccount = (client: PartnerClient, customerId: string, data: unknown) =>
  client.request('PUT', `/customers/${customerId}/funding_account/`, data === undefined ? undefined : { data });

describe.each(BACKENDS)('funding accounts on %s', (backend) => {
  const sink = new LogSink();
  const t = useTestApp(backend, { env: { LOG_LEVEL: 'debug' }, logStream: sink });
  const partner = usePartner(t);

  async function storedAccounts(customerId: string) {
    const { rows } = await t.testDb.db.query<{ id: string; replaced_at: Date | null; status: string }>(
      'SELECT id, replaced_at, status FROM funding_accounts WHERE customer_id = $1 ORDER BY created_at, id',
      [customerId],
    );
    return rows;
  }

  it('stores verified details when the name matches: 200 with the sort code and only the last four digits; GET answers it', async () => {
    const customerId = await createCustomer(partner);
    const res = await putAccount(partner, customerId, { account_holder_name: 'Acme Widgets Ltd', ...VALID });
    expect(res.statusCode, res.body).toBe(200);
    const account = res.json().data;
    expect(Object.keys(account).sort()).toEqual(ACCOUNT_KEYS);
    expect(account).toMatchObject({
      account_holder_name: 'Acme Widgets Ltd',
      sort_code: '08-99-99',
      account_number_ending: '4958',
      name_check: 'match',
      status: 'verified',
    });
    const read = await partner.get(`/customers/${customerId}/funding_account/`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(account);
  });

  it.each([
    ['acme widgets ltd.', 'match', 'verified'],
    ['Acme Widgets Limited', 'close_match', 'needs_review'],
    ['ACME WIDGETS', 'close_match', 'needs_review'],
    ['Widgets and Gadgets Ltd', 'no_match', 'rejected'],
  ])('simulates the payee name check in the sandbox: "%s" is %s, %s', async (name, nameCheck, status) => {
    const customerId = await createCustomer(partner);
    const res = await putAccount(partner, customerId, { account_holder_name: name, sort_code: '089999', account_number: '66374958' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name_check: nameCheck, status });
  });

  it("matches a sole trader's account held in the applicant's own name", async () => {
    const customerId = await createCustomer(partner, {}, { type: 'sole_trader', registered_company_name: 'Lovelace Engines' });
    const res = await putAccount(partner, customerId, { account_holder_name: 'Ada Lovelace', ...VALID });
    expect(res.json().data).toMatchObject({ name_check: 'match', status: 'verified' });
  });

  it('reports every format problem at once, with pointers, and stores nothing', async () => {
    const customerId = await createCustomer(partner);
    const res = await putAccount(partner, customerId, { account_holder_name: 'x'.repeat(141), sort_code: '08 99 99', account_number: '6637495', extra: 1 });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { code: string; detail: string; source: { pointer: string } }[];
    expect(errors.map((e) => e.code)).toEqual(['ValidationError', 'ValidationError', 'ValidationError', 'ValidationError']);
    expect(errors.map((e) => e.source.pointer)).toEqual(['/data/account_holder_name', '/data/sort_code', '/data/account_number', '/data/extra']);
    expect(errors[2].detail).toBe('account_number must be eight digits (got 7)');
    expect(await storedAccounts(customerId)).toEqual([]);
    expect((await partner.get(`/customers/${customerId}/funding_account/`)).statusCode).toBe(404);
  });

  it.each([
    ['letters in the sort code', { sort_code: '08-99-AB' }, '/data/sort_code'],
    ['a sort code with spaces', { sort_code: '08 99 99' }, '/data/sort_code'],
    ['a malformed sort code', { sort_code: '0-899-99' }, '/data/sort_code'],
    ['a 7-digit account number', { account_number: '6637495' }, '/data/account_number'],
    ['letters in the account number', { account_number: '6637495A' }, '/data/account_number'],
    ['a number instead of a string', { account_number: 66374958 }, '/data/account_number'],
    ['an over-long name', { account_holder_name: 'A'.repeat(141) }, '/data/account_holder_name'],
    ['an empty name', { account_holder_name: '' }, '/data/account_holder_name'],
    ['no name', { account_holder_name: undefined }, '/data/account_holder_name'],
  ])('refuses %s: 400 ValidationError at its pointer, nothing stored', async (_what, change, pointer) => {
    const customerId = await createCustomer(partner);
    const res = await putAccount(partner, customerId, { account_holder_name: 'Acme Widgets Ltd', ...VALID, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ code: 'ValidationError', source: { pointer } })]);
    expect(await storedAccounts(customerId)).toEqual([]);
  });

  it('refuses a body without data', async () => {
    const customerId = await createCustomer(partner);
    const res = await putAccount(partner, customerId, undefined);
    expect([400, 415]).toContain(res.statusCode);
    const empty = await partner.request('PUT', `/customers/${customerId}/funding_account/`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].source.pointer).toBe('/data');
  });

  it('refuses details that fail the UK modulus check: 400 BankDetailsInvalid at /data/account_number, nothing stored', async () => {
    const customerId = await createCustomer(partner);
    // Pay.UK's worked example 29: example 1 with its last digit changed.
    const res = await putAccount(partner, customerId, { account_holder_name: 'Acme Widgets Ltd', sort_code: '08-99-99', account_number: '66374959' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ code: 'BankDetailsInvalid', source: { pointer: '/data/account_number' } })]);
    expect(await storedAccounts(customerId)).toEqual([]);
  });

  it('answers 404 for a customer of another partner or environment, or an id that is no UUID; 403 for a read-only token', async () => {
    const customerId = await createCustomer(partner);
    const other = await t.partner();
    const production = await t.token(partner.partnerId, 'production');
    const body = { account_holder_name: 'Acme Widgets Ltd', ...VALID };
    for (const client of [other, production]) {
      expect((await putAccount(client, customerId, body)).statusCode).toBe(404);
      expect((await client.get(`/customers/${customerId}/funding_account/`)).statusCode).toBe(404);
    }
    expect((await putAccount(partner, 'not-a-uuid', body)).statusCode).toBe(404);
    const readOnly = await t.token(partner.partnerId, 'sandbox', ['read']);
    const refused = await putAccount(readOnly, customerId, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('PermissionDenied');
    expect(await storedAccounts(customerId)).toEqual([]);
    expect((await readOnly.get(`/customers/${customerId}/funding_account/`)).statusCode).toBe(404);
  });

  it('keeps the replaced account in the history, and audits every change without the whole number', async () => {
    const customerId = await createCustomer(partner);
    const first = (await putAccount(partner, customerId, { account_holder_name: 'Acme Widgets Ltd', ...VALID })).json().data;
    // Pay.UK's worked example 2.
    const second = (await putAccount(partner, customerId, { account_holder_name: 'Acme Widgets Ltd', sort_code: '107999', account_number: '88837491' })).json()
      .data;
    expect((await partner.get(`/customers/${customerId}/funding_account/`)).json().data).toEqual(second);
    const stored = await storedAccounts(customerId);
    expect(stored.map((r) => [r.id, r.replaced_at === null])).toEqual([
      [first.funding_account_id, false],
      [second.funding_account_id, true],
    ]);
    const { rows: audit } = await t.testDb.db.query<{ actor: string; action: string; summary: Record<string, unknown> }>(
      `SELECT actor, action, summary FROM audit_log WHERE target_type = 'customer' AND target_id = $1 ORDER BY seq`,
      [customerId],
    );
    expect(audit.map((a) => [a.actor, a.action, a.summary.account_number_ending, a.summary.replaced])).toEqual([
      ['partner API', 'funding_account.set', '4958', null],
      ['partner API', 'funding_account.set', '7491', first.funding_account_id],
    ]);
  });

  it('leaves exactly one current account after two concurrent PUTs', async () => {
    const customerId = await createCustomer(partner);
    const [a, b] = await Promise.all([
      putAccount(partner, customerId, { account_holder_name: 'Acme Widgets Ltd', ...VALID }),
      putAccount(partner, customerId, { account_holder_name: 'Acme Widgets Ltd', sort_code: '107999', account_number: '88837491' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const stored = await storedAccounts(customerId);
    expect(stored).toHaveLength(2);
    const current = stored.filter((r) => r.replaced_at === null);
    expect(current).toHaveLength(1);
    const read = (await partner.get(`/customers/${customerId}/funding_account/`)).json().data;
    expect(read.funding_account_id).toBe(current[0].id);
  });

  it('never puts the whole account number in an answer, a log line, an event or the audit log', async () => {
    // Pay.UK's worked example 12 (sort code 11-87-65): the number appears nowhere else in the tests.
    const secret = '64371389';
    const customerId = await createCustomer(partner);
    const answers: string[] = [];
    const put = await putAccount(partner, customerId, { account_holder_name: 'Acme Widgets Ltd', sort_code: '118765', account_number: secret });
    expect(put.statusCode, put.body).toBe(200);
    answers.push(put.body, (await partner.get(`/customers/${customerId}/funding_account/`)).body);
    // A refused PUT (a name too long) must not quote the number either.
    answers.push((await putAccount(partner, customerId, { account_holder_name: 'A'.repeat(141), sort_code: '118765', account_number: secret })).body);
    const draw = await partner.get(`/request_log/`);
    answers.push(draw.body);
    for (const text of answers) expect(text).not.toContain(secret);
    expect(sink.text).not.toContain(secret);
    expect(sink.text).toContain('funding_account');
    const { rows: events } = await t.testDb.db.query<{ payload: unknown }>('SELECT payload FROM outbox_events');
    expect(JSON.stringify(events)).not.toContain(secret);
    const { rows: audit } = await t.testDb.db.query<{ summary: unknown }>('SELECT summary FROM audit_log');
    expect(JSON.stringify(audit)).not.toContain(secret);
  });
});

describe.each(BACKENDS)('the production payee name check on %s', (backend) => {
  const t = useTestApp(backend);
  const production = useResource();
  afterEach(() => setPayeeCheck(null));

  function useResource() {
    let client: PartnerClient | null = null;
    return {
      async get() {
        client ??= await t.partner({ environment: 'production' });
        return client;
      },
    };
  }

  const body = { account_holder_name: 'Acme Widgets Ltd', ...VALID };

  it('is unavailable without a module: the account needs review', async () => {
    const client = await production.get();
    const res = await putAccount(client, await createCustomer(client), body);
    expect(res.json().data).toMatchObject({ name_check: 'unavailable', status: 'needs_review' });
  });

  it('asks the module plugged in with PAYEE_CHECK_MODULE, giving it the details and the expected names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payee-check-'));
    const file = join(dir, 'payee-check.mjs');
    writeFileSync(
      file,
      `export const seen = [];
       export default { name: 'test bank', check(input) { seen.push(input); return input.accountHolderName === input.expectedNames[0] ? 'match' : 'no_match'; } };`,
    );
    const loaded = await loadPayeeCheck(file);
    expect(loaded.name).toBe('test bank');
    const client = await production.get();
    const customerId = await createCustomer(client);
    expect((await putAccount(client, customerId, body)).json().data).toMatchObject({ name_check: 'match', status: 'verified' });
    expect((await putAccount(client, customerId, { ...body, account_holder_name: 'Someone Else' })).json().data).toMatchObject({
      name_check: 'no_match',
      status: 'rejected',
    });
    const { seen } = (await import(file)) as { seen: unknown[] };
    expect(seen[0]).toEqual({ accountHolderName: 'Acme Widgets Ltd', sortCode: '089999', accountNumber: '66374958', expectedNames: ['Acme Widgets Ltd'] });
  });

  it('counts a module that throws or answers nonsense as unavailable', async () => {
    const client = await production.get();
    setPayeeCheck({
      name: 'broken',
      check: () => {
        throw new Error('bank down');
      },
    });
    expect((await putAccount(client, await createCustomer(client), body)).json().data.name_check).toBe('unavailable');
    setPayeeCheck({ name: 'odd', check: () => 'yes' as never });
    expect((await putAccount(client, await createCustomer(client), body)).json().data.name_check).toBe('unavailable');
  });

  it('refuses a module without a check', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payee-check-'));
    const file = join(dir, 'bad.mjs');
    writeFileSync(file, 'export default { name: 1 };');
    await expect(loadPayeeCheck(file)).rejects.toThrow(/PAYEE_CHECK_MODULE/);
  });
});
