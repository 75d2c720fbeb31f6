/** The customer commands: `auth check`, `customers`, `funding-account` and `pre-approval`. */
import { readFile } from 'node:fs/promises';
import { type Command, InvalidArgumentError } from 'commander';
import { client, json, out, printJson, run } from './common.ts';

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

export function customerCommands(program: Command): void {
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
    .option('--external-customer-id <id>', "your id for the customer (replaces the file's external_customer_id)")
    .option('--test-clock <clock-id>', 'put the customer on this sandbox test clock (test_clock_id)')
    .action(
      run(async (options: { file: string; externalCustomerId?: string; testClock?: string }) => {
        let body: unknown;
        try {
          body = JSON.parse(await readFile(options.file, 'utf8'));
        } catch (error) {
          throw new Error(`cannot read ${options.file} as JSON: ${(error as Error).message}`, { cause: error });
        }
        const data = body && typeof body === 'object' && 'data' in body ? body.data : body;
        const extra = {
          ...(options.externalCustomerId ? { external_customer_id: options.externalCustomerId } : {}),
          ...(options.testClock ? { test_clock_id: options.testClock } : {}),
        };
        // The options go into the body's data; a body that is not an object is sent as it is (the API says what is wrong).
        const isObject = data !== null && typeof data === 'object' && !Array.isArray(data);
        const answer = await client().createCustomer({ data: isObject ? { ...data, ...extra } : data } as never);
        if (json()) return printJson(answer);
        out(`Created customer ${answer.data.customer_id}`);
      }),
    );

  // funding accounts and pre-approvals
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
}
