import { Type } from 'typebox';
import { PARTNER_ROLES } from '../domain/partner-users.ts';
import { Closed, StringEnum, Uuid } from './common.ts';

/** `POST /admin/v1/partners/{id}/users`: invites a dashboard user (docs/behaviour.md, section 24). */
export const InvitePartnerUserBody = Closed({
  email: Type.String({ format: 'email', maxLength: 254 }),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  role: StringEnum(PARTNER_ROLES),
});

export const InvitePartnerUserResponse = Type.Object({
  data: Type.Object({ user_id: Uuid, invitation_link: Type.String(), expires_at: Type.String() }),
});

/** `POST /admin/v1/partners/{id}/production_access`: the operator's decision on go-live. */
export const ProductionAccessBody = Closed({ decision: StringEnum(['approved', 'declined'] as const) });

export const ProductionAccessResponse = Type.Object({ data: Type.Object({ partner_id: Uuid, status: StringEnum(['approved', 'declined'] as const) }) });
