/** JSON-schema helpers for the API's envelopes (DESIGN.md §4): bodies and answers are wrapped in { data }. */
type Schema = Record<string, unknown>;

export const email = { type: 'string', format: 'email', maxLength: 254 } as const;
export const password = { type: 'string', minLength: 1, maxLength: 1024 } as const;

/** A write body: { data: { ...properties } }, unknown fields refused. */
export function body(properties: Record<string, Schema>, required: string[] = Object.keys(properties)): Schema {
  return {
    type: 'object',
    required: ['data'],
    additionalProperties: false,
    properties: { data: { type: 'object', required, additionalProperties: false, properties } },
  };
}

/** An answer: { data: schema }. */
export function data(schema: Schema): Schema {
  return { type: 'object', required: ['data'], properties: { data: schema } };
}

/** A list's answer: { data: { data: [item], total, current_page, per_page, last_page } } (built by listPage). */
export function listPageSchema(item: Schema): Schema {
  return data({
    type: 'object',
    properties: { data: { type: 'array', items: item }, total: { type: 'integer' }, current_page: { type: 'integer' }, per_page: { type: 'integer' }, last_page: { type: 'integer' } },
  });
}

export const message = data({ type: 'object', properties: { message: { type: 'string' } } });
export const expiresIn = data({ type: 'object', properties: { expires_in: { type: 'integer', description: 'seconds' } } });
