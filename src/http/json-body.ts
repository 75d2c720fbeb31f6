import type { FastifyInstance } from 'fastify';
import { decodeUtf8, jsonDepthExceeds, tooDeep } from '../domain/json-text.ts';
import { HttpError } from './errors.ts';

/**
 * Every JSON body is read as bytes and refused (400 ParseError) when it is not valid UTF-8 (it is
 * never stored with U+FFFD in place of the bad bytes) or nests deeper than MAX_JSON_DEPTH; then
 * Fastify's own parser (prototype-poisoning checks) parses it.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const text = decodeUtf8(body as Buffer);
    if (text === null) return done(new HttpError('ParseError', 'the body is not valid UTF-8'), undefined);
    if (jsonDepthExceeds(text)) return done(tooDeep('the body'), undefined);
    parse(request, text, done);
  });
}
