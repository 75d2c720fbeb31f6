import { formatSortCode } from '../domain/funding-accounts.ts';

/** Where a funding was paid, in words: "08-99-99, account ending 4958" (docs/behaviour.md, section 21). */
export function paidToWords(f: { paid_to_sort_code: string | null; paid_to_account_ending: string | null; paid_to_simulated: boolean }): string {
  if (f.paid_to_simulated) return 'a simulated sandbox account';
  if (f.paid_to_sort_code === null || f.paid_to_account_ending === null) return 'not recorded';
  return `${formatSortCode(f.paid_to_sort_code)}, account ending ${f.paid_to_account_ending}`;
}
