/**
 * Sandbox test clocks from the SDK and the `lending` binary (docs/behaviour.md, section 28),
 * against a real server with its worker, on both databases.
 */
import { describe, expect, it } from 'vitest';
import { useWebServer } from '../../test/helpers/browser.ts';
import { customerBody, usePartner } from '../../test/helpers/app.ts';
import { BACKENDS } from '../../test/helpers/db.ts';
import { UUID_TEXT } from '../../test/helpers/foundation.ts';
import { plusDays } from '../../test/helpers/test-clocks.ts';
import { lending } from './lending-bin.ts';
import { LendingApiError, LendingClient, type TestClock } from '../src/index.ts';

describe.each(BACKENDS)('test clocks from the SDK and the CLI on %s', (backend) => {
  const server = useWebServer(backend);
  const partner = usePartner(server);

  it('creates, lists, shows, advances (waiting for ready) and deletes a clock', async () => {
    const env = { LENDING_API_TOKEN: partner.token, LENDING_BASE_URL: server.base };
    const sdk = new LendingClient({ token: partner.token, baseUrl: server.base });

    const created = await lending(env, 'clocks', 'create', '--name', 'walk-through');
    expect(created.code, created.stderr).toBe(0);
    const clockId = new RegExp(`Created Clock (${UUID_TEXT}) \\(walk-through\\): ready at (\\d{4}-\\d{2}-\\d{2}), 0 customers`).exec(
      created.stdout,
    )?.[1] as string;
    expect(clockId).toBeDefined();
    const clock: TestClock = (await sdk.getTestClock(clockId)).data;
    expect(clock).toMatchObject({ test_clock_id: clockId, name: 'walk-through', status: 'ready', customer_count: 0 });

    const customer = await sdk.createCustomer(customerBody({ test_clock_id: clockId }) as never);
    expect((await sdk.getCustomer(customer.data.customer_id)).data.test_clock_id).toBe(clockId);
    // A loan on the clock, so that the advance has a repayment day to miss.
    const application = await sdk.createApplication(customer.data.customer_id, { data: { amount: 2000 } });
    const terms = { product_type: 'flexi_loan', max_amount: 5000, monthly_interest_percentage: 2, fee_percentage: 0, duration_in_days: 120 } as const;
    await sdk.sandboxDecideApplication(application.data.application_id, { data: { outcome: 'offered', offers: [terms] } });
    const offerId = (await sdk.listOffers(application.data.application_id)).data.offers[0].offer_id;
    await sdk.selectOffer(offerId, { data: { entity_to_contact: 'introducer' } });
    const loanId = (await sdk.sandboxFundOffer(offerId, { data: { amount: 2000 } })).data.funding_id;
    const firstRepayment = (await sdk.getLoan(loanId)).data.repayments[0].date;

    const list = await lending(env, 'clocks', 'list');
    expect(list.stdout).toMatch(/^CLOCK\s+NAME\s+DATE\s+STATUS\s+CUSTOMERS/m);
    expect(list.stdout).toMatch(new RegExp(`^${clockId}\\s+walk-through\\s+${clock.frozen_on}\\s+ready\\s+1$`, 'm'));
    expect((await sdk.listTestClocks({ limit: 1 })).data.map((c) => c.test_clock_id)).toEqual([clockId]);

    // The CLI waits until the worker has played every day.
    const to = plusDays(clock.frozen_on, 40);
    const notRepaymentDay = await lending(env, 'clocks', 'advance', clockId, '--to', to, '--missed', plusDays(firstRepayment, 1));
    expect(notRepaymentDay.code).toBe(1);
    expect(notRepaymentDay.stderr).toContain(
      `Error: ValidationError: must be a day on which a repayment of a loan on this clock falls due; in this advance: ${firstRepayment} (/data/missed/0)`,
    );
    const advanced = await lending(env, 'clocks', 'advance', clockId, '--to', to, '--missed', firstRepayment);
    expect(advanced.code, advanced.stderr).toBe(0);
    expect(advanced.stdout).toContain(`Clock ${clockId} (walk-through): ready at ${to}, 1 customer`);
    const refused = await lending(env, 'clocks', 'advance', clockId, '--to', clock.frozen_on);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Error: ValidationError: must be after .* \(\/data\/to\)/);
    const notDate = await lending(env, 'clocks', 'advance', clockId, '--to', 'tomorrow');
    expect(notDate.code).not.toBe(0);
    expect(notDate.stderr).toContain('YYYY-MM-DD');

    // The SDK answers once the clock is ready when asked, else at once; a refusal is a typed error with its pointer.
    const ready = await sdk.advanceTestClock(clockId, { data: { to: plusDays(to, 1) } }, { waitUntilReady: true, pollIntervalMs: 50 });
    expect(ready.data).toMatchObject({ status: 'ready', frozen_on: plusDays(to, 1) });
    const backwards = await sdk.advanceTestClock(clockId, { data: { to: clock.frozen_on } }).catch((error: unknown) => error);
    expect(backwards).toBeInstanceOf(LendingApiError);
    expect((backwards as LendingApiError).errors).toEqual([{ code: 'ValidationError', detail: expect.any(String), source: { pointer: '/data/to' } }]);
    const started = await sdk.advanceTestClock(clockId, { data: { to: plusDays(to, 2) } });
    expect(started.data.status).toBe('advancing');

    const deleted = await lending(env, 'clocks', 'delete', clockId);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toContain(`Deleted clock ${clockId}`);
    const gone = await lending(env, '--json', 'clocks', 'show', clockId);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain('Error: NotFound');
  });
});
