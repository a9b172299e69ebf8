/**
 * The API document as the walks over it read it (the fuzz walk, server/routes/apiFuzz.test.ts, and the walk of where
 * staff stand, server/routes/standingWalk.test.ts): its operations with their parameters and JSON bodies, and a
 * plausible value for a schema, so that what a walk tries is what the handler meets.
 */

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: boolean | Schema;
  minimum?: number;
  maximum?: number;
  format?: string;
  description?: string;
}

export interface Operation {
  method: string;
  path: string;
  parameters: { in: 'path' | 'query'; name: string; schema?: Schema }[];
  body?: Schema;
}

/**
 * Every operation of the document, but uploads (multipart only, tried by their own tests) and signing out (which would
 * end the walker's session for the rest of the walk).
 */
export function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  return Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        const content = (operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content;
        return {
          method: method.toUpperCase(),
          path,
          parameters: (operation.parameters as Operation['parameters'] | undefined) ?? [],
          body: content?.['application/json']?.schema,
          multipartOnly: !!content && !content['application/json'],
        };
      }),
    )
    .filter((operation) => !operation.multipartOnly && !/\/logout$/.test(operation.path));
}

/** A plausible value for a schema, so that one field's bad value is what the handler meets (a date passes as text too). */
export function plausible(schema: Schema | undefined): unknown {
  if (!schema) return undefined;
  const type = [schema.type ?? (schema.properties ? 'object' : 'any')].flat().filter((t) => t !== 'null')[0];
  if (schema.enum) return schema.enum[0];
  switch (type) {
    case 'string':
      return schema.format === 'email' ? 'fuzz@example.se' : schema.format === 'date-time' ? '2026-05-01T10:00:00Z' : '2026-05-01';
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).flatMap(([name, s]) => {
          const value = plausible(s);
          return value === undefined ? [] : [[name, value]];
        }),
      );
    default:
      return undefined;
  }
}
