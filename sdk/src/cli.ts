/**
 * `lending`: the Lending Partner API from the command line (docs/behaviour.md, section 20), on the SDK's
 * client. Reads LENDING_API_TOKEN and LENDING_BASE_URL (default http://localhost:8080). `--json`
 * prints the API's raw answers; errors print the envelope's code and detail and exit 1.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import cliProgress from 'cli-progress';
import { Command, InvalidArgumentError } from 'commander';
import { LendingClient, type DocumentType, type LendingEvent } from './client.ts';
import { LendingApiError, LendingConnectionError } from './errors.ts';
import { deliveryHeaders } from './sign-webhook.ts';
import type { WebhookEventType } from './webhook-events.ts';

const program = new Command();
program
  .name('lending')
  .description('The Lending Partner API v2.2 from the command line. Set LENDING_API_TOKEN (and LENDING_BASE_URL, default http://localhost:8080).')
  .version('2.2.0')
  .option('--json', 'print the raw JSON answers')
  .showHelpAfterError();

const json = () => Boolean(program.opts().json);
const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
const printJson = (value: unknown) => out(JSON.stringify(value, null, 2));

function client(): LendingClient {
  const token = process.env.LENDING_API_TOKEN;
  if (!token) {
    process.stderr.write('Error: LENDING_API_TOKEN is not set (use your sandbox token, sk_sandbox_…).\n');
    process.exit(2);
  }
  return new LendingClient({ token, userAgent: 'lending-cli/2.2' });
}

/** Money as the API takes it: a number with at most two decimals. */
function money(value: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(value)) throw new InvalidArgumentError('an amount in GBP with at most two decimals, e.g. 25000 or 1250.50');
  return Number(value);
}

function date(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new InvalidArgumentError('a date YYYY-MM-DD');
  return value;
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Prints rows as aligned columns. */
function table(rows: (string | number | null | undefined)[][]): void {
  const cells = rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c))));
  const widths = cells[0]?.map((_, i) => Math.max(...cells.map((r) => r[i]?.length ?? 0))) ?? [];
  for (const row of cells) out(row.map((c, i) => (i === row.length - 1 ? c : c.padEnd(widths[i]))).join('  '));
}

