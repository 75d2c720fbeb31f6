/**
 * Finding a customer in the console (docs/behaviour.md, sections 19 and 27): "Search" on
 * /console/customers finds customers across partners by any part of the company's name or number,
 * a person's email or phone, an external_customer_id; each result says its partner, its
 * environment (a sandbox customer is never taken for a production one), its latest application and
 * its loans; a whole id of a customer, application, offer, loan, funding or document opens that
 * record's page; a search over 200 characters is a 400 saying so.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, usePartner, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { signedInOperator, type ConsoleUser } from '../helpers/console.ts';
import { HARTLEY } from '../helpers/customer-bodies.ts';
import { UNKNOWN_UUID } from '../helpers/foundation.ts';
import { pdf, upload } from '../helpers/files.ts';
import { TEN_THOUSAND, fund, selectedOffer } from '../helpers/loans.ts';
import { htmlPage } from '../helpers/pages.ts';

const D0 = new Date('2026-01-15T12:00:00Z');

/** A result row of the search page: its customer, and its cells by label. */
function results(body: string): { id: string; cells: Record<string, string> }[] {
  return [...body.matchAll(/<tr data-customer-id="([^"]+)">([\s\S]*?)<\/tr>/g)].map(([, id, row]) => ({
    id,
    cells: Object.fromEntries(
      [...row.matchAll(/<td(?: data-label="([^"]+)")?[^>]*>([\s\S]*?)<\/td>/g)].map(([, label, cell]) => [
        label ?? 'Company',
        cell
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      ]),
    ),
  }));
}

