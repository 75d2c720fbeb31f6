/**
 * The pre-contract credit information for a regulated offer (docs/behaviour.md, section 23): every
 * item the borrower must be told before the agreement, each with an explanation in plain words
 * (the "adequate explanation" of s.55A). One model, so the portal page and the PDF say the same.
 */
import { formatAprTenths } from './apr.ts';
import type { IsoDate } from './dates.ts';
import { formatGbp } from './money-format.ts';
import { basisPointsToPercent, type BasisPoints, type Pence } from './money.ts';
import { WITHDRAWAL_DAYS, WITHDRAWAL_REPAY_DAYS, withdrawalInterestPence } from './credit-regulation.ts';
import { repaymentCount, type RepaymentSchedule } from './repayment-schedule.ts';

export interface PreContractInput {
  lenderName: string;
  /** The product as the customer knows it ("Flexi loan"). */
  productName: string;
  maxAmountPence: Pence;
  monthlyRateBp: BasisPoints;
  feeBp: BasisPoints;
  durationDays: number;
  /** The schedule for the amount shown, without an early payoff. */
  schedule: RepaymentSchedule;
}

export interface PreContractFact {
  /** A stable key, for the page's data attributes and the tests. */
  key: string;
  label: string;
  value: string;
}

export interface PreContractSection {
  id: string;
  heading: string;
  facts: PreContractFact[];
  /** The explanation, paragraph by paragraph. */
  explanation: string[];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2026-02-15" as "15 February 2026". */
export function longDate(date: IsoDate): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

function percent(bp: BasisPoints): string {
  return `${basisPointsToPercent(bp)}%`;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The repayment amounts in words: "£2,800.00, then falling each month to £2,575.00". */
function repaymentAmounts(schedule: RepaymentSchedule): string {
  const amounts = schedule.repayments.map((r) => r.amountPence);
  const first = formatGbp(amounts[0]);
  const fee = schedule.repayments[0].feesPence > 0 ? ` (including the fee of ${formatGbp(schedule.repayments[0].feesPence)})` : '';
  if (amounts.length === 1) return `One repayment of ${first}${fee}`;
  const rest = amounts.slice(1);
  const low = Math.min(...rest);
  const high = Math.max(...rest);
  const then =
    low === high
      ? `then ${plural(rest.length, 'repayment', 'repayments')} of ${formatGbp(low)}`
      : `then falling each month to ${formatGbp(amounts[amounts.length - 1])}`;
  return `First ${first}${fee}, ${then}`;
}

export function preContractInformation(input: PreContractInput): PreContractSection[] {
  const { schedule } = input;
  const n = repaymentCount(input.durationDays);
  const borrowed = schedule.amountBorrowedPence;
  const dailyInterest = withdrawalInterestPence(borrowed, input.monthlyRateBp, 1);
  const feePence = schedule.repayments[0].feesPence;
  return [
    {
      id: 'lender',
      heading: 'Who is lending',
      facts: [{ key: 'lender', label: 'Lender', value: input.lenderName }],
      explanation: [
        `${input.lenderName} is the lender. The law (the Consumer Credit Act 1974) protects you when you borrow £25,000 or less as a sole trader or a small partnership, and requires us to give you this information before you take the credit, with an explanation of what it means.`,
        `Read it before you draw funds, and ask us about anything that is not clear. It is not the credit agreement: ${input.lenderName} gives you that separately.`,
      ],
    },
    {
      id: 'credit',
      heading: 'The credit',
      facts: [
        {
          key: 'kind',
          label: 'Kind of credit',
          value: `${input.productName}: a business loan at a fixed rate. You can draw it in one or more amounts while the offer is open, and each amount you draw is repaid in monthly instalments.`,
        },
        { key: 'credit_limit', label: 'Credit limit', value: formatGbp(input.maxAmountPence) },
        { key: 'duration', label: 'Duration', value: `${input.durationDays} days: each amount you draw is repaid over ${plural(n, 'month', 'months')}` },
      ],
      explanation: [
        'The credit limit is the most you can borrow. You do not have to draw all of it: you pay interest only on what you draw, from the day you draw it.',
      ],
    },
    {
      id: 'repayments',
      heading: `Repayments for ${formatGbp(borrowed)}`,
      facts: [
        { key: 'repayment_count', label: 'Number of repayments', value: String(schedule.repayments.length) },
        { key: 'frequency', label: 'How often', value: 'Monthly, the first one month after the day you draw, by Direct Debit' },
        { key: 'repayment_amounts', label: 'Amount of each repayment', value: repaymentAmounts(schedule) },
        { key: 'total_payable', label: 'Total amount payable', value: formatGbp(schedule.totalPayablePence) },
        { key: 'cost_of_credit', label: 'Total cost of credit', value: formatGbp(schedule.totalPayablePence - borrowed) },
      ],
      explanation: [
        'Each repayment pays back an equal part of what you borrowed, plus a month of interest on what you still owe, so the repayments get smaller as you pay the loan off.',
        `The total amount payable is everything you would repay if you drew ${formatGbp(borrowed)} today and made every repayment on time: what you borrowed plus the interest and the fee. The total cost of credit is the interest and the fee alone.`,
      ],
    },
    {
      id: 'cost',
      heading: 'Interest, APR and fee',
      facts: [
        {
          key: 'interest_rate',
          label: 'Interest rate',
          value: `${percent(input.monthlyRateBp)} a month, fixed for the whole agreement, on what you still owe`,
        },
        { key: 'apr', label: 'APR', value: formatAprTenths(schedule.aprTenths) },
        {
          key: 'fee',
          label: 'Fee',
          value: `${percent(input.feeBp)} of each amount you draw (${formatGbp(feePence)} on ${formatGbp(borrowed)}), paid with the first repayment`,
        },
      ],
      explanation: [
        'The APR (annual percentage rate of charge) is the total cost of the credit, interest and fee together, shown as a yearly rate. It helps you compare this credit with other credit: the lower the APR, the less the credit costs.',
      ],
    },
    {
      id: 'missed-payments',
      heading: 'If you miss a payment',
      facts: [
        {
          key: 'missed_payments',
          label: 'Missed payments',
          value: 'We add no charge for a missed payment. What you missed stays owed, shown as arrears on your loan page, until you pay it.',
        },
      ],
      explanation: [
        'Missing payments could have severe consequences for you. It can make obtaining credit more difficult in future, and we may take legal action to recover what you owe.',
        'If you think you may not be able to make a payment, contact us as soon as you can: we will look at what we can do to help.',
      ],
    },
    {
      id: 'withdrawal',
      heading: 'Your right to withdraw',
      facts: [
        {
          key: 'withdrawal',
          label: 'Right of withdrawal',
          value: `You can withdraw from the agreement for each amount you draw within ${WITHDRAWAL_DAYS} days after the day you draw it, without giving a reason.`,
        },
        {
          key: 'withdrawal_repayment',
          label: 'What you repay if you withdraw',
          value: `What you drew, plus interest of about ${formatGbp(dailyInterest)} a day on ${formatGbp(borrowed)} (${percent(input.monthlyRateBp)} × 12 ÷ 365) from the day you drew it until you repay, worked out once for the whole time and rounded to the penny, within ${WITHDRAWAL_REPAY_DAYS} days of telling us. There is no fee.`,
        },
      ],
      explanation: [
        `To withdraw, use "Withdraw from this agreement" on that loan's page in this portal, or tell us. We then show you the amount to repay. If you withdraw, you do not pay the fee or the monthly repayments, only what you drew and the interest for the days you had it.`,
      ],
    },
    {
      id: 'early-repayment',
      heading: 'Your right to repay early',
      facts: [
        {
          key: 'early_repayment',
          label: 'Repaying early',
          value:
            'You can repay everything you owe at any time. We charge no compensation for repaying early: you pay what you still owe, the interest up to the day you repay, and any fee or missed payment not yet paid, but never more than the law on settling early allows: when its figure is lower, you pay that, and the difference is taken off.',
        },
      ],
      explanation: [
        'Your loan page gives the settlement figure for any day you choose ("Get settlement figure"). Repaying early saves you the interest you would have paid for the rest of the loan.',
      ],
    },
  ];
}
