import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const BASE = '/api/lending/v2.2';

/** Every endpoint of the specification's table, and ours that the contract adds. */
const DOCUMENTED: [string, string][] = [
  ['get', '/authentication_check/'],
  ['post', '/customers/'],
  ['get', '/customers/{customer_id}/'],
  ['put', '/customers/{customer_id}/'],
  ['post', '/customers/{customer_id}/applications/'],
  ['get', '/customers/{customer_id}/applications/latest/'],
  ['patch', '/customers/{customer_id}/applications/latest/'],
  ['get', '/customers/{customer_id}/login_link/'],
  ['get', '/applications/{application_id}/offers/'],
  ['post', '/offers/{offer_id}/select/'],
  ['get', '/offers/{offer_id}/repayment_schedule/'],
  ['get', '/document_upload/{customer_id}/'],
  ['post', '/document_upload/{customer_id}/'],
  ['post', '/bank_statements/{customer_id}/'],
  ['put', '/webhooks/configuration/'],
  ['get', '/webhooks/configuration/'],
  ['post', '/webhooks/subscriptions/'],
  ['get', '/webhooks/subscriptions/'],
  ['delete', '/webhooks/subscriptions/'],
  ['get', '/webhooks/event_types/'],
  ['get', '/webhooks/signing_secret/'],
  ['post', '/webhooks/signing_secret/rotate/'],
  ['get', '/webhooks/deliveries/'],
  ['post', '/webhooks/events/{event_id}/redeliver/'],
  ['get', '/prequalification_data'],
  ['post', '/prequalification_data'],
  ['get', '/introducers/'],
  ['post', '/sandbox/applications/{application_id}/decision'],
  ['post', '/sandbox/offers/{offer_id}/fundings'],
  ['post', '/sandbox/webhooks/test'],
];

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: { openapi: string; paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } }>>; components: { schemas: Record<string, unknown> } };
  beforeAll(async () => {
    t = await startTestApp('pglite');
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/openapi.json` });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => t.close());

  it('is OpenAPI 3.1 and documents every partner endpoint, and nothing of the admin API or the v2.1 alias', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const [method, path] of DOCUMENTED) {
      expect(doc.paths[`${BASE}${path}`]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => !p.startsWith(`${BASE}/`))).toEqual([]);
    expect(paths.some((p) => p.endsWith('openapi.json'))).toBe(false);
  });

  it('is generated from the schemas that validate requests', () => {
    const body = doc.paths[`${BASE}/customers/`].post.requestBody?.content['application/json'].schema as {
      properties: { data: { additionalProperties: boolean; properties: { company: { properties: { company_number: { maxLength: number } } } } } };
    };
    expect(body.properties.data.additionalProperties).toBe(false);
    expect(body.properties.data.properties.company.properties.company_number.maxLength).toBe(50);
    const upload = doc.paths[`${BASE}/document_upload/{customer_id}/`].post.requestBody?.content['multipart/form-data'].schema as { required: string[] };
    expect(upload.required).toEqual(['document_type', 'document']);
  });

  it('is what `npm run openapi` wrote to openapi.json (run it after changing a schema)', async () => {
    const committed = JSON.parse(await readFile('openapi.json', 'utf8'));
    expect(committed).toEqual(doc);
  });
});
