import { Type } from 'typebox';
import { TEST_CLOCK_STATUSES } from '../domain/test-clocks.ts';
import { Closed, Data, IsoDate, IsoDateTime, StringEnum, Uuid } from './common.ts';

/** Sandbox test clocks (docs/behaviour.md, section 28). */
export const TestClockView = Type.Object(
  {
    test_clock_id: Uuid,
    name: Type.Union([Type.String(), Type.Null()]),
    frozen_on: Type.String({
      format: 'date',
      description: "YYYY-MM-DD: the clock's date, today for its customers (while it advances, the last day played)",
    }),
    status: StringEnum(TEST_CLOCK_STATUSES, { description: '`advancing` while the worker plays the days of an advance' }),
    customer_count: Type.Integer({ minimum: 0, description: 'Customers put on the clock (at most 100)' }),
    created_at: IsoDateTime,
  },
  { $id: 'TestClock', title: 'Test clock' },
);

export const TestClockResponse = Data(TestClockView);

export const CreateTestClockBody = Data(Closed({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }), { $id: 'CreateTestClockBody' });

export const AdvanceTestClockBody = Data(
  Closed({
    to: Type.String({ format: 'date', description: "YYYY-MM-DD: after the clock's date, at most two years after it" }),
    missed: Type.Optional(
      Type.Array(IsoDate, {
        maxItems: 1000,
        description: 'Days of this advance on which the Direct Debit of every repayment due is missed instead of collected',
      }),
    ),
  }),
  { $id: 'AdvanceTestClockBody' },
);

export const TestClockIdParams = Type.Object({ test_clock_id: Type.String() });

/**
 * A page of a list (docs/behaviour.md, section 27): `limit` (1 to 200, default 50) and the `cursor`
 * of the previous answer's `meta.next_cursor`. Kept here, in one place, for the test clocks.
 */
export const PageQuery = Type.Object({
  limit: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|1[0-9][0-9]|200)$', description: '1 to 200, default 50' })),
  cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$', description: 'meta.next_cursor of the previous page' })),
});

export const TestClockPage = Type.Object({
  data: Type.Array(TestClockView),
  meta: Type.Object({ next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'The cursor of the next page; null on the last page' }) }),
});
