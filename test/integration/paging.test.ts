/**
 * Every list of the partner API pages (docs/behaviour.md, section 27): the request log, the delivery
 * log, a customer's loans and documents, the test clocks, each read page by page to its end and back with `limit`
 * and `cursor`; 50 rows by default, 200 at most; a malformed or foreign cursor (another list's,
 * other filters', another partner's) is a 400 naming `cursor` and shows nothing of anyone.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertDelivery } from '../../src/store/webhooks-store.ts';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { expectError } from '../helpers/foundation.ts';
import { pdf, upload } from '../helpers/files.ts';
import { TEN_THOUSAND, fund, selectedOffer } from '../helpers/loans.ts';
import { apiPage, walkPages } from '../helpers/pages.ts';

interface Meta {
  next_cursor: string | null;
  previous_cursor: string | null;
}

/** GET a list; its body, expected 200. */
async function list(client: PartnerClient, path: string): Promise<{ data: unknown; included?: unknown[]; meta: Meta }> {
  const res = await client.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function withCursor(path: string, cursor: string | null): string {
  return cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${cursor}` : path;
}

/** Reads a list of the partner API page by page (and back), answering its items in order. */
async function readAll<T>(client: PartnerClient, path: string, limit: number, items: (body: { data: unknown }) => T[]): Promise<T[]> {
  const pages = await walkPages(async (cursor) => {
    const body = await list(client, withCursor(path, cursor));
    return apiPage(body, items(body));
  }, limit);
  expect(pages.length).toBeGreaterThan(1);
  return pages.flat();
}

function expectCursorRefused(res: Awaited<ReturnType<PartnerClient['get']>>) {
  expect(expectError(res, 400, 'ValidationError').map((e) => e.source)).toEqual([{ parameter: 'cursor' }]);
}

describe.each(BACKENDS)('paged partner lists on %s', (backend) => {
  const D0 = new Date('2026-03-02T10:00:00Z');
  const t = useTestApp(backend, { resetClock: D0 });
  const partner = usePartner(t);
  const other = usePartner(t);

  it('the request log: newest first, page by page, with and without the failed filter; 50 by default, 200 at most', async () => {
    const client = await t.partner();
    for (let i = 0; i < 53; i++) await client.get(i % 4 === 0 ? `/customers/${randomUUID()}/` : '/authentication_check/');
    // Failed only: nothing the reading adds (each read of the log is a request of its own, logged on top).
    const failed = await readAll(client, '/request_log/?status=failed&limit=4', 4, (b) => b.data as { status: number }[]);
    expect(failed.map((e) => e.status)).toEqual(Array(14).fill(404));
    // All of it, forward: each entry once, newest first, though the log grows on top meanwhile.
    type Entry = { request_id: string; time: string; path: string };
    const read: Entry[] = [];
    let page = await list(client, '/request_log/?limit=7');
    read.push(...(page.data as Entry[]));
    while (page.meta.next_cursor) {
      page = await list(client, `/request_log/?limit=7&cursor=${page.meta.next_cursor}`);
      expect((page.data as Entry[]).length).toBeLessThanOrEqual(7);
      read.push(...(page.data as Entry[]));
    }
    const made = read.filter((e) => !e.path.endsWith('/request_log/'));
    expect(made).toHaveLength(53);
    expect(new Set(read.map((e) => e.request_id)).size).toBe(read.length);
    expect(read.map((e) => e.time)).toEqual([...read.map((e) => e.time)].sort().reverse());

    const first = await list(client, '/request_log/');
    expect(first.data).toHaveLength(50);
    expect(first.meta.next_cursor).not.toBeNull();
    expect(first.meta.previous_cursor).toBeNull();
    const whole = await list(client, '/request_log/?limit=200');
    expect((whole.data as Entry[]).length).toBeGreaterThan(read.length);
    expect(whole.meta.next_cursor).toBeNull();
    for (const limit of ['0', '201', '1000', 'ten', '-1', '1.5']) {
      const errors = expectError(await client.get(`/request_log/?limit=${limit}`), 400, 'ValidationError');
      expect(errors).toEqual([{ code: 'ValidationError', detail: 'limit must be from 1 to 200', source: { parameter: 'limit' } }]);
    }
  });

  it('refuses a malformed cursor, and a cursor of another list, of other filters or of another partner, showing nothing', async () => {
    const client = await t.partner();
    for (let i = 0; i < 4; i++) await client.get(`/customers/${randomUUID()}/`);
    const failedPage = await list(client, '/request_log/?status=failed&limit=2');
    const cursor = failedPage.meta.next_cursor as string;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect((await list(client, `/request_log/?status=failed&limit=2&cursor=${cursor}`)).data).toHaveLength(2);
    // Other filters, another list, another partner, the other environment of the same partner.
    expectCursorRefused(await client.get(`/request_log/?limit=2&cursor=${cursor}`));
    expectCursorRefused(await client.get(`/webhooks/deliveries/?cursor=${cursor}`));
    expectCursorRefused(await other.get(`/request_log/?status=failed&limit=2&cursor=${cursor}`));
    const live = await t.token(client.partnerId, 'production');
    expectCursorRefused(await live.get(`/request_log/?status=failed&limit=2&cursor=${cursor}`));
    for (const bad of ['abc', '12345', 'eyJ9', `${cursor.slice(0, -2)}`, 'a'.repeat(1001)]) {
      const res = await client.get(`/request_log/?status=failed&cursor=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors[0].source).toEqual({ parameter: 'cursor' });
    }
  });

  it('the delivery log: newest attempt first, page by page, filtered by status and by event', async () => {
    const client = await t.partner();
    const tenant = { partnerId: client.partnerId, environment: 'sandbox' as const };
    const events: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await client.post('/sandbox/webhooks/test', { data: { webhook_event_type: 'customer_funded' } });
      expect(res.statusCode, res.body).toBe(202);
      events.push(res.json().data.event_id);
    }
    const attempts: string[] = [];
    for (let i = 0; i < 7; i++) {
      const id = randomUUID();
      attempts.push(id);
      await insertDelivery(t.testDb.db, {
        id,
        eventId: events[i % 3],
        tenant,
        attempt: Math.floor(i / 3) + 1,
        url: 'https://partner.example/hooks',
        status: i % 2 === 0 ? 'failed' : 'succeeded',
        responseStatus: i % 2 === 0 ? 500 : 200,
        durationMs: 10,
        error: null,
        attemptedAt: new Date(D0.getTime() + i * 1000),
        nextAttemptAt: null,
      });
    }
    type Delivery = { delivery_id: string; status: string; event_id: string };
    const deliveries = (b: { data: unknown }) => (b.data as { deliveries: Delivery[] }).deliveries;
    const all = await readAll(client, '/webhooks/deliveries/?limit=3', 3, deliveries);
    expect(all.map((d) => d.delivery_id)).toEqual([...attempts].reverse());
    const failed = await readAll(client, '/webhooks/deliveries/?status=failed&limit=2', 2, deliveries);
    expect(failed.map((d) => d.delivery_id)).toEqual([attempts[6], attempts[4], attempts[2], attempts[0]]);
    const ofEvent = await readAll(client, `/webhooks/deliveries/?event_id=${events[0]}&limit=2`, 2, deliveries);
    expect(ofEvent.map((d) => d.delivery_id)).toEqual([attempts[6], attempts[3], attempts[0]]);
    // data.next_cursor, where earlier versions read it, is the same cursor as meta's.
    const page = await list(client, '/webhooks/deliveries/?limit=3');
    expect((page.data as { next_cursor: string }).next_cursor).toBe(page.meta.next_cursor);
    expect((await list(other, `/webhooks/deliveries/`)).data).toEqual({ deliveries: [], next_cursor: null });
    expectCursorRefused(await other.get(`/webhooks/deliveries/?limit=3&cursor=${page.meta.next_cursor}`));
  });

  it("a customer's loans: newest first, page by page; another partner's cursor or customer is refused", async () => {
    t.clock.set(D0);
    const { customerId, offerId } = await selectedOffer(partner, TEN_THOUSAND);
    const loans: string[] = [];
    for (let i = 0; i < 5; i++) {
      loans.push(await fund(partner, offerId, 1000 + i));
      t.clock.advanceDays(1);
    }
    const all = await readAll(partner, `/customers/${customerId}/loans/?limit=2`, 2, (b) => b.data as { loan_id: string }[]);
    expect(all.map((l) => l.loan_id)).toEqual([...loans].reverse());
    const page = await list(partner, `/customers/${customerId}/loans/?limit=2`);
    expectError(await other.get(`/customers/${customerId}/loans/?limit=2`), 404, 'NotFound');
    expectCursorRefused(await other.get(`/customers/${customerId}/loans/?limit=2&cursor=${page.meta.next_cursor}`));
    const own = await createCustomer(other);
    expectCursorRefused(await other.get(`/customers/${own}/loans/?limit=2&cursor=${page.meta.next_cursor}`));
    // Another customer's list of the same partner: another list.
    const second = await createCustomer(partner);
    expectCursorRefused(await partner.get(`/customers/${second}/loans/?limit=2&cursor=${page.meta.next_cursor}`));
  });

  it("a customer's documents: newest first, page by page, with the bank accounts of the page", async () => {
    t.clock.set(D0);
    const customerId = await createCustomer(partner);
    const documents: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await upload(t, partner, customerId, 'invoices', { filename: `inv-${i}.pdf`, content: pdf({ seed: `paging-${backend}-${i}` }) });
      expect(res.statusCode, res.body).toBe(201);
      documents.push(res.json().data.document_id);
      t.clock.advanceDays(1);
    }
    const all = await readAll(partner, `/document_upload/${customerId}/?limit=2`, 2, (b) => b.data as { id: string }[]);
    expect(all.map((d) => d.id)).toEqual([...documents].reverse());
    const page = await list(partner, `/document_upload/${customerId}/?limit=2`);
    expect(page.included).toEqual([]);
    expectCursorRefused(await partner.get(`/document_upload/${customerId}/?limit=2&cursor=${'A'.repeat(40)}`));
    expectError(await partner.get(`/document_upload/${customerId}/?limit=201`), 400, 'ValidationError');
  });

  it("the test clocks: newest first, page by page and back; another partner's cursor, another list's or a bare number is refused", async () => {
    const client = await t.partner();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await client.post('/sandbox/test_clocks', { data: { name: `clock ${i}` } });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json().data.test_clock_id);
    }
    const all = await readAll(client, '/sandbox/test_clocks/?limit=2', 2, (b) => b.data as { test_clock_id: string }[]);
    expect(all.map((c) => c.test_clock_id)).toEqual([...made].reverse());
    const page = await list(client, '/sandbox/test_clocks/?limit=2');
    const cursor = page.meta.next_cursor as string;
    // Another partner with clocks of its own reads none of these, whatever cursor it sends.
    expect((await other.post('/sandbox/test_clocks', { data: {} })).statusCode).toBe(201);
    expectCursorRefused(await other.get(`/sandbox/test_clocks/?limit=2&cursor=${cursor}`));
    expectCursorRefused(await client.get(`/request_log/?limit=2&cursor=${cursor}`));
    const logCursor = (await list(client, '/request_log/?limit=1')).meta.next_cursor;
    expectCursorRefused(await client.get(`/sandbox/test_clocks/?cursor=${logCursor}`));
    // The clock's sequence number, the cursor of earlier versions, is no cursor.
    for (const bad of ['12', '0', 'abc']) expectCursorRefused(await client.get(`/sandbox/test_clocks/?cursor=${bad}`));
  });
});
