/**
 * The SDK's and the `lending` binary's funding account and pre-approval commands (docs/behaviour.md,
 * section 21), against a real server on both databases.
 */
import { describe, expect, it } from 'vitest';
import { useWebServer } from '../../test/helpers/browser.ts';
import { customerBody, usePartner } from '../../test/helpers/app.ts';
import { BACKENDS } from '../../test/helpers/db.ts';
import { lending } from './lending-bin.ts';
import { LendingClient } from '../src/index.ts';

describe.each(BACKENDS)('funding accounts and pre-approvals from the SDK and the CLI on %s', (backend) => {
  const server = useWebServer(backend);
  const partner = usePartner(server);

  it('sets and shows the funding account and reads the pre-approval', async () => {
    const env = { LENDING_API_TOKEN: partner.token, LENDING_BASE_URL: server.base };
    const sdk = new LendingClient({ token: partner.token, baseUrl: server.base });
    const { data } = await sdk.createCustomer(customerBody() as never);
    const customerId = data.customer_id;

    const set = await lending(
      env,
      'funding-account',
      'set',
      customerId,
      '--name',
      'Acme Widgets Ltd',
      '--sort-code',
      '08-99-99',
      '--account-number',
      '66374958',
    );
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('Acme Widgets Ltd, sort code 08-99-99, account ending 4958');
    expect(set.stdout).toContain('verified: drawdowns are paid into it');
    expect(set.stdout).not.toContain('66374958');
    const show = await lending(env, '--json', 'funding-account', 'show', customerId);
    expect(JSON.parse(show.stdout).data).toMatchObject({ sort_code: '08-99-99', account_number_ending: '4958', status: 'verified' });
    expect((await sdk.getFundingAccount(customerId)).data.status).toBe('verified');

    const invalid = await lending(env, 'funding-account', 'set', customerId, '--name', 'Acme', '--sort-code', '08-99-99', '--account-number', '66374959');
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('BankDetailsInvalid');
    const malformed = await lending(env, 'funding-account', 'set', customerId, '--name', 'Acme', '--sort-code', '08 99 99', '--account-number', '1');
    expect(malformed.code).not.toBe(0);

    const none = await lending(env, 'pre-approval', customerId);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('NotFound');
    await sdk.sandboxPreApproveCustomer(customerId, {
      data: { max_amount: 5000, monthly_interest_percentage: 2.5, fee_percentage: 0, duration_in_days: 120, valid_for_days: 30 },
    });
    const shown = await lending(env, 'pre-approval', customerId);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('available');
    expect(shown.stdout).toContain('Limit £5000, available £5000');
    expect((await sdk.getPreApproval(customerId)).data.max_amount).toBe(5000);
  });
});
