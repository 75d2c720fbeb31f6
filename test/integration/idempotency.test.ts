import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { customerBody, usePartner, useTestApp } from '../helpers/app.ts';
import { countRows, expectError } from '../helpers/foundation.ts';
import { offeredBySandbox } from '../helpers/lending.ts';
import { pdf, upload } from '../helpers/files.ts';
import { sweepExpiredIdempotencyKeys } from '../../src/services/partner-tools-sweeps.ts';
import { buildApp } from '../../src/app.ts';
import { clientFor } from '../helpers/app.ts';

const key = (name: string) => ({ 'idempotency-key': `${name}-${Math.random().toString(36).slice(2)}` });
const customerNamed = (number: string) => customerBody({ external_customer_id: `ext-${number}` }, { company_number: number });

describe.each(BACKENDS)('idempotency keys on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);

  const events = () => countRows(t, 'outbox_events', 'partner_id = $1', [partner.partnerId]);

  it('replays a customer creation: same status and body, Idempotent-Replayed, no second customer or event', async () => {
    const k = key('customer');
    const first = await partner.post('/customers/', customerNamed('10000001'), k);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const customers = await countRows(t, 'customers', 'partner_id = $1', [partner.partnerId]);
    const before = await events();
    const again = await partner.post('/customers/', customerNamed('10000001'), k);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.json()).toEqual(first.json());
    expect(await countRows(t, 'customers', 'partner_id = $1', [partner.partnerId])).toBe(customers);
    expect(await events()).toBe(before);
    // Without the key, the same body is a second attempt: the natural key refuses it.
    expectError(await partner.post('/customers/', customerNamed('10000001')), 409, 'DuplicateCustomer');
  });

  it('replays an application, an offer selection and a funding without doing them twice', async () => {
    const made = await offeredBySandbox(
      partner,
      [{ product_type: 'business_loan', max_amount: 1000, monthly_interest_percentage: 3, fee_percentage: 2.5, duration_in_days: 365 }],
      {
        customer: {},
        company: { company_number: '10000002' },
        application: { amount: 1000 },
      },
    );
    const offerId = made.offers[0].offer_id;
    const select = key('select');
    const chosen = await partner.post(`/offers/${offerId}/select/`, { data: { entity_to_contact: 'introducer' } }, select);
    expect(chosen.statusCode, chosen.body).toBe(200);
    const eventsAfterSelect = await events();
    const chosenAgain = await partner.post(`/offers/${offerId}/select/`, { data: { entity_to_contact: 'introducer' } }, select);
    expect(chosenAgain.headers['idempotent-replayed']).toBe('true');
    expect(chosenAgain.json()).toEqual(chosen.json());
    expect(await events()).toBe(eventsAfterSelect);

    const fund = key('fund');
    const drawn = await partner.post(`/sandbox/offers/${offerId}/fundings`, { data: { amount: 400 } }, fund);
    expect(drawn.statusCode, drawn.body).toBe(201);
    const drawnAgain = await partner.post(`/sandbox/offers/${offerId}/fundings`, { data: { amount: 400 } }, fund);
    expect(drawnAgain.statusCode).toBe(201);
    expect(drawnAgain.headers['idempotent-replayed']).toBe('true');
    expect(drawnAgain.json()).toEqual(drawn.json());
    expect(await countRows(t, 'fundings', 'offer_id = $1', [offerId])).toBe(1);

    // An application for a new customer, created twice with one key: one application.
    const customer = await partner.post('/customers/', customerNamed('10000003'));
    const customerId = customer.json().data.customer_id as string;
    const apply = key('apply');
    const applied = await partner.post(`/customers/${customerId}/applications/`, { data: { amount: 25000 } }, apply);
    expect(applied.statusCode, applied.body).toBe(201);
    const eventsAfterApply = await events();
    const appliedAgain = await partner.post(`/customers/${customerId}/applications/`, { data: { amount: 25000 } }, apply);
    expect(appliedAgain.statusCode).toBe(201);
    expect(appliedAgain.json()).toEqual(applied.json());
    expect(await countRows(t, 'applications', 'customer_id = $1', [customerId])).toBe(1);
    expect(await events()).toBe(eventsAfterApply);
  });

  // Without an external_customer_id no natural key stops a second customer: only the key does.
  it('gives one effect for 20 concurrent requests with one key', async () => {
    const k = key('race');
    const answers = await Promise.all(Array.from({ length: 20 }, () => partner.post('/customers/', customerBody({}, { company_number: '10000004' }), k)));
    const created = answers.filter((a) => a.statusCode === 201);
    const inUse = answers.filter((a) => a.statusCode === 409);
    expect(created.length + inUse.length).toBe(20);
    for (const a of inUse) expect(a.json().errors[0].code).toBe('IdempotencyKeyInUse');
    expect(created.filter((a) => a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    const ids = new Set(created.map((a) => a.json().data.customer_id));
    expect(ids.size).toBe(1);
    expect(await countRows(t, 'customers', "partner_id = $1 AND company->>'company_number' = '10000004'", [partner.partnerId])).toBe(1);
  });

  it('answers 422 IdempotencyKeyReused for the same key with another body, path or method', async () => {
    const k = key('reuse');
    expect((await partner.post('/customers/', customerNamed('10000005'), k)).statusCode).toBe(201);
    const otherBody = expectError(await partner.post('/customers/', customerNamed('10000006'), k), 422, 'IdempotencyKeyReused');
    expect(otherBody[0].source).toEqual({ parameter: 'Idempotency-Key' });
    expectError(await partner.post('/webhooks/subscriptions/', { data: { webhook_event_types: ['application_offered'] } }, k), 422, 'IdempotencyKeyReused');
    expect(await countRows(t, 'customers', "partner_id = $1 AND external_customer_id = 'ext-10000006'", [partner.partnerId])).toBe(0);
  });

  it('answers 409 IdempotencyKeyInUse while the first request runs, and lets a stale claim be taken over', async () => {
    const k = key('inflight');
    expect((await partner.post('/customers/', customerNamed('10000007'), k)).statusCode).toBe(201);
    // The state the first request is in while it runs (held in the database, so on every node).
    await t.testDb.db.query(`UPDATE idempotency_keys SET state = 'running' WHERE key = $1`, [k['idempotency-key']]);
    expectError(await partner.post('/customers/', customerNamed('10000007'), k), 409, 'IdempotencyKeyInUse');
    // A claim whose request never answered (its node stopped) is taken over after ten minutes.
    await t.testDb.db.query(`UPDATE idempotency_keys SET created_at = created_at - interval '11 minutes' WHERE key = $1`, [k['idempotency-key']]);
    expectError(await partner.post('/customers/', customerNamed('10000007'), k), 409, 'DuplicateCustomer');
  });

  it('keeps nothing for a 5xx: the retry runs again', async () => {
    const customer = await partner.post('/customers/', customerNamed('10000008'));
    const customerId = customer.json().data.customer_id as string;
    const k = key('fail');
    await t.testDb.db.query('ALTER TABLE applications RENAME TO applications_away');
    try {
      const failed = await partner.post(`/customers/${customerId}/applications/`, { data: { amount: 25000 } }, k);
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.testDb.db.query('ALTER TABLE applications_away RENAME TO applications');
    }
    expect(await countRows(t, 'idempotency_keys', 'key = $1', [k['idempotency-key']])).toBe(0);
    const retried = await partner.post(`/customers/${customerId}/applications/`, { data: { amount: 25000 } }, k);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a key that is too long or not printable with 400 on the parameter', async () => {
    for (const bad of ['x'.repeat(256), 'tab\there', '']) {
      const errors = expectError(await partner.post('/customers/', customerNamed('10000009'), { 'idempotency-key': bad }), 400, 'ValidationError');
      expect(errors[0].source).toEqual({ parameter: 'Idempotency-Key' });
    }
    expect((await partner.post('/customers/', customerNamed('10000009'), { 'idempotency-key': 'k'.repeat(255) })).statusCode).toBe(201);
  });

  it('is scoped to the partner and environment', async () => {
    const other = await t.partner();
    const k = key('scope');
    expect((await partner.post('/customers/', customerNamed('10000010'), k)).statusCode).toBe(201);
    const theirs = await other.post('/customers/', customerNamed('10000010'), k);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('counts multipart uploads: the same upload retried with the key stores one document', async () => {
    const customer = await partner.post('/customers/', customerNamed('10000011'));
    const customerId = customer.json().data.customer_id as string;
    const k = key('upload');
    const file = { filename: 'accounts.pdf', content: pdf({ seed: 'idem' }), type: 'application/pdf' };
    const first = await upload(t, partner, customerId, 'business accounts', file, { headers: k });
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload(t, partner, customerId, 'business accounts', file, { headers: k });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await countRows(t, 'documents', 'customer_id = $1', [customerId])).toBe(1);
  });

  it('expires keys after 24 hours; the worker sweep deletes them', async () => {
    const k = key('expiry');
    expect((await partner.post('/customers/', customerNamed('10000012'), k)).statusCode).toBe(201);
    t.clock.advanceDays(1.01);
    try {
      // The key is free again: the request runs (and meets the natural key).
      expectError(await partner.post('/customers/', customerNamed('10000012'), k), 409, 'DuplicateCustomer');
      await t.testDb.db.query(`UPDATE idempotency_keys SET expires_at = $2 WHERE key = $1`, [k['idempotency-key'], new Date(Date.now() - 1000)]);
      expect(await sweepExpiredIdempotencyKeys(t.app.ctx)).toBeGreaterThanOrEqual(1);
      expect(await countRows(t, 'idempotency_keys', 'key = $1', [k['idempotency-key']])).toBe(0);
    } finally {
      t.clock.set(new Date());
    }
  });

  it('works across nodes: a second server on the same database replays what the first kept', async () => {
    const other = await buildApp({ config: t.config, db: t.testDb.db, adminTokenHash: null, now: t.clock.now });
    await other.ready();
    try {
      const onOther = clientFor(other, partner.partnerId, partner.tokenId, partner.token);
      const k = key('nodes');
      const first = await partner.post('/customers/', customerNamed('10000013'), k);
      expect(first.statusCode).toBe(201);
      const again = await onOther.post('/customers/', customerNamed('10000013'), k);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expectError(await onOther.post('/customers/', customerNamed('10000014'), k), 422, 'IdempotencyKeyReused');
    } finally {
      await other.close();
    }
  });
});
