import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EVENT_TYPES } from '../../domain/event-types.ts';
import { errorResponses } from '../../schemas/common.ts';
import {
  EventTypesResponse,
  SigningSecretResponse,
  SubscriptionsBody,
  SubscriptionsResponse,
  WebhookConfigBody,
  WebhookConfigResponse,
} from '../../schemas/webhooks.ts';
import * as webhooks from '../../services/webhooks.ts';
import { tenantOf } from '../auth.ts';

const tags = ['Webhooks'];

export const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A production token's URL must be https whatever NODE_ENV says: the environment is the token's.
  const policy = (environment: 'sandbox' | 'production') => ({
    production: app.config.production || environment === 'production',
    allowPrivate: app.config.allowPrivateWebhookUrls,
  });

  app.put(
    '/webhooks/configuration/',
    {
      schema: {
        tags,
        operationId: 'setWebhookConfiguration',
        summary: 'Set the webhook URL and token',
        body: WebhookConfigBody,
        response: { 200: WebhookConfigResponse, ...errorResponses(400, 401, 403, 406, 415) },
      },
    },
    async (request) => ({ data: await webhooks.putConfiguration(app.ctx, tenantOf(request), request.body.data, policy(tenantOf(request).environment)) }),
  );
  app.get(
    '/webhooks/configuration/',
    {
      schema: {
        tags,
        operationId: 'getWebhookConfiguration',
        summary: 'Read the webhook URL (the token is write-only)',
        response: { 200: WebhookConfigResponse, ...errorResponses(401, 403, 406) },
      },
    },
    async (request) => ({ data: await webhooks.getConfiguration(app.ctx, tenantOf(request)) }),
  );
  app.get(
    '/webhooks/signing_secret/',
    // The secret lets its holder forge deliveries: a read-only token may not see it.
    {
      config: { scope: 'write' },
      schema: {
        tags,
        operationId: 'getSigningSecret',
        summary: 'Read the webhook signing secret (needs the write scope)',
        response: { 200: SigningSecretResponse, ...errorResponses(401, 403, 406) },
      },
    },
    async (request) => ({ data: { signing_secret: await webhooks.getSigningSecret(app.ctx, tenantOf(request)) } }),
  );
  app.post(
    '/webhooks/signing_secret/rotate/',
    {
      schema: {
        tags,
        operationId: 'rotateSigningSecret',
        summary: 'Replace the signing secret',
        response: { 200: SigningSecretResponse, ...errorResponses(401, 403, 406) },
      },
    },
    async (request) => ({ data: { signing_secret: await webhooks.rotateSigningSecret(app.ctx, tenantOf(request)) } }),
  );
  app.get(
    '/webhooks/event_types/',
    {
      schema: {
        tags,
        operationId: 'listEventTypes',
        summary: 'List subscribable event types',
        response: { 200: EventTypesResponse, ...errorResponses(401, 403, 406) },
      },
    },
    async () => ({ data: { webhook_event_types: EVENT_TYPES.map((e) => ({ ...e })) } }),
  );
  app.get(
    '/webhooks/subscriptions/',
    {
      schema: {
        tags,
        operationId: 'listSubscriptions',
        summary: 'List subscriptions (one row per event type)',
        response: { 200: SubscriptionsResponse, ...errorResponses(401, 403, 406) },
      },
    },
    async (request) => ({ data: { subscriptions: await webhooks.listSubscriptions(app.ctx, tenantOf(request)) } }),
  );
  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/webhooks/subscriptions/',
      schema: {
        tags,
        operationId: on ? 'subscribe' : 'unsubscribe',
        summary: on ? 'Subscribe to event types (idempotent)' : 'Unsubscribe from event types',
        body: SubscriptionsBody,
        response: { 200: SubscriptionsResponse, ...errorResponses(400, 401, 403, 406, 415) },
      },
      handler: async (request) => ({
        data: { subscriptions: await webhooks.changeSubscriptions(app.ctx, tenantOf(request), request.body.data.webhook_event_types, on) },
      }),
    });
  }
};
