import { describe, expect, it } from 'vitest';
import { confirmationRefusal, largestAmountPence, needsSecondOperator } from '../../src/domain/four-eyes.ts';
import { DomainError } from '../../src/domain/errors.ts';
import { boConfirmApproval } from '../../src/services/back-office.ts';
import { ADMIN_TOKEN_ACTOR } from '../../src/services/audit.ts';
import { BACKENDS } from '../helpers/db.ts';
import { signedInOperator } from '../helpers/console.ts';
import { customerWithApplication, eventsFor, getOffers, storedStatus } from '../helpers/lending.ts';
import { usePartner, useTestApp } from '../helpers/app.ts';

const OFFER = { product_type: 'business_loan', monthly_interest_percentage: 1.5, fee_percentage: 2, duration_in_days: 365 };

describe('the four-eyes rules', () => {
  it('need a second operator above the threshold, not at it', () => {
    expect(needsSecondOperator(25_000_000, 25_000_000)).toBe(false);
    expect(needsSecondOperator(25_000_001, 25_000_000)).toBe(true);
    expect(largestAmountPence([{ maxAmountPence: 5 }, { maxAmountPence: 9 }, { maxAmountPence: 7 }])).toBe(9);
  });

  it('let only a different operator confirm: never the maker, never the admin token', () => {
    const operator = { kind: 'operator', operatorId: 'a', email: 'a@x', role: 'underwriter' } as const;
    expect(confirmationRefusal('a', operator)).toMatch(/cannot confirm their own/);
    expect(confirmationRefusal('b', operator)).toBeNull();
    expect(confirmationRefusal(null, operator)).toBeNull();
    expect(confirmationRefusal(null, { kind: 'admin_token' })).toMatch(/never with the admin token/);
    expect(confirmationRefusal('a', { kind: 'admin_token' })).toMatch(/never with the admin token/);
  });
});

