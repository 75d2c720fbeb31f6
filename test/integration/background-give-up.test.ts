import { describe, expect, it } from 'vitest';
import { giveUpDocument, processDocument } from '../../src/services/document-processing.ts';
import { giveUpPrequalificationFile } from '../../src/services/prequalification.ts';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, useTestApp } from '../helpers/app.ts';
import { pdf, upload } from '../helpers/files.ts';

/** Background jobs whose last retry failed still settle their row, with a reason. */
describe.each(BACKENDS)('giving up on background work on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);

  async function status(documentId: string) {
    const { rows } = await t.testDb.db.query<{ status: string; reject_reason: string | null }>('SELECT status, reject_reason FROM documents WHERE id = $1', [
      documentId,
    ]);
    return rows[0];
  }

  it('rejects a document still pending, and leaves a settled one alone', async () => {
    const customerId = await createCustomer(partner);
    const first = await upload(t, partner, customerId, 'business accounts', { filename: 'a.pdf', content: pdf({ seed: 'give-up-1' }) });
    const second = await upload(t, partner, customerId, 'business accounts', { filename: 'b.pdf', content: pdf({ seed: 'give-up-2' }) });
    const [pending, settled] = [first.json().data.document_id, second.json().data.document_id];
    await processDocument(t.app.ctx, settled);
    await giveUpDocument(t.app.ctx, pending);
    await giveUpDocument(t.app.ctx, settled);
    expect(await status(pending)).toEqual({ status: 'rejected', reject_reason: 'unreadable: the file could not be processed' });
    expect(await status(settled)).toEqual({ status: 'accepted', reject_reason: null });
  });

  it('fails a prequalification file still processing, with its event', async () => {
    const submitted = await partner.post('/prequalification_data', { data: { customers: [{ external_customer_id: 'give-up-1' }] } });
    expect(submitted.statusCode).toBe(202);
    const id = submitted.json().data.prequalification_data_id;
    await giveUpPrequalificationFile(t.app.ctx, id);
    await giveUpPrequalificationFile(t.app.ctx, id);
    const read = await partner.get(`/prequalification_data?prequalification_data_id=${id}`);
    expect(read.json().data).toMatchObject({ status: 'failed', quotes: [], reason: 'the file could not be processed; please send it again' });
    const events = await t.testDb.db.query<{ payload: { prequalification_data_id: string } }>(
      `SELECT payload FROM outbox_events WHERE event_type = 'prequalification_data_file_processed_202510'`,
    );
    expect(events.rows.map((e) => e.payload.prequalification_data_id)).toEqual([id]);
  });
});
