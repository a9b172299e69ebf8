import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/**
 * How deep a JSON body may nest. The deepest body the clients send (a form's answers) is a handful of levels; every
 * check that walks a body (the text rule, the schemas' validation, the handlers) recurses, so a body nested thousands
 * of levels deep would overflow the stack, a 500.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether a JSON text nests deeper than `limit`: one pass over the characters, skipping strings, before any parse. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character (an escaped quote too)
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * The JSON body parser: Fastify's own (which refuses prototype poisoning and answers malformed JSON with a 400),
 * after a depth check on the raw text, so that nothing parses or walks a body nested too deep. Checking the text
 * rather than the parsed value keeps the check itself free of recursion, and JSON.parse never sees such a body.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(new AppError(400, 'errors.invalid_data'), undefined);
    void parse(request, text, done);
  });
}
