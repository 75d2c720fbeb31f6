import { Type } from 'typebox';
import { ENVIRONMENTS, SCOPES } from '../domain/tenant.ts';
import { Closed, StringEnum } from './common.ts';

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
