/**
 * The dashboard's "Test clocks" page (docs/behaviour.md, sections 24 and 28), through app.inject:
 * the same services as the API, the refusals beside their fields with the service's status,
 * roles, audit, paging, another partner's clocks and the production environment.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner, useTestApp } from '../helpers/app.ts';
import { signedInPartnerUser, type DashboardUser } from '../helpers/dashboard.ts';
import { apply, getOffers, selectOffer, type OfferTermsJson } from '../helpers/lending.ts';
import { fund } from '../helpers/loans.ts';
import { createClock, customerOnClock, getClock, plusDays, plusMonths } from '../helpers/test-clocks.ts';
import { eventually } from '../helpers/receiver.ts';
import { useWorker } from '../helpers/worker.ts';
import { formatDate } from '../../src/web/format.ts';

const PAGE = '/dashboard/test-clocks';
const TERMS: OfferTermsJson = { product_type: 'flexi_loan', max_amount: 5000, monthly_interest_percentage: 2, fee_percentage: 0, duration_in_days: 120 };

/** The card of a clock on the page, up to the next card (or the end of the list). */
function cardOf(body: string, clockId: string): string {
  return new RegExp(`<li class="card clock" data-clock-id="${clockId}">(.*?)</li>`, 's').exec(body)?.[1] ?? '';
}

/** The error shown beside a clock's field ("to" or "missed"). */
function errorBeside(body: string, clockId: string, field: string): string | undefined {
  return new RegExp(`id="advance-${clockId}-${field}-error"><span class="visually-hidden">Error: </span>([^<]*)<`).exec(body)?.[1];
}

/** A date as the page writes it, the service's ISO dates included. */
const words = (day: string) => formatDate(day);

const clockIdsOn = (body: string) => [...body.matchAll(/data-clock-id="([0-9a-f-]{36})"/g)].map((m) => m[1]);

