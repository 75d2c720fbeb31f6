import { Type } from 'typebox';
import { ENVIRONMENTS, SCOPES } from '../domain/tenant.ts';
import { Closed, Data, IsoDateTime, StringEnum, Uuid } from './common.ts';
import { ApplicationView } from './application.ts';
import { FundingView, OfferView } from './offers.ts';
import { PreApprovalView } from './funding-accounts.ts';
import { PageMeta } from './paging.ts';

export const CreatePartnerBody = Closed({ name: Type.String({ minLength: 1, maxLength: 200 }) });

export const CreateTokenBody = Closed({
  environment: StringEnum(ENVIRONMENTS),
  scopes: Type.Optional(Type.Array(StringEnum(SCOPES), { minItems: 1, maxItems: 2, uniqueItems: true })),
});

export const CreateIntroducerBody = Closed({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  email: Type.String({ format: 'email', maxLength: 254 }),
  environment: StringEnum(ENVIRONMENTS),
});

export const IdParams = Type.Object({ id: Type.String() });

/*
 * The admin API's answers, as openapi.admin.json declares them (http/openapi-admin.ts). The routes are
 * not serialised by these schemas; the views (services) are typed against some of them, and the test
 * suite validates every admin answer against the document.
 */

export const OperatorView = Type.Object({
  operator_id: Uuid,
  email: Type.String(),
  name: Type.String(),
  role: Type.String(),
  active: Type.Boolean(),
  created_at: IsoDateTime,
});

export const AuditEntryView = Type.Object({
  audit_id: Uuid,
  seq: Type.Integer(),
  actor: Type.Union([
    Type.Object({ type: Type.Literal('operator'), operator_id: Uuid, email: Type.String() }),
    Type.Object({ type: Type.Literal('admin_token') }),
    Type.Object({ type: Type.Literal('system'), name: Type.String() }),
    Type.Object({ type: Type.Literal('partner_user'), partner_user_id: Uuid, email: Type.String() }),
  ]),
  action: Type.String(),
  target: Type.Object({ type: Type.String(), id: Type.String() }),
  summary: Type.Record(Type.String(), Type.Unknown()),
  created_at: IsoDateTime,
});

export const PartnerCreated = Data(Type.Object({ partner_id: Uuid, name: Type.String() }));
export const TokenCreated = Data(
  Type.Object({
    token_id: Uuid,
    token: Type.String({ description: 'Shown once: only its hash is stored' }),
    environment: StringEnum(ENVIRONMENTS),
    scopes: Type.Array(StringEnum(SCOPES)),
  }),
);
export const PartnerStatus = Data(Type.Object({ partner_id: Uuid, status: StringEnum(['active', 'suspended'] as const) }));
export const IntroducerCreated = Data(Type.Object({ introducer_id: Uuid }));

/** An application as operators see it: the partner's view with its partner and environment. */
const AdminApplication = Type.Object({ ...ApplicationView.properties, partner_id: Uuid, environment: StringEnum(ENVIRONMENTS) });
export const AdminApplicationAnswer = Data(ApplicationView);
export const ReviewQueue = Closed({
  data: Type.Object({ applications: Type.Array(Type.Object({ ...AdminApplication.properties, status_changed_at: IsoDateTime })) }),
  meta: PageMeta,
});
export const ApplicationRecord = Data(
  Type.Object({
    ...AdminApplication.properties,
    decisions: Type.Array(
      Type.Object({
        decided_by: Type.String(),
        policy: Type.Union([Type.String(), Type.Null()]),
        inputs: Type.Unknown(),
        outcome: Type.Unknown(),
        decided_at: IsoDateTime,
      }),
    ),
    status_history: Type.Array(
      Type.Object({ from: Type.Union([Type.String(), Type.Null()]), to: Type.String(), trigger: Type.String(), changed_at: IsoDateTime }),
    ),
    offers: Type.Array(OfferView),
  }),
);
export const AdminFunding = Data(FundingView);
export const DocumentReviewed = Data(
  Type.Object({
    document_id: Uuid,
    customer_id: Uuid,
    status: Type.String(),
    reject_reason: Type.Union([Type.String(), Type.Null()]),
    bank_account_id: Type.Union([Uuid, Type.Null()]),
  }),
);
export const OperatorCreated = Data(
  Type.Object({
    operator_id: Uuid,
    email: Type.String(),
    name: Type.String(),
    role: Type.String(),
    password: Type.String({ description: 'The first password, shown once' }),
  }),
);
export const OperatorAnswer = Data(OperatorView);
export const OperatorList = Data(Type.Object({ operators: Type.Array(OperatorView) }));
export const AuditPage = Closed({
  data: Type.Object({
    entries: Type.Array(AuditEntryView),
    next_cursor: Type.Union([Type.String(), Type.Null()], {
      description: 'The last entry’s seq when more follow: pass it as before (or meta.next_cursor as cursor)',
    }),
  }),
  meta: PageMeta,
});

/** A four-eyes approval as the admin API answers it (202 to an approval above the threshold). */
export const PendingApprovalView = Type.Object({
  approval_id: Uuid,
  kind: Type.String(),
  /** The application, for an application approval (the subject of other kinds is named by the kind). */
  application_id: Type.Union([Uuid, Type.Null()]),
  subject_id: Uuid,
  status: StringEnum(['pending', 'confirmed', 'withdrawn'] as const),
  requested_by: Type.Object({ actor: Type.String(), operator_id: Type.Union([Uuid, Type.Null()]) }),
  requested_at: IsoDateTime,
  terms: Type.Unknown(),
  threshold: Type.Number(),
  confirm_in: Type.String(),
});
export const PendingApprovalAnswer = Data(PendingApprovalView);
export const AdminPreApproval = Data(PreApprovalView);
