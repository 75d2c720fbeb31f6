import { describe, expect, it } from 'vitest';
import { DomainError, invalidAt, notFound } from '../../src/domain/errors.ts';
import { attempt, besideFields, notDone, refusing, saying } from '../../src/web/attempt.ts';

describe('running a service action from a page', () => {
  it('gives the action’s value', async () => {
    expect(await attempt(async () => 42, {})).toEqual({ ok: true, value: 42 });
    expect(await attempt(() => 'sync', {})).toEqual({ ok: true, value: 'sync' });
  });

  it('gives a listed refusal with the API’s status for its code and its words', async () => {
    const refusals = refusing(['InvalidTransition', 'ValidationError'], notDone);
    const moved = await attempt(() => Promise.reject(new DomainError('InvalidTransition', 'the application is closed')), refusals);
    expect(moved).toEqual({ ok: false, refusal: { status: 409, code: 'InvalidTransition', errors: {}, problem: 'Not done: the application is closed.' } });
    const fixed = await attempt(() => Promise.reject(new DomainError('WithdrawalPeriodEnded', 'too late')), {
      WithdrawalPeriodEnded: saying('It is too late.'),
    });
    expect(fixed).toEqual({ ok: false, refusal: { status: 400, code: 'WithdrawalPeriodEnded', errors: {}, problem: 'It is too late.' } });
  });

  it('words a refusal for a person: days as "16 March 2026", field names as words, an instant left alone', async () => {
    const refusals = { ...refusing(['NoRepaymentOnDate'], notDone), ValidationError: besideFields({ '/collected_on': 'collected_on' }, 'due_date') };
    const noDay = await attempt(() => Promise.reject(new DomainError('NoRepaymentOnDate', 'no repayment of this loan falls due on 2026-03-16')), refusals);
    expect(noDay).toMatchObject({ ok: false, refusal: { problem: 'Not done: no repayment of this loan falls due on 16 March 2026.' } });
    const field = await attempt(() => {
      throw invalidAt('/collected_on', 'collected_on must not be before due_date 2026-03-01, nor after 2026-04-01T10:00:00Z');
    }, refusals);
    expect(field).toMatchObject({
      ok: false,
      refusal: { errors: { collected_on: 'Collected on must not be before due date 1 March 2026, nor after 2026-04-01T10:00:00Z' } },
    });
  });

  it('puts each problem beside the field its pointer names, else beside the fallback field', async () => {
    const refusals = { ValidationError: besideFields({ '/on': 'on' }, 'due_date') };
    const onField = await attempt(() => {
      throw invalidAt('/on', 'on must not be before the funding date');
    }, refusals);
    expect(onField).toMatchObject({ ok: false, refusal: { status: 400, errors: { on: 'On must not be before the funding date' }, problem: null } });
    const elsewhere = await attempt(() => {
      throw invalidAt('/unknown', 'something is wrong');
    }, refusals);
    expect(elsewhere).toMatchObject({ ok: false, refusal: { errors: { due_date: 'Something is wrong' } } });
  });

  it('throws on a refusal the page does not list, and on anything that is not a refusal', async () => {
    const refusals = refusing(['ValidationError'], notDone);
    await expect(attempt(() => Promise.reject(notFound('loan')), refusals)).rejects.toThrow('loan not found');
    await expect(attempt(() => Promise.reject(new TypeError('a bug')), refusals)).rejects.toThrow(TypeError);
  });
});
