import { uuidPattern } from '../applications/own.js';
import { notFound } from '../errors.js';

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

/** Route parameters, each a string. */
export const stringParams = (...names: string[]) => ({ type: 'object', required: names, properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])) });

const uuid = new RegExp(uuidPattern);
/** A malformed uuid is unknown like any other: 404, and no database error. */
export function knownUuids(...values: (string | undefined)[]) {
  if (!values.every((value) => value && uuid.test(value))) throw notFound();
}

/** A file of an application, as the file routes answer it. */
export const applicationFile = {
  type: 'object',
  properties: {
    uuid: { type: 'string' },
    name: { type: 'string' },
    size: { type: 'integer' },
    mime: { type: 'string' },
    field_definition_id: { type: ['integer', 'null'], description: 'The media question it answers; null for an attachment of step 5' },
    created_at: { type: 'string', format: 'date-time' },
  },
};
