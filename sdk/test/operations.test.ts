import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../scripts/generate-types.ts';
import { API_PREFIX, LendingClient } from '../src/index.ts';

/**
 * Every partner operation's operationId is the name of the SDK method that calls it (docs/behaviour.md,
 * section 26): clients generated from openapi.json in other languages get the same method names.
 * Each row gives the arguments of one call; the test checks the method sends that operation's
 * method and path.
 */
const ID = '00000000-0000-4000-8000-000000000001';
const CALLS: Record<string, unknown[]> = {
  authenticationCheck: [],
  createCustomer: [{ data: {} }],
  getCustomer: [ID],
  updateCustomer: [ID, { data: {} }],
  createApplication: [ID, { data: {} }],
  getLatestApplication: [ID],
  updateLatestApplication: [ID, { data: {} }],
  getLoginLink: [ID],
  listIntroducers: [],
  listOffers: [ID],
  selectOffer: [ID, { data: { entity_to_contact: 'customer' } }],
  getRepaymentSchedule: [ID],
  setFundingAccount: [ID, { data: {} }],
  getFundingAccount: [ID],
  getPreApproval: [ID],
  sandboxPreApproveCustomer: [ID, { data: {} }],
  listDocuments: [ID],
  uploadDocument: [ID, { document_type: 'business accounts', content: new Uint8Array([37, 80, 68, 70]), filename: 'a.pdf' }],
  submitBankStatements: [ID, { data: {} }],
  createPrequalification: [{ data: {} }],
  getPrequalification: [{ prequalification_data_id: ID }],
  getWebhookConfiguration: [],
  setWebhookConfiguration: [{ data: { url: 'https://partner.example.com/hooks' } }],
  getSigningSecret: [],
  rotateSigningSecret: [],
  listEventTypes: [],
  listSubscriptions: [],
  subscribe: [{ data: { webhook_event_types: ['application_offered'] } }],
  unsubscribe: [{ data: { webhook_event_types: ['application_offered'] } }],
  listDeliveries: [],
  redeliverEvent: [ID],
  listEvents: [],
  getEvent: [ID],
  listRequestLog: [],
  sandboxDecideApplication: [ID, { data: { outcome: 'declined' } }],
  sandboxFundOffer: [ID, { data: { amount: 100 } }],
  sandboxTestEvent: ['application_offered'],
  listCustomerLoans: [ID],
  getLoan: [ID],
  getSettlementQuote: [ID, { on: '2026-04-01' }],
  getLoanStatement: [ID],
  sandboxSimulateLoanCollections: [ID, { data: { until: '2026-04-01' } }],
  sandboxSettleLoan: [ID],
  createTestClock: [],
  getTestClock: [ID],
  listTestClocks: [],
  advanceTestClock: [ID, { data: { to: '2027-04-01' } }],
  deleteTestClock: [ID],
};

interface Document {
  paths: Record<string, Record<string, { operationId?: string }>>;
}

describe('the SDK and the OpenAPI document', () => {
  it('has a method named after every partner operationId, calling that operation', async () => {
    const doc = JSON.parse(await readFile(OPENAPI_PATH, 'utf8')) as Document;
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), operationId: op.operationId })),
    );
    expect(operations.filter((o) => o.operationId === undefined)).toEqual([]);
    expect(Object.keys(CALLS).sort()).toEqual(operations.map((o) => o.operationId).sort());

    const sent: { method: string; path: string }[] = [];
    const client = new LendingClient({
      token: 'sk_sandbox_test',
      baseUrl: 'http://sdk.test',
      maxRetries: 0,
      fetch: (async (url: URL, init: RequestInit) => {
        sent.push({ method: String(init.method), path: new URL(url).pathname });
        return new Response('{"data":{}}', { status: 200, headers: { 'content-type': 'application/json' } });
      }) as typeof fetch,
    });
    for (const op of operations) {
      const method = (client as unknown as Record<string, unknown>)[op.operationId!];
      expect(typeof method, `LendingClient.${op.operationId}`).toBe('function');
      sent.length = 0;
      await (method as (...args: unknown[]) => Promise<unknown>).apply(client, CALLS[op.operationId!]);
      const last = sent.at(-1);
      const template = new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      expect(last?.method, op.operationId).toBe(op.method);
      expect(last?.path, op.operationId).toMatch(template);
      expect(last?.path.startsWith(API_PREFIX)).toBe(true);
    }
  });
});
