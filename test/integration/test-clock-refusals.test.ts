/**
 * What test clocks refuse (docs/behaviour.md, section 28): each refusal an error in the envelope
 * with its code, status and pointer, and nothing half-done. No worker runs here, so an advance
 * stays `advancing`.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { customerBody, usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { BACKENDS } from '../helpers/db.ts';
import { countRows, expectError, expectPointers, UNKNOWN_UUID } from '../helpers/foundation.ts';
import { offeredBySandbox, selectOffer, type OfferTermsJson } from '../helpers/lending.ts';
import { fund } from '../helpers/loans.ts';
import { createClock, customerOnClock, getClock, type ClockJson } from '../helpers/test-clocks.ts';

const WALL = new Date('2027-01-10T09:15:00.000Z');
const TERMS: OfferTermsJson = { product_type: 'flexi_loan', max_amount: 5000, monthly_interest_percentage: 2, fee_percentage: 0, duration_in_days: 120 };

describe.each(BACKENDS)('test clock refusals on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: WALL });
  const partner = usePartner(t);
  const other = usePartner(t, { name: 'Another Partner' });
  beforeEach(() => t.clock.set(WALL));

  const advance = (client: PartnerClient, clockId: string, data: unknown) => client.post(`/sandbox/test_clocks/${clockId}/advance`, { data });

  /** Puts `n` customers on the clock straight in the database (the limit's neighbourhood, quickly). */
  async function seedCustomers(clock: ClockJson, n: number): Promise<void> {
    await t.testDb.db.query(
      `INSERT INTO customers (id, partner_id, environment, company, people, created_at, updated_at, test_clock_id)
       SELECT gen_random_uuid(), $1, 'sandbox', '{}', '[]', now(), now(), $2 FROM generate_series(1, $3)`,
      [partner.partnerId, clock.test_clock_id, n],
    );
  }

  it('refuses advancing backwards, to its own date, more than two years ahead, or with a missed day it does not play, each with its pointer, changing nothing', async () => {
    const clock = await createClock(partner);
    expectPointers(await advance(partner, clock.test_clock_id, { to: '2027-01-09' }), ['/data/to']);
    expectPointers(await advance(partner, clock.test_clock_id, { to: '2027-01-10' }), ['/data/to']);
    const far = expectPointers(await advance(partner, clock.test_clock_id, { to: '2029-01-11' }), ['/data/to']);
    expect(far[0].detail).toContain('2029-01-10');
    // The first is a day the advance plays, but no repayment falls due on it (no loan is on the clock); the others it does not play.
    expectPointers(await advance(partner, clock.test_clock_id, { to: '2027-02-01', missed: ['2027-01-20', '2027-01-05', '2027-03-01'] }), [
      '/data/missed/0',
      '/data/missed/1',
      '/data/missed/2',
    ]);
    expectPointers(await advance(partner, clock.test_clock_id, { to: '10 February 2027' }), ['/data/to']);
    expectPointers(await advance(partner, clock.test_clock_id, { to: '2027-02-01', missed: ['2027-02-30'] }), ['/data/missed/0']);
    expectPointers(await advance(partner, clock.test_clock_id, { to: '2027-02-01', until: '2027-02-01' }), ['/data/until']);
    expect(await getClock(partner, clock.test_clock_id)).toEqual(clock);
    // Exactly two years is allowed.
    const res = await advance(partner, clock.test_clock_id, { to: '2029-01-10' });
    expect(res.statusCode, res.body).toBe(202);
  });

  it('answers 409 TestClockAdvancing to a second advance while it advances; the first stands', async () => {
    const clock = { ...(await createClock(partner)), customer_count: 1 };
    // A loan on the clock, drawn on its date: its repayments fall due on the 10th, and the advance may miss one.
    const made = await offeredBySandbox(partner, [TERMS], { customer: { test_clock_id: clock.test_clock_id } });
    await selectOffer(partner, made.offers[0].offer_id, 'introducer');
    await fund(partner, made.offers[0].offer_id, 2000);
    const first = await advance(partner, clock.test_clock_id, { to: '2027-06-01', missed: ['2027-03-10'] });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().data).toEqual({ ...clock, status: 'advancing' });
    const [error] = expectError(await advance(partner, clock.test_clock_id, { to: '2027-03-01' }), 409, 'TestClockAdvancing');
    expect(error.meta).toEqual({ test_clock_id: clock.test_clock_id, frozen_on: '2027-01-10', advancing_to: '2027-06-01' });
    const { rows } = await t.testDb.db.query<{ advance_to: string; missed: string[] }>(
      'SELECT advance_to, missed::text[] AS missed FROM test_clocks WHERE id = $1',
      [clock.test_clock_id],
    );
    expect(rows[0]).toEqual({ advance_to: '2027-06-01', missed: ['2027-03-10'] });
    // The same request replayed with its key answers what it answered, doing nothing again.
    const key = { 'idempotency-key': `advance-${clock.test_clock_id}` };
    const other = await createClock(partner);
    const once = await partner.post(`/sandbox/test_clocks/${other.test_clock_id}/advance`, { data: { to: '2027-02-01' } }, key);
    const again = await partner.post(`/sandbox/test_clocks/${other.test_clock_id}/advance`, { data: { to: '2027-02-01' } }, key);
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(once.json());
  });

  it("keeps partners and environments apart: another partner's clock is 404, a production token 403, a clock on a production customer 400", async () => {
    const clock = await createClock(partner);
    const id = clock.test_clock_id;
    expectError(await other.get(`/sandbox/test_clocks/${id}/`), 404, 'NotFound');
    expectError(await advance(other, id, { to: '2027-02-01' }), 404, 'NotFound');
    expectError(await other.request('DELETE', `/sandbox/test_clocks/${id}/`), 404, 'NotFound');
    expect((await other.get('/sandbox/test_clocks/')).json().data).toEqual([]);
    expectError(await partner.get(`/sandbox/test_clocks/${UNKNOWN_UUID}/`), 404, 'NotFound');
    expectError(await partner.get('/sandbox/test_clocks/not-a-uuid/'), 404, 'NotFound');

    const customersBefore = await countRows(t, 'customers');
    const [foreign] = expectError(await other.post('/customers/', customerBody({ test_clock_id: id })), 404, 'NotFound');
    expect(foreign.source).toEqual({ pointer: '/data/test_clock_id' });

    const production = await t.token(partner.partnerId, 'production');
    for (const res of [
      await production.post('/sandbox/test_clocks', { data: {} }),
      await production.get('/sandbox/test_clocks/'),
      await production.get(`/sandbox/test_clocks/${id}/`),
      await production.request('DELETE', `/sandbox/test_clocks/${id}/`),
      await advance(production, id, { to: '2027-02-01' }),
    ]) {
      expectError(res, 403, 'PermissionDenied');
    }
    const onProduction = expectPointers(await production.post('/customers/', customerBody({ test_clock_id: id })), ['/data/test_clock_id']);
    expect(onProduction[0].detail).toContain('sandbox');
    // Every problem of the body at once: the people rule beside the clock.
    expectPointers(await production.post('/customers/', customerBody({ test_clock_id: id, people: [{ roles: ['director'] }] })), [
      '/data/people',
      '/data/test_clock_id',
    ]);
    expect(await countRows(t, 'customers')).toBe(customersBefore);
    expect((await getClock(partner, id)).customer_count).toBe(0);
  });

  it('puts at most 100 customers on a clock (400 TestClockLimit, nothing created), however many are created at once', async () => {
    const clock = await createClock(partner);
    await seedCustomers(clock, 90);
    const at90 = await Promise.all(Array.from({ length: 20 }, () => partner.post('/customers/', customerBody({ test_clock_id: clock.test_clock_id }))));
    expect(at90.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = at90.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(10);
    for (const res of refused) {
      const [error] = expectError(res, 400, 'TestClockLimit');
      expect(error).toMatchObject({ source: { pointer: '/data/test_clock_id' }, meta: { limit: 100 } });
    }
    expect((await getClock(partner, clock.test_clock_id)).customer_count).toBe(100);
    expect(await countRows(t, 'customers', 'test_clock_id = $1', [clock.test_clock_id])).toBe(100);
  });

  it('keeps at most 100 clocks a partner however many are created at once', async () => {
    const client = await t.partner({ name: 'Clocks At Once' });
    await t.testDb.db.query(
      `INSERT INTO test_clocks (id, partner_id, environment, name, frozen_on, reached_at, status, queued_at, created_at)
       SELECT gen_random_uuid(), $1, 'sandbox', 'seeded ' || n, '2027-01-10', now(), 'ready', now(), now() FROM generate_series(1, 90) n`,
      [client.partnerId],
    );
    const at90 = await Promise.all(Array.from({ length: 20 }, () => client.post('/sandbox/test_clocks', { data: {} })));
    expect(at90.filter((r) => r.statusCode === 201)).toHaveLength(10);
    for (const res of at90.filter((r) => r.statusCode !== 201)) expect(expectError(res, 400, 'TestClockLimit')[0].meta).toEqual({ limit: 100 });
    expect(await countRows(t, 'test_clocks', 'partner_id = $1', [client.partnerId])).toBe(100);
  });

  it('keeps at most 100 clocks a partner (400 TestClockLimit); a deleted one makes room, and pages of the list carry a cursor', async () => {
    const client = await t.partner({ name: 'Many Clocks' });
    const made: ClockJson[] = [];
    for (let i = 0; i < 100; i++) made.push(await createClock(client, `clock ${i}`));
    const [error] = expectError(await client.post('/sandbox/test_clocks', { data: {} }), 400, 'TestClockLimit');
    expect(error.meta).toEqual({ limit: 100 });

    // Newest first, 50 a page by default, up to 200.
    const first = (await client.get('/sandbox/test_clocks/')).json();
    expect(first.data).toHaveLength(50);
    expect(first.data[0].name).toBe('clock 99');
    const second = (await client.get(`/sandbox/test_clocks/?cursor=${first.meta.next_cursor}`)).json();
    expect(second.data.map((c: ClockJson) => c.name)).toEqual(
      made
        .slice(0, 50)
        .map((c) => c.name)
        .reverse(),
    );
    expect(second.meta.next_cursor).toBeNull();
    expect((await client.get('/sandbox/test_clocks/?limit=200')).json().data).toHaveLength(100);
    expectError(await client.get('/sandbox/test_clocks/?limit=201'), 400, 'ValidationError');
    expectError(await client.get('/sandbox/test_clocks/?cursor=abc'), 400, 'ValidationError');

    const deleted = made[10].test_clock_id;
    const res = await client.request('DELETE', `/sandbox/test_clocks/${deleted}/`);
    expect(res.statusCode, res.body).toBe(204);
    expectError(await client.get(`/sandbox/test_clocks/${deleted}/`), 404, 'NotFound');
    expectError(await client.request('DELETE', `/sandbox/test_clocks/${deleted}/`), 404, 'NotFound');
    expect((await client.get('/sandbox/test_clocks/?limit=200')).json().data.map((c: ClockJson) => c.test_clock_id)).not.toContain(deleted);
    expect((await client.post('/sandbox/test_clocks', { data: {} })).statusCode).toBe(201);
  });

  it('deletes a clock while it advances: it stops; its customers stay on its date; no customer joins it', async () => {
    const clock = await createClock(partner);
    const customerId = await customerOnClock(partner, clock.test_clock_id);
    expect((await advance(partner, clock.test_clock_id, { to: '2027-05-01' })).statusCode).toBe(202);
    expect((await partner.request('DELETE', `/sandbox/test_clocks/${clock.test_clock_id}/`)).statusCode).toBe(204);
    const { rows } = await t.testDb.db.query<{ status: string; frozen_on: string }>('SELECT status, frozen_on FROM test_clocks WHERE id = $1', [
      clock.test_clock_id,
    ]);
    expect(rows[0]).toEqual({ status: 'ready', frozen_on: '2027-01-10' });
    const customer = (await partner.get(`/customers/${customerId}/`)).json().data;
    expect(customer.test_clock_id).toBe(clock.test_clock_id);
    t.clock.set(new Date('2027-03-01T10:00:00Z'));
    const applied = await partner.post(`/customers/${customerId}/applications/`, { data: { amount: 5000 } });
    expect(applied.json().data.created_at).toMatch(/^2027-01-10T/);
    const [error] = expectError(await partner.post('/customers/', customerBody({ test_clock_id: clock.test_clock_id })), 404, 'NotFound');
    expect(error.source).toEqual({ pointer: '/data/test_clock_id' });
  });

  it('keeps a customer on the clock it was created on: a PUT may repeat it, not change it', async () => {
    const clock = await createClock(partner);
    const another = await createClock(partner);
    const customerId = await customerOnClock(partner, clock.test_clock_id);
    const same = await partner.request('PUT', `/customers/${customerId}/`, customerBody({ test_clock_id: clock.test_clock_id }));
    expect(same.statusCode, same.body).toBe(200);
    expect((await partner.request('PUT', `/customers/${customerId}/`, customerBody())).json().data.test_clock_id).toBe(clock.test_clock_id);
    expectPointers(
      await partner.request('PUT', `/customers/${customerId}/`, customerBody({ test_clock_id: another.test_clock_id, external_customer_id: 'moved' })),
      ['/data/test_clock_id'],
    );
    const unchanged = (await partner.get(`/customers/${customerId}/`)).json().data;
    expect(unchanged).toMatchObject({ test_clock_id: clock.test_clock_id, external_customer_id: null });
    const plain = (await partner.post('/customers/', customerBody())).json().data.customer_id;
    expectPointers(await partner.request('PUT', `/customers/${plain}/`, customerBody({ test_clock_id: clock.test_clock_id })), ['/data/test_clock_id']);
  });
});
