import { Type } from 'typebox';
import { TEST_CLOCK_STATUSES } from '../domain/test-clocks.ts';
import { Closed, Data, IsoDate, IsoDateTime, StringEnum, Uuid } from './common.ts';
import { PageMeta, PageQueryFields } from './paging.ts';

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

/** The list's query: `limit` and `cursor`, as every list's (docs/behaviour.md, section 27). */
export const TestClockListQuery = Type.Object(PageQueryFields);

export const TestClockPage = Type.Object({ data: Type.Array(TestClockView), meta: PageMeta });