describe.each(BACKENDS)('four eyes over the admin API on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);

  async function inUnderwriting(): Promise<string> {
    const { applicationId } = await customerWithApplication(partner, { application: { amount: 400000 } });
    expect((await getOffers(partner, applicationId)).offer_creation_status).toBe('pending_underwriting');
    expect((await t.admin('POST', `/applications/${applicationId}/start_review`)).statusCode).toBe(200);
    return applicationId;
  }

  const approve = (applicationId: string, maxAmount: number) =>
    t.admin('POST', `/applications/${applicationId}/decision`, { outcome: 'offered', offers: [{ ...OFFER, max_amount: maxAmount }] });

  const audit = async (applicationId: string) =>
    (
      await t.testDb.db.query<{ action: string; actor: string; operator_id: string | null; summary: Record<string, unknown> }>(
        'SELECT action, actor, operator_id, summary FROM audit_log WHERE target_id = $1 ORDER BY seq',
        [applicationId],
      )
    ).rows;

  const offerRows = async (applicationId: string) => (await t.testDb.db.query('SELECT id FROM offers WHERE application_id = $1', [applicationId])).rows;

  it('applies an approval at the threshold at once (200)', async () => {
    const applicationId = await inUnderwriting();
    const res = await approve(applicationId, 250000);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('offered');
    expect((await getOffers(partner, applicationId)).offers.map((o) => o.max_amount)).toEqual([250000]);
    expect((await audit(applicationId)).map((r) => [r.action, r.actor])).toEqual([
      ['application.review_started', 'admin token'],
      ['application.offered', 'admin token'],
    ]);
  });

  it.each([
    ['just above', 250000.01],
    ['far above', 1000000],
  ])('keeps an approval %s the threshold pending (202) until an operator confirms it in the console', async (_what, maxAmount) => {
    const applicationId = await inUnderwriting();
    const before = t.clock.now().getTime();
    const res = await approve(applicationId, maxAmount);
    expect(res.statusCode, res.body).toBe(202);
    const approval = res.json().data;
    expect(approval).toMatchObject({
      kind: 'application_approval',
      application_id: applicationId,
      subject_id: applicationId,
      status: 'pending',
      requested_by: { actor: 'admin token', operator_id: null },
      threshold: 250000,
      confirm_in: `/console/applications/${applicationId}`,
      terms: { offers: [{ ...OFFER, max_amount: maxAmount }] },
    });
    expect(Date.parse(approval.requested_at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(approval.requested_at)).toBeLessThanOrEqual(t.clock.now().getTime());
    // Nothing is offered yet: the application stays in review, the partner hears nothing.
    expect(await storedStatus(t, applicationId)).toBe('in_underwriting');
    expect(await offerRows(applicationId)).toHaveLength(0);
    expect(await eventsFor(t, { applicationId }, 'application_offered')).toHaveLength(0);
    // Automation reads it back with the application.
    const record = await t.admin('GET', `/applications/${applicationId}`);
    expect(record.json().data.pending_approval).toEqual(approval);

    // The console shows who asked and offers the confirmation to any underwriter or admin.
    const checker = await signedInOperator(t, 'underwriter');
    const page = await checker.user.get(`/console/applications/${applicationId}`);
    expect(page.body).toContain('The admin token approved on');
    expect(page.body).toContain('>Confirm approval</button>');
    const confirmed = await checker.user.post(`/console/approvals/${approval.approval_id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(303);
    expect(await storedStatus(t, applicationId)).toBe('offered');
    expect((await getOffers(partner, applicationId)).offers.map((o) => o.max_amount)).toEqual([maxAmount]);
    expect(await eventsFor(t, { applicationId }, 'application_offered')).toHaveLength(1);
    expect((await t.admin('GET', `/applications/${applicationId}`)).json().data.pending_approval).toBeNull();

    // The audit log names the maker (the admin token) and the checker (the operator).
    const rows = await audit(applicationId);
    expect(rows.map((r) => [r.action, r.actor, r.operator_id])).toEqual([
      ['application.review_started', 'admin token', null],
      ['application.approval_requested', 'admin token', null],
      ['application.approval_confirmed', checker.operator.email, checker.operator.id],
    ]);
    expect(rows[1].summary).toMatchObject({ approval_id: approval.approval_id, maker: 'admin token', maker_operator_id: null, threshold: 250000 });
    expect(rows[2].summary).toMatchObject({
      approval_id: approval.approval_id,
      maker: 'admin token',
      maker_operator_id: null,
      checker: checker.operator.email,
      offers: [{ ...OFFER, max_amount: maxAmount }],
    });
  });

  it('never lets the admin token confirm an approval, and has no admin route for it', async () => {
    const applicationId = await inUnderwriting();
    const approval = (await approve(applicationId, 300000)).json().data;
    await expect(boConfirmApproval(t.app.ctx, ADMIN_TOKEN_ACTOR, approval.approval_id)).rejects.toSatisfy(
      (e) => e instanceof DomainError && e.code === 'PermissionDenied',
    );
    for (const path of [`/approvals/${approval.approval_id}/confirm`, `/applications/${applicationId}/approvals/${approval.approval_id}/confirm`]) {
      expect((await t.admin('POST', path)).statusCode, path).toBe(404);
    }
    // The same terms again are not a confirmation either: one approval waits at a time.
    const again = await approve(applicationId, 300000);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('InvalidTransition');
    expect(await storedStatus(t, applicationId)).toBe('in_underwriting');
    expect(await offerRows(applicationId)).toHaveLength(0);
    const { rows } = await t.testDb.db.query<{ status: string }>('SELECT status FROM pending_approvals WHERE application_id = $1', [applicationId]);
    expect(rows.map((r) => r.status)).toEqual(['pending']);
  });

  it("refuses an operator's confirmation of their own approval, while another operator may confirm it", async () => {
    const applicationId = await inUnderwriting();
    const maker = await signedInOperator(t, 'admin');
    await maker.user.get(`/console/applications/${applicationId}`);
    const asked = await maker.user.post(`/console/applications/${applicationId}/approve`, {
      product_0: 'business_loan',
      max_amount_0: '300000',
      interest_0: '1.5',
      fee_0: '2',
      duration_0: '365',
      intent: 'approve',
    });
    expect(asked.headers.location).toBe(`/console/applications/${applicationId}?done=pending`);
    const { rows } = await t.testDb.db.query<{ id: string }>('SELECT id FROM pending_approvals WHERE application_id = $1', [applicationId]);
    await maker.user.get(`/console/applications/${applicationId}`);
    expect((await maker.user.post(`/console/approvals/${rows[0].id}/confirm`)).statusCode).toBe(403);
    expect(await storedStatus(t, applicationId)).toBe('in_underwriting');
    const checker = await signedInOperator(t, 'underwriter');
    await checker.user.get(`/console/applications/${applicationId}`);
    expect((await checker.user.post(`/console/approvals/${rows[0].id}/confirm`)).statusCode).toBe(303);
    const confirmedRow = (await audit(applicationId)).at(-1);
    expect(confirmedRow?.summary).toMatchObject({ maker: maker.operator.email, maker_operator_id: maker.operator.id, checker: checker.operator.email });
  });

  it('refuses a pending approval once the application has left review, and writes nothing', async () => {
    const applicationId = await inUnderwriting();
    const approval = (await approve(applicationId, 500000)).json().data;
    // The sandbox declines meanwhile.
    expect((await partner.post(`/sandbox/applications/${applicationId}/decision`, { data: { outcome: 'declined' } })).statusCode).toBe(200);
    const before = await audit(applicationId);
    const checker = await signedInOperator(t, 'admin');
    await checker.user.get(`/console/applications/${applicationId}`);
    const res = await checker.user.post(`/console/approvals/${approval.approval_id}/confirm`);
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('cannot be approved');
    expect(await storedStatus(t, applicationId)).toBe('declined');
    expect(await offerRows(applicationId)).toHaveLength(0);
    expect(await audit(applicationId)).toEqual(before);
  });

  it('refuses an approval above the threshold of an application not in review, and a decline withdraws a pending one', async () => {
    const { applicationId: waiting } = await customerWithApplication(partner, { application: { amount: 400000 } });
    await getOffers(partner, waiting);
    const early = await approve(waiting, 300000);
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0].code).toBe('InvalidTransition');
    expect((await t.testDb.db.query('SELECT id FROM pending_approvals WHERE application_id = $1', [waiting])).rows).toHaveLength(0);

    const applicationId = await inUnderwriting();
    const approval = (await approve(applicationId, 300000)).json().data;
    expect((await t.admin('POST', `/applications/${applicationId}/decision`, { outcome: 'declined' })).statusCode).toBe(200);
    const { rows } = await t.testDb.db.query<{ status: string; settled_by: string | null }>('SELECT status, settled_by FROM pending_approvals WHERE id = $1', [
      approval.approval_id,
    ]);
    expect(rows).toEqual([{ status: 'withdrawn', settled_by: null }]);
  });
});
