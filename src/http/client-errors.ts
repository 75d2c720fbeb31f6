import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * What Node's HTTP parser refuses before any route runs (Fastify's `clientErrorHandler`), by its
 * error code: answered with the error envelope and the right status, then the connection closes.
 */
const PARSER_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'HeaderFieldsTooLarge', 'the request headers are larger than 16 KiB'],
  HPE_INVALID_METHOD: [501, 'NotImplemented', 'the request method is not one this server implements'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'RequestTimeout', 'the request was not received in time'],
  HPE_UNEXPECTED_CONTENT_LENGTH: [400, 'ParseError', 'send Content-Length or Transfer-Encoding, not both'],
  HPE_INVALID_TRANSFER_ENCODING: [400, 'ParseError', 'the Transfer-Encoding header is not valid'],
  HPE_INVALID_CHUNK_SIZE: [400, 'ParseError', 'the chunked body is malformed'],
  HPE_INVALID_HEADER_TOKEN: [400, 'ParseError', 'a header name or value is not valid'],
  HPE_INVALID_CONTENT_LENGTH: [400, 'ParseError', 'the Content-Length header is not valid'],
};
const OTHER: [number, string, string] = [400, 'ParseError', 'the request is not valid HTTP/1.1'];

export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, detail] = (error.code && PARSER_ERRORS[error.code]) || OTHER;
  this.log.debug({ code: error.code, status }, 'malformed request refused');
  // A response already under way on this connection cannot be followed by another.
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !current?.headersSent) {
    const body = JSON.stringify({ errors: [{ code, detail }] });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-ID: ${randomUUID()}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * HTTP/1.1 requires Host (RFC 9112 3.2). Node would answer a bare 400 itself; the server is created
 * with `requireHostHeader: false` so that this hook answers in the envelope instead.
 */
export function requireHost(request: FastifyRequest): void {
  if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
    throw new HttpError('ParseError', 'the Host header is required');
  }
}
