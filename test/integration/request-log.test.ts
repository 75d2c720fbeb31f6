/**
 * The request log (docs/behaviour.md, section 18): written in batches off the request's path, listed newest
 * first with limit and status filters, metadata only, 7-day retention; a failing write never
 * fails the request.
 */
import { describe, expect, it } from 'vitest';
import { sweepOldRequestLog } from '../../src/services/partner-tools-sweeps.ts';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, useTestApp } from '../helpers/app.ts';
import { countRows, expectError } from '../helpers/foundation.ts';

interface Entry {
  request_id: string;
  time: string;
  method: string;
  path: string;
  status: number;
  error_code: string | null;
  duration_ms: number;
  idempotency_key: string | null;
  api_version: string;
}

describe.each(BACKENDS)('request log on %s', (backend) => {
  const t = useTestApp(backend);

  it('lists the tenant’s requests newest first, without bodies, tokens, query strings or personal data', async () => {
    const partner = await t.partner();
    const other = await t.partner();
    const customerId = await createCustomer(partner, { external_customer_id: 'ext-log-1' });
    const keyed = await partner.post(
      `/customers/${customerId}/applications/`,
      { data: { amount: 25000 } },
      { 'idempotency-key': 'log-key-1', 'x-request-id': 'req-log-1' },
    );
    expect(keyed.statusCode).toBe(201);
    expectError(await partner.get('/customers/0f8fad5b-d9cb-469f-a165-70867728950e/?email=ada@example.com'), 404, 'NotFound');
    await partner.request('GET', '/api/lending/v2.1/authentication_check/');
    await other.get('/authentication_check/');

    const res = await partner.get('/request_log/?limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().data as Entry[];
    expect(entries.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      'GET /api/lending/v2.1/authentication_check/ 200',
      'GET /api/lending/v2.2/customers/0f8fad5b-d9cb-469f-a165-70867728950e/ 404',
      `POST /api/lending/v2.2/customers/${customerId}/applications/ 201`,
      'POST /api/lending/v2.2/customers/ 201',
    ]);
    const [legacy, missing, applied] = entries;
    expect(legacy.api_version).toBe('2.1');
    expect(missing).toMatchObject({ error_code: 'NotFound', api_version: '2.2', idempotency_key: null });
    expect(applied).toMatchObject({ request_id: 'req-log-1', idempotency_key: 'log-key-1', error_code: null });
    for (const e of entries) {
      expect(Object.keys(e).sort()).toEqual(['api_version', 'duration_ms', 'error_code', 'idempotency_key', 'method', 'path', 'request_id', 'status', 'time']);
      expect(Number.isInteger(e.duration_ms)).toBe(true);
    }
    const stored = JSON.stringify((await t.testDb.db.query('SELECT * FROM request_log WHERE partner_id = $1', [partner.partnerId])).rows);
    for (const secret of [partner.token, 'ada@example.com', 'Lovelace', 'ext-log-1', 'email=']) expect(stored).not.toContain(secret);

    const failed = (await partner.get('/request_log/?status=failed')).json().data as Entry[];
    expect(failed.map((e) => e.status)).toEqual([404]);
    const succeeded = (await partner.get('/request_log/?status=succeeded&limit=2')).json().data as Entry[];
    expect(succeeded).toHaveLength(2);
    expect(succeeded.every((e) => e.status >= 200 && e.status < 300)).toBe(true);
    // The other partner sees only its own.
    const theirs = (await other.get('/request_log/')).json().data as Entry[];
    expect(theirs.map((e) => e.path)).toEqual(['/api/lending/v2.2/authentication_check/']);
  });

  it('answers 400 with the parameter for a bad limit or status', async () => {
    const partner = await t.partner();
    expect(expectError(await partner.get('/request_log/?limit=0'), 400, 'ValidationError')[0].source).toEqual({ parameter: 'limit' });
    expect(expectError(await partner.get('/request_log/?status=ok'), 400, 'ValidationError')[0].source).toEqual({ parameter: 'status' });
  });

  it('never fails a request when the log cannot be written', async () => {
    const partner = await t.partner();
    await t.testDb.db.query('ALTER TABLE request_log RENAME TO request_log_away');
    try {
      for (let i = 0; i < 3; i += 1) expect((await partner.get('/authentication_check/')).statusCode).toBe(200);
      await t.app.requestLog.flush();
    } finally {
      await t.testDb.db.query('ALTER TABLE request_log_away RENAME TO request_log');
    }
    expect((await partner.get('/authentication_check/')).statusCode).toBe(200);
    await t.app.requestLog.flush();
    expect(await countRows(t, 'request_log', 'partner_id = $1', [partner.partnerId])).toBe(1);
  });

  it('keeps 7 days: older entries are not listed and the sweep deletes them', async () => {
    const partner = await t.partner();
    await partner.get('/authentication_check/');
    await t.app.requestLog.flush();
    await t.testDb.db.query(`UPDATE request_log SET time = now() - interval '8 days' WHERE partner_id = $1`, [partner.partnerId]);
    const listed = (await partner.get('/request_log/')).json().data as Entry[];
    expect(listed.map((e) => e.path)).toEqual([]);
    expect(await sweepOldRequestLog(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await countRows(t, 'request_log', "partner_id = $1 AND time < now() - interval '7 days'", [partner.partnerId])).toBe(0);
  });

  it('is unlogged with its hourly counts: their loss on a crash is the trade (docs/decisions.md), every other table stays logged', async () => {
    const { rows } = await t.testDb.db.query<{ relname: string }>(
      `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relpersistence = 'u' ORDER BY c.relname`,
    );
    expect(rows.map((r) => r.relname)).toEqual(['request_counts', 'request_log']);
  });
});
