/** The loan commands: `loans` and `loan`. */
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { client, date, json, out, printJson, run, table } from './common.ts';

export function loanCommands(program: Command): void {
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
            `Settlement on ${q.on}: ${q.amount.toFixed(2)} (principal ${q.breakdown.principal.toFixed(2)}, interest ${q.breakdown.interest.toFixed(2)}, fees ${q.breakdown.fees.toFixed(2)}, arrears ${q.breakdown.arrears.toFixed(2)}${q.breakdown.rebate > 0 ? `, less the early settlement rebate ${q.breakdown.rebate.toFixed(2)}` : ''})`,
          );
        }
      }),
    );
}