describe.each(BACKENDS)('the test clocks page with a worker on %s', (backend) => {
  const t = useTestApp(backend);
  useWorker(t);
  const partner = usePartner(t, { name: 'Clockwork Brokers' });

  const auditOf = async (user: DashboardUser) =>
    (
      await t.testDb.db.query<{ action: string; target_type: string; target_id: string; summary: Record<string, unknown> }>(
        "SELECT action, target_type, target_id, summary FROM audit_log WHERE actor = $1 AND action LIKE 'test_clock.%' ORDER BY seq",
        [user.email],
      )
    ).rows;

  it('creates a clock, shows its customers, advances it to a new date and deletes it after a confirmation, each audited', async () => {
    const { user } = await signedInPartnerUser(t, partner.partnerId, 'developer');
    const empty = await user.get(PAGE);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('<a href="/dashboard/test-clocks" aria-current="page">Test clocks</a>');
    expect(empty.body).toContain('id="no-clocks"');

    const created = await user.post(PAGE, { name: 'A year of repayments' });
    expect(created.statusCode).toBe(303);
    expect(created.headers.location).toBe(`${PAGE}?done=created`);
    const listed = await user.get(created.headers.location as string);
    const [clockId] = clockIdsOn(listed.body);
    const clock = await getClock(partner, clockId);
    expect(clock).toMatchObject({ name: 'A year of repayments', status: 'ready', customer_count: 0 });
    expect(listed.body).toContain('Test clock created');
    expect(cardOf(listed.body, clockId)).toContain(`<dd id="clock-${clockId}-date">${formatDate(clock.frozen_on)}</dd>`);
    // "Advance" and "Delete" are named exactly that, and told apart by the clock's name and date.
    expect(cardOf(listed.body, clockId)).toContain(`<button type="submit" aria-describedby="clock-${clockId} clock-${clockId}-date">Advance</button>`);
    expect(cardOf(listed.body, clockId)).toContain(`aria-describedby="clock-${clockId} clock-${clockId}-date">Delete</a>`);

    const tickTock = await customerOnClock(partner, clockId, { external_customer_id: 'crm-clock-1' }, { registered_company_name: 'Tick Tock Ltd' });
    await customerOnClock(partner, clockId, { external_customer_id: 'crm-clock-2' }, { registered_company_name: 'Pendulum & Sons Ltd' });
    const withCustomers = cardOf((await user.get(PAGE)).body, clockId);
    expect(withCustomers).toContain(
      '<dd>2: <a href="/dashboard/customers?q=crm-clock-2">Pendulum &amp; Sons Ltd</a>, <a href="/dashboard/customers?q=crm-clock-1">Tick Tock Ltd</a></dd>',
    );
    expect((await user.get('/dashboard/customers?q=crm-clock-2')).body).toContain('Pendulum &amp; Sons Ltd');

    const to = plusDays(clock.frozen_on, 40);
    // A loan on the clock, so that the advance has a repayment to miss: its first.
    const applicationId = await apply(partner, tickTock, { amount: 2000 });
    await partner.post(`/sandbox/applications/${applicationId}/decision`, { data: { outcome: 'offered', offers: [TERMS] } });
    const [offer] = (await getOffers(partner, applicationId)).offers;
    await selectOffer(partner, offer.offer_id, 'introducer');
    const loanId = await fund(partner, offer.offer_id, 2000);
    const missed: string = (await partner.get(`/loans/${loanId}/`)).json().data.repayments[0].date;
    const advanced = await user.post(`${PAGE}/${clockId}/advance`, { to, missed: `${missed}` });
    expect(advanced.statusCode, advanced.body).toBe(303);
    expect(advanced.headers.location).toBe(`${PAGE}?done=advancing`);
    expect((await user.get(advanced.headers.location as string)).body).toContain('Advancing: the worker plays each day in order.');
    const ready = await eventually(async () => ((await getClock(partner, clockId)).status === 'ready' ? getClock(partner, clockId) : null), 60_000, 'ready');
    expect(ready.frozen_on).toBe(to);
    const after = cardOf((await user.get(PAGE)).body, clockId);
    expect(after).toContain(`<dd id="clock-${clockId}-date">${formatDate(to)}</dd>`);
    expect(after).toContain('<dd>Ready</dd>');

    const confirm = await user.get(`${PAGE}/${clockId}/delete`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Delete A year of repayments?');
    expect(confirm.body).toContain(`Its 2 customers keep their data and stay on ${formatDate(to)}, the date it reached.`);
    const deleted = await user.post(`${PAGE}/${clockId}/delete`);
    expect(deleted.headers.location).toBe(`${PAGE}?done=deleted`);
    expect(clockIdsOn((await user.get(PAGE)).body)).not.toContain(clockId);
    expect((await partner.get(`/sandbox/test_clocks/${clockId}/`)).statusCode).toBe(404);

    expect(await auditOf(user)).toEqual([
      {
        action: 'test_clock.created',
        target_type: 'test_clock',
        target_id: clockId,
        summary: { environment: 'sandbox', name: 'A year of repayments', frozen_on: clock.frozen_on },
      },
      {
        action: 'test_clock.advanced',
        target_type: 'test_clock',
        target_id: clockId,
        summary: { environment: 'sandbox', from: clock.frozen_on, to, missed: [missed] },
      },
      {
        action: 'test_clock.deleted',
        target_type: 'test_clock',
        target_id: clockId,
        summary: { environment: 'sandbox', name: 'A year of repayments', frozen_on: to, customer_count: 2 },
      },
    ]);
  });

  it('lets an owner create and advance a clock as a developer does', async () => {
    const { user } = await signedInPartnerUser(t, partner.partnerId, 'owner');
    await user.get(PAGE);
    expect((await user.post(PAGE, { name: '' })).headers.location).toBe(`${PAGE}?done=created`);
    const [clockId] = clockIdsOn((await user.get(PAGE)).body);
    expect(cardOf((await user.get(PAGE)).body, clockId)).toContain(`<h3 id="clock-${clockId}">Clock ${clockId.slice(0, 8)}</h3>`);
    const { frozen_on } = await getClock(partner, clockId);
    expect((await user.post(`${PAGE}/${clockId}/advance`, { to: plusDays(frozen_on, 1), missed: '' })).statusCode).toBe(303);
    await eventually(async () => (await getClock(partner, clockId)).status === 'ready', 60_000, 'ready');
    expect((await auditOf(user)).map((row) => row.action)).toEqual(['test_clock.created', 'test_clock.advanced']);
  });
});

describe.each(BACKENDS)('the test clocks page, its refusals and its limits on %s', (backend) => {
  // No worker: an advance started stays `advancing`, and nothing moves under the assertions.
  const t = useTestApp(backend);
  const partner = usePartner(t, { name: 'Careful Brokers' });
  const other = usePartner(t, { name: 'Other Brokers' });

  const clockState = async (clockId: string) =>
    (await t.testDb.db.query('SELECT frozen_on::text, status, advance_to::text, missed::text[] FROM test_clocks WHERE id = $1', [clockId])).rows[0];
  const auditCount = async () =>
    (await t.testDb.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'test_clock.%'")).rows[0].n;

  it('shows each refused advance beside its field with the service’s status, the date typed kept, and changes nothing', async () => {
    const { user } = await signedInPartnerUser(t, partner.partnerId, 'developer');
    const clock = await createClock(partner, 'Refusals');
    const id = clock.test_clock_id;
    await user.get(PAGE);
    const before = [await clockState(id), await auditCount()];
    const latest = plusMonths(clock.frozen_on, 24);
    const cases: [Record<string, string>, number, string, string][] = [
      [{ to: '' }, 400, 'to', 'Enter the date to advance to'],
      [{ to: 'next tuesday' }, 400, 'to', 'Enter the date to advance to as a date, like 2019-03-01'],
      [{ to: clock.frozen_on }, 400, 'to', `Must be after ${words(clock.frozen_on)}, the clock's date: a test clock only moves forward`],
      [{ to: plusDays(latest, 1) }, 400, 'to', `Must be at most two years after the clock's date (on or before ${words(latest)})`],
      [{ to: plusDays(clock.frozen_on, 5), missed: 'soon' }, 400, 'missed', 'Enter each missed repayment as a date, like 2019-03-01'],
      [
        { to: plusDays(clock.frozen_on, 5), missed: `${plusDays(clock.frozen_on, 9)}` },
        400,
        'missed',
        `${words(plusDays(clock.frozen_on, 9))}: must be a day this advance plays, after ${words(clock.frozen_on)} and on or before ${words(plusDays(clock.frozen_on, 5))}`,
      ],
      [
        { to: plusDays(clock.frozen_on, 5), missed: `${plusDays(clock.frozen_on, 2)}` },
        400,
        'missed',
        `${words(plusDays(clock.frozen_on, 2))}: must be a day on which a repayment of a loan on this clock falls due: none falls due in this advance`,
      ],
    ];
    for (const [fields, status, field, message] of cases) {
      const res = await user.post(`${PAGE}/${id}/advance`, { missed: '', ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(errorBeside(res.body, id, field), JSON.stringify(fields)).toBe(message);
      expect(res.body).toContain(`<a href="#advance-${id}-${field}">`);
      expect(res.body).toMatch(new RegExp(`id="advance-${id}-to" name="to" type="date" value${fields.to ? `="${fields.to}"` : ''}[ /]`));
    }
    // Advancing a clock that already advances (a page loaded before the API's advance): 409, beside "Advance to".
    expect((await partner.post(`/sandbox/test_clocks/${id}/advance`, { data: { to: plusDays(clock.frozen_on, 3) } })).statusCode).toBe(202);
    const advancing = [await clockState(id), await auditCount()];
    const twice = await user.post(`${PAGE}/${id}/advance`, { to: plusDays(clock.frozen_on, 30), missed: '' });
    expect(twice.statusCode).toBe(409);
    expect(errorBeside(twice.body, id, 'to')).toBe(`The clock is still advancing to ${words(plusDays(clock.frozen_on, 3))}: wait until it is ready`);
    expect(cardOf(twice.body, id)).toContain(`<dd>Advancing to ${words(plusDays(clock.frozen_on, 3))}</dd>`);
    // Read again, the advancing clock's card has no form, only a word.
    const reread = cardOf((await user.get(PAGE)).body, id);
    expect(reread).not.toContain('>Advance</button>');
    expect(reread).toContain('The worker is playing its days');
    expect([await clockState(id), await auditCount()]).toEqual(advancing);
    expect(advancing[1]).toBe(before[1]);
  });

  it('pages the clocks 50 at a time, and refuses the 101st beside "Name"', { timeout: 120_000 }, async () => {
    const busy = await t.partner({ name: 'Busy Brokers' });
    const { user } = await signedInPartnerUser(t, busy.partnerId, 'developer');
    const made: string[] = [];
    for (let i = 1; i <= 100; i++) made.push((await createClock(busy, `Clock number ${i}`)).test_clock_id);
    const first = await user.get(PAGE);
    expect(clockIdsOn(first.body)).toEqual(made.slice(50).reverse());
    expect(first.body).toContain('Showing 1–50 test clocks, more on the next page');
    expect(first.body).not.toContain('Previous page');
    const next = /<a href="(\/dashboard\/test-clocks\?cursor=[\w-]+)" rel="next">Next page<\/a>/.exec(first.body)?.[1] as string;
    const second = await user.get(next);
    expect(clockIdsOn(second.body)).toEqual(made.slice(0, 50).reverse());
    expect(second.body).toContain('Showing 51–100 of 100 test clocks');
    const previous = /<a href="(\/dashboard\/test-clocks\?cursor=[\w-]+)" rel="prev">Previous page<\/a>/.exec(second.body)?.[1] as string;
    expect(clockIdsOn((await user.get(previous)).body)).toEqual(made.slice(50).reverse());
    expect(second.body).not.toContain('Next page');
    // A refused advance on the second page shows that page again, with the error beside the clock's field.
    const cursor = new URL(next, 'http://x').searchParams.get('cursor') as string;
    const refused = await user.post(`${PAGE}/${made[0]}/advance`, { to: '2000-01-01', missed: '', cursor });
    expect(refused.statusCode).toBe(400);
    expect(clockIdsOn(refused.body)).toEqual(made.slice(0, 50).reverse());
    expect(refused.body).toContain(`<input type="hidden" name="cursor" value="${cursor}"/>`);
    expect(errorBeside(refused.body, made[0], 'to')).toMatch(/^Must be after /);
    // A cursor the list refuses shows the first page, saying so (400); one that is no cursor at all counts as absent.
    const stale = await user.get(`${PAGE}?cursor=abc`);
    expect(stale.statusCode).toBe(400);
    expect(stale.body).toContain('That page of the list is no longer available');
    expect(clockIdsOn(stale.body)).toEqual(made.slice(50).reverse());
    expect(clockIdsOn((await user.get(`${PAGE}?cursor=${encodeURIComponent('not a cursor')}`)).body)).toEqual(made.slice(50).reverse());
    // The API and the page read one list with one cursor (section 27): the API's next page is the page's.
    const apiCursor = (await busy.get('/sandbox/test_clocks/')).json().meta.next_cursor as string;
    const viaApi = await user.get(`${PAGE}?cursor=${encodeURIComponent(apiCursor)}`);
    expect(viaApi.statusCode).toBe(200);
    expect(clockIdsOn(viaApi.body)).toEqual(made.slice(0, 50).reverse());

    const limit = await user.post(PAGE, { name: 'One too many' });
    expect(limit.statusCode).toBe(400);
    expect(limit.body).toContain(
      'id="field-name-error"><span class="visually-hidden">Error: </span>A partner has at most 100 test clocks: delete one you no longer use<',
    );
    expect(limit.body).toContain('value="One too many"');
    const long = await user.post(PAGE, { name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('The name must be at most 100 characters');
    await user.get(`${PAGE}/${made[0]}/delete`);
    expect((await user.post(`${PAGE}/${made[0]}/delete`)).statusCode).toBe(303);
    expect((await user.post(PAGE, { name: 'One more now' })).statusCode).toBe(303);
  });

  it('shows a viewer the clocks and no control, and refuses their POSTs, changing nothing', async () => {
    const { user: viewer } = await signedInPartnerUser(t, partner.partnerId, 'viewer');
    const clock = await createClock(partner, 'Looked at');
    await customerOnClock(partner, clock.test_clock_id, {}, { registered_company_name: 'Only A Name Ltd' });
    const page = await viewer.get(PAGE);
    const card = cardOf(page.body, clock.test_clock_id);
    expect(card).toContain('<dd>1: <a href="/dashboard/customers?q=Only%20A%20Name%20Ltd">Only A Name Ltd</a></dd>');
    expect(card).not.toContain('Advance');
    expect(card).not.toContain('Delete');
    expect(page.body).not.toContain('Create test clock</button>');
    expect(page.body).toContain('id="clocks-read-only"');
    const before = [await clockState(clock.test_clock_id), await auditCount()];
    for (const [path, fields] of [
      [PAGE, { name: 'A viewer’s clock' }],
      [`${PAGE}/${clock.test_clock_id}/advance`, { to: plusDays(clock.frozen_on, 1) }],
      [`${PAGE}/${clock.test_clock_id}/delete`, {}],
    ] as const) {
      const res = await viewer.post(path, fields);
      expect(res.statusCode, path).toBe(403);
      expect(res.body).toContain('Nothing was changed');
    }
    expect((await viewer.get(`${PAGE}/${clock.test_clock_id}/delete`)).statusCode).toBe(403);
    expect([await clockState(clock.test_clock_id), await auditCount()]).toEqual(before);
    expect((await partner.get('/sandbox/test_clocks/')).json().data.map((c: { name: string }) => c.name)).not.toContain('A viewer’s clock');
  });

  it("never shows another partner's clock, and answers its id as not found", async () => {
    const { user } = await signedInPartnerUser(t, partner.partnerId, 'owner');
    const theirs = await createClock(other, 'Their secret clock');
    const page = await user.get(PAGE);
    expect(page.body).not.toContain('Their secret clock');
    expect(page.body).not.toContain(theirs.test_clock_id);
    expect((await user.get(`${PAGE}/${theirs.test_clock_id}/delete`)).statusCode).toBe(404);
    expect((await user.get(`${PAGE}/not-a-uuid/delete`)).statusCode).toBe(404);
    for (const [path, fields] of [
      [`${PAGE}/${theirs.test_clock_id}/advance`, { to: plusDays(theirs.frozen_on, 1) }],
      [`${PAGE}/${theirs.test_clock_id}/delete`, {}],
    ] as const) {
      const res = await user.post(path, fields);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain('Page not found');
    }
    expect(await getClock(other, theirs.test_clock_id)).toEqual(theirs);
  });

  it('in production leaves "Test clocks" out of the navigation, says they are a sandbox tool, and refuses changes', async () => {
    const { user } = await signedInPartnerUser(t, partner.partnerId, 'owner');
    const clock = await createClock(partner, 'Sandbox only');
    await user.get(PAGE);
    const switched = await user.post('/dashboard/environment', { environment: 'production', back: PAGE });
    expect(switched.headers.location).toBe(PAGE);
    const page = await user.get(PAGE);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="sandbox-only"');
    expect(page.body).not.toContain('Sandbox only');
    expect(page.body).not.toContain('>Test clocks</a>');
    expect((await user.get('/dashboard/tokens')).body).not.toContain('>Test clocks</a>');
    const before = [await clockState(clock.test_clock_id), await auditCount()];
    for (const [path, fields] of [
      [PAGE, { name: 'A production clock' }],
      [`${PAGE}/${clock.test_clock_id}/advance`, { to: plusDays(clock.frozen_on, 1) }],
      [`${PAGE}/${clock.test_clock_id}/delete`, {}],
    ] as const) {
      const res = await user.post(path, fields);
      expect(res.statusCode, path).toBe(403);
    }
    expect([await clockState(clock.test_clock_id), await auditCount()]).toEqual(before);
    expect((await t.testDb.db.query("SELECT 1 FROM test_clocks WHERE name = 'A production clock'")).rows).toEqual([]);
    await user.post('/dashboard/environment', { environment: 'sandbox', back: PAGE });
    expect((await user.get('/dashboard/tokens')).body).toContain('<a href="/dashboard/test-clocks">Test clocks</a>');
  });
});
