import { beforeAll, describe, expect, it } from 'vitest';
import { CLOSED_STATUSES, OPEN_STATUSES } from '../../src/domain/application-status.ts';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, useTestApp } from '../helpers/app.ts';
import { countRows, expectError, expectPointers, UNKNOWN_UUID, UUID } from '../helpers/foundation.ts';
import { payloadKeys } from '../helpers/event-payloads.ts';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(BACKENDS)('applications on %s', (backend) => {
  // Hundreds of calls with one token: the rate limit (tested on its own) must not interfere.
  const t = useTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: '100000' }, resetClock: true });
  const partner = usePartner(t);
  let introducerId: string;

  beforeAll(async () => {
    const res = await t.admin('POST', `/partners/${partner.partnerId}/introducers`, { name: 'Ian', email: 'ian@example.com', environment: 'sandbox' });
    introducerId = res.json().data.introducer_id;
  });

  const apply = (customerId: string, data: unknown, client = partner) => client.post(`/customers/${customerId}/applications/`, { data });
  const latest = (customerId: string, client = partner) => client.get(`/customers/${customerId}/applications/latest/`);
  const patch = (customerId: string, data: unknown, client = partner) => client.request('PATCH', `/customers/${customerId}/applications/latest/`, { data });
  const setStatus = (applicationId: string, status: string, at: Date = new Date()) =>
    t.testDb.db.query('UPDATE applications SET status = $3, status_changed_at = $2 WHERE id = $1', [applicationId, at, status]);

  async function openApplication(data: Record<string, unknown> = { amount: 1000 }, external?: string) {
    const customerId = await createCustomer(partner, external ? { external_customer_id: external } : {});
    const res = await apply(customerId, data);
    expect(res.statusCode, res.body).toBe(201);
    return { customerId, application: res.json().data };
  }

  describe('POST /customers/{id}/applications/', () => {
    it('creates an open application: 201 with exactly the GET-latest shape', async () => {
      const customerId = await createCustomer(partner);
      const res = await apply(customerId, { amount: 25000 });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['data']);
      expect(body.data).toEqual({
        application_id: expect.stringMatching(UUID),
        customer_id: customerId,
        status: 'open',
        is_closed: false,
        is_topup: false,
        amount: 25000,
        requests: [],
        introducer: { entity_to_contact: 'customer', introducer_id: null },
        created_at: expect.stringMatching(ISO_UTC),
        updated_at: expect.stringMatching(ISO_UTC),
      });
      const got = await latest(customerId);
      expect(got.statusCode).toBe(200);
      expect(got.json()).toEqual(body);
    });

    it('keeps requests, introducer and contact entity as sent', async () => {
      const customerId = await createCustomer(partner);
      const requests = [
        { amount: 600.5, duration: { amount: 12, unit: 'months' }, purpose: 'equipment', urgency: 'asap' },
        { amount: 300, duration: { amount: 6, unit: 'weeks' }, purpose: 'other', detailed_purpose: 'a van', urgency: 'weeks' },
        { amount: 99.5, duration: { amount: 90, unit: 'days' }, urgency: 'future' },
      ];
      const res = await apply(customerId, { amount: 1000, requests, introducer: { entity_to_contact: 'introducer', introducer_id: introducerId } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ amount: 1000, requests, introducer: { entity_to_contact: 'introducer', introducer_id: introducerId } });
      expect((await latest(customerId)).json()).toEqual(res.json());
    });

    it('entity_to_contact defaults to customer, also when only an introducer id is sent', async () => {
      const { application } = await openApplication({ amount: 10, introducer: { introducer_id: introducerId } });
      expect(application.introducer).toEqual({ entity_to_contact: 'customer', introducer_id: introducerId });
      const { application: bare } = await openApplication({ amount: 10, introducer: {} });
      expect(bare.introducer).toEqual({ entity_to_contact: 'customer', introducer_id: null });
    });

    describe('amount', () => {
      it.each([0.01, 1, 999999.99, 1000000, 1000000.01, 1234567.89, 5000000.01, 8888888.88, 9999999.99, 10000000])('accepts %d', async (amount) => {
        const { application } = await openApplication({ amount });
        expect(application.amount).toBe(amount);
        const stored = await t.testDb.db.query<{ amount_pence: number }>('SELECT amount_pence FROM applications WHERE id = $1', [application.application_id]);
        expect(stored.rows[0].amount_pence).toBe(Math.round(amount * 100));
      });

      const bad: [string, unknown][] = [
        ['zero', 0],
        ['negative zero', -0],
        ['negative', -1],
        ['above 10,000,000', 10000000.01],
        ['far above', 1e15],
        ['three decimals', 10.001],
        ['a sub-penny exponent', 1e-7],
        ['a string', '100'],
        ['null', null],
        ['a boolean', true],
        ['an array', [100]],
        ['an object', { value: 100 }],
      ];
      it.each(bad)('refuses %s with a 400 at /data/amount and stores nothing', async (_label, amount) => {
        const customerId = await createCustomer(partner);
        expectPointers(await apply(customerId, { amount }), ['/data/amount']);
        expect(await countRows(t, 'applications', 'customer_id = $1', [customerId])).toBe(0);
      });

      it('is required', async () => {
        const customerId = await createCustomer(partner);
        expectPointers(await apply(customerId, {}), ['/data/amount']);
        expectPointers(await apply(customerId, { requests: [{ amount: 5 }] }), ['/data/amount']);
        expectPointers(await partner.post(`/customers/${customerId}/applications/`, { amount: 5 }), ['/data', '/amount']);
      });
    });

    describe('requests', () => {
      const bad: [string, unknown[], string[]][] = [
        ['amount missing', [{ purpose: 'x' }], ['/data/requests/0/amount']],
        ['amount zero', [{ amount: 0 }], ['/data/requests/0/amount']],
        ['amount with three decimals', [{ amount: 1.005 }], ['/data/requests/0/amount']],
        ['amount a string', [{ amount: '5' }], ['/data/requests/0/amount']],
        ['unit unknown', [{ amount: 5, duration: { amount: 1, unit: 'years' } }], ['/data/requests/0/duration/unit']],
        ['unit missing', [{ amount: 5, duration: { amount: 1 } }], ['/data/requests/0/duration/unit']],
        ['duration amount missing', [{ amount: 5, duration: { unit: 'days' } }], ['/data/requests/0/duration/amount']],
        ['duration amount a string', [{ amount: 5, duration: { amount: '3', unit: 'days' } }], ['/data/requests/0/duration/amount']],
        ['duration amount zero', [{ amount: 5, duration: { amount: 0, unit: 'days' } }], ['/data/requests/0/duration/amount']],
        ['unknown field in duration', [{ amount: 5, duration: { amount: 1, unit: 'days', x: 1 } }], ['/data/requests/0/duration/x']],
        ['urgency unknown', [{ amount: 5, urgency: 'now' }], ['/data/requests/0/urgency']],
        ['purpose a number', [{ amount: 5, purpose: 7 }], ['/data/requests/0/purpose']],
        ['unknown field', [{ amount: 5, colour: 'red' }], ['/data/requests/0/colour']],
        ['second item invalid', [{ amount: 2 }, { amount: 3, urgency: 'x' }], ['/data/requests/1/urgency']],
        ['item null', [null], ['/data/requests/0']],
      ];
      it.each(bad)('%s: 400 with its pointer', async (_label, requests, pointers) => {
        const customerId = await createCustomer(partner);
        expectPointers(await apply(customerId, { amount: 5, requests }), pointers);
        expect(await countRows(t, 'applications', 'customer_id = $1', [customerId])).toBe(0);
      });

      it('amount must equal the sum of requests[].amount: 400 at /data/amount', async () => {
        const customerId = await createCustomer(partner);
        const [error] = expectPointers(await apply(customerId, { amount: 1000, requests: [{ amount: 600 }, { amount: 300 }] }), ['/data/amount']);
        expect(error.detail).toMatch(/sum/);
        expectPointers(await apply(customerId, { amount: 1000, requests: [{ amount: 1000.01 }] }), ['/data/amount']);
        expect(await countRows(t, 'applications', 'customer_id = $1', [customerId])).toBe(0);
      });

      it('sums exactly: 0.1 + 0.2 is 0.3', async () => {
        const { application } = await openApplication({ amount: 0.3, requests: [{ amount: 0.1 }, { amount: 0.2 }] });
        expect(application.amount).toBe(0.3);
        expect(application.requests).toEqual([{ amount: 0.1 }, { amount: 0.2 }]);
      });

      it('an empty requests list is allowed and kept', async () => {
        const { application } = await openApplication({ amount: 50, requests: [] });
        expect(application.requests).toEqual([]);
      });
    });

    describe('introducer', () => {
      it('refuses an introducer that is not one of the partner’s (400 at /data/introducer/introducer_id)', async () => {
        const other = await t.partner();
        const theirs = (await t.admin('POST', `/partners/${other.partnerId}/introducers`, { name: 'X', email: 'x@example.com', environment: 'sandbox' })).json()
          .data.introducer_id;
        const liveOne = (
          await t.admin('POST', `/partners/${partner.partnerId}/introducers`, { name: 'L', email: 'l@example.com', environment: 'production' })
        ).json().data.introducer_id;
        const customerId = await createCustomer(partner);
        for (const id of [theirs, liveOne, UNKNOWN_UUID]) {
          const [error] = expectPointers(await apply(customerId, { amount: 10, introducer: { introducer_id: id } }), ['/data/introducer/introducer_id']);
          expect(error.detail).toMatch(/introducer/);
        }
        expect(await countRows(t, 'applications', 'customer_id = $1', [customerId])).toBe(0);
      });

      it('refuses an inactive introducer', async () => {
        const id = (
          await t.admin('POST', `/partners/${partner.partnerId}/introducers`, { name: 'Old', email: 'old@example.com', environment: 'sandbox' })
        ).json().data.introducer_id;
        await t.testDb.db.query('UPDATE introducers SET is_active = false WHERE id = $1', [id]);
        const customerId = await createCustomer(partner);
        expectPointers(await apply(customerId, { amount: 10, introducer: { introducer_id: id } }), ['/data/introducer/introducer_id']);
      });

      it('validates the introducer object', async () => {
        const customerId = await createCustomer(partner);
        for (const [introducer, pointer] of [
          [{ introducer_id: 'not-a-uuid' }, '/data/introducer/introducer_id'],
          [{ introducer_id: `urn:uuid:${UNKNOWN_UUID}` }, '/data/introducer/introducer_id'],
          [{ introducer_id: 42 }, '/data/introducer/introducer_id'],
          [{ entity_to_contact: 'partner' }, '/data/introducer/entity_to_contact'],
          [{ entity_to_contact: 'Customer' }, '/data/introducer/entity_to_contact'],
          [{ name: 'x' }, '/data/introducer/name'],
          ['someone', '/data/introducer'],
          [null, '/data/introducer'],
        ] as [unknown, string][]) {
          expectPointers(await apply(customerId, { amount: 10, introducer }), [pointer]);
        }
      });

      it('accepts its own introducer given in upper case', async () => {
        const { application } = await openApplication({ amount: 10, introducer: { introducer_id: introducerId.toUpperCase() } });
        expect(application.introducer.introducer_id).toBe(introducerId);
      });
    });

    it('reports several problems at once', async () => {
      const customerId = await createCustomer(partner);
      expectPointers(await apply(customerId, { amount: -5, requests: [{ amount: 'x', urgency: 'soon' }], introducer: { entity_to_contact: 'me' }, extra: 1 }), [
        '/data/amount',
        '/data/requests/0/amount',
        '/data/requests/0/urgency',
        '/data/introducer/entity_to_contact',
        '/data/extra',
      ]);
    });

    it('answers 404 for an unknown customer', async () => {
      expectError(await apply(UNKNOWN_UUID, { amount: 10 }), 404, 'NotFound');
    });
  });

  describe('one open application per customer', () => {
    it('a second create while one is open is 409 ApplicationAlreadyOpen with meta.application_id', async () => {
      const { customerId, application } = await openApplication();
      for (const status of OPEN_STATUSES) {
        await setStatus(application.application_id, status);
        const [error] = expectError(await apply(customerId, { amount: 5 }), 409, 'ApplicationAlreadyOpen');
        expect(error.meta).toEqual({ application_id: application.application_id });
      }
      expect(await countRows(t, 'applications', 'customer_id = $1', [customerId])).toBe(1);
    });

    it('10 concurrent creates for one customer: exactly one 201, nine 409 naming it', async () => {
      const customerId = await createCustomer(partner);
      const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => apply(customerId, { amount: 100 + i })));
      const created = responses.filter((r) => r.statusCode === 201);
      const conflicts = responses.filter((r) => r.statusCode === 409);
      expect(created).toHaveLength(1);
      expect(conflicts).toHaveLength(9);
      const id = created[0].json().data.application_id;
      for (const res of conflicts) expect(expectError(res, 409, 'ApplicationAlreadyOpen')[0].meta).toEqual({ application_id: id });
      expect(await countRows(t, 'applications', 'customer_id = $1', [customerId])).toBe(1);
      expect(await countRows(t, 'outbox_events', "event_type = 'application_attributed' AND payload->>'customer_id' = $1", [customerId])).toBe(1);
    });

    it.each(CLOSED_STATUSES.filter((s) => s !== 'declined'))('after a %s application a new one may be created', async (status) => {
      const { customerId, application } = await openApplication();
      await setStatus(application.application_id, status);
      const old = (await latest(customerId)).json().data;
      expect(old).toMatchObject({ status, is_closed: true });
      const res = await apply(customerId, { amount: 77 });
      expect(res.statusCode, res.body).toBe(201);
      expect((await latest(customerId)).json().data.application_id).toBe(res.json().data.application_id);
    });

    it.each(OPEN_STATUSES)('%s is an open status (is_closed false)', async (status) => {
      const { customerId, application } = await openApplication();
      await setStatus(application.application_id, status);
      expect((await latest(customerId)).json().data).toMatchObject({ status, is_closed: false });
    });
  });

  describe('reapplying after a decline', () => {
    async function declinedAt(declined: string) {
      t.clock.set(new Date(new Date(declined).getTime() - 86_400_000));
      const { customerId, application } = await openApplication({ amount: 500 });
      await setStatus(application.application_id, 'declined', new Date(declined));
      return customerId;
    }

    it('refuses a new application until three calendar months have passed; the boundary day is allowed', async () => {
      const customerId = await declinedAt('2025-11-30T12:00:00Z');
      // 30 November + 3 months = 28 February (clamped to the month's last day).
      t.clock.set(new Date('2026-02-27T23:59:00Z'));
      const early = await apply(customerId, { amount: 500 });
      const [error] = expectError(early, 409, 'ReapplicationTooSoon');
      expect(error.meta).toEqual({ can_reapply_from: '2026-02-28' });
      expect(error.detail).toContain('2026-02-28');

      t.clock.set(new Date('2026-02-28T00:00:30Z'));
      const onTime = await apply(customerId, { amount: 500 });
      expect(onTime.statusCode, onTime.body).toBe(201);
    });

    it('counts London calendar days (a decline at 23:30 UTC in summer is the next day in London)', async () => {
      // 2026-05-31T23:30Z is 1 June 00:30 in London (BST): reapply from 1 September.
      const customerId = await declinedAt('2026-05-31T23:30:00Z');
      t.clock.set(new Date('2026-08-31T22:58:00Z')); // 23:58 on 31 August in London
      const [error] = expectError(await apply(customerId, { amount: 500 }), 409, 'ReapplicationTooSoon');
      expect(error.meta).toEqual({ can_reapply_from: '2026-09-01' });
      t.clock.set(new Date('2026-08-31T23:00:30Z')); // 00:00 on 1 September in London
      expect((await apply(customerId, { amount: 500 })).statusCode).toBe(201);
    });

    it('the day before the boundary is refused, a day after is fine', async () => {
      const customerId = await declinedAt('2026-01-15T10:00:00Z');
      t.clock.set(new Date('2026-04-14T12:00:00Z'));
      expect(expectError(await apply(customerId, { amount: 500 }), 409, 'ReapplicationTooSoon')[0].meta).toEqual({ can_reapply_from: '2026-04-15' });
      t.clock.set(new Date('2026-04-16T12:00:00Z'));
      expect((await apply(customerId, { amount: 500 })).statusCode).toBe(201);
    });

    it('the most recent decline counts', async () => {
      const customerId = await declinedAt('2025-01-10T10:00:00Z');
      t.clock.set(new Date('2025-06-01T10:00:00Z'));
      const second = (await apply(customerId, { amount: 500 })).json().data;
      await setStatus(second.application_id, 'declined', new Date('2025-06-02T10:00:00Z'));
      t.clock.set(new Date('2025-08-01T10:00:00Z'));
      expect(expectError(await apply(customerId, { amount: 500 }), 409, 'ReapplicationTooSoon')[0].meta).toEqual({ can_reapply_from: '2025-09-02' });
    });

    it('another customer of the same partner is not held back', async () => {
      await declinedAt('2026-02-01T10:00:00Z');
      t.clock.set(new Date('2026-02-02T10:00:00Z'));
      const fresh = await createCustomer(partner);
      expect((await apply(fresh, { amount: 500 })).statusCode).toBe(201);
    });
  });

  describe('top-ups', () => {
    it('is_topup is true when the customer already has a funded application, and the event says so', async () => {
      const { customerId, application } = await openApplication({ amount: 1000 }, 'topup-1');
      expect(application.is_topup).toBe(false);
      await setStatus(application.application_id, 'funded');
      const res = await apply(customerId, { amount: 2000 });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.is_topup).toBe(true);
      expect((await latest(customerId)).json().data.is_topup).toBe(true);
      const { rows } = await t.testDb.db.query<{ payload: Record<string, unknown> }>(
        "SELECT payload FROM outbox_events WHERE event_type = 'application_attributed' AND payload->>'application_id' = $1",
        [res.json().data.application_id],
      );
      expect(rows[0].payload.is_topup).toBe(true);
    });

    it.each(['offered', 'expired', 'deferred', 'offer_revoked'])('a %s (never funded) earlier application is no top-up', async (status) => {
      const { customerId, application } = await openApplication();
      await setStatus(application.application_id, status);
      expect((await apply(customerId, { amount: 5 })).json().data.is_topup).toBe(false);
    });
  });

  describe('GET /customers/{id}/applications/latest/', () => {
    it('answers 404 NotFound when the customer has no application, and for an unknown customer', async () => {
      const customerId = await createCustomer(partner);
      expectError(await latest(customerId), 404, 'NotFound');
      expectError(await latest(UNKNOWN_UUID), 404, 'NotFound');
    });

    it('answers the newest application', async () => {
      const { customerId, application } = await openApplication();
      await setStatus(application.application_id, 'deferred');
      const second = (await apply(customerId, { amount: 42 })).json().data;
      expect((await latest(customerId)).json().data).toEqual(second);
    });
  });

  describe('PATCH /customers/{id}/applications/latest/', () => {
    it('202 with no body; requests replace the old ones and the amount becomes their sum', async () => {
      const { customerId, application } = await openApplication({ amount: 1000, requests: [{ amount: 1000, purpose: 'stock' }] });
      t.clock.advanceDays(1);
      const requests = [
        { amount: 250.25, duration: { amount: 3, unit: 'months' }, urgency: 'asap' },
        { amount: 0.75, purpose: 'other', detailed_purpose: 'misc' },
      ];
      const res = await patch(customerId, { requests });
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe('');
      const got = (await latest(customerId)).json().data;
      expect(got).toMatchObject({ application_id: application.application_id, amount: 251, requests, status: 'open' });
      expect(got.created_at).toBe(application.created_at);
      expect(got.updated_at > application.updated_at).toBe(true);
    });

    it('an empty update changes nothing', async () => {
      const { customerId, application } = await openApplication({ amount: 300, introducer: { introducer_id: introducerId } });
      expect((await patch(customerId, {})).statusCode).toBe(202);
      const got = (await latest(customerId)).json().data;
      expect({ ...got, updated_at: undefined }).toEqual({ ...application, updated_at: undefined });
    });

    it('sets and changes the introducer', async () => {
      const { customerId } = await openApplication();
      expect((await patch(customerId, { introducer: { entity_to_contact: 'introducer', introducer_id: introducerId } })).statusCode).toBe(202);
      expect((await latest(customerId)).json().data.introducer).toEqual({ entity_to_contact: 'introducer', introducer_id: introducerId });
      const other = await t.partner();
      const theirs = (await t.admin('POST', `/partners/${other.partnerId}/introducers`, { name: 'T', email: 't@example.com', environment: 'sandbox' })).json()
        .data.introducer_id;
      expectPointers(await patch(customerId, { introducer: { introducer_id: theirs } }), ['/data/introducer/introducer_id']);
      expect((await latest(customerId)).json().data.introducer.introducer_id).toBe(introducerId);
    });

    it('validates the body', async () => {
      const { customerId, application } = await openApplication({ amount: 1000 });
      expectPointers(await patch(customerId, { requests: [] }), ['/data/requests']);
      expectPointers(await patch(customerId, { amount: 5 }), ['/data/amount']);
      expectPointers(await patch(customerId, { requests: [{ amount: 5, duration: { amount: 1, unit: 'fortnights' } }] }), ['/data/requests/0/duration/unit']);
      expectPointers(await patch(customerId, { requests: [{ amount: 1.001 }] }), ['/data/requests/0/amount']);
      expectPointers(await patch(customerId, { requests: [{ amount: 10000000.01 }] }), ['/data/requests/0/amount']);
      expectPointers(await partner.request('PATCH', `/customers/${customerId}/applications/latest/`, { requests: [{ amount: 5 }] }), ['/data', '/requests']);
      expect((await latest(customerId)).json().data).toEqual(application);
    });

    it('keeps the amount within 10,000,000: requests summing above it are a 400', async () => {
      const { customerId, application } = await openApplication({ amount: 1000 });
      expectPointers(await patch(customerId, { requests: [{ amount: 6000000 }, { amount: 4000000.01 }] }), ['/data/requests']);
      expect((await latest(customerId)).json().data.amount).toBe(application.amount);
      expect((await patch(customerId, { requests: [{ amount: 6000000 }, { amount: 4000000 }] })).statusCode).toBe(202);
      expect((await latest(customerId)).json().data.amount).toBe(10000000);
    });

    it.each(CLOSED_STATUSES)('when the application is %s: 400 ApplicationClosed and nothing changes', async (status) => {
      const { customerId, application } = await openApplication({ amount: 1000 });
      await setStatus(application.application_id, status);
      const [error] = expectError(await patch(customerId, { requests: [{ amount: 5 }] }), 400, 'ApplicationClosed');
      expect(error.detail).toContain(status);
      expect((await latest(customerId)).json().data).toMatchObject({ amount: 1000, requests: [], status });
    });

    it.each(OPEN_STATUSES)('works while the application is %s', async (status) => {
      const { customerId, application } = await openApplication({ amount: 1000 });
      await setStatus(application.application_id, status);
      expect((await patch(customerId, { requests: [{ amount: 5 }] })).statusCode).toBe(202);
      expect((await latest(customerId)).json().data.amount).toBe(5);
    });

    it('answers 404 when the customer has no application or does not exist', async () => {
      const customerId = await createCustomer(partner);
      expectError(await patch(customerId, { requests: [{ amount: 5 }] }), 404, 'NotFound');
      expectError(await patch(UNKNOWN_UUID, { requests: [{ amount: 5 }] }), 404, 'NotFound');
    });
  });

  describe('status history and events', () => {
    it('creation records the move to open and an application_attributed event with the documented payload', async () => {
      const { customerId, application } = await openApplication({ amount: 1234.56 }, 'evt-1');
      const changes = await t.testDb.db.query<{ from_status: string | null; to_status: string; trigger: string; changed_at: Date }>(
        'SELECT from_status, to_status, trigger, changed_at FROM application_status_changes WHERE application_id = $1 ORDER BY id',
        [application.application_id],
      );
      expect(changes.rows).toHaveLength(1);
      expect(changes.rows[0]).toMatchObject({ from_status: null, to_status: 'open', trigger: 'created' });
      expect(new Date(changes.rows[0].changed_at).toISOString()).toBe(application.created_at);

      const events = await t.testDb.db.query<{ partner_id: string; environment: string; payload: Record<string, unknown> }>(
        "SELECT partner_id, environment, payload FROM outbox_events WHERE event_type = 'application_attributed' AND payload->>'application_id' = $1",
        [application.application_id],
      );
      expect(events.rows).toHaveLength(1);
      expect(events.rows[0].partner_id).toBe(partner.partnerId);
      expect(events.rows[0].environment).toBe('sandbox');
      expect(events.rows[0].payload).toEqual({
        application_id: application.application_id,
        customer_id: customerId,
        external_customer_id: 'evt-1',
        amount: 1234.56,
        is_topup: false,
        attributed_at: application.created_at,
      });
    });

    it('leaves external_customer_id out of the event when the customer has none', async () => {
      const { application } = await openApplication({ amount: 10 });
      const { rows } = await t.testDb.db.query<{ payload: Record<string, unknown> }>(
        "SELECT payload FROM outbox_events WHERE event_type = 'application_attributed' AND payload->>'application_id' = $1",
        [application.application_id],
      );
      expect(Object.keys(rows[0].payload).sort()).toEqual(payloadKeys('application_attributed', ['external_customer_id']));
    });

    it('a refused create writes neither an application nor an event', async () => {
      const customerId = await createCustomer(partner);
      const before = await countRows(t, 'outbox_events');
      expectPointers(await apply(customerId, { amount: 10, requests: [{ amount: 9 }] }), ['/data/amount']);
      expect(await countRows(t, 'outbox_events')).toBe(before);
    });

    async function statusEvents(applicationId: string) {
      const { rows } = await t.testDb.db.query<{ payload: Record<string, unknown>; environment: string }>(
        "SELECT payload, environment FROM outbox_events WHERE event_type = 'application_status_changed' AND payload->>'application_id' = $1 ORDER BY seq",
        [applicationId],
      );
      return rows;
    }

    async function statusChanges(applicationId: string) {
      const { rows } = await t.testDb.db.query<{ from_status: string | null; to_status: string; trigger: string }>(
        'SELECT from_status, to_status, trigger FROM application_status_changes WHERE application_id = $1 ORDER BY id',
        [applicationId],
      );
      return rows;
    }

    it('PUT customer moves an action_required application back to open, recorded and announced', async () => {
      const { customerId, application } = await openApplication({ amount: 10 }, 'ar-put');
      await setStatus(application.application_id, 'action_required');
      t.clock.advanceDays(2);
      const res = await partner.request('PUT', `/customers/${customerId}/`, {
        data: {
          external_customer_id: 'ar-put',
          company: { last_12_months_turnover: { amount: 50000 } },
          people: [{ roles: ['applicant', 'director', 'guarantor'] }],
        },
      });
      expect(res.statusCode).toBe(200);
      const got = (await latest(customerId)).json().data;
      expect(got.status).toBe('open');
      expect(await statusChanges(application.application_id)).toEqual([
        { from_status: null, to_status: 'open', trigger: 'created' },
        { from_status: 'action_required', to_status: 'open', trigger: 'customer_data_changed' },
      ]);
      const events = await statusEvents(application.application_id);
      expect(events).toHaveLength(1);
      expect(events[0].environment).toBe('sandbox');
      expect(events[0].payload).toEqual({
        application_id: application.application_id,
        customer_id: customerId,
        external_customer_id: 'ar-put',
        previous_status: 'action_required',
        status: 'open',
        changed_at: got.updated_at,
      });
    });

    it('PATCH moves an action_required application back to open, recorded and announced', async () => {
      const { customerId, application } = await openApplication({ amount: 10 });
      await setStatus(application.application_id, 'action_required');
      expect((await patch(customerId, { requests: [{ amount: 20 }] })).statusCode).toBe(202);
      expect((await latest(customerId)).json().data).toMatchObject({ status: 'open', amount: 20 });
      expect((await statusChanges(application.application_id)).at(-1)).toEqual({
        from_status: 'action_required',
        to_status: 'open',
        trigger: 'customer_data_changed',
      });
      const events = await statusEvents(application.application_id);
      expect(events).toHaveLength(1);
      expect(events[0].payload).toMatchObject({ previous_status: 'action_required', status: 'open', customer_id: customerId });
      expect(events[0].payload).not.toHaveProperty('external_customer_id');
    });

    it.each(['open', 'awaiting_underwriter', 'in_underwriting'])('PUT customer and PATCH leave a %s application where it is, with no event', async (status) => {
      const { customerId, application } = await openApplication({ amount: 10 });
      await setStatus(application.application_id, status);
      expect(
        (await partner.request('PUT', `/customers/${customerId}/`, { data: { company: {}, people: [{ roles: ['applicant', 'director', 'guarantor'] }] } }))
          .statusCode,
      ).toBe(200);
      expect((await patch(customerId, { requests: [{ amount: 11 }] })).statusCode).toBe(202);
      expect((await latest(customerId)).json().data.status).toBe(status);
      expect(await statusEvents(application.application_id)).toHaveLength(0);
      expect(await statusChanges(application.application_id)).toHaveLength(1);
    });

    it('a refused PATCH of an action_required application leaves it action_required', async () => {
      const { customerId, application } = await openApplication({ amount: 10 });
      await setStatus(application.application_id, 'action_required');
      expectPointers(await patch(customerId, { introducer: { introducer_id: UNKNOWN_UUID } }), ['/data/introducer/introducer_id']);
      expect((await latest(customerId)).json().data.status).toBe('action_required');
      expect(await statusEvents(application.application_id)).toHaveLength(0);
    });
  });

  describe('environments', () => {
    it('a production token works on its own customers, with events in production', async () => {
      const live = await t.token(partner.partnerId, 'production');
      const customerId = await createCustomer(live, { external_customer_id: 'live-1' });
      const res = await apply(customerId, { amount: 10 }, live);
      expect(res.statusCode).toBe(201);
      const { rows } = await t.testDb.db.query<{ environment: string }>("SELECT environment FROM outbox_events WHERE payload->>'application_id' = $1", [
        res.json().data.application_id,
      ]);
      expect(rows.map((r) => r.environment)).toEqual(['production']);
      expectError(await latest(customerId), 404, 'NotFound');
    });
  });
});
