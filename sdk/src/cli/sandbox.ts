/**
 * `lending sandbox fund|decide|simulate`: the sandbox controls from the command line (docs/behaviour.md,
 * section 14): draw funds on a selected offer, force a decision, record Direct Debit outcomes.
 */
import { type Command, Option } from 'commander';
import { client, date, json, money, out, printJson, run } from './common.ts';

const OUTCOMES = ['offered', 'declined', 'deferred', 'action_required', 'awaiting_underwriter'] as const;

export function sandboxCommands(program: Command): void {
  const sandbox = program.command('sandbox').description('sandbox controls: draw funds, force a decision, record collections');

  sandbox
    .command('fund')
    .description('POST /sandbox/offers/{offer}/fundings: draw funds on a selected offer (paid out simulated); the funding id is the loan id')
    .argument('<offer>', 'offer id (select it first: lending offers select OFFER)')
    .requiredOption('--amount <amount>', 'amount drawn, GBP', money)
    .action(
      run(async (offer: string, options: { amount: number }) => {
        const answer = await client().sandboxFundOffer(offer, { data: { amount: options.amount } });
        if (json()) return printJson(answer);
        const f = answer.data;
        const fee = f.funding_fee_amount > 0 ? ` (fee ${f.funding_fee_amount.toFixed(2)} added to the loan)` : '';
        out(`Funded ${f.funding_amount.toFixed(2)}${fee}: funding and loan ${f.funding_id}`);
        out(`  See it with: lending loan ${f.funding_id}`);
      }),
    );

  sandbox
    .command('decide')
    .description("POST /sandbox/applications/{application}/decision: force the application's decision (offered: the policy's offers)")
    .argument('<application>', 'application id')
    .addOption(new Option('--outcome <outcome>', 'the decision').choices(OUTCOMES).makeOptionMandatory())
    .action(
      run(async (application: string, options: { outcome: (typeof OUTCOMES)[number] }) => {
        const answer = await client().sandboxDecideApplication(application, { data: { outcome: options.outcome } });
        if (json()) return printJson(answer);
        out(`Application ${application}: ${options.outcome}`);
      }),
    );

  sandbox
    .command('simulate')
    .description('POST /sandbox/loans/{loan}/simulate: collect every repayment due up to --until, those on each --missed day missed')
    .argument('<loan>', 'loan id')
    .requiredOption('--until <date>', 'the last due date to record (YYYY-MM-DD)', date)
    .option(
      '--missed <date>',
      'a repayment day whose Direct Debit is missed (repeat for more)',
      (value: string, all: string[]) => [...all, date(value)],
      [] as string[],
    )
    .action(
      run(async (loan: string, options: { until: string; missed: string[] }) => {
        const answer = await client().sandboxSimulateLoanCollections(loan, { data: { until: options.until, missed: options.missed } });
        if (json()) return printJson(answer);
        const l = answer.data;
        out(
          `Loan ${l.loan_id}: ${l.status}, balance ${l.balance.total.toFixed(2)}, arrears ${l.arrears.amount.toFixed(2)} (${l.arrears.days_past_due} days past due)`,
        );
      }),
    );
}
