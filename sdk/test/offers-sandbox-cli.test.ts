/**
 * The `lending` binary's `offers select`, `sandbox fund|decide|simulate` and `customers create`
 * with `--test-clock` and `--external-customer-id` (docs/behaviour.md, sections 7, 14, 20 and 31):
 * the commands the README's walk-through needs, against a real server on both databases.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useWebServer } from '../../test/helpers/browser.ts';
import { customerBody, usePartner } from '../../test/helpers/app.ts';
import { BACKENDS } from '../../test/helpers/db.ts';
import { UUID_TEXT } from '../../test/helpers/foundation.ts';
import { lending } from './lending-bin.ts';
import { LendingClient } from '../src/index.ts';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'lending-cli-'));
}, 120_000);
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe.each(BACKENDS)('offers select and the sandbox commands of the CLI on %s', (backend) => {
  const server = useWebServer(backend);
  const partner = usePartner(server);

  it('creates a customer on a clock with its own external id, selects an offer for either contact, draws funds and records collections', async () => {
    const env = { LENDING_API_TOKEN: partner.token, LENDING_BASE_URL: server.base };
    const sdk = new LendingClient({ token: partner.token, baseUrl: server.base });
    const file = join(scratch, `customer-${backend}.json`);
    await writeFile(file, JSON.stringify(customerBody({ external_customer_id: 'crm-from-file' })));
    const clock = (await sdk.createTestClock({ data: { name: 'cli' } })).data;

    const created = await lending(
      env,
      '--json',
      'customers',
      'create',
      '--file',
      file,
      '--external-customer-id',
      'crm-cli-1',
      '--test-clock',
      clock.test_clock_id,
    );
    expect(created.code, created.stderr).toBe(0);
    const customerId = JSON.parse(created.stdout).data.customer_id as string;
    expect((await sdk.getCustomer(customerId)).data).toMatchObject({ external_customer_id: 'crm-cli-1', test_clock_id: clock.test_clock_id });

    const application = (await sdk.createApplication(customerId, { data: { amount: 6000 } })).data.application_id;
    const decided = await lending(env, 'sandbox', 'decide', application, '--outcome', 'offered');
    expect(decided.code, decided.stderr).toBe(0);
    expect(decided.stdout).toBe(`Application ${application}: offered\n`);
    const offers = (await sdk.listOffers(application)).data.offers;
    expect(offers.length).toBeGreaterThan(1);
    const [first, second] = offers.map((o) => o.offer_id);

    // Not selected yet: drawing is refused with the API's words and exit code 1.
    const early = await lending(env, 'sandbox', 'fund', first, '--amount', '1000');
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/^Error: FundingNotAllowed: .*select it first/m);

    const forCustomer = await lending(env, 'offers', 'select', first);
    expect(forCustomer.code, forCustomer.stderr).toBe(0);
    expect(forCustomer.stdout).toMatch(
      new RegExp(
        `^Selected offer ${first}; the customer is the contact\\nLogin link for the customer \\(single use, 24 hours\\): ${server.base.replace(/[.]/g, '\\.')}/portal/login\\?token=\\S+\\n$`,
      ),
    );
    const forIntroducer = await lending(env, '--json', 'offers', 'select', second, '--contact', 'introducer');
    expect(forIntroducer.code, forIntroducer.stderr).toBe(0);
    expect(JSON.parse(forIntroducer.stdout)).toEqual({ data: {} });
    const offersNow = (await sdk.listOffers(application)).data.offers;
    expect(offersNow.find((o) => o.offer_id === second)?.status).toBe('selected');
    expect(offersNow.find((o) => o.offer_id === first)?.status).toBe('available');
    // The login link is refused now, saying how to make the customer the contact again.
    const refused = await sdk.getLoginLink(customerId).catch((error: unknown) => error as { errors: { detail: string }[] });
    expect((refused as { errors: { detail: string }[] }).errors[0].detail).toContain('select the offer with entity_to_contact customer');
    const badContact = await lending(env, 'offers', 'select', second, '--contact', 'broker');
    expect(badContact.code).not.toBe(0);
    expect(badContact.stderr).toContain('Allowed choices are customer, introducer');

    // `offers APPLICATION` still lists the offers.
    const listed = await lending(env, 'offers', application);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^${second}\\s.*\\sselected$`, 'm'));

    const funded = await lending(env, 'sandbox', 'fund', second, '--amount', '2500');
    expect(funded.code, funded.stderr).toBe(0);
    const loanId = new RegExp(`^Funded 2500\\.00(?: \\(fee [0-9.]+ added to the loan\\))?: funding and loan (${UUID_TEXT})$`, 'm').exec(
      funded.stdout,
    )?.[1] as string;
    expect(loanId).toBeDefined();
    expect(funded.stdout).toContain(`See it with: lending loan ${loanId}`);
    const loan = (await sdk.getLoan(loanId)).data;
    expect(loan).toMatchObject({ amount: 2500, funded_on: clock.frozen_on });
    const badAmount = await lending(env, 'sandbox', 'fund', second, '--amount', '12.345');
    expect(badAmount.code).not.toBe(0);
    expect(badAmount.stderr).toContain('at most two decimals');

    // simulate on the clock's date: nothing is due yet, so a missed day ahead of the clock is refused with its pointer.
    const ahead = await lending(env, 'sandbox', 'simulate', loanId, '--until', clock.frozen_on, '--missed', loan.repayments[0].date);
    expect(ahead.code).toBe(1);
    expect(ahead.stderr).toContain('(/data/missed/0)');
    const simulated = await lending(env, 'sandbox', 'simulate', loanId, '--until', clock.frozen_on);
    expect(simulated.code, simulated.stderr).toBe(0);
    expect(simulated.stdout).toMatch(new RegExp(`^Loan ${loanId}: active, balance [0-9.]+, arrears 0\\.00 \\(0 days past due\\)\\n$`));
  });
});
