/** The integration commands: `events list`, `listen`, `trigger` and `logs`. */
import type { Command } from 'commander';
import type { LendingEvent } from '../client.ts';
import { deliveryHeaders } from '../sign-webhook.ts';
import type { WebhookEventType } from '../webhook-events.ts';
import { client, json, list, out, printJson, run, table } from './common.ts';

function eventLine(e: LendingEvent): (string | number)[] {
  return [e.created_at, e.webhook_event_type, e.event_id];
}

export function eventCommands(program: Command): void {
  const events = program.command('events').description('the events API');
  events
    .command('list')
    .description('GET /events/: events oldest first, after an event id')
    .option('--types <types>', 'comma-separated event types', list)
    .option('--after <event>', 'only events after this event id')
    .option('--limit <n>', 'at most this many (1 to 100)', (v) => Number(v))
    .action(
      run(async (options: { types?: string[]; after?: string; limit?: number }) => {
        const answer = await client().listEvents({ types: options.types?.join(','), after: options.after, limit: options.limit });
        if (json()) return printJson(answer);
        if (answer.data.length === 0) return out('No events.');
        table([['CREATED', 'TYPE', 'EVENT'], ...answer.data.map(eventLine)]);
        if (answer.has_more) out(`More: lending events list --after ${answer.data.at(-1)?.event_id}`);
      }),
    );

  program
    .command('listen')
    .description('follow the events API and POST each new event to a local URL, signed exactly as a webhook delivery')
    .requiredOption('--forward-to <url>', 'where to POST each event, e.g. http://localhost:3000/hooks')
    .option('--events <types>', 'only these comma-separated event types', list)
    .option('--after <event>', 'start after this event id (default: only events from now on)')
    .action(
      run(async (options: { forwardTo: string; events?: string[]; after?: string }) => {
        const api = client();
        // Unknown types are the server's to refuse (400 naming the parameter).
        const types = options.events as WebhookEventType[] | undefined;
        const target = new URL(options.forwardTo);
        const secret = (await api.getSigningSecret()).data.signing_secret;
        const stop = new AbortController();
        const quit = () => stop.abort();
        process.once('SIGINT', quit);
        process.once('SIGTERM', quit);

        let after = options.after;
        if (after === undefined) {
          // Start from now: skip what already happened.
          for await (const event of api.events({ types, follow: false, signal: stop.signal })) after = event.event_id;
        }
        const what = options.events?.length ? options.events.join(', ') : 'all events';
        if (json()) out(JSON.stringify({ ready: true, forward_to: target.href, types: options.events ?? null }));
        else out(`Ready! Forwarding ${what} to ${target.href} (Ctrl-C to stop)`);

        try {
          for await (const event of api.events({ after, types, signal: stop.signal })) {
            const body = JSON.stringify({ data: event.data });
            let status: number | null = null;
            let problem: string | null = null;
            try {
              const response = await fetch(target, {
                method: 'POST',
                headers: deliveryHeaders(secret, event, body),
                body,
                signal: AbortSignal.any([stop.signal, AbortSignal.timeout(10_000)]),
              });
              status = response.status;
              await response.arrayBuffer();
            } catch (error) {
              if (stop.signal.aborted) break;
              problem = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
            }
            if (json()) out(JSON.stringify({ event_id: event.event_id, webhook_event_type: event.webhook_event_type, status, error: problem }));
            else out(`${event.created_at}  ${event.webhook_event_type}  ${event.event_id}  -> ${status ?? `failed: ${problem}`}`);
          }
        } catch (error) {
          if (!stop.signal.aborted) throw error;
        }
      }),
    );

  program
    .command('trigger')
    .description('POST /sandbox/webhooks/test: record and send a sample event of this type (sandbox)')
    .argument('<event-type>', 'e.g. application_offered (see GET /webhooks/event_types/)')
    .action(
      run(async (type: string) => {
        const answer = await client().sandboxTestEvent(type as WebhookEventType);
        if (json()) return printJson(answer);
        out(`Triggered ${answer.data.webhook_event_type}: event ${answer.data.event_id}`);
      }),
    );

  program
    .command('logs')
    .description('GET /request_log/: your recent API requests, newest first')
    .option('--failed', 'only failed requests')
    .option('--limit <n>', 'at most this many (1 to 200, default 50)', (v) => Number(v))
    .option('--cursor <cursor>', 'the page a previous page named (its "More:" line)')
    .action(
      run(async (options: { failed?: boolean; limit?: number; cursor?: string }) => {
        const answer = await client().listRequestLog({ status: options.failed ? 'failed' : undefined, limit: options.limit, cursor: options.cursor });
        if (json()) return printJson(answer);
        if (answer.data.length === 0) return out('No requests.');
        table([
          ['TIME', 'STATUS', 'METHOD', 'PATH', 'ERROR', 'MS', 'REQUEST'],
          ...answer.data.map((r) => [r.time, r.status, r.method, r.path, r.error_code ?? '', r.duration_ms, r.request_id]),
        ]);
        if (answer.meta.next_cursor) out(`More: lending logs${options.failed ? ' --failed' : ''} --cursor ${answer.meta.next_cursor}`);
      }),
    );
}
