/**
 * `lending clocks create|list|show|advance|delete`: sandbox test clocks from the command line
 * (docs/behaviour.md, section 28), on the `lending` program.
 */
import type { Command } from 'commander';
import type { TestClock } from '../calls/test-clocks.ts';
import { client, date, json, out, printJson, run, table } from './common.ts';

function describeClock(clock: TestClock): string {
  const customers = `${clock.customer_count} customer${clock.customer_count === 1 ? '' : 's'}`;
  return `Clock ${clock.test_clock_id}${clock.name ? ` (${clock.name})` : ''}: ${clock.status} at ${clock.frozen_on}, ${customers}`;
}

export function clockCommands(program: Command): void {
  const clocks = program.command('clocks').description('sandbox test clocks: move time forward for the customers put on a clock');

  clocks
    .command('create')
    .description('POST /sandbox/test_clocks: a clock at today; put customers on it with "test_clock_id" in their body')
    .option('--name <name>', 'a name to tell it apart')
    .action(
      run(async (options: { name?: string }) => {
        const answer = await client().createTestClock({ data: options.name ? { name: options.name } : {} });
        if (json()) return printJson(answer);
        out(`Created ${describeClock(answer.data)}`);
      }),
    );

  clocks
    .command('list')
    .description('GET /sandbox/test_clocks/: your clocks, newest first')
    .option('--limit <n>', 'at most this many (1 to 200)', (v) => Number(v))
    .option('--cursor <cursor>', 'the next page (printed after a full page)')
    .action(
      run(async (options: { limit?: number; cursor?: string }) => {
        const answer = await client().listTestClocks({ limit: options.limit, cursor: options.cursor });
        if (json()) return printJson(answer);
        if (answer.data.length === 0) return out('No test clocks.');
        table([
          ['CLOCK', 'NAME', 'DATE', 'STATUS', 'CUSTOMERS'],
          ...answer.data.map((c) => [c.test_clock_id, c.name ?? '', c.frozen_on, c.status, c.customer_count]),
        ]);
        if (answer.meta.next_cursor) out(`More: lending clocks list --cursor ${answer.meta.next_cursor}`);
      }),
    );

  clocks
    .command('show')
    .description("GET /sandbox/test_clocks/{id}/: the clock's date, status and customers")
    .argument('<clock-id>')
    .action(
      run(async (clockId: string) => {
        const answer = await client().getTestClock(clockId);
        if (json()) return printJson(answer);
        out(describeClock(answer.data));
      }),
    );

  clocks
    .command('advance')
    .description('POST /sandbox/test_clocks/{id}/advance: play every day up to --to, then wait until the clock is ready')
    .argument('<clock-id>')
    .requiredOption('--to <date>', 'the date to advance to (YYYY-MM-DD), at most two years ahead', date)
    .option(
      '--missed <date>',
      'a day whose Direct Debits are missed (repeat for more)',
      (value: string, all: string[]) => [...all, date(value)],
      [] as string[],
    )
    .option('--no-wait', 'answer at once, while the clock advances')
    .action(
      run(async (clockId: string, options: { to: string; missed: string[]; wait: boolean }) => {
        const answer = await client().advanceTestClock(clockId, { data: { to: options.to, missed: options.missed } }, { waitUntilReady: options.wait });
        if (json()) return printJson(answer);
        out(options.wait ? describeClock(answer.data) : `${describeClock(answer.data)}, to ${options.to}`);
      }),
    );

  clocks
    .command('delete')
    .description('DELETE /sandbox/test_clocks/{id}/: the clock stops; its customers keep their data and its date')
    .argument('<clock-id>')
    .action(
      run(async (clockId: string) => {
        await client().deleteTestClock(clockId);
        if (json()) return printJson({ deleted: clockId });
        out(`Deleted clock ${clockId}`);
      }),
    );
}
