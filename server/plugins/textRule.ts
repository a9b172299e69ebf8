import type { FastifyInstance } from 'fastify';
import { isPlainText } from '../../resources/plainText.js';
import { invalid, notFound, type FieldErrors } from '../errors.js';
import { MAX_JSON_DEPTH } from './jsonBody.js';

/**
 * The one text rule of the API (resources/plainText.ts), applied before any route sees a request: every string of the
 * path, the query and a JSON body, at any depth, keys too. A path that cannot name anything is a 404; a query or body
 * value a 422 naming the field, as a schema error would. PostgreSQL would refuse a NUL anyway, with a 500.
 */
export function registerTextRule(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (badStrings(request.params).length > 0) throw notFound();
    const errors: FieldErrors = {};
    for (const path of badStrings(request.query)) errors[path.join('.') || 'query'] = ['validation.plain_text'];
    // The body's `data` wrapper is not a field, as in the schema's errors.
    for (const path of badStrings(request.body)) {
      const field = path[0] === 'data' ? path.slice(1) : path;
      errors[field.join('.') || 'data'] = ['validation.plain_text'];
    }
    if (Object.keys(errors).length > 0) throw invalid(errors);
  });
}

/**
 * The paths of the strings (and keys) that break the rule. Every request passes here, nearly always with nothing to
 * report: the walk keeps one path, and copies it only for a string that breaks the rule.
 */
function badStrings(value: unknown, path: string[] = [], found: string[][] = []): string[][] {
  // The JSON parser refuses deeper bodies already (jsonBody.ts); the bound keeps this walk safe whatever parsed it.
  if (path.length > MAX_JSON_DEPTH) found.push(path.slice(0, MAX_JSON_DEPTH));
  else if (typeof value === 'string') {
    if (!isPlainText(value)) found.push([...path]);
  } else if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) within(value[index], String(index), path, found);
  } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (isPlainText(key)) within((value as Record<string, unknown>)[key], key, path, found);
      else found.push([...path, key.replace(/[^\p{L}\p{N}_-]/gu, '?')]);
    }
  }
  return found;
}

/** badStrings of `value`, at `name` within `path`. */
function within(value: unknown, name: string, path: string[], found: string[][]) {
  path.push(name);
  badStrings(value, path, found);
  path.pop();
}
