// A webhook receiver for local development: `node sdk/examples/receiver.js` (PORT, default 3000).
// Verifies every delivery with the SDK's verifier against your signing secret (SVC_WEBHOOK_SECRET,
// else fetched with LENDING_API_TOKEN), answers 204, and prints what it got.
import { createServer } from 'node:http';
import { LendingClient, verifyWebhook, WebhookVerificationError } from '@harbour/lending-sdk';

const port = Number(process.env.PORT ?? 3000);
const secret = process.env.SVC_WEBHOOK_SECRET ?? (await new LendingClient().getSigningSecret()).data.signing_secret;
const seen = new Set(); // in production: a unique key in your database

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const rawBody = Buffer.concat(chunks); // verify the raw bytes, never re-serialised JSON
    try {
      const { eventId, eventType } = verifyWebhook(secret, request.headers, rawBody);
      const again = seen.has(eventId);
      seen.add(eventId);
      console.log(`verified ${eventType} ${eventId}${again ? ' (again)' : ''} ${rawBody.toString('utf8')}`);
      response.writeHead(204).end();
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      console.log(`rejected: ${error.reason}`);
      response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.reason }));
    }
  });
}).listen(port, '127.0.0.1', () => console.log(`Receiving webhooks on http://localhost:${port}/hooks`));
