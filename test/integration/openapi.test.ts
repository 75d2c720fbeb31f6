import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { EVENT_TYPES } from '../../src/domain/event-types.ts';
import { EVENT_PAYLOADS } from '../../src/schemas/events.ts';
import { useTestApp } from '../helpers/app.ts';

const BASE = '/api/lending/v2.2';

/** Every endpoint of the specification's table, and the ones this service adds (docs/behaviour.md). */
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
  ['get', '/events/'],
  ['get', '/events/{event_id}/'],
  ['get', '/request_log/'],
  ['get', '/customers/{customer_id}/loans/'],
  ['get', '/loans/{loan_id}/'],
  ['get', '/loans/{loan_id}/settlement_quote/'],
  ['get', '/loans/{loan_id}/statement/'],
  ['post', '/sandbox/loans/{loan_id}/simulate'],
  ['post', '/sandbox/loans/{loan_id}/settle'],
];

describe('the OpenAPI document', () => {
  const t = useTestApp('pglite');
  let doc: {
    openapi: string;
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } }>>;
    components: { schemas: Record<string, unknown> };
  };
  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/openapi.json` });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });

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

  it('has its admin twin: openapi.admin.json, served to operators at /admin/v1/openapi.json, every admin route in it named and tagged, no operationId shared', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/admin/v1/openapi.json' });
    expect(anonymous.statusCode).toBe(401);
    const res = await t.admin('GET', '/openapi.json');
    expect(res.statusCode).toBe(200);
    const admin = res.json() as {
      openapi: string;
      info: { contact?: unknown; license?: unknown };
      tags: { name: string; description?: string }[];
      paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>>;
    };
    expect(JSON.parse(await readFile('openapi.admin.json', 'utf8')), 'openapi.admin.json is stale: run `npm run openapi`').toEqual(admin);
    expect(admin.openapi).toBe('3.1.0');
    expect(admin.info.contact && admin.info.license).toBeTruthy();
    const adminOps = Object.entries(admin.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ name: `${method} ${path}`, op })),
    );
    for (const path of ['/admin/v1/partners', '/admin/v1/applications/{id}/decision', '/admin/v1/tokens/{id}', '/admin/v1/audit'])
      expect(admin.paths[path], path).toBeDefined();
    expect(Object.keys(admin.paths).some((p) => p.endsWith('openapi.json') || !p.startsWith('/admin/v1/'))).toBe(false);
    const declared = admin.tags.map((tag) => tag.name);
    for (const { name, op } of adminOps) {
      expect(op.operationId, name).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(op.tags?.length, name).toBe(1);
      expect(declared, name).toContain(op.tags![0]);
    }
    expect(admin.tags.filter((tag) => !tag.description)).toEqual([]);
    const ids = [...adminOps.map(({ op }) => op.operationId), ...operations().map(({ op }) => (op as unknown as { operationId: string }).operationId)];
    expect(new Set(ids).size).toBe(ids.length);
  });

  interface Media {
    schema: Record<string, unknown>;
    example?: unknown;
  }
  interface Operation {
    summary?: string;
    description?: string;
    parameters?: { in: string; name: string }[];
    requestBody?: { content: Record<string, Media> };
    responses: Record<string, { description: string; content?: Record<string, Media> }>;
  }
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, method, path, op: op as unknown as Operation })),
    );

  /** Validates `value` against a schema of the document (its components resolved). */
  function validator() {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema({ components: doc.components }, 'doc');
    return (schema: Record<string, unknown>, value: unknown) => {
      const text = JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/');
      const validate = ajv.compile(JSON.parse(text));
      return validate(value) ? null : JSON.stringify(validate.errors);
    };
  }

  it('teaches: every operation has a summary, a description and an example answer that its schema accepts', () => {
    const check = validator();
    // The checker refuses what does not match (an envelope without errors, a customer id that is no uuid).
    expect(check({ $ref: '#/components/schemas/ErrorEnvelope' }, { error: 'x' })).not.toBeNull();
    expect(
      check((doc.paths[`${BASE}/customers/`].post as unknown as Operation).responses['201'].content!['application/json'].schema, {
        data: { customer_id: 'x' },
      }),
    ).not.toBeNull();
    for (const { name, op } of operations()) {
      expect(op.summary, name).toBeTruthy();
      expect(op.description, name).toBeTruthy();
      const success = Object.entries(op.responses).filter(([status]) => Number(status) < 300);
      expect(success.length, name).toBeGreaterThan(0);
      for (const [status, response] of success) {
        const media = response.content?.['application/json'];
        if (!media) continue;
        expect(media.example, `${name} ${status}`).toBeDefined();
        expect(check(media.schema, media.example), `${name} ${status} example`).toBeNull();
      }
      const body = op.requestBody?.content['application/json'];
      if (body?.example !== undefined) expect(check(body.schema, body.example), `${name} request example`).toBeNull();
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const media = response.content?.['application/json'];
        expect(media?.example, `${name} ${status} error example`).toBeDefined();
        expect(check(media!.schema, media!.example), `${name} ${status} error example`).toBeNull();
      }
    }
    // The examples the issue names.
    const example = (path: string, method: string, _status: string) => doc.paths[`${BASE}${path}`][method] as unknown as Operation;
    expect(example('/customers/', 'post', '201').requestBody?.content['application/json'].example).toMatchObject({
      data: { company: { company_number: '01234567' } },
    });
    expect(JSON.stringify(example('/applications/{application_id}/offers/', 'get', '200').responses['200'])).toContain('offers_available');
    expect(JSON.stringify(example('/offers/{offer_id}/repayment_schedule/', 'get', '200').responses['200'])).toContain('total_payable');
  });

  it('names every operation (operationId, unique) and declares every tag it uses, with a description, and its info and servers', () => {
    const full = doc as unknown as {
      info: { description?: string; contact?: { name?: string; url?: string }; license?: { name?: string; url?: string } };
      servers: { url: string; description?: string; variables?: Record<string, { default: string }> }[];
      tags: { name: string; description?: string }[];
    };
    const ids = operations().map(({ op }) => (op as unknown as { operationId?: string }).operationId);
    expect(ids.filter((id) => typeof id !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const declared = full.tags.map((tag) => tag.name);
    expect(full.tags.filter((tag) => !tag.description)).toEqual([]);
    const used = new Set(operations().flatMap(({ op }) => (op as unknown as { tags?: string[] }).tags ?? []));
    expect([...used].filter((tag) => !declared.includes(tag))).toEqual([]);
    expect(declared.filter((tag) => !used.has(tag))).toEqual([]);
    expect(full.info.description).toBeTruthy();
    expect(full.info.contact?.name && full.info.contact.url).toBeTruthy();
    expect(full.info.license?.name && full.info.license.url).toBeTruthy();
    expect(full.servers.map((s) => s.description?.split(':')[0])).toEqual(['Sandbox', 'Production']);
    for (const server of full.servers) expect(server.variables?.base_url.default).toBe(t.config.publicBaseUrl);
  });

  it("declares each answer as it is sent: no content for the 202 of PATCH latest, the PDF beside the schedule's JSON, and the error statuses of every route", () => {
    const op = (path: string, method: string) => doc.paths[`${BASE}${path}`][method] as unknown as Operation;
    expect(op('/customers/{customer_id}/applications/latest/', 'patch').responses['202'].content).toBeUndefined();
    const schedule = op('/offers/{offer_id}/repayment_schedule/', 'get').responses['200'].content!;
    expect(Object.keys(schedule)).toEqual(['application/json', 'application/pdf']);
    expect(schedule['application/pdf'].schema).toEqual({ type: 'string', format: 'binary' });
    for (const { name, method, path, op: operation } of operations()) {
      const statuses = Object.keys(operation.responses);
      for (const status of ['400', '401', '403', '406', '429', '500']) expect(statuses, name).toContain(status);
      if (path.includes('{')) expect(statuses, name).toContain('404');
      if (method !== 'get') expect(statuses, name).toEqual(expect.arrayContaining(['413', '415']));
    }
  });

  it('lists 429 on every route (all count against the rate limits) and the Idempotency-Key on every POST and PATCH', () => {
    for (const { name, method, op } of operations()) {
      expect(op.responses['429'], name).toBeDefined();
      if (method === 'post' || method === 'patch') {
        expect(
          op.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
          name,
        ).toBe(true);
        expect(op.responses['422'], name).toBeDefined();
      }
    }
  });

  it('holds every webhook payload in `webhooks`, each with an example', () => {
    const webhooks = (doc as unknown as { webhooks: Record<string, { post: Operation }> }).webhooks;
    expect(Object.keys(webhooks).sort()).toEqual(EVENT_TYPES.map((e) => e.webhook_event_type).sort());
    for (const [type, item] of Object.entries(webhooks)) {
      const media = item.post.requestBody?.content['application/json'];
      expect(item.post.description, type).toBeTruthy();
      expect((media?.example as { data: Record<string, unknown> }).data, type).toBeTypeOf('object');
    }
  });

  it('gives each webhook its X-SVC headers and the body {data: payload} with the event schema, which accepts the example and nothing more', () => {
    const check = validator();
    const webhooks = (doc as unknown as { webhooks: Record<string, { post: Operation }> }).webhooks;
    for (const { webhook_event_type: type } of EVENT_TYPES) {
      const { parameters, requestBody } = webhooks[type].post;
      expect(
        parameters?.filter((p) => p.in === 'header').map((p) => p.name),
        type,
      ).toEqual(['X-SVC-Event-ID', 'X-SVC-Event-Type', 'X-SVC-Timestamp', 'X-SVC-Signature']);
      const media = requestBody!.content['application/json'];
      const { data } = media.example as { data: Record<string, unknown> };
      expect(check(media.schema, media.example), type).toBeNull();
      expect(check(media.schema, { data: { ...data, unexpected: true } }), type).not.toBeNull();
      const ref = (media.schema.properties as { data: { $ref: string } }).data.$ref;
      const component = doc.components.schemas[ref.replace('#/components/schemas/', '')] as Record<string, unknown>;
      expect({ ...component, description: undefined }, type).toEqual(JSON.parse(JSON.stringify(EVENT_PAYLOADS[type])));
    }
  });
});
