import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Tenant } from '../domain/tenant.ts';
import { claimIdempotencyKey, completeIdempotencyKey, findIdempotencyKey, releaseIdempotencyKey } from '../services/idempotency.ts';
import { tenantOf } from './auth.ts';
import { HttpError } from './errors.ts';

/** Idempotency keys (docs/behaviour.md, section 16). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const KEY_FORMAT = /^[\x20-\x7e]{1,255}$/;
/** Headers of the first answer that a replay repeats. */
const KEPT_HEADERS = ['content-type', 'location', 'content-disposition'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed, until its answer is kept or the claim released. */
    idempotencyClaim: { tenant: Tenant; key: string } | null;
  }
}

/** The key of a POST or PATCH, validated; null when absent or for other methods. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  if (request.method !== 'POST' && request.method !== 'PATCH') return null;
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY_FORMAT.test(value)) {
    throw new HttpError('ValidationError', 'Idempotency-Key must be 1 to 255 printable ASCII characters', {
      source: { parameter: 'Idempotency-Key' },
    });
  }
  return value;
}

/**
 * The request's fingerprint: sha256 of method, path (with its query string) and body. A JSON body
 * is hashed as parsed and serialised again, so the same JSON with other spacing is the same body.
 * A multipart upload is streamed to its handler after this point, so its fingerprint holds its
 * media type but not its parts (their boundary differs between a client's retries anyway).
 */
function fingerprint(request: FastifyRequest): string {
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const body = mediaType === 'multipart/form-data' ? 'multipart' : JSON.stringify(request.body ?? null);
  return createHash('sha256').update(`${request.method}\n${request.url}\n${body}`).digest('hex');
}

async function replay(
  reply: FastifyReply,
  kept: { response_status: number | null; response_headers: Record<string, string> | null; response_body: string | null },
) {
  reply.code(kept.response_status ?? 200);
  for (const [name, value] of Object.entries(kept.response_headers ?? {})) reply.header(name, value);
  reply.header('Idempotent-Replayed', 'true');
  return reply.send(kept.response_body ?? '');
}

/**
 * Installs the hooks on the partner API scope: the key is checked and claimed once the request is
 * authenticated and valid (preHandler), the answer kept when it is sent (onSend), and a claim
 * whose request sent no answer released (onResponse, onRequestAbort).
 */
export function installIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotencyClaim', null);

  // Callback hooks: a request without a key (or claim) passes without settling a promise.
  app.addHook('preHandler', (request, reply, done) => {
    const key = idempotencyKeyOf(request);
    if (key === null) return done();
    claimOrReplay(request, reply, key).then(() => done(), done);
  });

  const claimOrReplay = async (request: FastifyRequest, reply: FastifyReply, key: string) => {
    const tenant = tenantOf(request);
    const print = fingerprint(request);
    // A claim can be released between our failed insert and the read: then claim again.
    for (let round = 0; round < 3; round += 1) {
      if (await claimIdempotencyKey(app.ctx, tenant, key, print)) {
        request.idempotencyClaim = { tenant, key };
        return;
      }
      const kept = await findIdempotencyKey(app.ctx, tenant, key);
      if (!kept) continue;
      if (kept.fingerprint !== print) {
        throw new HttpError('IdempotencyKeyReused', 'this Idempotency-Key was used with another method, path or body; use a new key for a new request', {
          source: { parameter: 'Idempotency-Key' },
        });
      }
      if (kept.state === 'running') {
        throw new HttpError('IdempotencyKeyInUse', 'a request with this Idempotency-Key is still running; retry once it has answered');
      }
      return replay(reply, kept);
    }
    throw new HttpError('IdempotencyKeyInUse', 'a request with this Idempotency-Key is still running; retry once it has answered');
  };

  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = request.idempotencyClaim;
    if (!claim) return done(null, payload);
    request.idempotencyClaim = null;
    keep(request, reply, claim, payload).then(() => done(null, payload), done);
  });

  const keep = async (request: FastifyRequest, reply: FastifyReply, claim: NonNullable<FastifyRequest['idempotencyClaim']>, payload: unknown) => {
    const status = reply.statusCode;
    const keepable = status < 500 && status !== 429 && (typeof payload === 'string' || Buffer.isBuffer(payload) || payload === null || payload === undefined);
    try {
      if (!keepable) {
        await releaseIdempotencyKey(app.ctx, claim.tenant, claim.key);
        return;
      }
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      const body = Buffer.isBuffer(payload) ? payload.toString('utf8') : ((payload as string | null | undefined) ?? '');
      await completeIdempotencyKey(app.ctx, claim.tenant, claim.key, { status, headers, body });
    } catch (error) {
      // The answer stands; the key is released so a retry runs again rather than waiting on it.
      request.log.error({ err: error }, 'idempotency key could not be kept');
      await releaseIdempotencyKey(app.ctx, claim.tenant, claim.key).catch(() => undefined);
    }
  };

  const release = (request: FastifyRequest, done: () => void) => {
    const claim = request.idempotencyClaim;
    if (!claim) return done();
    request.idempotencyClaim = null;
    releaseIdempotencyKey(app.ctx, claim.tenant, claim.key)
      .catch((error: unknown) => request.log.error({ err: error }, 'idempotency claim could not be released'))
      .then(() => done());
  };
  app.addHook('onResponse', (request, _reply, done) => release(request, done));
  app.addHook('onRequestAbort', (request, done) => release(request, done));
}
