/** What every `lending` command shares: the program and its `--json` option, the client, argument parsers, output and errors. */
import { Command, InvalidArgumentError } from 'commander';
import { LendingClient } from '../client.ts';
import { LendingApiError, LendingConnectionError } from '../errors.ts';

export const program = new Command();
program
  .name('lending')
  .description('The Lending Partner API v2.2 from the command line. Set LENDING_API_TOKEN (and LENDING_BASE_URL, default http://localhost:8080).')
  .version('2.2.0')
  .option('--json', 'print the raw JSON answers')
  .showHelpAfterError();

export const json = () => Boolean(program.opts().json);
export const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
export const printJson = (value: unknown) => out(JSON.stringify(value, null, 2));

export function client(): LendingClient {
  const token = process.env.LENDING_API_TOKEN;
  if (!token) {
    process.stderr.write('Error: LENDING_API_TOKEN is not set (use your sandbox token, sk_sandbox_…).\n');
    process.exit(2);
  }
  return new LendingClient({ token, userAgent: 'lending-cli/2.2' });
}

/** Money as the API takes it: a number with at most two decimals. */
export function money(value: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(value)) throw new InvalidArgumentError('an amount in GBP with at most two decimals, e.g. 25000 or 1250.50');
  return Number(value);
}

export function date(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new InvalidArgumentError('a date YYYY-MM-DD');
  return value;
}

export function list(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Prints rows as aligned columns. */
export function table(rows: (string | number | null | undefined)[][]): void {
  const cells = rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c))));
  const widths = cells[0]?.map((_, i) => Math.max(...cells.map((r) => r[i]?.length ?? 0))) ?? [];
  for (const row of cells) out(row.map((c, i) => (i === row.length - 1 ? c : c.padEnd(widths[i]))).join('  '));
}

/** Runs a command's body; API and connection errors become a message and exit code 1. */
export function run<A extends unknown[]>(action: (...args: A) => Promise<unknown>) {
  return async (...args: A) => {
    try {
      await action(...args);
    } catch (error) {
      if (error instanceof LendingApiError) {
        for (const e of error.errors) {
          const where = e.source?.pointer ?? e.source?.parameter;
          process.stderr.write(`Error: ${e.code}: ${e.detail}${where ? ` (${where})` : ''}\n`);
        }
        process.stderr.write(`(HTTP ${error.status}${error.requestId ? `, request ${error.requestId}` : ''})\n`);
        if (json()) printJson({ errors: error.errors });
      } else if (error instanceof LendingConnectionError) {
        process.stderr.write(`Error: ${error.message}\n`);
      } else {
        process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
      }
      process.exitCode = 1;
    }
  };
}
