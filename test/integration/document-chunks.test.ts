/**
 * How a document's bytes are stored (src/store/documents-store.ts): on PostgreSQL one binary COPY
 * per upload, on PGlite one INSERT per chunk. The rows are the same, a failure part-way leaves
 * nothing behind, and a COPY that the server refuses only at its end (the foreign key, checked
 * after the data) fails the transaction instead of leaving the upload waiting forever.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, useTestApp } from '../helpers/app.ts';
import { pdf, upload } from '../helpers/files.ts';
import { insertChunks, readChunks } from '../../src/store/documents-store.ts';

async function* pieces(buffers: Buffer[], failAfter?: number): AsyncGenerator<Buffer> {
  for (const [i, buffer] of buffers.entries()) {
    if (i === failAfter) throw new Error('the staged file could not be read');
    yield buffer;
  }
}

describe.each(BACKENDS)('stored document chunks on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);

  async function storedDocument(): Promise<{ id: string; content: Buffer }> {
    const customerId = await createCustomer(partner);
    const content = pdf({ padding: 100_000 });
    const res = await upload(t, partner, customerId, 'other', { filename: 'stored.pdf', content });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().data.document_id, content };
  }

  async function stored(documentId: string): Promise<{ seqs: number[]; bytes: Buffer }> {
    const { rows } = await t.app.ctx.db.query<{ seq: number }>('SELECT seq FROM document_chunks WHERE document_id = $1 ORDER BY seq', [documentId]);
    const parts: Buffer[] = [];
    for await (const chunk of readChunks(t.app.ctx.db, documentId)) parts.push(chunk);
    return { seqs: rows.map((r) => r.seq), bytes: Buffer.concat(parts) };
  }

  it('stores chunks of any size in order, numbered from 0, byte for byte', async () => {
    const { id } = await storedDocument();
    const chunks = [randomBytes(70_000), Buffer.alloc(0), randomBytes(1), randomBytes(300_000)];
    await t.app.ctx.db.transaction(async (tx) => {
      await tx.query('DELETE FROM document_chunks WHERE document_id = $1', [id]);
      await insertChunks(tx, id, pieces(chunks));
    });
    expect(await stored(id)).toEqual({ seqs: [0, 1, 2, 3], bytes: Buffer.concat(chunks) });
  });

  it('rolls the whole transaction back when the file fails part-way, and the database goes on', async () => {
    const { id, content } = await storedDocument();
    const failed = t.app.ctx.db.transaction(async (tx) => {
      await tx.query('DELETE FROM document_chunks WHERE document_id = $1', [id]);
      await insertChunks(tx, id, pieces([randomBytes(50_000), randomBytes(50_000), randomBytes(10)], 2));
    });
    await expect(failed).rejects.toThrow('the staged file could not be read');
    expect((await stored(id)).bytes.equals(content)).toBe(true);
    expect((await t.app.ctx.db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('fails (never hangs) when the server refuses the rows only after taking them all', async () => {
    const unknownDocument = randomUUID();
    const failed = t.app.ctx.db.transaction((tx) => insertChunks(tx, unknownDocument, pieces([randomBytes(20_000), randomBytes(20_000)])));
    // PGlite refuses the first INSERT (23503); PostgreSQL checks the foreign key at the end of the
    // COPY, and the statement behind it reports the aborted transaction (25P02).
    await expect(failed).rejects.toMatchObject({ code: expect.stringMatching(/^(23503|25P02)$/) });
    expect((await stored(unknownDocument)).seqs).toEqual([]);
    expect((await t.app.ctx.db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
