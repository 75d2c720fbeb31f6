/**
 * The Lending Partner API v2.2 SDK: a typed client (LendingClient), its errors, the generated
 * OpenAPI types and the webhook verifier and signer.
 */
export * from './client.ts';
export * from './calls/test-clocks.ts';
export * from './errors.ts';
export * from './paging.ts';
export * from './sign-webhook.ts';
export * from './webhook-events.ts';
export type { components, paths, webhooks } from './openapi.ts';
export * from '../verify-webhook.ts';
