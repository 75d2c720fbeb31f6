/** The application commands: `applications`, `offers` and `schedule`. */
import { writeFile } from 'node:fs/promises';
import { type Command, Option } from 'commander';
import { client, date, json, money, out, printJson, run, table } from './common.ts';

export function applicationCommands(program: Command): void {
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

  // offers (and `offers select`)
  const offers = program
    .command('offers')
    .description('GET /applications/{application}/offers/; `offers select OFFER` selects one')
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

  offers
    .command('select')
    .description('POST /offers/{offer}/select/: select the offer; with --contact customer (the default) it answers a login link')
    .argument('<offer>', 'offer id')
    .addOption(new Option('--contact <entity>', 'who is contacted about the application').choices(['customer', 'introducer']).default('customer'))
    .action(
      run(async (offer: string, options: { contact: 'customer' | 'introducer' }) => {
        const answer = await client().selectOffer(offer, { data: { entity_to_contact: options.contact } });
        if (json()) return printJson(answer);
        const link = (answer.data as { login_link?: string }).login_link;
        out(`Selected offer ${offer}; the ${options.contact} is the contact`);
        if (link) out(`Login link for the customer (single use, 24 hours): ${link}`);
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
}
