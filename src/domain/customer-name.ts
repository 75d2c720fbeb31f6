/**
 * A customer as every page names it (docs/decisions.md, "A customer with no name"): its registered
 * company name, else its trading name, else "Unnamed customer (716a2325)", the first eight
 * characters of its id, so that two nameless customers can be told apart and the id found again.
 * The console, the dashboard and the portal all call this.
 */
export function customerName(companyName: string | null | undefined, customerId: string, tradingName?: string | null): string {
  const name = companyName?.trim() || tradingName?.trim();
  return name || `Unnamed customer (${customerId.slice(0, 8)})`;
}

/**
 * The customer's own company as the portal says it to the customer: its name, or "your company"
 * when it has none (the portal speaks to the customer, who needs no id to know their own company).
 */
export function yourCompany(companyName: string | null | undefined): string {
  return companyName?.trim() || 'your company';
}
