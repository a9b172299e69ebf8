import { MAX_MONEY } from '../../resources/applications.js';
import { formColumns } from './form.js';

const TEXT = { type: ['string', 'null'], maxLength: 20_000 } as const;
export const ID = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const CODE = { type: ['integer', 'null'], minimum: -1000, maximum: 1000 } as const;

/**
 * The shape of the form's fields in a request body (types, lengths, sizes). Their rules are checked apart, by the
 * shared validation, so a draft can be kept as typed.
 */
export const formFieldSchemas = {
  period_id: ID,
  application_type_id: { ...ID, type: ['integer', 'null'] },
  applicant_type: CODE,
  money: { type: ['integer', 'null'], minimum: 0, maximum: MAX_MONEY },
  category_ids: { type: 'array', maxItems: 200, items: ID },
  global_goals: { type: 'array', maxItems: 17, items: { type: 'integer', minimum: 1, maximum: 17 } },
  definitions: {
    type: 'object',
    maxProperties: 200,
    propertyNames: { pattern: '^[0-9]{1,9}$' },
    additionalProperties: { anyOf: [{ type: 'null' }, { type: 'number' }, { type: 'string', maxLength: 20_000 }, { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 1000 } }] },
  },
  organisation_type: CODE,
  links: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 2000 } },
  consent: { type: 'boolean' },
  ...Object.fromEntries(formColumns.filter((c) => c.startsWith('org_') || c.startsWith('contact_')).map((c) => [c, TEXT])),
};