/** Runs a command's body; API and connection errors become a message and exit code 1. */
function run<A extends unknown[]>(action: (...args: A) => Promise<unknown>) {
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

// auth check

const auth = program.command('auth').description('check the token');
auth
  .command('check')
  .description('GET /authentication_check/: which partner and environment the token belongs to')
  .action(
    run(async () => {
      const answer = await client().authenticationCheck();
      if (json()) return printJson(answer);
      const d = answer.data;
      out(`Authenticated: partner ${d.partner_id}, ${d.environment} environment, API ${d.api_version}`);
    }),
  );

// customers

const customers = program.command('customers').description('customers');
customers
  .command('create')
  .description('POST /customers/ with the JSON body in a file ({"data": {...}} as in the API reference)')
  .requiredOption('--file <file>', 'JSON file with the customer')
  .action(
    run(async (options: { file: string }) => {
      let body: unknown;
      try {
        body = JSON.parse(await readFile(options.file, 'utf8'));
      } catch (error) {
        throw new Error(`cannot read ${options.file} as JSON: ${(error as Error).message}`, { cause: error });
      }
      const wrapped = body && typeof body === 'object' && 'data' in body ? body : { data: body };
      const answer = await client().createCustomer(wrapped as never);
      if (json()) return printJson(answer);
      out(`Created customer ${answer.data.customer_id}`);
    }),
  );

// funding accounts and pre-approvals

function sortCode(value: string): string {
  if (!/^(\d{6}|\d{2}-\d{2}-\d{2})$/.test(value)) throw new InvalidArgumentError('six digits, e.g. 12-34-56 or 123456');
  return value;
}

function accountNumber(value: string): string {
  if (!/^\d{8}$/.test(value)) throw new InvalidArgumentError('eight digits');
  return value;
}

const ACCOUNT_WORDS: Record<string, string> = {
  verified: 'verified: drawdowns are paid into it',
  needs_review: 'needs review by the lender before drawdowns are paid into it',
  rejected: 'rejected: the name does not match; set other details',
};

function printAccount(a: {
  account_holder_name: string;
  sort_code: string;
  account_number_ending: string;
  name_check: string;
  status: string;
  funding_account_id: string;
}) {
  out(`Funding account ${a.funding_account_id}`);
  out(`  ${a.account_holder_name}, sort code ${a.sort_code}, account ending ${a.account_number_ending}`);
  out(`  Name check: ${a.name_check.replace('_', ' ')}; status ${ACCOUNT_WORDS[a.status] ?? a.status}`);
}

const fundingAccount = program.command('funding-account').description("the customer's bank account for payouts");
fundingAccount
  .command('set')
  .description('PUT /customers/{id}/funding_account/: set the bank details drawdowns are paid into')
  .argument('<customer-id>')
  .requiredOption('--name <name>', 'account holder name, as the bank shows it')
  .requiredOption('--sort-code <sort-code>', 'six digits, e.g. 12-34-56', sortCode)
  .requiredOption('--account-number <number>', 'eight digits', accountNumber)
  .action(
    run(async (customerId: string, options: { name: string; sortCode: string; accountNumber: string }) => {
      const answer = await client().setFundingAccount(customerId, {
        data: { account_holder_name: options.name, sort_code: options.sortCode, account_number: options.accountNumber },
      });
      if (json()) return printJson(answer);
      printAccount(answer.data);
    }),
  );
fundingAccount
  .command('show')
  .description("GET /customers/{id}/funding_account/: the customer's current bank account")
  .argument('<customer-id>')
  .action(
    run(async (customerId: string) => {
      const answer = await client().getFundingAccount(customerId);
      if (json()) return printJson(answer);
      printAccount(answer.data);
    }),
  );

program
  .command('pre-approval')
  .description("GET /customers/{id}/pre_approval/: the customer's pre-approval and what can still be drawn")
  .argument('<customer-id>')
  .action(
    run(async (customerId: string) => {
      const answer = await client().getPreApproval(customerId);
      if (json()) return printJson(answer);
      const p = answer.data;
      out(`Pre-approval ${p.offer_id}: ${p.status}`);
      out(`  Limit £${p.max_amount}, available £${p.available_amount}, until ${p.expires_at}`);
      out(`  ${p.monthly_interest_percentage}% a month, fee ${p.fee_percentage}%, over ${p.duration_in_days} days`);
    }),
  );

// applications

const applications = program.command('applications').description('loan applications');
applications
  .command('create')
  .description('POST /customers/{customer}/applications/')
  .argument('<customer>', 'customer id')
  .requiredOption('--amount <amount>', 'amount requested, GBP', money)
  .action(
    run(async (customer: string, options: { amount: number }) => {
      const answer = await client().createApplication(customer, { data: { amount: options.amount } });
      if (json()) return printJson(answer);
      const d = answer.data as { application_id: string; status: string };
      out(`Created application ${d.application_id} (${d.status})`);
    }),
  );
applications
  .command('latest')
  .description('GET /customers/{customer}/applications/latest/')
  .argument('<customer>', 'customer id')
  .action(
    run(async (customer: string) => {
      const answer = await client().getLatestApplication(customer);
      if (json()) return printJson(answer);
      const d = answer.data;
      table([
        ['application', d.application_id],
        ['status', d.status],
        ['amount', d.amount],
        ['closed', d.is_closed ? 'yes' : 'no'],
        ['created', d.created_at],
        ['updated', d.updated_at],
      ]);
    }),
  );

// offers

program
  .command('offers')
  .description('GET /applications/{application}/offers/')
  .argument('<application>', 'application id')
  .action(
    run(async (application: string) => {
      const answer = await client().listOffers(application);
      if (json()) return printJson(answer);
      const d = answer.data;
      out(`Offers: ${d.offer_creation_status}`);
      if (d.offers.length === 0) return;
      table([
        ['OFFER', 'PRODUCT', 'MAX AMOUNT', 'MONTHLY %', 'FEE %', 'DAYS', 'STATUS'],
        ...d.offers.map((o) => [
          o.offer_id,
          o.product_type,
          o.max_amount.toFixed(2),
          o.monthly_interest_percentage,
          o.fee_percentage,
          o.duration_in_days,
          o.status,
        ]),
      ]);
    }),
  );

// schedule

program
  .command('schedule')
  .description('GET /offers/{offer}/repayment_schedule/ (as a table, JSON or a PDF file)')
  .argument('<offer>', 'offer id')
  .option('--amount <amount>', 'amount drawn down, GBP (default: the offer maximum)', money)
  .option('--pay-off-early-on <date>', 'repay everything early on this date (YYYY-MM-DD)', date)
  .option('--pdf <file>', 'write the schedule as a PDF to this file')
  .action(
    run(async (offer: string, options: { amount?: number; payOffEarlyOn?: string; pdf?: string }) => {
      const query = {
        ...(options.amount !== undefined ? { amount: options.amount.toFixed(2) } : {}),
        ...(options.payOffEarlyOn ? { pay_off_early_on: options.payOffEarlyOn } : {}),
      };
      if (options.pdf) {
        const pdf = await client().getRepaymentSchedulePdf(offer, query);
        await writeFile(options.pdf, pdf);
        if (json()) return printJson({ file: options.pdf, bytes: pdf.length });
        return out(`Wrote ${options.pdf} (${pdf.length} bytes)`);
      }
      const answer = await client().getRepaymentSchedule(offer, query);
      if (json()) return printJson(answer);
      const d = answer.data;
      table([
        ['DATE', 'AMOUNT', 'PRINCIPAL', 'INTEREST', 'FEES'],
        ...d.repayments.map((r) => [
          r.date,
          r.amount.toFixed(2),
          r.breakdown.principal.toFixed(2),
          r.breakdown.interest.toFixed(2),
          r.breakdown.fees.toFixed(2),
        ]),
      ]);
      out(
        `Borrowed ${d.amount_borrowed.toFixed(2)}, total payable ${d.total_payable.toFixed(2)}${d.amount_saved_by_repaying_early ? `, saved by repaying early ${d.amount_saved_by_repaying_early.toFixed(2)}` : ''}`,
      );
    }),
  );

// loans

program
  .command('loans')
  .description("GET /customers/{customer}/loans/: the customer's loans, newest first")
  .argument('<customer>', 'customer id')
  .action(
    run(async (customer: string) => {
      const answer = await client().listCustomerLoans(customer);
      if (json()) return printJson(answer);
      if (answer.data.length === 0) return out('No loans');
      table([
        ['LOAN', 'FUNDED ON', 'AMOUNT', 'STATUS', 'BALANCE', 'NEXT REPAYMENT', 'ARREARS', 'DAYS PAST DUE'],
        ...answer.data.map((l) => [
          l.loan_id,
          l.funded_on,
          l.amount.toFixed(2),
          l.status,
          l.balance.total.toFixed(2),
          l.next_repayment ? `${l.next_repayment.amount.toFixed(2)} on ${l.next_repayment.date}` : '-',
          l.arrears.amount.toFixed(2),
          l.arrears.days_past_due,
        ]),
      ]);
    }),
  );

program
  .command('loan')
  .description('GET /loans/{loan}/: the repayments and their statuses; a settlement figure; the statement PDF')
  .argument('<loan>', 'loan id (the funding id)')
  .option('--settle-on <date>', 'also show the settlement figure for this day (YYYY-MM-DD)', date)
  .option('--statement <file>', 'write the statement PDF to this file')
  .action(
    run(async (loanId: string, options: { settleOn?: string; statement?: string }) => {
      if (options.statement) {
        const pdf = await client().getLoanStatement(loanId);
        await writeFile(options.statement, pdf);
        if (json()) return printJson({ file: options.statement, bytes: pdf.length });
        return out(`Wrote ${options.statement} (${pdf.length} bytes)`);
      }
      const answer = await client().getLoan(loanId);
      const quote = options.settleOn ? await client().getSettlementQuote(loanId, { on: options.settleOn }) : null;
      if (json()) return printJson(quote ? { ...answer, settlement_quote: quote.data } : answer);
      const l = answer.data;
      out(`Loan ${l.loan_id}: ${l.amount.toFixed(2)} funded on ${l.funded_on}, ${l.status}`);
      table([
        ['DATE', 'AMOUNT', 'PRINCIPAL', 'INTEREST', 'FEES', 'STATUS', 'COLLECTED ON'],
        ...l.repayments.map((r) => [
          r.date,
          r.amount.toFixed(2),
          r.breakdown.principal.toFixed(2),
          r.breakdown.interest.toFixed(2),
          r.breakdown.fees.toFixed(2),
          r.status,
          r.collected_on ?? '',
        ]),
      ]);
      out(`Balance ${l.balance.total.toFixed(2)}, arrears ${l.arrears.amount.toFixed(2)} (${l.arrears.days_past_due} days past due)`);
      if (quote) {
        const q = quote.data;
        out(
          `Settlement on ${q.on}: ${q.amount.toFixed(2)} (principal ${q.breakdown.principal.toFixed(2)}, interest ${q.breakdown.interest.toFixed(2)}, fees ${q.breakdown.fees.toFixed(2)}, arrears ${q.breakdown.arrears.toFixed(2)})`,
        );
      }
    }),
  );

// documents

const documents = program.command('documents').description('documents');
documents
  .command('upload')
  .description('POST /document_upload/{customer}/ (multipart), with a progress bar')
  .argument('<customer>', 'customer id')
  .argument('<file>', 'the file to upload')
  .requiredOption('--type <type>', 'document type, e.g. "bank statement", "business accounts", "personal id"')
  .action(
    run(async (customer: string, file: string, options: { type: string }) => {
      const content = await readFile(file);
      const bar = new cliProgress.SingleBar(
        {
          stream: process.stderr,
          format: `Uploading ${basename(file)} [{bar}] {percentage}% {value}/{total} bytes`,
          noTTYOutput: !process.stderr.isTTY,
          notTTYSchedule: 250,
        },
        cliProgress.Presets.shades_classic,
      );
      let started = false;
      const answer = await client()
        .uploadDocument(customer, {
          document_type: options.type as DocumentType,
          content,
          filename: basename(file),
          onProgress: ({ sent, total }) => {
            if (!started) {
              bar.start(total, sent);
              started = true;
            } else bar.update(sent);
          },
        })
        .finally(() => started && bar.stop());
      if (json()) return printJson(answer);
      const d = answer.data as { document_id: string; document_type: string };
      out(`Uploaded document ${d.document_id} (${d.document_type})`);
    }),
  );

// events

function eventLine(e: LendingEvent): (string | number)[] {
  return [e.created_at, e.webhook_event_type, e.event_id];
}

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

await program.parseAsync(process.argv);
