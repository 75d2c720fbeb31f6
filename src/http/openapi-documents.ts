/**
 * The OpenAPI documents (docs/behaviour.md, section 26): `openapi.json` for the partner API and
 * `openapi.admin.json` for the admin API, both generated from the route schemas that validate requests. Info, servers and the declared tags live here; what
 * each operation teaches (descriptions, examples, the error answers every route can give) is in
 * openapi-docs.ts, the webhook payloads in openapi-events.ts.
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import type { Config } from '../config.ts';
import { API_PREFIX } from './api-prefixes.ts';
import { documentRoute } from './openapi-docs.ts';
import { withEvents } from './openapi-events.ts';
import { ADMIN_TAGS, documentAdminRoute } from './openapi-admin.ts';

/** Where the admin API is served. */
export const ADMIN_PREFIX = '/admin/v1';

declare module 'fastify' {
  interface FastifyInstance {
    /** openapi.admin.json: the admin API's document. */
    adminSwagger(): Record<string, unknown>;
  }
}

/** The partner API's tags, in reading order; every tag an operation uses is declared here. */
export const PARTNER_TAGS = [
  { name: 'Authentication check', description: 'Check your token and headers: call it first when you set up.' },
  { name: 'Customers', description: "The businesses you refer: the company, its people, and the customer's single-use login link to the portal." },
  { name: 'Applications', description: 'Applications for finance: one open application per customer, its loan requests and its status.' },
  { name: 'Introducers', description: 'The introducers of your account, to name one as the contact of an application.' },
  { name: 'Offers', description: 'The offers of an application, selecting one, and the repayment schedule of an offer (JSON or PDF).' },
  {
    name: 'Funding accounts',
    description: "The customer's bank account that fundings are paid into, and the customer's pre-approval (a limit drawn without an application).",
  },
  { name: 'Documents', description: "The customer's documents (accounts, statements, identity) and open-banking bank statements." },
  { name: 'Prequalification', description: 'Prospective customers sent in bulk to prequalify, and the quotes made for them.' },
  { name: 'Webhooks', description: 'Where events are sent, the signing secret, subscriptions, the delivery log and redelivery.' },
  { name: 'Events', description: 'Every event of the last 30 days, to catch up or long-poll instead of (or beside) webhooks.' },
  { name: 'Request log', description: 'Your own recent requests, to debug an integration.' },
  { name: 'Loans', description: 'Loans after funding: balances, repayments and their collection, arrears, settlement figures and statements.' },
  {
    name: 'Sandbox',
    description:
      'Sandbox tokens only: decide applications, fund offers, send sample events, and move time forward with test clocks, without waiting for the lender.',
  },
];

/** The host of both servers: PUBLIC_BASE_URL unless a client generator is told otherwise. */
function servers(config: Config, environments: { name: string; description: string }[]) {
  return environments.map((e) => ({
    url: '{base_url}',
    description: e.description,
    variables: { base_url: { default: config.publicBaseUrl, description: `The lender's API host for ${e.name} (PUBLIC_BASE_URL)` } },
  }));
}

function info(config: Config, title: string, description: string) {
  return {
    title,
    version: '2.2.0',
    description,
    contact: { name: `${config.lenderName} partner support`, url: `${config.publicBaseUrl}/docs` },
    license: { name: 'Proprietary: for use under your partner agreement with the lender', url: `${config.publicBaseUrl}/docs` },
  };
}

/** Registers the documents' generators: `app.swagger()` (partner) and `app.adminSwagger()` (admin). */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: info(
        config,
        'Lending Partner API',
        'Refer customers, submit and track applications, get offers, upload documents, receive webhooks. ' +
          'The same host serves sandbox and production: the token chooses the environment.',
      ),
      servers: servers(config, [
        { name: 'sandbox', description: 'Sandbox: call it with a sandbox token (sk_sandbox_…); nothing is lent' },
        { name: 'production', description: 'Production: call it with a production token (sk_live_…)' },
      ]),
      tags: PARTNER_TAGS,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // Shared schemas keep their $id as their component's name (ErrorEnvelope), not def-N.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transform: ({ schema, url, route }) => {
      const hide = !url.startsWith(API_PREFIX) || (schema as { hide?: boolean } | undefined)?.hide === true;
      const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
      const documented = hide
        ? (schema as object)
        : documentRoute(schema as Record<string, unknown>, method, url.slice(API_PREFIX.length), route.config as { produces?: string[] } | undefined);
      return { schema: { ...documented, hide } as typeof schema, url };
    },
    // The event payloads go in the components and the document's `webhooks` section (OpenAPI 3.1).
    transformObject: (documents) => withEvents((documents as { openapiObject: Record<string, unknown> }).openapiObject) as never,
  });

  await app.register(swagger, {
    decorator: 'adminSwagger',
    openapi: {
      openapi: '3.1.0',
      info: info(
        config,
        'Lending admin API',
        "The lender's operator API: partners and their tokens, the review queue and decisions, offers and fundings, " +
          'document review, console accounts and the audit log. Every call takes the operator token (ADMIN_TOKEN) and every change is audited.',
      ),
      servers: servers(config, [{ name: 'operators', description: "The lender's API host (the admin API serves both environments)" }]),
      tags: ADMIN_TAGS,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The operator token (ADMIN_TOKEN)' } } },
      security: [{ bearer: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transform: ({ schema, url, route }) => {
      const hide = !url.startsWith(`${ADMIN_PREFIX}/`) || (schema as { hide?: boolean } | undefined)?.hide === true;
      const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
      const documented = hide
        ? ((schema ?? {}) as object)
        : documentAdminRoute((schema ?? {}) as Record<string, unknown>, method, url.slice(ADMIN_PREFIX.length));
      return { schema: { ...documented, hide } as typeof schema, url };
    },
  });
}
