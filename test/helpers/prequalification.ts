/**
 * Prequalification files for the prequalification tests (prequalification.test.ts,
 * prequalification-processing.test.ts): bodies in CSV, JSON or multipart form, and a partner's calls
 * on the test app (upload, read, process in the test's own process).
 */
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { QuoteSchema } from '../../src/schemas/prequalification.ts';
import { processPrequalificationFile } from '../../src/services/prequalification.ts';
import { BASE, type PartnerClient, type TestApp } from './app.ts';
import { UUID } from './foundation.ts';
import type { StoredEvent } from './lending.ts';

export const CSV_HEADER = 'external_customer_id,company_name,company_number,trading_from_date,last_12_months_turnover,requested_amount';

export interface QuoteJson {
  external_customer_id: string;
  correlation_id: string;
  prequalified: boolean;
  max_amount: number | null;
  monthly_interest_percentage: number | null;
  fee_percentage: number | null;
  duration_in_days: number | null;
  expires_at: string | null;
  reason: string | null;
}

export interface PrequalJson {
  prequalification_data_id: string;
  status: 'processing' | 'processed' | 'failed';
  processed_at: string | null;
  reason: string | null;
  quotes: QuoteJson[];
}

export const QUOTE_KEYS = Object.keys(QuoteSchema.properties).sort();

/** A multipart/form-data body built by the platform's own encoder. */
export async function multipartBody(
  parts: Record<string, string | { filename: string; content: string | Uint8Array; type?: string }>,
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(
        name,
        new Blob([typeof value.content === 'string' ? value.content : new Uint8Array(value.content)], { type: value.type ?? 'application/octet-stream' }),
        value.filename,
      );
  }
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') as string };
}

export function csv(...rows: string[]): string {
  return [CSV_HEADER, ...rows].join('\n') + '\n';
}

/** The quote of one external id in an answer. */
export function quoteOf(data: PrequalJson, externalCustomerId: string): QuoteJson {
  const found = data.quotes.find((q) => q.external_customer_id === externalCustomerId);
  if (!found) throw new Error(`no quote for ${externalCustomerId} in ${JSON.stringify(data.quotes)}`);
  return found;
}

/** The partner's prequalification calls on the test app `t`; `partner` by default. */
export function prequalificationCalls(t: TestApp, partner: PartnerClient) {
  /** POSTs a file as the multipart part `file` (or under another part name). */
  async function uploadFile(
    client: PartnerClient,
    content: string | Uint8Array,
    filename = 'customers.csv',
    options: { part?: string; type?: string; extra?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const { payload, contentType } = await multipartBody({
      ...(options.extra ?? {}),
      [options.part ?? 'file']: { filename, content, type: options.type },
    });
    return t.app.inject({
      method: 'POST',
      url: `${BASE}/prequalification_data`,
      headers: { authorization: `Bearer ${client.token}`, accept: 'application/json', 'content-type': contentType },
      payload,
    });
  }

  function accepted(res: LightMyRequestResponse): string {
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json();
    expect(body).toEqual({ data: { prequalification_data_id: expect.stringMatching(UUID), status: 'processing' } });
    return body.data.prequalification_data_id;
  }

  async function read(client: PartnerClient, id: string): Promise<PrequalJson> {
    const res = await client.get(`/prequalification_data?prequalification_data_id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  /** Uploads `content`, runs the job in process and answers the processed file. */
  async function quoted(content: string, filename = 'customers.csv', client: PartnerClient = partner): Promise<PrequalJson> {
    const id = accepted(await uploadFile(client, content, filename));
    await processPrequalificationFile(t.app.ctx, id);
    return read(client, id);
  }

  async function fileEvents(id: string): Promise<StoredEvent[]> {
    const { rows } = await t.testDb.db.query<StoredEvent>(
      `SELECT id, event_type, payload, partner_id, environment, created_at FROM outbox_events
        WHERE payload->>'prequalification_data_id' = $1 ORDER BY seq`,
      [id],
    );
    return rows;
  }

  return { uploadFile, accepted, read, quoted, fileEvents };
}
