import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { ConsoleUser, signedInOperator } from '../helpers/console.ts';
import { customerWithApplication, eventsFor, getOffers, storedStatus } from '../helpers/lending.ts';
import { usePartner, useTestApp } from '../helpers/app.ts';

const OFFER = { product_0: 'business_loan', max_amount_0: '400,000', interest_0: '1.5', fee_0: '2', duration_0: '365' };

describe.each(BACKENDS)('operator console on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);

  async function waitingApplication(): Promise<string> {
    const { applicationId } = await customerWithApplication(partner, { application: { amount: 400000 } });
    expect((await getOffers(partner, applicationId)).offer_creation_status).toBe('pending_underwriting');
    return applicationId;
  }

  /** The operator opens the application, starts its review and asks to approve OFFER (above the four-eyes threshold). */
  async function askApproval(user: ConsoleUser, applicationId: string) {
    await user.get(`/console/applications/${applicationId}`);
    await user.post(`/console/applications/${applicationId}/start-review`);
    await user.get(`/console/applications/${applicationId}`);
    return user.post(`/console/applications/${applicationId}/approve`, { ...OFFER, intent: 'approve' });
  }

  const audit = async (applicationId: string) =>
    (
      await t.testDb.db.query<{ action: string; actor: string; operator_id: string | null }>(
        'SELECT action, actor, operator_id FROM audit_log WHERE target_id = $1 ORDER BY seq',
        [applicationId],
      )
    ).rows;

  it('sends the login page without a session to log in, and answers a wrong email or password alike', async () => {
    const anonymous = new ConsoleUser(t);
    const res = await anonymous.get('/console/applications');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/console/login');
    const login = await anonymous.get('/console/login');
    expect(login.statusCode).toBe(200);
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(/console_session=/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/console/);
    const { password } = await signedInOperator(t, 'viewer', 'same@lender.example');
    const wrongEmail = await anonymous.post('/console/login', { email: 'other@lender.example', password });
    const wrongPassword = await anonymous.post('/console/login', { email: 'same@lender.example', password: 'not it' });
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.statusCode).toBe(401);
    const message = (body: string) => /<div class="notice bad" role="alert"><p>([^<]+)<\/p>/.exec(body)?.[1];
    expect(message(wrongEmail.body)).toBe('The email or password is not right.');
    expect(message(wrongPassword.body)).toBe(message(wrongEmail.body));
    // Without the form's CSRF token nothing is checked at all.
    const forged = await anonymous.post('/console/login', { email: 'same@lender.example', password }, { csrf: null });
    expect(forged.statusCode).toBe(403);
  });

  it('answers unknown and unreadable console paths with HTML 404 pages and the security headers', async () => {
    for (const url of ['/console/nowhere', '/console/%E0%A4%A', `/console/applications/not-a-uuid`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(url.endsWith('not-a-uuid') ? 303 : 404);
      if (res.statusCode === 404) {
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(res.body).toContain('Page not found');
      }
    }
    const { user } = await signedInOperator(t, 'viewer');
    const unknown = await user.get('/console/applications/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Page not found');
    expect((await user.get('/console/applications/not-a-uuid')).statusCode).toBe(404);
  });

  it('takes an application from the queue to offered below the threshold, with events for the partner and audit rows', async () => {
    // Asked for 400,000; offered 200,000, below the four-eyes threshold.
    const applicationId = await waitingApplication();
    const { user, operator } = await signedInOperator(t, 'underwriter');
    const queue = await user.get('/console/applications');
    expect(queue.body).toContain(`/console/applications/${applicationId}`);
    const page = await user.get(`/console/applications/${applicationId}`);
    expect(page.body).toContain('>Start review</button>');
    expect((await user.post(`/console/applications/${applicationId}/start-review`)).statusCode).toBe(303);
    expect(await storedStatus(t, applicationId)).toBe('in_underwriting');

    await user.get(`/console/applications/${applicationId}`);
    const preview = await user.post(`/console/applications/${applicationId}/approve`, { ...OFFER, max_amount_0: '200000', intent: 'preview' });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('id="schedule-preview"');
    expect(await storedStatus(t, applicationId)).toBe('in_underwriting');

    const bad = await user.post(`/console/applications/${applicationId}/approve`, { ...OFFER, max_amount_0: 'lots', interest_0: '1.555', intent: 'approve' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter the maximum amount as an amount in pounds');
    expect(bad.body).toContain('Enter the monthly interest as a percentage');

    const approved = await user.post(`/console/applications/${applicationId}/approve`, { ...OFFER, max_amount_0: '200000', intent: 'approve' });
    expect(approved.statusCode, approved.body).toBe(303);
    expect(await storedStatus(t, applicationId)).toBe('offered');
    const offers = await getOffers(partner, applicationId);
    expect(offers.offers).toHaveLength(1);
    expect(offers.offers[0]).toMatchObject({
      product_type: 'business_loan',
      max_amount: 200000,
      monthly_interest_percentage: 1.5,
      fee_percentage: 2,
      duration_in_days: 365,
    });
    expect((await eventsFor(t, { applicationId }, 'application_offered')).length).toBe(1);
    const rows = await audit(applicationId);
    expect(rows.map((r) => r.action)).toEqual(['application.review_started', 'application.offered']);
    expect(rows.every((r) => r.operator_id === operator.id)).toBe(true);

    // Revoke, then a note.
    await user.get(`/console/applications/${applicationId}`);
    expect((await user.post(`/console/applications/${applicationId}/revoke`)).statusCode).toBe(303);
    expect(await storedStatus(t, applicationId)).toBe('offer_revoked');
    expect((await user.post(`/console/applications/${applicationId}/notes`, { note: 'Called the director <b>today</b>' })).statusCode).toBe(303);
    const after = await user.get(`/console/applications/${applicationId}`);
    expect(after.body).toContain('Called the director &lt;b>today&lt;/b>');
    expect((await audit(applicationId)).map((r) => r.action).slice(-2)).toEqual(['application.offered', 'application.note_added']);
    // The revocation is about the offer (target type offer), one row per offer revoked.
    const { rows: revoked } = await t.testDb.db.query<{ action: string; target_id: string; operator_id: string; summary: unknown }>(
      `SELECT action, target_id, operator_id, summary FROM audit_log WHERE target_type = 'offer' AND summary->>'application_id' = $1`,
      [applicationId],
    );
    expect(revoked).toEqual([
      { action: 'offer.revoked', target_id: offers.offers[0].offer_id, operator_id: operator.id, summary: { application_id: applicationId } },
    ]);
  });

  it('keeps an approval above the threshold pending until a different operator confirms it; the first cannot', async () => {
    const applicationId = await waitingApplication();
    const first = await signedInOperator(t, 'underwriter');
    const second = await signedInOperator(t, 'admin');
    const res = await askApproval(first.user, applicationId);
    expect(res.headers.location).toBe(`/console/applications/${applicationId}?done=pending`);
    expect(await storedStatus(t, applicationId)).toBe('in_underwriting');
    expect((await getOffers(partner, applicationId)).offers).toEqual([]);

    const mine = await first.user.get(`/console/applications/${applicationId}`);
    expect(mine.body).toContain('You asked for this approval');
    expect(mine.body).not.toContain('Confirm approval');
    const { rows } = await t.testDb.db.query<{ id: string }>(`SELECT id FROM pending_approvals WHERE application_id = $1`, [applicationId]);
    const self = await first.user.post(`/console/approvals/${rows[0].id}/confirm`);
    expect(self.statusCode).toBe(403);
    expect(await storedStatus(t, applicationId)).toBe('in_underwriting');

    const theirs = await second.user.get(`/console/applications/${applicationId}`);
    expect(theirs.body).toContain('>Confirm approval</button>');
    const confirmed = await second.user.post(`/console/approvals/${rows[0].id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(303);
    expect(await storedStatus(t, applicationId)).toBe('offered');
    const offers = await getOffers(partner, applicationId);
    expect(offers.offers.map((o) => o.max_amount)).toEqual([400000]);
    const actions = await audit(applicationId);
    expect(actions.map((r) => [r.action, r.operator_id])).toEqual([
      ['application.review_started', first.operator.id],
      ['application.approval_requested', first.operator.id],
      ['application.approval_confirmed', second.operator.id],
    ]);
  });

  it('refuses to confirm an approval once the application has left review, and writes nothing', async () => {
    const applicationId = await waitingApplication();
    const first = await signedInOperator(t, 'underwriter');
    const second = await signedInOperator(t, 'admin');
    await askApproval(first.user, applicationId);
    const { rows } = await t.testDb.db.query<{ id: string }>('SELECT id FROM pending_approvals WHERE application_id = $1', [applicationId]);
    // The sandbox decides meanwhile: the application is declined, the approval still pending.
    expect((await partner.post(`/sandbox/applications/${applicationId}/decision`, { data: { outcome: 'declined' } })).statusCode).toBe(200);
    const auditBefore = await audit(applicationId);
    await second.user.get(`/console/applications/${applicationId}`);
    const confirm = await second.user.post(`/console/approvals/${rows[0].id}/confirm`);
    expect(confirm.statusCode).toBe(409);
    expect(await storedStatus(t, applicationId)).toBe('declined');
    const { rows: approval } = await t.testDb.db.query<{ status: string }>('SELECT status FROM pending_approvals WHERE id = $1', [rows[0].id]);
    expect(approval[0].status).not.toBe('confirmed');
    const { rows: offers } = await t.testDb.db.query('SELECT id FROM offers WHERE application_id = $1', [applicationId]);
    expect(offers).toHaveLength(0);
    expect(await audit(applicationId)).toEqual(auditBefore);
  });

  it('creates the offers once when two operators confirm at the same moment', async () => {
    const applicationId = await waitingApplication();
    const first = await signedInOperator(t, 'underwriter');
    const [a, b] = [await signedInOperator(t, 'underwriter'), await signedInOperator(t, 'admin')];
    await askApproval(first.user, applicationId);
    const { rows } = await t.testDb.db.query<{ id: string }>(`SELECT id FROM pending_approvals WHERE application_id = $1`, [applicationId]);
    await a.user.get(`/console/applications/${applicationId}`);
    await b.user.get(`/console/applications/${applicationId}`);
    const answers = await Promise.all([a.user.post(`/console/approvals/${rows[0].id}/confirm`), b.user.post(`/console/approvals/${rows[0].id}/confirm`)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([303, 409]);
    const { rows: offers } = await t.testDb.db.query('SELECT id FROM offers WHERE application_id = $1', [applicationId]);
    expect(offers).toHaveLength(1);
    expect((await eventsFor(t, { applicationId }, 'application_offered')).length).toBe(1);
    expect((await audit(applicationId)).filter((r) => r.action === 'application.approval_confirmed')).toHaveLength(1);
  });

  it("refuses a viewer's hand-made POSTs with 403 and changes nothing", async () => {
    const applicationId = await waitingApplication();
    const { user } = await signedInOperator(t, 'viewer');
    const page = await user.get(`/console/applications/${applicationId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Start review</button>');
    const { rows: docs } = await t.testDb.db.query<{ id: string }>('SELECT gen_random_uuid()::text AS id');
    const before = (await t.testDb.db.query('SELECT count(*)::int AS n FROM audit_log')).rows;
    for (const [path, fields] of [
      [`/console/applications/${applicationId}/start-review`, {}],
      [`/console/applications/${applicationId}/approve`, { ...OFFER, intent: 'approve' }],
      [`/console/applications/${applicationId}/decline`, {}],
      [`/console/applications/${applicationId}/defer`, {}],
      [`/console/applications/${applicationId}/revoke`, {}],
      [`/console/applications/${applicationId}/notes`, { note: 'hello' }],
      [`/console/approvals/${docs[0].id}/confirm`, {}],
      [`/console/documents/${docs[0].id}/review`, { status: 'accepted' }],
      ['/console/partners', { name: 'Sneaky' }],
      [`/console/partners/${partner.partnerId}/tokens`, { environment: 'production', scopes: 'read,write' }],
      [`/console/partners/${partner.partnerId}/suspend`, {}],
      ['/console/operators', { email: 'x@y.example', name: 'X', role: 'admin' }],
    ] as const) {
      const res = await user.post(path, fields);
      expect(res.statusCode, path).toBe(403);
    }
    expect(await storedStatus(t, applicationId)).toBe('awaiting_underwriter');
    expect((await t.testDb.db.query('SELECT count(*)::int AS n FROM audit_log')).rows).toEqual(before);
    expect((await user.get('/console/operators')).statusCode).toBe(403);
  });

  it('ends a session at logout, at deactivation and at a change of role, and after 30 minutes idle', async () => {
    const { user, operator } = await signedInOperator(t, 'underwriter');
    const admin = await signedInOperator(t, 'admin');
    expect((await user.get('/console/applications')).statusCode).toBe(200);
    await admin.user.get('/console/operators');
    expect((await admin.user.post(`/console/operators/${operator.id}/role`, { role: 'viewer' })).statusCode).toBe(303);
    expect((await user.get('/console/applications')).headers.location).toBe('/console/login');

    const third = await signedInOperator(t, 'underwriter');
    await third.user.get('/console/applications');
    expect((await third.user.post('/console/logout')).headers.location).toBe('/console/login?out=1');
    expect((await third.user.get('/console/applications')).statusCode).toBe(303);

    const fourth = await signedInOperator(t, 'underwriter');
    await admin.user.get('/console/operators');
    expect((await admin.user.post(`/console/operators/${fourth.operator.id}/deactivate`)).statusCode).toBe(303);
    expect((await fourth.user.get('/console/applications')).statusCode).toBe(303);
    expect((await new ConsoleUser(t).login(fourth.operator.email, fourth.password)).statusCode).toBe(401);

    const again = await signedInOperator(t, 'underwriter');
    t.clock.set(new Date(t.clock.now().getTime() + 29 * 60_000));
    expect((await again.user.get('/console/applications')).statusCode).toBe(200);
    t.clock.set(new Date(t.clock.now().getTime() + 31 * 60_000));
    expect((await again.user.get('/console/applications')).statusCode).toBe(303);
  });
});

describe.each(BACKENDS)("changing one's own password on %s", (backend) => {
  const t = useTestApp(backend);

  it('checks the current password, ends the other sessions, and the new password works', async () => {
    const { user, operator, password } = await signedInOperator(t, 'viewer');
    const elsewhere = new ConsoleUser(t);
    elsewhere.app = user.app;
    await elsewhere.signIn(operator.email, password);
    expect((await elsewhere.get('/console/applications')).statusCode).toBe(200);
    await user.get('/console/password');
    const wrong = await user.post('/console/password', { current_password: 'not it', new_password: 'a long new password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('The current password is not right');
    const short = await user.post('/console/password', { current_password: password, new_password: 'short' });
    expect(short.body).toContain('at least 12 characters');
    const done = await user.post('/console/password', { current_password: password, new_password: 'a long new password' });
    expect(done.headers.location).toBe('/console/password?done=1');
    expect((await user.get('/console/applications')).statusCode).toBe(200);
    expect((await elsewhere.get('/console/applications')).statusCode).toBe(303);
    expect((await new ConsoleUser(t).login(operator.email, password)).statusCode).toBe(401);
    expect((await new ConsoleUser(t).login(operator.email, 'a long new password')).statusCode).toBe(303);
    const { rows } = await t.testDb.db.query<{ action: string; summary: unknown }>('SELECT action, summary FROM audit_log WHERE target_id = $1 ORDER BY seq', [
      operator.id,
    ]);
    expect(rows.map((r) => r.action)).toEqual(['operator.created', 'operator.two_factor_enabled', 'operator.password_changed']);
    expect(JSON.stringify(rows)).not.toContain('a long new password');
  });
});

describe.each(BACKENDS)('console approvals need a review first on %s', (backend) => {
  const t = useTestApp(backend);

  it('refuses to approve an application that is not in underwriting, and says why', async () => {
    const partner = await t.partner();
    const { applicationId } = await customerWithApplication(partner, { application: { amount: 400000 } });
    await getOffers(partner, applicationId);
    const { user } = await signedInOperator(t, 'underwriter');
    await user.get(`/console/applications/${applicationId}`);
    const res = await user.post(`/console/applications/${applicationId}/approve`, { ...OFFER, max_amount_0: '1000', intent: 'approve' });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('start the review first');
    expect(await storedStatus(t, applicationId)).toBe('awaiting_underwriter');
    expect((await t.testDb.db.query('SELECT 1 FROM audit_log WHERE target_id = $1', [applicationId])).rowCount).toBe(0);
  });
});
