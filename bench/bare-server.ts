/**
 * The ceiling: a bare `node:http` server answering every request with a fixed JSON body, shaped
 * like the authentication check's answer. Run as its own process by bench/run.ts (PORT and HOST
 * from the environment) so it is compared on the same footing as the API server.
 */
import { createServer } from 'node:http';

const BODY = Buffer.from(
  JSON.stringify({
    version: 'v2.2',
    data: { api_version: '2.2.0', environment: 'sandbox', partner_id: '00000000-0000-4000-8000-000000000000' },
  }),
);

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': BODY.length });
    response.end(BODY);
  });
});
// Same keep-alive as Fastify's default, so idle gaps between runs do not drop connections.
server.keepAliveTimeout = 72_000;

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`bare server listening on ${typeof address === 'string' ? address : `${address?.address}:${address?.port}`}\n`);
});