describe.each(BACKENDS)('finding a customer in the console on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: D0 });
  const partner = usePartner(t, { name: 'Harbour Partner' });
  let live: PartnerClient;
  let user: ConsoleUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t.clock.set(D0);
    live = await t.token(partner.partnerId, 'production');
    ids.sandbox = await createCustomer(partner, { external_customer_id: 'crm-HJ-1', people: [HARTLEY.person] }, HARTLEY.company);
    t.clock.advanceDays(1);
    ids.production = await createCustomer(live, { external_customer_id: 'crm-HJ-1', people: [HARTLEY.person] }, HARTLEY.company);
    const other = await t.partner({ name: 'Other Brokers' });
    ids.other = await createCustomer(other, { external_customer_id: 'crm-other' }, { registered_company_name: 'Smith & Sons', company_number: '11223344' });
  });

  // Signed in afresh at each test's time (a session ends when the test's clock jumps months on).
  const signIn = async () => {
    user = (await signedInOperator(t, 'viewer')).user;
  };
  beforeEach(signIn);

  const search = async (q: string) => {
    const res = await user.get(`/console/customers?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, `${q}: ${res.body.slice(0, 200)}`).toBe(200);
    return res;
  };

  it('finds by any part of the name or number, an email, a phone or the external id, across partners, saying what matched', async () => {
    const both = [ids.production, ids.sandbox];
    for (const [q, matched] of [
      ['hartley joinery', 'company name'],
      ['JOINERY LTD', 'company name'],
      ['ley-Join', 'company name'],
      ['hartley doors', 'company name'],
      ['0987', 'company number'],
      ['09 87 65 43', 'company number'],
      ['ops@hartley.example', 'email'],
      ['07700 900123', 'phone'],
      ['+447700900123', 'phone'],
      ['crm-HJ-1', 'external customer id'],
    ] as const) {
      const found = results((await search(q)).body);
      expect(
        found.map((r) => r.id),
        q,
      ).toEqual(both);
      expect(found[0].cells.Matched, q).toContain(matched);
    }
    const [production, sandbox] = results((await search('hartley')).body);
    // Each says its partner and its environment, in words: a sandbox customer is test data.
    expect(production.cells).toMatchObject({ Partner: 'Harbour Partner', Environment: 'Production', 'Latest application': 'None', Loans: 'None' });
    expect(sandbox.cells).toMatchObject({ Partner: 'Harbour Partner', Environment: 'Sandbox (test)' });
    expect(production.cells.Company).toBe('Hartley-Joinery Ltd. trading as Hartley Doors, no. 09876543');
    expect((await search('hartley')).body).toContain(`<a href="/console/customers/${ids.production}">Hartley-Joinery Ltd.</a>`);
    expect(results((await search('smith')).body).map((r) => [r.id, r.cells.Partner])).toEqual([[ids.other, 'Other Brokers']]);
    for (const q of ['crm-hj-1', 'ha', 'nothing like it', UNKNOWN_UUID]) {
      const res = await search(q);
      expect(results(res.body), q).toEqual([]);
      expect(res.body).toContain('No customer matches');
    }
  });

  it('shows the latest application (linked) and the loans, with those in arrears', async () => {
    t.clock.set(D0);
    const { customerId, applicationId, offerId } = await selectedOffer(partner, TEN_THOUSAND);
    const loanId = await fund(partner, offerId, 1000);
    t.clock.set(new Date('2026-04-01T12:00:00Z'));
    const missed = await partner.post(`/sandbox/loans/${loanId}/simulate`, { data: { until: '2026-03-31', missed: ['2026-02-15'] } });
    expect(missed.statusCode, missed.body).toBe(200);
    await signIn();
    const res = await search('acme widgets');
    const row = results(res.body).find((r) => r.id === customerId);
    expect(row?.cells).toMatchObject({ 'Latest application': 'funded', Loans: '1, 1 in arrears', Environment: 'Sandbox (test)' });
    expect(res.body).toContain(`<a href="/console/applications/${applicationId}" aria-label="Application ${applicationId.slice(0, 8)}: funded">`);
  });

  it('opens the record a whole id names: customer, application, offer, loan, funding and document', async () => {
    t.clock.set(D0);
    const { customerId, applicationId, offerId } = await selectedOffer(partner, TEN_THOUSAND);
    // The funding's id, which its loan shares.
    const fundingId = await fund(partner, offerId, 1000);
    const loanId = (await partner.get(`/customers/${customerId}/loans/`)).json().data[0].loan_id as string;
    expect(loanId).toBe(fundingId);
    const doc = await upload(t, partner, customerId, 'invoices', { filename: 'a.pdf', content: pdf({ seed: `console-search-${backend}` }) });
    expect(doc.statusCode, doc.body).toBe(201);
    const documentId = doc.json().data.document_id as string;
    const preApproved = await partner.post(`/sandbox/customers/${ids.sandbox}/pre_approvals`, {
      data: { max_amount: 5000, monthly_interest_percentage: 2, fee_percentage: 0, duration_in_days: 120, valid_for_days: 10 },
    });
    expect(preApproved.statusCode, preApproved.body).toBe(201);
    const preApprovalOffer = preApproved.json().data.offer_id as string;
    for (const [q, page] of [
      [customerId, `/console/customers/${customerId}`],
      [applicationId, `/console/applications/${applicationId}`],
      [offerId, `/console/applications/${applicationId}`],
      // A funding shares its loan's id: it opens the loan.
      [fundingId, `/console/loans/${loanId}`],
      [loanId, `/console/loans/${loanId}`],
      [documentId, `/console/documents/${documentId}`],
      // An offer of no application (a pre-approval's): its customer's page, which shows it.
      [preApprovalOffer, `/console/customers/${ids.sandbox}`],
      // Pasted with spaces around it, in capitals.
      [` ${loanId.toUpperCase()} `, `/console/loans/${loanId}`],
    ]) {
      const res = await user.get(`/console/customers?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(303);
      expect(res.headers.location, q).toBe(page);
      expect((await user.get(page)).statusCode, page).toBe(200);
    }
  });

  it('lists every customer newest first for an empty search, and says so when a search is too long', async () => {
    const newest = (await t.testDb.db.query<{ id: string }>('SELECT id FROM customers ORDER BY created_at DESC, id DESC LIMIT 50')).rows.map((r) => r.id);
    expect(newest).toEqual(expect.arrayContaining([ids.sandbox, ids.production, ids.other]));
    for (const q of ['', '   ']) {
      const shown = htmlPage((await search(q)).body, /<tr data-customer-id="([^"]+)"/);
      expect(shown.items, JSON.stringify(q)).toEqual(newest);
      expect(shown.next).toBeNull();
    }
    expect((await search('a'.repeat(200))).body).toContain('No customer matches');
    const long = 'Hartley '.repeat(26);
    const res = await user.get(`/console/customers?q=${encodeURIComponent(long)}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Search for at most 200 characters');
    expect(res.body).toContain('aria-invalid="true"');
    expect(res.body).toContain(`value="${long}"`);
    expect(results(res.body)).toEqual([]);
  });
});
