import { Type } from 'typebox';
import { MAX_MONEY } from '../../resources/applications.js';
import { formColumns, type FormColumn } from '../applicationCore/applicationForm.js';
import { id, money, Nullable as orNull } from './schemas.js';

const TEXT = orNull(Type.String({ maxLength: 20_000 }));
export const ID = id;
const CODE = orNull(Type.Integer({ minimum: -1000, maximum: 1000 }));

type TextColumn = Extract<FormColumn, `org_${string}` | `contact_${string}`>;
const isTextColumn = (c: FormColumn): c is TextColumn => c.startsWith('org_') || c.startsWith('contact_');
const textColumns = Object.fromEntries(formColumns.filter(isTextColumn).map((c) => [c, TEXT])) as Record<TextColumn, typeof TEXT>;

/** An answer to a type's question: a number, a text, the chosen options, or nothing. */
type Answer = null | number | string | string[];

/**
 * The shape of the form's fields in a request body (types, lengths, sizes). Their rules are checked apart, by the
 * shared validation, so a draft can be kept as typed.
 */
export const formFieldSchemas = {
  period_id: ID,
  application_type_id: orNull(ID),
  applicant_type: CODE,
  money: orNull(money({ minimum: 0, maximum: MAX_MONEY, description: 'The amount applied for' })),
  category_ids: Type.Array(ID, { maxItems: 200 }),
  global_goals: Type.Array(Type.Integer({ minimum: 1, maximum: 17 }), { maxItems: 17 }),
  definitions: Type.Unsafe<Record<string, Answer>>({
    type: 'object',
    maxProperties: 200,
    propertyNames: { pattern: '^[0-9]{1,9}$' },
    additionalProperties: {
      anyOf: [
        { type: 'null' },
        { type: 'number' },
        { type: 'string', maxLength: 20_000 },
        { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 1000 } },
      ],
    },
  }),
  organisation_type: CODE,
  links: Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 20 }),
  consent: Type.Boolean(),
  ...textColumns,
};
