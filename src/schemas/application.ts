import { Type, type Static } from 'typebox';
import { APPLICATION_STATUSES } from '../domain/application-status.ts';
import { Closed, Data, IsoDateTime, Money, StringEnum, Uuid } from './common.ts';

export const DURATION_UNITS = ['days', 'weeks', 'months'] as const;
export const URGENCIES = ['asap', 'weeks', 'future'] as const;
export const CONTACT_ENTITIES = ['customer', 'introducer'] as const;

/** The API accepts up to 10,000,000 GBP; offers never exceed the 1,000,000 product ceiling. */
export const MAX_APPLICATION_AMOUNT = 10_000_000;

export const LoanRequest = Closed({
  amount: Money({ exclusiveMinimum: 0, maximum: MAX_APPLICATION_AMOUNT }),
  duration: Type.Optional(
    Closed({ amount: Type.Integer({ minimum: 1, maximum: 3650, description: 'A whole number of the unit' }), unit: StringEnum(DURATION_UNITS) }),
  ),
  purpose: Type.Optional(Type.String({ maxLength: 200 })),
  detailed_purpose: Type.Optional(Type.String({ maxLength: 1000 })),
  urgency: Type.Optional(StringEnum(URGENCIES)),
});

export const IntroducerRef = Closed({
  entity_to_contact: Type.Optional(StringEnum(CONTACT_ENTITIES)),
  introducer_id: Type.Optional(Uuid),
});

const Requests = Type.Array(LoanRequest, { maxItems: 20 });

export const CreateApplicationBody = Data(
  Closed({
    amount: Money({ exclusiveMinimum: 0, maximum: MAX_APPLICATION_AMOUNT }),
    requests: Type.Optional(Requests),
    introducer: Type.Optional(IntroducerRef),
  }),
  { $id: 'CreateApplicationBody', title: 'Application' },
);

export const PatchApplicationBody = Data(
  Closed({
    requests: Type.Optional(Type.Array(LoanRequest, { minItems: 1, maxItems: 20 })),
    introducer: Type.Optional(IntroducerRef),
  }),
  { $id: 'PatchApplicationBody', title: 'Application update' },
);

export const ApplicationView = Type.Object({
  application_id: Uuid,
  customer_id: Uuid,
  status: StringEnum(APPLICATION_STATUSES),
  is_closed: Type.Boolean(),
  is_topup: Type.Boolean(),
  amount: Type.Number(),
  requests: Type.Array(
    Type.Object({
      amount: Type.Number(),
      duration: Type.Optional(Type.Object({ amount: Type.Number(), unit: Type.String() })),
      purpose: Type.Optional(Type.String()),
      detailed_purpose: Type.Optional(Type.String()),
      urgency: Type.Optional(Type.String()),
    }),
  ),
  introducer: Type.Object({
    entity_to_contact: StringEnum(CONTACT_ENTITIES),
    introducer_id: Type.Union([Uuid, Type.Null()]),
  }),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});

export const ApplicationResponse = Data(ApplicationView);

export type LoanRequestData = Static<typeof LoanRequest>;
export type IntroducerRefData = Static<typeof IntroducerRef>;
export type CreateApplicationData = Static<typeof CreateApplicationBody>['data'];
export type PatchApplicationData = Static<typeof PatchApplicationBody>['data'];
