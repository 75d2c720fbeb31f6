/**
 * Metrics (docs/behaviour.md, section 25): `GET /metrics` behind METRICS_TOKEN in the Prometheus
 * text format, with route patterns (never raw paths), pool use, queue backlog, outbox backlog,
 * recent webhook deliveries by outcome, and Node's process metrics.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BASE, customerBody, usePartner, useTestApp, type TestApp } from '../helpers/app.ts';
import { BACKENDS } from '../helpers/db.ts';
import { expectError } from '../helpers/foundation.ts';
import { useWorker } from '../helpers/worker.ts';

const TOKEN = 'metrics-token-0123456789';

async function scrape(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The value of one series (its name and labels exactly as printed), or undefined. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

for (const backend of BACKENDS) {
  describe(`metrics on ${backend}`, () => {
    const t = useTestApp(backend, { env: { METRICS_TOKEN: TOKEN } });
    const partner = usePartner(t);
    const worker = useWorker(t);

    it('answers 401 in the envelope without the token or with another, and needs no partner token', async () => {
      expectError(await t.app.inject({ method: 'GET', url: '/metrics' }), 401, 'AuthenticationFailed');
      const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
      expectError(wrong, 401, 'AuthenticationFailed');
      expect(wrong.headers['www-authenticate']).toBe('Bearer');
      const partnerToken = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${partner.token}` } });
      expect(partnerToken.statusCode).toBe(401);
    });

    it('counts requests by route pattern and status, never by raw path', async () => {
      const created = await partner.post('/customers/', customerBody());
      expect(created.statusCode).toBe(201);
      const id = created.json().data.customer_id as string;
      for (let i = 0; i < 3; i++) expect((await partner.get(`/customers/${id}/`)).statusCode).toBe(200);
      expect((await partner.get(`/customers/${randomUUID()}/`)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/no/such/${randomUUID()}` })).statusCode).toBe(404);

      const text = await scrape(t);
      expect(text).not.toContain(id);
      const route = `${BASE}/customers/:customer_id/`;
      expect(value(text, `http_requests_total{method="GET",route="${route}",status="200"}`)).toBe(3);
      expect(value(text, `http_requests_total{method="GET",route="${route}",status="404"}`)).toBe(1);
      expect(value(text, `http_requests_total{method="GET",route="unmatched",status="404"}`)).toBe(1);
      expect(value(text, `http_request_duration_seconds_count{method="GET",route="${route}",status="200"}`)).toBe(3);
      expect(text).toContain(`http_request_duration_seconds_bucket{le="0.005",method="GET",route="${route}",status="200"}`);
      expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    });

    it("shows Node's process metrics and the pool's size", async () => {
      const text = await scrape(t);
      expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
      expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
      expect(value(text, 'lending_db_pool_max_connections')).toBe(backend === 'pglite' ? 1 : 10);
      expect(value(text, 'lending_db_pool_in_flight')).toBeGreaterThanOrEqual(0);
      expect(value(text, 'lending_metrics_database_read_failed')).toBe(0);
    });

    it('shows the outbox backlog and each queue’s waiting jobs and the age of its oldest', async () => {
      const boss = worker.boss;
      await boss.createQueue('metrics-probe');
      await boss.send('metrics-probe', { n: 1 });
      await boss.send('metrics-probe', { n: 2 });
      const past = new Date(Date.now() - 90_000);
      const schema = t.testDb.queue.kind === 'postgres' ? t.testDb.queue.schema : 'pgboss';
      await t.testDb.db.query(`UPDATE ${schema}.job SET start_after = $1 WHERE name = 'metrics-probe'`, [past]);

      const text = await scrape(t);
      expect(value(text, 'lending_queue_waiting_jobs{queue="metrics-probe"}')).toBe(2);
      expect(value(text, 'lending_queue_active_jobs{queue="metrics-probe"}')).toBe(0);
      const age = value(text, 'lending_queue_oldest_job_age_seconds{queue="metrics-probe"}') as number;
      expect(age).toBeGreaterThanOrEqual(89);
      expect(age).toBeLessThan(600);
      expect(value(text, 'lending_outbox_waiting_events')).toBeGreaterThanOrEqual(0);
      expect(value(text, 'lending_outbox_oldest_event_age_seconds')).toBeGreaterThanOrEqual(0);
    });

    it('shows the recent webhook attempts by outcome, read from the delivery log', async () => {
      const sent = await partner.post('/sandbox/webhooks/test', { data: { webhook_event_type: 'application_offered' } });
      expect(sent.statusCode).toBeLessThan(300);
      const { rows } = await t.testDb.db.query<{ id: string }>('SELECT id FROM outbox_events WHERE partner_id = $1 ORDER BY seq DESC LIMIT 1', [
        partner.partnerId,
      ]);
      const before = await scrape(t);
      const base = (outcome: string) => value(before, `lending_webhook_deliveries_recent{outcome="${outcome}"}`) as number;
      const now = new Date();
      const attempts: [string, Date | null, Date][] = [
        ['succeeded', null, now],
        ['succeeded', null, now],
        ['failed', new Date(now.getTime() + 60_000), now],
        ['failed', null, now],
        // Outside the window: not counted.
        ['succeeded', null, new Date(now.getTime() - 3_600_000)],
      ];
      let attempt = 0;
      for (const [status, next, at] of attempts) {
        await t.testDb.db.query(
          `INSERT INTO webhook_deliveries (id, event_id, partner_id, environment, attempt, url, status, response_status, duration_ms, error, attempted_at, next_attempt_at)
           VALUES ($1, $2, $3, 'sandbox', $4, 'https://example.com/hooks', $5, 200, 5, NULL, $6, $7)`,
          [randomUUID(), rows[0].id, partner.partnerId, ++attempt + 100, status, at, next],
        );
      }
      const text = await scrape(t);
      expect(value(text, 'lending_webhook_deliveries_recent{outcome="succeeded"}')).toBe(base('succeeded') + 2);
      expect(value(text, 'lending_webhook_deliveries_recent{outcome="failed_retrying"}')).toBe(base('failed_retrying') + 1);
      expect(value(text, 'lending_webhook_deliveries_recent{outcome="failed_final"}')).toBe(base('failed_final') + 1);
    });
  });
}

describe('metrics off', () => {
  const t = useTestApp('pglite');

  it('without METRICS_TOKEN there is no /metrics', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('the outbox backlog while no worker runs', () => {
  const t = useTestApp('pglite', { env: { METRICS_TOKEN: TOKEN } });
  const partner = usePartner(t);

  it('counts the events waiting and the age of the oldest; no queue tables yet is no failure', async () => {
    for (let i = 0; i < 2; i++)
      expect((await partner.post('/sandbox/webhooks/test', { data: { webhook_event_type: 'application_offered' } })).statusCode).toBeLessThan(300);
    await t.testDb.db.query(`UPDATE outbox_events SET created_at = now() - interval '2 minutes' WHERE partner_id = $1`, [partner.partnerId]);
    const text = await scrape(t);
    expect(value(text, 'lending_outbox_waiting_events')).toBe(2);
    expect(value(text, 'lending_outbox_oldest_event_age_seconds')).toBeGreaterThanOrEqual(119);
    expect(value(text, 'lending_metrics_database_read_failed')).toBe(0);
    expect(text).not.toContain('lending_queue_waiting_jobs{');
  });
});
