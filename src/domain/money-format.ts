/**
 * Human-facing money text ("£1,234.56") for PDFs and the portal. Pure integer arithmetic on
 * pence: dividing by 100 as a float and calling toFixed() can print a penny off.
 */

import type { Pence } from './money.ts';

/** Integer pence as "£1,234.56"; negative amounts as "-£1,234.56". */
export function formatGbp(pence: Pence): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`not a whole number of pence: ${pence}`);
  const negative = pence < 0;
  const magnitude = Math.abs(pence);
  const pounds = Math.floor(magnitude / 100); // exact: integer operands far below 2^53
  const rest = magnitude % 100;
  const grouped = String(pounds).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}£${grouped}.${String(rest).padStart(2, '0')}`;
}
