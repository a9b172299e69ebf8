import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import { ID_RANGE } from '../../resources/columnRanges.js';
import { notFound } from '../errors.js';

/**
 * The instance every route plugin receives (server/routes/index.ts sets the type provider once): a route's TypeBox
 * schemas type its `request.params`, `request.query` and `request.body`.
 */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/* TypeBox helpers for the API's envelopes: bodies and answers are wrapped in { data }. */

type Properties = Record<string, TSchema>;

/** The schema's type or null: `{ type: [type, 'null'] }`, as the API document has always said it. */
export function Nullable<T extends TSchema & { type: string }>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}

/** One of these strings: the schema `Type.String({ enum })` gives, typed as their union rather than as any string. */
export function stringEnum<const V extends readonly string[]>(values: V, options: { description?: string } = {}) {
  return Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options });
}

/** Which of a record's texts staff wrote it shows in the other language, for want of a translation (resources/contentLanguage.ts). */
export function untranslated<const F extends readonly string[]>(fields: F) {
  return Type.Array(stringEnum(fields), { description: 'The texts shown in the other language (Swedish) for want of a translation' });
}

/** A value as JSON carries it to the browser: a Date arrives as its ISO string. */
export type Json<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Json<U>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T;
/** What an answer of this schema is to the browser, which imports it by type only: its Static type as JSON carries it. */
export type JsonOf<S extends TSchema> = Json<Static<S>>;

/** The format is the one e-mail rule (isEmailAddress, set as Ajv's `email` in app.ts), its length limits included. */
export const email = Type.String({ format: 'email', description: 'An e-mail address, at most 254 octets; internationalised ones too' });
export const password = Type.String({ minLength: 1, maxLength: 1024 });
/** A route parameter that is a uuid (anything else is a 404 without a database error). */
const uuidPattern = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
export const uuid = Type.String({ pattern: uuidPattern });
/** A row id: a whole number an int4 serial column can hold, so a larger one is a 422 rather than a database error. */
export const id = Type.Integer({ minimum: ID_RANGE.min, maximum: ID_RANGE.max });

/**
 * An amount of money: a whole number of öre (100 to the krona), as a JSON number, never text. Every money field of a
 * body or an answer is one, so the API document says "whole öre" of each (and the API fuzz finds them by it).
 */
export function money(options: { minimum?: number; maximum?: number; description?: string } = {}) {
  const { description, ...range } = options;
  return Type.Integer({ ...range, description: description ? `${description}, in whole öre` : 'An amount in whole öre' });
}

type Fields<P extends Properties, R extends keyof P> = { [K in R]: Static<P[K]> } & { [K in Exclude<keyof P, R>]?: Static<P[K]> };
type Flat<T> = { [K in keyof T]: T[K] };

/** A write body: { data: { ...properties } }, unknown fields refused; every property required unless `required` names some. */
export function body<P extends Properties, R extends keyof P & string = keyof P & string>(properties: P, required?: readonly R[]) {
  return Type.Unsafe<{ data: Flat<Fields<P, R>> }>({
    type: 'object',
    required: ['data'],
    additionalProperties: false,
    properties: { data: { type: 'object', required: required ?? Object.keys(properties), additionalProperties: false, properties } },
  });
}

/** An answer: { data: schema }. */
export function data<T extends TSchema>(schema: T) {
  return Type.Object({ data: schema });
}

/** A list's answer: { data: { data: [item], total, current_page, per_page, last_page } } (built by listPage, which sends those five always). */
export function listPageSchema<T extends TSchema>(item: T) {
  return data(
    Type.Object({
      data: Type.Array(item),
      total: Type.Integer(),
      current_page: Type.Integer({
        description: 'As asked: from 1, or negative counting from the end (-1 the last per_page rows, in the list’s order)',
      }),
      per_page: Type.Integer(),
      last_page: Type.Integer({
        description:
          'The number of pages; when total_exact is false, the last page known (the next one if has_next_page), or -1 on a page counted from the end',
      }),
      total_exact: Type.Optional(
        Type.Boolean({ description: 'False when more than `total` match (counted up to a cap); absent when the total is exact' }),
      ),
      has_next_page: Type.Optional(
        Type.Boolean({
          description:
            'Whether a page follows this one, towards the end; on page -k, whether k > 1. Given when total_exact is false or the page counts from the end',
        }),
      ),
      has_previous_page: Type.Optional(
        Type.Boolean({
          description:
            'Whether a page precedes this one, towards the start; on page -k, whether more than k × per_page rows match. Given as has_next_page is',
        }),
      ),
    }),
  );
}

/** A list's page as the browser gets it, with rows of the type the list names. */
export type ListPageOf<Row> = Omit<JsonOf<ReturnType<typeof listPageSchema>>['data'], 'data'> & { data: Row[] };

