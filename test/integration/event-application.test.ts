import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner, useTestApp } from '../helpers/app.ts';
import { eventsFor, offeredByPolicy } from '../helpers/lending.ts';
import { applicationReview } from '../../src/services/review.ts';

const MIGRATION = new URL('../../src/store/migrations/009_event_application.sql', import.meta.url);

describe.each(BACKENDS)("an event's application on %s", (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);

  async function columns(customerId: string) {
    const { rows } = await t.testDb.db.query<{ id: string; application_id: string | null; in_payload: string | null }>(
      `SELECT id, application_id::text AS application_id, payload->>'application_id' AS in_payload FROM outbox_events
        WHERE payload->>'customer_id' = $1 ORDER BY seq`,
      [customerId],
    );
    return rows;
  }

  it("is kept in a column of its own when the event is recorded, and the console's review lists the events by it", async () => {
    const { customerId, applicationId } = await offeredByPolicy(partner);
    const rows = await columns(customerId);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row.application_id).toBe(row.in_payload);
    const review = await applicationReview(t.app.ctx, applicationId);
    expect(review.events.map((e) => e.id)).toEqual((await eventsFor(t, { applicationId })).map((e) => e.id));
  });

  it('is filled from the payload, by the migration, for the events recorded before it', async () => {
    const { customerId } = await offeredByPolicy(partner);
    await t.testDb.db.query(`UPDATE outbox_events SET application_id = NULL WHERE payload->>'customer_id' = $1`, [customerId]);
    const backfill = (await readFile(MIGRATION, 'utf8')).match(/^UPDATE outbox_events[\s\S]*?;$/m);
    await t.testDb.db.query((backfill as RegExpMatchArray)[0].replace(/;$/, ''));
    for (const row of await columns(customerId)) expect(row.application_id).toBe(row.in_payload);
  });

  it("reads an application's events through the index", async () => {
    const plan = await t.testDb.db.transaction(async (tx) => {
      // A test database is too small for the planner to prefer an index on its own.
      await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<Record<string, string>>(`EXPLAIN SELECT id FROM outbox_events WHERE application_id = '${randomUUID()}' ORDER BY seq`);
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('outbox_events_application');
  });
});
