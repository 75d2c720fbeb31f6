import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { loggerOptions } from '../../src/http/logging.ts';
import { RequestLogger, requestLoggerFactory } from '../../src/http/request-logger.ts';

/** Collects pino's JSON lines. */
function sink(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return {
    stream,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

async function appAt(level: string) {
  const out = sink();
  const app = Fastify({ logger: loggerOptions(level, out.stream), childLoggerFactory: requestLoggerFactory, genReqId: () => 'req-42' });
  app.get('/', async (request) => {
    request.log.info({ token: 'sk_sandbox_secret' }, 'info line');
    request.log.warn({ token: 'sk_sandbox_secret' }, 'warn line');
    return { ok: true };
  });
  await app.ready();
  return { app, lines: out.lines };
}

describe('the lazy request logger', () => {
  it('logs at enabled levels with the request id and redaction, as pino child loggers do', async () => {
    const { app, lines } = await appAt('info');
    await app.inject({ method: 'GET', url: '/' });
    await app.close();
    const logged = lines().filter((line) => line.reqId === 'req-42');
    expect(logged.map((line) => line.msg)).toEqual(['incoming request', 'info line', 'warn line', 'request completed']);
    for (const line of logged) expect(line).not.toHaveProperty('token');
  });

  it('writes nothing below the level, and still the request id above it', async () => {
    const { app, lines } = await appAt('warn');
    await app.inject({ method: 'GET', url: '/' });
    await app.close();
    expect(lines().map((line) => [line.msg, line.reqId])).toEqual([['warn line', 'req-42']]);
  });

  it('makes the child only when a line is written at an enabled level', () => {
    let children = 0;
    const parent = {
      level: 'warn',
      isLevelEnabled: (level: string) => ['warn', 'error', 'fatal'].includes(level),
      child: () => {
        children += 1;
        return { warn: () => undefined, info: () => undefined, level: 'warn', isLevelEnabled: () => true };
      },
    };
    const logger = new RequestLogger(parent as never, { reqId: 'r' }, {});
    logger.info('skipped');
    logger.debug('skipped');
    expect(children).toBe(0);
    logger.warn('written');
    logger.warn('written again');
    expect(children).toBe(1);
  });

  it('takes a route log level at once (the child is made with it)', () => {
    const made: unknown[] = [];
    const parent = { child: (_bindings: unknown, options: unknown) => (made.push(options), { marker: true }) };
    const logger = requestLoggerFactory(parent as never, { reqId: 'r' }, { level: 'debug' });
    expect(made).toEqual([{ level: 'debug' }]);
    expect(logger).toEqual({ marker: true });
  });
});