/** A message for the user, in their language. */
export const message = data(Type.Object({ message: Type.String() }));
/** A session's lifetime from now, on signing in and refreshing. */
export const expiresIn = data(Type.Object({ expires_in: Type.Integer({ description: 'seconds' }) }));

/** Route parameters, each a string. */
export function stringParams<N extends string>(...names: N[]) {
  return Type.Object(Object.fromEntries(names.map((n) => [n, Type.String()])) as { [K in N]: ReturnType<typeof Type.String> });
}

const uuidRegExp = new RegExp(uuidPattern);
export const isUuid = (value: string) => uuidRegExp.test(value);

/** A malformed uuid is unknown like any other: 404, and no database error. */
export function knownUuids(...values: string[]) {
  if (!values.every(isUuid)) throw notFound();
}

/** A time as the database gives it (a Date), written as an ISO string. */
export const dateTime = Type.Unsafe<Date | string>({ type: 'string', format: 'date-time' });
/** The same, or null. */
export const nullableDateTime = Type.Unsafe<Date | string | null>({ type: ['string', 'null'], format: 'date-time' });

/** A file of the application's form, as the file routes and the form answer it (every property always sent). */
export const applicationFile = Type.Object({
  uuid: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  mime: Type.String(),
  field_definition_id: Nullable(Type.Integer({ description: 'The media question it answers; null for an attachment of step 5' })),
  created_at: dateTime,
});

/** An object of any properties (a whole record whose shape the summary describes). */
export const anyObject = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });
/** The same, or null. */
export const nullableAnyObject = Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'], additionalProperties: true });

/**
 * A write body taken either as JSON (`json`, validated and typed as every body is) or as multipart/form-data (the
 * `multipart` properties, documented here and read as a stream by the handler, which checks every part itself; its
 * body is null to the handler, so the multipart schema lets null through).
 */
export function jsonOrMultipart<T extends TSchema>(json: T, multipart: { required?: string[]; properties: Record<string, unknown> }) {
  return Type.Unsafe<Static<T> | null>({
    content: {
      'application/json': { schema: json },
      'multipart/form-data': { schema: { type: 'object', nullable: true, ...multipart } },
    },
  });
}

/**
 * A message of an application's dialogue, as the message routes answer it: every property always sent but `user`,
 * which staff alone are sent.
 */
export const dialogueMessage = Type.Object({
  uuid: Type.String(),
  from: stringEnum(['applicant', 'foundation'], { description: 'Who wrote: the applicant or the foundation (staff)' }),
  user: Type.Optional(
    Nullable(
      Type.Object(
        { id: Type.Integer(), name: Type.String() },
        { description: 'Staff only: the staff user who wrote (null for the applicant’s messages or a deleted user)' },
      ),
    ),
  ),
  body: Type.String({ description: 'Plain text' }),
  is_welcome_message: Type.Boolean(),
  created_at: dateTime,
  read_at: nullableDateTime,
  files: Type.Array(
    Type.Object({
      uuid: Type.String(),
      name: Type.String(),
      size: Type.Integer(),
      mime: Type.String(),
      is_agreement: Type.Boolean({ description: 'Staff attached it as the agreement' }),
      created_at: dateTime,
    }),
  ),
});

/** A follow-up report (resources/followup.ts), as every follow-up route answers it. */
export const followup = Type.Object({
  application_uuid: Type.String(),
  reference: Nullable(Type.String()),
  period_name: Type.String(),
  untranslated: untranslated(['period_name']),
  requested_at: dateTime,
  due_at: Type.String({ format: 'date', description: 'The due date (the application’s followup_at)' }),
  reminded_at: nullableDateTime,
  sent_in_at: Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'date-time', description: 'Once set, the report is locked' }),
  sent_in_by: Nullable(Type.String({ description: 'Who sent it in; null before, or for a former member' })),
  according_to_plan: Nullable(Type.Boolean({ description: 'Whether the project went according to plan' })),
  according_to_plan_comment: Nullable(Type.String({ description: 'At most 2 000 characters' })),
  participants: Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  events: Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Number of events held' })),
  marketing: Nullable(Type.String({ description: 'How the foundation was marketed; at most 5 000 characters' })),
  files: Type.Array(
    Type.Object({ uuid: Type.String(), name: Type.String(), mime: Type.String(), size: Type.Integer(), created_at: dateTime }),
  ),
  upload_max_bytes: Type.Integer({ description: 'Largest attachment, in bytes' }),
});

/** A follow-up's attachment, as its upload answers it. */
export const followupFile = Type.Object({
  uuid: Type.String(),
  name: Type.String(),
  mime: Type.String(),
  size: Type.Integer(),
  created_at: dateTime,
});
