import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import { isEmailAddress, isoDate } from '../../resources/validators.js';

/**
 * Ajv as every route's schemas use it (Fastify's `ajv` option). Strict: unknown fields are an error rather than
 * silently dropped; every field error at once. `binary` is how the API document names a multipart body's file
 * (OpenAPI); the handler reads and checks the file itself.
 */
export const ajvSettings = {
  customOptions: { removeAdditional: false, allErrors: true, coerceTypes: 'array', formats: { binary: true } },
  onCreate: (ajv) => {
    // After ajv-formats, whose ASCII-only `email` refused addresses the forms accept ('test.åsa@example.se'): the
    // schemas' `format: 'email'` is the one rule of resources/validators.ts.
    ajv.addFormat('email', { type: 'string', validate: isEmailAddress });
    // And whose `date` takes year 0, which PostgreSQL has not (a handler comparing it in SQL failed with a 500).
    ajv.addFormat('date', { type: 'string', validate: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !isoDate(value) });
  },
} satisfies FastifyServerOptions['ajv'];

type BuildFromPool = ReturnType<typeof AjvCompiler>;
type Compile = FastifySchemaCompiler<unknown>;
const fromPool = AjvCompiler();

/**
 * The validator of a route's part. A path, a query and headers arrive as text, so their numbers and booleans are read
 * from it (and a lone query value is a one-item array where the schema wants an array). A JSON body carries its own
 * types and is taken as sent: "100", [100] or true is no amount of money, and the client hears so (422) rather than
 * having it stored as 100 or 1.
 */
function validatorsByPart(externalSchemas: Parameters<BuildFromPool>[0], settings: typeof ajvSettings) {
  // The pool's types call its compiler's argument a schema; Fastify passes it the route's part (RouteSchema).
  const fromText = fromPool(externalSchemas, settings) as unknown as Compile;
  const asSent = fromPool(externalSchemas, {
    ...settings,
    customOptions: { ...settings.customOptions, coerceTypes: false },
  }) as unknown as Compile;
  return (route: Parameters<Compile>[0]) => (route.httpPart === 'body' ? asSent : fromText)(route);
}

/** Fastify's `schemaController` option, which it calls with its `ajv` option (ajvSettings). */
export const schemaController = { compilersFactory: { buildValidator: validatorsByPart as unknown as BuildFromPool } };
