import { Type } from 'typebox';
import { ENVIRONMENTS, SCOPES } from '../domain/tenant.ts';
import { Closed, IsoDateTime, StringEnum, Uuid } from './common.ts';

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
 * The admin API's answers. It is not in the OpenAPI document and its routes are not serialised by
 * these schemas; they hold the shape the views (services) are typed against.
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
